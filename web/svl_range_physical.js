// Science versus Luck's test range in PHYSICAL mode in the page (sv-svweb; SV.DOC.7-8,
// SV.GUN.13): in a range whose dice are entered ("dice": "entered") the team marks what each real
// round did (SV.DOC.8: "the team marks where each match first lands and which screens it holed")
// through the chance hook's entries of the `test` order: flew or misfired, the first graze D1
// (whole inches), the lateral offset there (whole inches, left negative) and the screens holed.
// The timed serial is the umpire's minute on the host's clock: "Start the minute" (`ready {gun}`),
// the countdown in the host's seconds, and once the host has ended it the shots the gun fired,
// each added to the list and sent together as the `serial` order. The rules check the entries
// (sv_range_physical.c): a refusal shows its clause and marks the entry it names ($.dice[i]);
// nothing is recorded on a bad entry. The range's own fire buttons are hidden in this mode.
'use strict';
(function () {
  const T = window.twTable;
  if (!T) return;
  const $ = (id) => document.getElementById(id);
  const SCREENS = [12, 24, 36, 48, 60, 72];
  const FIELDS = ['svr-p-flew', 'svr-p-d1', 'svr-p-lat', 'svr-p-screens'];
  let clock = null, clockAt = 0, timer = null;
  let serial = []; // the serial's shots entered so far: each its faces

  function isSvl() { const h = T.hello(); return h && h.ruleset && h.ruleset.name === 'svl'; }
  function shown() {
    const S = T.state();
    if (!isSvl() || !S || T.seat() < 0 || S.state.dice !== 'entered') return false;
    const p = S.state.params || {};
    return p.stage === 'range' && !!$('svl-range');
  }
  function game() { return T.state().state.data || {}; }

  // The entry's faces (sv_range_physical.c): 2 a misfire; else 1, D1, lateral + 25, mask + 1.
  function faces() {
    if ($('svr-p-flew').value === '2') return [2];
    let mask = 0;
    SCREENS.forEach((d, j) => { if ($('svr-p-s' + d).checked) mask |= 1 << j; });
    return [1, Math.round(Number($('svr-p-d1').value)), Math.round(Number($('svr-p-lat').value)) + 25, mask + 1];
  }
  function describe(f) {
    if (f[0] === 2) return 'misfire';
    const holed = SCREENS.filter((d, j) => (f[3] - 1) & (1 << j));
    return 'D1 ' + f[1] + ' in, lateral ' + (f[2] - 25) + ' in, screens ' + (holed.join(' ') || '-');
  }
  function mark(path, which) {
    for (const id of FIELDS) $(id).classList.remove('bad');
    for (const li of document.querySelectorAll('#svr-p-shots li')) li.classList.remove('bad');
    const m = /^\$\.dice\[(\d+)\]/.exec(path || '');
    if (!m) return;
    let i = Number(m[1]);
    if (which === 'test') { $(FIELDS[Math.min(i, 3)]).classList.add('bad'); return; }
    const lis = document.querySelectorAll('#svr-p-shots li');
    for (let k = 0; k < serial.length; k++) {
      if (i < serial[k].length || k === serial.length - 1) { if (lis[k]) lis[k].classList.add('bad'); return; }
      i -= serial[k].length;
    }
  }
  function answer(which) {
    return (m) => {
      const r = $('svr-refusal');
      r.hidden = !!m.ok;
      mark(m.ok ? '' : m.path, which);
      if (m.ok) { if (which === 'serial') { serial = []; list(); } return; }
      r.innerHTML = '';
      const b = document.createElement('b');
      b.className = 'clause';
      b.textContent = m.clause || 'refused';
      r.append(b, ' ', (m.path ? m.path + ': ' : '') + (m.message || ''));
    };
  }
  function base(type) {
    return { type, gun: Number($('svr-gun').value), range: [Number($('svr-range').value)], tempo: Number($('svr-tempo').value) };
  }
  function list() {
    const ol = $('svr-p-shots');
    ol.innerHTML = '';
    serial.forEach((f, k) => { const li = document.createElement('li'); li.textContent = 'shot ' + (k + 1) + ': ' + describe(f); ol.append(li); });
    ol.dataset.n = String(serial.length);
  }

  function panel() {
    let p = $('svr-phys');
    if (p) return p;
    p = document.createElement('div');
    p.id = 'svr-phys';
    const screens = SCREENS.map((d) => '<label><input type="checkbox" id="svr-p-s' + d + '">' + d + '</label>').join(' ');
    p.innerHTML = '<h4>PHYSICAL: enter what the real round did <span class="clause">SV.DOC.8</span></h4>' +
      '<div class="svr-p-entry"><select id="svr-p-flew"><option value="1">flew</option><option value="2">misfired</option></select> ' +
      '<label title="where the match first landed, whole inches down the lane">D1 <input id="svr-p-d1" type="number" min="1" max="100" step="1" value="36" style="width:4em"> in</label> ' +
      '<label title="its offset from the lane\'s axis there, whole inches, left negative">lateral <input id="svr-p-lat" type="number" min="-24" max="24" step="1" value="0" style="width:4em"> in</label> ' +
      '<span id="svr-p-screens" title="the paper screens it holed">screens ' + screens + '</span></div>' +
      '<button id="svr-p-test" type="button" title="the test round at the set range and tempo above, as entered (SV.DOC.7: 30 a gun)">Enter the test round</button>' +
      '<h4>The timed serial: the umpire\'s minute <span class="clause">SV.DOC.7</span></h4>' +
      '<button id="svr-p-ready" type="button" title="the umpire starts one minute on the host\'s clock for this gun">Start the minute</button> ' +
      '<span id="svr-p-left" class="clock"></span> ' +
      '<button id="svr-p-add" type="button" title="add the entry above as the serial\'s next shot">Add shot to the serial</button> ' +
      '<button id="svr-p-clear" type="button">Clear</button> ' +
      '<button id="svr-p-serial" type="button" title="send the shots the gun fired in the minute">Enter the serial</button>' +
      '<ol id="svr-p-shots"></ol>';
    const form = $('svr-form');
    form.parentNode.insertBefore(p, form.nextSibling);
    $('svr-p-test').addEventListener('click', () => T.order(Object.assign(base('test'), { dice: faces() }), answer('test')));
    $('svr-p-ready').addEventListener('click', () => T.order({ type: 'ready', gun: Number($('svr-gun').value) }, answer('ready')));
    $('svr-p-add').addEventListener('click', () => { serial.push(faces()); list(); });
    $('svr-p-clear').addEventListener('click', () => { serial = []; list(); });
    $('svr-p-serial').addEventListener('click', () => T.order(Object.assign(base('serial'), { dice: [].concat(...serial) }), answer('serial')));
    return p;
  }

  function draw() {
    const on = shown();
    const old = $('svr-phys');
    if (!on) { if (old) old.hidden = true; return; }
    const p = panel();
    p.hidden = false;
    const st = Number(game().min_state || 0);
    p.dataset.minute = String(st);
    p.dataset.gun = String(game().range_gun || 0);
    for (const id of ['svr-test', 'svr-serial']) $(id).hidden = true; // the computer fires nothing here
    const off = $('svr-end').disabled;
    for (const id of ['svr-p-test', 'svr-p-add', 'svr-p-clear', 'svr-p-serial']) $(id).disabled = off;
    $('svr-p-ready').disabled = off || st !== 0;
    tick();
  }
  function tick() {
    const h = $('svr-p-left');
    if (!h || !shown()) return;
    const st = Number(game().min_state || 0), gun = game().range_gun || 0;
    if (!clock || !clock.host_due_ms || st !== 1) {
      h.textContent = st === 2 ? 'gun ' + gun + '\'s minute is over: enter each shot it fired' : '';
      h.dataset.left = '';
      return;
    }
    const scale = clock.scale > 0 ? clock.scale : 1;
    const left = Math.max(0, (clock.host_due_ms - clock.host_ms) / 1000 - (performance.now() - clockAt) / 1000 / scale);
    h.textContent = 'gun ' + gun + ': ' + Math.min(60, left).toFixed(1) + ' s left';
    h.dataset.left = left.toFixed(2);
  }
  T.listeners.push((m) => {
    if (!isSvl()) return;
    if (m.type === 'clock' && m.host_ms !== undefined) { clock = m; clockAt = performance.now(); tick(); }
    if (m.type === 'state' || m.type === 'hello') draw();
    if (!timer) timer = setInterval(tick, 100);
  });
})();
