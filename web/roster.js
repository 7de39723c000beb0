// The Lloyd roster editor (issue 16, ll-web): web/roster.html. The roster kept is the last one
// the server accepted (POST /api/roster/check); each edit makes a candidate from it, and only a
// candidate the rules accept replaces it. A refusal is shown with its place (the roster's JSON
// path, and the line and column of the text checked) and the field it names is marked.
'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const STAT = ['t', 's', 'm', 'nrows', 'weapon', 'w', 'x', 'd', 'reach', 'r', 'notes'];
  let kept = null;

  function setStatus(t) { $('rs-status').textContent = t; }
  function showError(e, where) {
    const p = $('rs-error');
    if (!e) { p.hidden = true; p.textContent = ''; delete p.dataset.path; return; }
    p.hidden = false;
    p.dataset.path = e.path || '';
    p.textContent = (where === 'text' && e.line ? 'line ' + e.line + ', column ' + e.col + ': ' : '') + e.message + (e.clause ? ' (' + e.clause + ')' : '') + ' \u2014 nothing changed';
    for (const inp of document.querySelectorAll('#roster input[data-path]')) {
      const bad = e.path && (e.path === inp.dataset.path || e.path.startsWith(inp.dataset.path + '[') || e.path.startsWith(inp.dataset.path + '.'));
      inp.classList.toggle('bad', !!bad);
    }
  }
  async function check(text) {
    const r = await fetch('/api/roster/check', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: text });
    return r.json();
  }
  function cell(v, path) {
    const td = document.createElement('td');
    const inp = document.createElement('input');
    inp.value = v === undefined ? '' : JSON.stringify(v);
    inp.dataset.path = path;
    inp.size = Math.max(3, Math.min(24, inp.value.length + 1));
    inp.onchange = () => edit(path, inp.value);
    td.appendChild(inp);
    return td;
  }
  function draw() {
    const tt = $('rs-troops'), mt = $('rs-men');
    tt.replaceChildren(); mt.replaceChildren();
    const head = (t, names) => { const tr = document.createElement('tr'); for (const n of names) { const th = document.createElement('th'); th.textContent = n; tr.appendChild(th); } t.appendChild(tr); };
    head(tt, ['name'].concat(STAT));
    kept.troops.forEach((t, i) => {
      const tr = document.createElement('tr'); tr.dataset.name = t.name;
      const td = document.createElement('td'); td.textContent = t.name; td.className = 'rs-name'; tr.appendChild(td);
      for (const k of STAT) tr.appendChild(cell(t[k], '$.troops[' + i + '].' + k));
      tt.appendChild(tr);
    });
    head(mt, ['name', 'troop', 'his own values (JSON)']);
    kept.men.forEach((m, i) => {
      const tr = document.createElement('tr'); tr.dataset.name = m.name;
      const td = document.createElement('td'); td.textContent = m.name; td.className = 'rs-name'; tr.appendChild(td);
      tr.appendChild(cell(m.troop, '$.men[' + i + '].troop'));
      const own = {};
      for (const [k, v] of Object.entries(m)) if (k !== 'name' && k !== 'troop') own[k] = v;
      tr.appendChild(cell(own, '$.men[' + i + ']'));
      mt.appendChild(tr);
    });
    for (const sel of [$('rs-tfrom'), $('rs-mtroop')]) {
      sel.replaceChildren();
      for (const t of kept.troops) { const o = document.createElement('option'); o.value = o.textContent = t.name; sel.appendChild(o); }
    }
    const text = JSON.stringify(kept, null, 2);
    $('rs-text').value = text;
    $('rs-save').href = 'data:application/json;charset=utf-8,' + encodeURIComponent(text + '\n');
    setStatus('good: ' + kept.troops.length + ' troop types, ' + kept.men.length + ' men');
  }
  // Tries a candidate: kept only if the rules accept it.
  async function attempt(cand, where) {
    const text = JSON.stringify(cand, null, 2);
    const a = await check(text);
    if (a.ok) { kept = cand; showError(null); draw(); return true; }
    showError(a, where);
    return false;
  }
  function parse(v) { try { return JSON.parse(v); } catch (e) { return v; } }
  async function edit(path, value) {
    const cand = JSON.parse(JSON.stringify(kept));
    const m = /^\$\.(troops|men)\[(\d+)\](?:\.(\w+))?$/.exec(path);
    if (!m) return;
    const entry = cand[m[1]][Number(m[2])];
    if (m[3]) entry[m[3]] = parse(value);
    else { // a man's own values: his name and troop stay
      const own = parse(value);
      if (typeof own !== 'object' || own === null || Array.isArray(own)) { showError({ path, message: path + ': his own values are a JSON object', clause: '' }); return; }
      for (const k of Object.keys(entry)) if (k !== 'name' && k !== 'troop') delete entry[k];
      Object.assign(entry, own);
    }
    await attempt(cand);
  }
  $('rs-new').onclick = async () => { kept = await (await fetch('/api/roster/new')).json(); showError(null); draw(); };
  $('rs-addtroop').onclick = async () => {
    const cand = JSON.parse(JSON.stringify(kept));
    const from = cand.troops.find((t) => t.name === $('rs-tfrom').value) || {};
    cand.troops.push(Object.assign(JSON.parse(JSON.stringify(from)), { name: $('rs-tname').value }));
    if (await attempt(cand)) $('rs-tname').value = '';
  };
  $('rs-addman').onclick = async () => {
    const cand = JSON.parse(JSON.stringify(kept));
    cand.men.push({ name: $('rs-mname').value, troop: $('rs-mtroop').value });
    if (await attempt(cand)) $('rs-mname').value = '';
  };
  $('rs-load').onclick = async () => {
    const text = $('rs-text').value;
    const a = await check(text);
    if (!a.ok) { showError(a, 'text'); return; }
    kept = JSON.parse(text); showError(null); draw();
  };
  $('rs-new').onclick();
})();
