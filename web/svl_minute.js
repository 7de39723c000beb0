// Science versus Luck: the defender's firing minute on the host's clock in the page (sv-clock;
// SV.ROF.5). Shown to the seat that serves the guns in a battle with `gun_clock` on, in the
// defender's phase: "Ready" starts the minute, a button a gun fires one shot (the host stamps its
// time; too early, after 60.0 s or beyond the allocation it is refused with SV.ROF.5, shown here),
// and the minute's countdown in the host's seconds (the server's clock message: host_ms,
// host_due_ms at 1/scale of real time; the host ends the minute at 60 s).
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
    if (!isSvl() || !S || S.over || S.state.dice === 'entered') return false; // PHYSICAL: svl_physical.js
    const p = S.state.params || {};
    return p.stage === 'battle' && Number(p.gun_clock) === 1 && S.phase === DEFEND && mine().length > 0;
  }
  function refusal(m) {
    const r = $('svm-refusal');
    r.hidden = !!m.ok;
    if (!m.ok) { r.innerHTML = ''; const c = document.createElement('b'); c.className = 'clause'; c.textContent = m.clause || 'refused'; r.append(c, ' ', m.message || ''); }
  }
  function panel() {
    let p = $('svl-minute');
    if (p) return p;
    p = document.createElement('section');
    p.id = 'svl-minute';
    p.className = 'svl-panel';
    p.innerHTML = '<h3>The firing minute <span class="clause">SV.ROF.5</span></h3>' +
      '<div id="svm-left" class="clock" title="60 s on the host\'s clock; each gun reloads in 60 / its rate of fire"></div>' +
      '<button id="svm-ready" title="start the minute (the gun begins loaded)">Ready</button> <span id="svm-guns"></span>' +
      '<div id="svm-refusal" class="refusal" hidden></div>';
    const top = $('aside-top');
    top.parentNode.insertBefore(p, top);
    $('svm-ready').addEventListener('click', () => T.order({ type: 'ready' }, refusal));
    return p;
  }
  function draw() {
    const p = shown() ? panel() : $('svl-minute');
    if (!p) return;
    p.hidden = !shown();
    if (p.hidden) return;
    const g = T.state().state.data || {};
    $('svm-ready').disabled = (g.min_state || 0) !== 0;
    const box = $('svm-guns');
    box.innerHTML = '';
    for (const { g: gun, k } of mine()) {
      const d = gun.data || {}, b = document.createElement('button');
      b.className = 'svm-fire';
      b.dataset.gun = String(k);
      b.dataset.shots = String(d.clk_shots || 0);
      b.disabled = !!d.served || (g.min_state || 0) === 2;
      b.textContent = 'Fire gun ' + k + ' (' + (d.clk_shots || 0) + ' of ' + (d.matches || 0) + ')';
      b.addEventListener('click', () => T.order({ type: 'shot', gun: k }, refusal));
      box.append(b, ' ');
    }
    tick();
  }
  function tick() {
    const h = $('svm-left');
    if (!h || !shown()) return;
    const g = T.state().state.data || {};
    if (!clock || !clock.host_due_ms || (g.min_state || 0) !== 1) {
      h.textContent = (g.min_state || 0) === 2 ? 'the minute is over' : 'the minute has not started';
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
