// Science versus Luck: PHYSICAL mode's firing minute in the page (sv-phys; SV.ROF.6-7). Shown to
// the seat that serves the guns in a battle whose dice are entered ("dice": "entered"), in the
// defender's phase: "Ready" starts the umpire's one minute for all the guns (the host stamps its
// time), the minute's countdown in the host's seconds (the server's clock message, as the
// gun_clock panel in svl_minute.js), and once the host has ended it a form a gun: the matches
// that flew and misfired (one entered face each: 1 flew, 2 misfired) and the figures knocked
// over (picked on the table, or typed ids), sent as the `serve` order. Refusals show their clause.
'use strict';
(function () {
  const T = window.twTable;
  if (!T) return;
  const $ = (id) => document.getElementById(id);
  const DEFEND = 2; // sv_phase_names: setup, attack, defend
  let clock = null, clockAt = 0, timer = null;

  function isSvl() { const h = T.hello(); return h && h.ruleset && h.ruleset.name === 'svl'; }
  function mine() {
    const S = T.state(), h = T.hello(), seat = T.seat();
    if (!S || !h || seat < 0) return [];
    const name = h.sides[seat];
    return (S.state.guns || []).map((g, k) => ({ g, k })).filter((x) => x.g.side === name);
  }
  function shown() {
    const S = T.state();
    if (!isSvl() || !S || S.over || S.state.dice !== 'entered') return false;
    const p = S.state.params || {};
    return p.stage === 'battle' && S.phase === DEFEND && mine().length > 0;
  }
  function minState() { return Number((T.state().state.data || {}).min_state || 0); }
  function refusal(m) {
    const r = $('svp-refusal');
    r.hidden = !!m.ok;
    if (!m.ok) { r.innerHTML = ''; const c = document.createElement('b'); c.className = 'clause'; c.textContent = m.clause || 'refused'; r.append(c, ' ', m.message || ''); }
  }
  function panel() {
    let p = $('svl-physical');
    if (p) return p;
    p = document.createElement('section');
    p.id = 'svl-physical';
    p.className = 'svl-panel';
    p.innerHTML = '<h3>The umpire\'s minute <span class="clause">SV.ROF.6</span></h3>' +
      '<div id="svp-left" class="clock" title="one minute for all the defender\'s guns on the host\'s clock (SV.ROF.7)"></div>' +
      '<button id="svp-ready" title="start the umpire\'s minute">Ready</button>' +
      '<div id="svp-guns"></div>' +
      '<div id="svp-refusal" class="refusal" hidden></div>';
    const top = $('aside-top');
    top.parentNode.insertBefore(p, top);
    $('svp-ready').addEventListener('click', () => T.order({ type: 'ready' }, refusal));
    return p;
  }
  function num(el) { const n = Math.floor(Number(el.value)); return n > 0 ? n : 0; }
  // The figures knocked over: the typed ids, else those selected on the table.
  function figures(row) {
    const typed = row.querySelector('.svp-figs').value.split(/[\s,]+/).filter((x) => x !== '').map(Number);
    return typed.length ? typed : T.selected();
  }
  function gunForm(gun, k) {
    const d = gun.data || {}, row = document.createElement('div');
    row.className = 'svp-gun';
    row.dataset.gun = String(k);
    row.dataset.served = d.served ? '1' : '0';
    if (d.served) {
      row.textContent = 'gun ' + k + ': entered (' + (d.fired || 0) + ' fired, ' + (d.misfired || 0) + ' misfired)';
      return row;
    }
    row.innerHTML = '<b>gun ' + k + '</b> (' + (d.matches || 0) + ' matches) ' +
      '<label>flew <input type="number" class="svp-flew" min="0" value="0" style="width:3em"></label> ' +
      '<label>misfired <input type="number" class="svp-mis" min="0" value="0" style="width:3em"></label> ' +
      '<label title="ids, comma-separated; empty: the figures selected on the table">knocked over <input type="text" class="svp-figs" style="width:7em"></label> ' +
      '<button class="svp-enter">Enter</button>';
    row.querySelector('.svp-enter').addEventListener('click', () => {
      const flew = num(row.querySelector('.svp-flew')), mis = num(row.querySelector('.svp-mis'));
      const dice = [];
      for (let i = 0; i < flew; i++) dice.push(1);
      for (let i = 0; i < mis; i++) dice.push(2);
      const o = { type: 'serve', gun: k, dice };
      const figs = figures(row);
      if (figs.length) o.figures = figs;
      T.order(o, refusal);
    });
    return row;
  }
  function draw() {
    const p = shown() ? panel() : $('svl-physical');
    if (!p) return;
    p.hidden = !shown();
    if (p.hidden) return;
    const st = minState();
    p.dataset.minute = String(st);
    $('svp-ready').disabled = st !== 0;
    const box = $('svp-guns');
    // Keep what is being typed: redraw the forms only when a gun's entry or the minute changed.
    const key = st + ':' + mine().map(({ g }) => ((g.data || {}).served ? 1 : 0)).join(',');
    if (box.dataset.key !== key) {
      box.dataset.key = key;
      box.innerHTML = '';
      for (const { g: gun, k } of mine()) box.append(gunForm(gun, k));
    }
    tick();
  }
  function tick() {
    const h = $('svp-left');
    if (!h || !shown()) return;
    const st = minState();
    if (!clock || !clock.host_due_ms || st !== 1) {
      h.textContent = st === 2 ? 'the minute is over: enter what each gun fired' : 'the minute has not started';
      h.dataset.left = '';
      return;
    }
    const scale = clock.scale > 0 ? clock.scale : 1;
    const left = Math.max(0, (clock.host_due_ms - clock.host_ms) / 1000 - (performance.now() - clockAt) / 1000 / scale);
    h.textContent = 'minute: ' + Math.min(60, left).toFixed(1) + ' s left';
    h.dataset.left = left.toFixed(2);
  }
  T.listeners.push((m) => {
    if (!isSvl()) return;
    if (m.type === 'clock' && m.host_ms !== undefined) { clock = m; clockAt = performance.now(); tick(); }
    if (m.type === 'state' || m.type === 'events' || m.type === 'hello') draw();
    if (!timer) timer = setInterval(tick, 100);
  });
})();
