// A series of games in the browser (sv-join; issue 17): the lobby's "whole game" form (POST
// /api/series: a rule set with series hooks, its players each a person or the computer, the
// bundled scenarios its games are made from; Science versus Luck: 2-6 teams of two, the auction,
// the range, then the battles) and, at the table, the series panel: which game of the series is
// on, each player's seat in it, the debrief so far (SV.EXPO.8/9 after the auction, SV.SETUP.10 at
// the end). A player's link names the series, not a game: when the server has prepared the next
// game it says so (`series` message with the new game) and the page reloads the same link, which
// joins the player's seat in the next game (his role as it rotates, SV.SETUP.4-6).
'use strict';
(function () {
  const $ = (id) => document.getElementById(id);

  // ---- the lobby ----
  function lobbyForm() {
    const host = $('lobby-new');
    if (!host || $('series-new')) return;
    const f = document.createElement('form');
    f.id = 'series-new';
    f.innerHTML = '<h2>Science versus Luck: the whole game <span class="clause">SV.SETUP.3</span></h2>' +
      '<p class="hint">The auction, the evaluation on the test range, then a round of battles (a table per team). ' +
      'Each player gets one link for the whole game: it follows his seat as the roles rotate (SV.SETUP.4-6).</p>' +
      '<label>teams <input id="sr-teams" type="number" min="2" max="6" value="2"></label> ' +
      '<label>rounds <input id="sr-rounds" type="number" min="1" max="10" value="1"></label> ' +
      '<label>host clock speed <input id="sr-scale" type="number" min="0.001" max="10" step="any" value="1"></label>' +
      '<table id="sr-players"><thead><tr><th>team</th><th>player</th><th>name</th><th>computer</th></tr></thead><tbody></tbody></table>' +
      '<button id="sr-create" type="submit">Start the whole game</button>' +
      '<div id="sr-error" class="refusal" hidden></div><ul id="sr-links" hidden></ul>';
    host.appendChild(f);
    const rows = () => {
      const n = Math.max(2, Math.min(6, Number($('sr-teams').value) || 2));
      const tb = f.querySelector('#sr-players tbody');
      tb.innerHTML = '';
      for (let p = 0; p < 2 * n; p++) {
        const tr = document.createElement('tr');
        tr.innerHTML = `<td>T${p >> 1}</td><td>${p % 2 ? 'second' : 'first'}</td>` +
          `<td><input class="sr-name" id="sr-name-${p}" value="T${p >> 1}${p % 2 ? 'b' : 'a'}" maxlength="31"></td>` +
          `<td><input class="sr-comp" id="sr-comp-${p}" type="checkbox"${p ? ' checked' : ''}></td>`;
        tb.appendChild(tr);
      }
    };
    $('sr-teams').addEventListener('change', rows);
    rows();
    f.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const n = Math.max(2, Math.min(6, Number($('sr-teams').value) || 2));
      const players = [];
      for (let p = 0; p < 2 * n; p++) {
        const e = { name: $(`sr-name-${p}`).value };
        if ($(`sr-comp-${p}`).checked) e.computer = true;
        players.push(e);
      }
      const body = {
        ruleset: 'svl', config: { teams: n, rounds: Number($('sr-rounds').value) || 1 }, players,
        scenarios: ['auction', 'range', 'battle'],
        clock: { enabled: false, scale: Number($('sr-scale').value) || 1 },
      };
      const r = await fetch('/api/series', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const a = await r.json();
      if (!r.ok) { $('sr-error').textContent = a.error || 'refused'; $('sr-error').hidden = false; return; }
      $('sr-error').hidden = true;
      const ul = $('sr-links');
      ul.innerHTML = '';
      ul.dataset.series = a.series;
      for (const p of a.players.concat([{ player: 'umpire', link: a.umpire.link }])) {
        const li = document.createElement('li');
        const l = document.createElement('a');
        l.href = p.link;
        l.id = `sr-link-${p.player}`;
        l.textContent = p.player + (p.computer ? ' (computer)' : '');
        li.appendChild(l);
        ul.appendChild(li);
      }
      ul.hidden = false;
    });
  }

  // ---- at the table ----
  const T = window.twTable;
  function panel() {
    let p = $('series-panel');
    if (p) return p;
    p = document.createElement('section');
    p.id = 'series-panel';
    p.className = 'svl-panel';
    p.innerHTML = '<h3>The series</h3><div id="series-game"></div><ul id="series-players"></ul>' +
      '<details id="series-debrief-box"><summary>Debrief</summary><pre id="series-debrief"></pre></details>';
    const top = $('aside-top');
    if (top) top.parentNode.insertBefore(p, top); else document.body.appendChild(p);
    return p;
  }
  function onSeries(m) {
    const h = T.hello();
    if (h && m.game && m.game !== h.game) { // the next game is ready: the same link joins it
      const p = panel();
      $('series-game').textContent = 'The next game is ready; joining it...';
      p.dataset.next = m.game;
      setTimeout(() => location.reload(), 1500);
      return;
    }
    const p = panel();
    p.dataset.seq = m.seq;
    p.dataset.over = m.over ? '1' : '0';
    const sides = h ? h.sides : [];
    $('series-game').textContent = m.over ? `The series is over after game ${m.seq}.` : `Game ${m.seq} of the series.` +
      (m.error ? ` Stopped: ${m.error}` : '');
    const ul = $('series-players');
    ul.innerHTML = '';
    for (const x of m.players) {
      const li = document.createElement('li');
      li.textContent = `${x.player}${x.computer ? ' (computer)' : ''}: ${x.side >= 0 ? sides[x.side] : 'watching'}`;
      ul.appendChild(li);
    }
    if (m.debrief) {
      $('series-debrief').textContent = m.debrief;
      if (m.over || m.seq === 2) $('series-debrief-box').open = true;
    }
  }
  if (T) T.listeners.push((m) => { if (m && m.type === 'series') onSeries(m); });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', lobbyForm); else lobbyForm();
})();
