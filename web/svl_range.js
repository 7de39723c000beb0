// Science versus Luck's test range in the browser (issue 17, sv-one; SV.DOC.6-10): a team fires its
// own guns down the lane, a test round at a time (`test`: the gun, the set range in whole inches,
// the tempo) or the timed serial (`serial`, once a gun), sees every round it has fired (SV.DOC.8:
// tempo, set range R, the range factor k in use, elevation e, misfire, first graze D1, lateral
// offset, beaten zone Z0-Z1, screens struck) and each gun's summary with the suggested range
// factor (SV.DOC.9), and its budget left (SV.DOC.7: 30 rounds a gun, one serial). The rounds
// come from the gun's record, which only its owner's view holds (TW_VIS_OWNER); another seat
// sees no figures, and in the log only the veiled copies of the round's events. The elevation
// is not a slot of the order: it follows from the set range and the Artillery Manual's
// AM.range_factor (SV.GUN.12), which "Use in the manual" copies into the manual form.
'use strict';
(function () {
  const T = window.twTable;
  if (!T) return;
  const $ = (id) => document.getElementById(id);
  const el = (tag, props, ...kids) => { const e = document.createElement(tag); Object.assign(e, props || {}); e.append(...kids); return e; };
  const TEMPI = ['STEADY', 'RAPID', 'DELIBERATE']; // the order's tempo words (SV.GUN.7)
  const SCREENS = [12, 24, 36, 48, 60, 72];        // SV.DOC.6
  const BUDGET = 30;                               // SV.DOC.7
  const LANE = 96;

  function isSvl() { const h = T.hello(); return h && h.ruleset && h.ruleset.name === 'svl'; }
  function stage() { const s = T.state(); return s && s.state.params ? s.state.params.stage : null; }
  function mySide() { const h = T.hello(), k = T.seat(); return h && k >= 0 ? h.sides[k] : null; }
  function myGuns() { const S = T.state().state, me = mySide(); return (S.guns || []).filter((g) => g.side === me); }

  // A gun's rounds from its record (fields at their defaults are left out of the state).
  function rounds(g) {
    const d = g.data || {}, n = d.nrec || 0, at = (k, i) => (d[k] || [])[i] || 0, out = [];
    for (let i = 0; i < n; i++) {
      const f = at('rec_flags', i);
      out.push({ n: i + 1, r: at('rec_r', i), k: at('rec_k', i), e: at('rec_e', i), d1: at('rec_d1', i), lat: at('rec_lat', i),
        z0: at('rec_z0', i), z1: at('rec_z1', i), misfire: !!(f & 1), serial: !!(f & 2), tempo: (f >> 2) & 3, struck: (f >> 4) & 63 });
    }
    return out;
  }

  // SV.DOC.9 as sv_expo.c's tw_sv_range_summarise: the rounds fired with e < 45 deg are counted;
  // the suggested factor is the mean of k_used x D1/R over them, to hundredths.
  function summary(rs) {
    const s = { rounds: rs.length, misfires: 0, counted: 0, mean: 0, sd: 0, lat12: 0, share: [0, 0, 0, 0, 0, 0], k_new: 0, serial: 0, serial_misfires: 0 };
    let fired = 0, sr = 0, sl = 0, skq = 0;
    const c = [];
    for (const r of rs) {
      if (r.serial) { s.serial++; if (r.misfire) s.serial_misfires++; }
      if (r.misfire) { s.misfires++; continue; }
      fired++;
      for (let j = 0; j < 6; j++) if (r.struck & (1 << j)) s.share[j]++;
      if (!(r.e < 45 && r.r > 0 && r.d1 > 0)) continue;
      const q = r.d1 / r.r;
      sr += q; sl += r.lat * 12 / r.d1; skq += r.k * q;
      c.push(r);
    }
    if (fired) s.share = s.share.map((x) => x / fired);
    s.counted = c.length;
    if (!c.length) return s;
    s.mean = sr / c.length;
    const ml = sl / c.length;
    let vr = 0, vl = 0;
    for (const r of c) { const q = r.d1 / r.r - s.mean, l = r.lat * 12 / r.d1 - ml; vr += q * q; vl += l * l; }
    s.sd = c.length > 1 ? Math.sqrt(vr / (c.length - 1)) : 0;
    s.lat12 = c.length > 1 ? Math.sqrt(vl / (c.length - 1)) : 0;
    s.k_new = Math.round(skq / c.length * 100) / 100;
    return s;
  }

  function refusal(m) {
    const r = $('svr-refusal');
    r.hidden = !!m.ok;
    if (m.ok) return;
    r.innerHTML = '';
    r.append(el('b', { className: 'clause', textContent: m.clause || 'refused' }), ' ', m.message || '');
  }

  function fire(type) {
    const gun = Number($('svr-gun').value), range = Number($('svr-range').value), tempo = Number($('svr-tempo').value);
    T.order({ type, gun, range: [range], tempo }, refusal);
  }

  function panel() {
    let p = $('svl-range');
    if (p) return p;
    p = el('section', { id: 'svl-range', className: 'svl-panel' });
    const tempo = el('select', { id: 'svr-tempo' });
    TEMPI.forEach((t, i) => tempo.append(el('option', { value: String(i), textContent: t })));
    p.append(el('h3', {}, 'Test range ', el('span', { className: 'clause' }, 'SV.DOC.6-9')),
      el('div', { id: 'svr-who' }),
      el('form', { id: 'svr-form', noValidate: true }, // the rules refuse a bad range, with the clause
        el('label', {}, 'gun ', el('select', { id: 'svr-gun' })), ' ',
        el('label', { title: 'the set range, whole inches down the 96 in lane (SV.DOC.6)' }, 'range ',
          el('input', { id: 'svr-range', type: 'number', min: 1, max: LANE, step: 1, value: 36 }), ' in'), ' ',
        el('label', { title: 'the tempo (SV.GUN.7): the misfire chance and the spread' }, 'tempo ', tempo), ' ',
        el('button', { id: 'svr-test', type: 'submit', title: 'one test round at the set range and tempo (SV.DOC.7: 30 a gun)' }, 'Fire a test round'), ' ',
        el('button', { id: 'svr-serial', type: 'button', title: 'the timed serial: one minute of firing at the tempo (SV.DOC.7: once a gun, not counted in the 30)' }, 'Timed serial'), ' ',
        el('button', { id: 'svr-end', type: 'button', title: 'this team has finished on the range (SV.DOC.4): its manuals must be in force' }, 'Finished')),
      el('div', { id: 'svr-refusal', className: 'refusal', hidden: true }),
      el('div', { id: 'svr-guns' }));
    const top = $('aside-top');
    top.parentNode.insertBefore(p, top);
    $('svr-form').addEventListener('submit', (ev) => { ev.preventDefault(); fire('test'); });
    $('svr-serial').addEventListener('click', () => fire('serial'));
    $('svr-end').addEventListener('click', () => T.order({ type: 'end' }, refusal));
    return p;
  }

  const fx = (x, n) => Number(x).toFixed(n);

  function gunBlock(g) {
    const d = g.data || {}, rs = rounds(g), s = summary(rs), tests = d.tests || 0;
    const box = el('div', { className: 'svr-gun' });
    box.dataset.gun = String(g.id);
    box.dataset.left = String(BUDGET - tests);
    box.dataset.serial = d.serial ? '1' : '0';
    box.dataset.rounds = String(rs.length);
    const budget = el('div', { className: 'svr-budget' }, 'Gun ' + g.id + ': ' + (BUDGET - tests) + ' of ' + BUDGET + ' test rounds left; timed serial ' +
      (d.serial ? 'fired (' + s.serial + ' shots, ' + s.serial_misfires + ' misfired)' : 'not yet fired') + ' ', el('span', { className: 'clause' }, 'SV.DOC.7'));
    const t = el('table', { className: 'svr-rounds' });
    t.append(el('thead', {}, el('tr', {}, ...['#', 'tempo', 'R in', 'k', 'e deg', 'D1 in', 'lateral in', 'Z0-Z1 in', 'screens'].map((h) => el('th', { textContent: h })))));
    const tb = el('tbody');
    for (const r of rs) {
      const tr = el('tr');
      tr.dataset.n = String(r.n);
      tr.dataset.d1 = fx(r.d1, 1);
      if (r.serial) tr.className = 'serial';
      const hit = SCREENS.filter((x, j) => r.struck & (1 << j)).join(' ');
      const cells = [r.n + (r.serial ? ' (serial)' : ''), TEMPI[r.tempo] || '?', fx(r.r, 0), fx(r.k, 2), fx(r.e, 2)];
      if (r.misfire) cells.push('misfire', '', '', '');
      else cells.push(fx(r.d1, 1), fx(r.lat, 1), fx(r.z0, 1) + '-' + fx(r.z1, 1), hit || '-');
      for (const c of cells) tr.append(el('td', { textContent: c }));
      tb.append(tr);
    }
    t.append(tb);
    const sm = el('div', { className: 'svr-summary' });
    sm.dataset.counted = String(s.counted);
    sm.dataset.misfires = String(s.misfires);
    sm.dataset.kNew = s.counted ? fx(s.k_new, 2) : '';
    sm.dataset.mean = s.counted ? fx(s.mean, 3) : '';
    sm.append(el('b', {}, 'Summary '), el('span', { className: 'clause' }, 'SV.DOC.9'), ' ',
      s.rounds + ' rounds, ' + s.misfires + ' misfires; ' +
      (s.counted ? s.counted + ' counted (e < 45 deg): mean D1/R ' + fx(s.mean, 3) + ' (sd ' + fx(s.sd, 3) + '), lateral sd ' + fx(s.lat12, 2) +
        ' in per 12 in; screens struck ' + SCREENS.map((x, j) => x + ' in ' + Math.round(s.share[j] * 100) + '%').join(', ') +
        '. Suggested AM.range_factor ' + fx(s.k_new, 2) : 'no round counted yet'));
    if (s.counted && window.twSvlManual) {
      const b = el('button', { className: 'svr-use', type: 'button', title: 'copy the suggested factor into the Artillery Manual form (SV.DOC.9, SV.GUN.12); submit it there' }, 'Use in the manual');
      b.addEventListener('click', () => window.twSvlManual.open(1, { range_factor: s.k_new }));
      sm.append(' ', b);
    }
    box.append(budget, t, sm);
    if (window.twSvlLane) box.append(window.twSvlLane(rs, g.id)); // sv-svweb: each round's fall on the lane (svl_lane.js)
    return box;
  }

  function draw() {
    const show = isSvl() && T.state() && stage() === 'range';
    const old = $('svl-range');
    if (!show) { if (old) old.hidden = true; return; }
    const p = panel();
    p.hidden = false;
    const S = T.state().state, me = mySide(), mine = T.seat() >= 0 ? S.sides[T.seat()] : null, d = (mine && mine.data) || {};
    $('svr-who').textContent = T.seat() < 0 ? 'Watching: each team\'s measurements are its own (SV.DOC.8).' :
      me + (d.country && d.country !== me ? ' (' + d.country + ')' : '') + ': range factor in use ' + fx(d.range_factor || 1, 2) +
      (d.range_done ? '; finished (SV.DOC.4)' : '');
    const guns = T.seat() >= 0 ? myGuns() : [];
    const sel = $('svr-gun'), keep = sel.value;
    sel.innerHTML = '';
    for (const g of guns) sel.append(el('option', { value: String(g.id), textContent: 'gun ' + g.id }));
    if (guns.some((g) => String(g.id) === keep)) sel.value = keep;
    const off = S.over || T.seat() < 0 || !!d.range_done || !guns.length;
    for (const id of ['svr-test', 'svr-serial', 'svr-end']) $(id).disabled = off;
    const box = $('svr-guns');
    box.innerHTML = '';
    for (const g of guns) box.append(gunBlock(g));
  }

  T.listeners.push((m) => {
    if (m.type === 'state' || m.type === 'hello') draw();
  });
})();
