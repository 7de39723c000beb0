// Science versus Luck's manuals in the browser (issue 17, sv-web; SV.DOC.11-15): the structured
// manual document of sv_manual.c as a form, built from the rule set's own field tables (the
// hello's ruleset.forms.manual: every field of SV.DOC.12/13, its choices, ranges and units),
// submitted as the `manual` order; a refusal (SV.DOC.14: SV.DOC.12/13 a value, SV.BRF.8 a
// national constraint, SV.DOC.15 the version) is shown at the field its JSON path names.
'use strict';
(function () {
  const T = window.twTable;
  if (!T) return;
  const $ = (id) => document.getElementById(id);
  const el = (tag, props, ...kids) => { const e = document.createElement(tag); Object.assign(e, props || {}); e.append(...kids); return e; };
  let built = -1; // the arm the form shows

  function form() { const h = T.hello(); return h && h.ruleset && h.ruleset.forms ? h.ruleset.forms.manual : null; }
  function shown() {
    const h = T.hello(), S = T.state();
    if (!h || h.ruleset.name !== 'svl' || !S || T.seat() < 0 || !form()) return false;
    const st = S.state, g = st.data || {};
    // sv-one: on the test range too, until the team has finished there (SV.DOC.1, SV.DOC.4).
    const me = st.sides[T.seat()], d = (me && me.data) || {};
    if (st.params && st.params.stage === 'range') return !d.range_done && !st.over;
    return (st.params && st.params.stage === 'battle') && !g.begun && !st.over;
  }

  // Inches (or hundredths) shown for a slot value in 1/scale units.
  const show = (v, scale) => String(v / scale);
  const unitOf = (scale) => scale === 100 ? '' : ' in';

  function section() {
    let p = $('svl-manual');
    if (p) return p;
    p = el('details', { id: 'svl-manual', className: 'svl-panel', open: true });
    p.append(el('summary', {}, 'Manuals ', el('span', { className: 'clause' }, 'SV.DOC.11')),
      el('div', { className: 'svm-head' },
        el('label', {}, 'manual ', el('select', { id: 'svm-arm' })), ' ',
        el('label', {}, 'country ', el('select', { id: 'svm-country' })), ' ',
        el('label', {}, 'version ', el('input', { id: 'svm-version', type: 'number', min: 1, step: 1 }))),
      el('div', { id: 'svm-head-err', className: 'svm-err refusal', hidden: true }),
      el('div', { id: 'svm-fields' }),
      el('button', { id: 'svm-submit', type: 'button', title: 'submit this manual: in force from now until the battle begins (SV.DOC.15)' }, 'Submit the manual'),
      el('div', { id: 'svm-result' }));
    const top = $('aside-top');
    top.parentNode.insertBefore(p, top);
    $('svm-arm').addEventListener('change', () => build(Number($('svm-arm').value)));
    $('svm-submit').addEventListener('click', submit);
    return p;
  }

  function choiceControl(f) {
    const wrap = el('span', {});
    const sel = el('select', { className: 'svm-choice' });
    f.choices.forEach((c, i) => sel.append(el('option', { value: String(i), textContent: c.name })));
    const par = el('input', { className: 'svm-param', type: 'number', hidden: true });
    const unit = el('span', { className: 'svm-unit' });
    const sync = () => {
      const c = f.choices[Number(sel.value)];
      par.hidden = unit.hidden = !(c.pmax > 0);
      if (c.pmax > 0) {
        par.min = show(c.pmin, c.scale); par.max = show(c.pmax, c.scale); par.step = String(1 / c.scale);
        par.value = show(c.pdef, c.scale);
        unit.textContent = c.scale === 10 ? ' in' : '';
        par.title = c.name + '(' + show(c.pmin, c.scale) + '-' + show(c.pmax, c.scale) + ')';
      }
    };
    sel.addEventListener('change', sync);
    sync();
    wrap.append(sel, ' ', par, unit);
    return wrap;
  }

  function build(arm) {
    const F = form();
    const p = section();
    const a = F.arms[arm];
    const armSel = $('svm-arm');
    if (!armSel.options.length) F.arms.forEach((x, i) => armSel.append(el('option', { value: String(i), textContent: x.title })));
    armSel.value = String(arm);
    const cs = $('svm-country');
    if (!cs.options.length) F.countries.forEach((c, i) => { if (i > 0) cs.append(el('option', { value: String(i), textContent: c })); });
    const S = T.state().state, me = S.sides[T.seat()], d = (me && me.data) || {};
    const ci = F.countries.indexOf(d.country);
    if (ci > 0) { cs.value = String(ci); cs.disabled = true; cs.title = 'your country (SV.DOC.11)'; }
    $('svm-version').value = String((arm === 0 ? d.im_version || 0 : d.am_version || 0) + 1);
    const box = $('svm-fields');
    box.innerHTML = '';
    for (const f of a.fields) {
      const row = el('div', { className: 'svm-field' });
      row.dataset.key = f.key;
      const label = el('label', { className: 'svm-id', title: a.clause }, f.id + ' ');
      let ctl;
      if (f.kind === 'choice') ctl = choiceControl(f);
      else if (f.kind === 'number') {
        ctl = el('span', {}, el('input', { className: 'svm-num', type: 'number', step: String(1 / f.scale), value: show(f.def, f.scale),
          title: (f.zero_ok ? '0 or ' : '') + show(f.min, f.scale) + '-' + show(f.max, f.scale) + unitOf(f.scale) }), unitOf(f.scale));
      } else { // targets: up to 7 categories in priority order, "none" ends the list
        ctl = el('span', { className: 'svm-targets' });
        for (let k = 0; k < F.targets; k++) {
          const s = el('select', { className: 'svm-target' });
          f.choices.forEach((c, i) => s.append(el('option', { value: String(i), textContent: c.name })));
          s.append(el('option', { value: String(f.choices.length), textContent: 'none' }));
          s.value = String(k === 0 ? 0 : f.choices.length);
          ctl.append(s);
        }
      }
      row.append(label, ctl, el('div', { className: 'svm-err refusal', hidden: true }));
      box.append(row);
    }
    built = arm;
    p.dataset.arm = a.arm;
    prefill(a, d);
  }

  // sv-one: the form starts from the manual in force, as the side's record holds it (fields at
  // their defaults are left out of the record, and the record's defaults are the form's).
  const RECORD_KEY = { move: 'gmove' };
  const PARAM_KEY = { pace: 'pace_x', cover: 'cover_d', formation: 'formation_n', move: 'gmove_x' };
  function prefill(a, d) {
    for (const row of $('svm-fields').children) {
      const f = a.fields.find((x) => x.key === row.dataset.key), v = d[RECORD_KEY[f.key] || f.key];
      if (f.kind === 'choice') {
        const sel = row.querySelector('.svm-choice');
        const i = typeof v === 'boolean' ? (v ? 1 : 0) : f.choices.findIndex((c) => c.name === v);
        if (i < 0 && v === undefined) continue;
        if (i >= 0) { sel.value = String(i); sel.dispatchEvent(new Event('change')); }
        const pv = d[PARAM_KEY[f.key]], par = row.querySelector('.svm-param');
        if (pv !== undefined && par && !par.hidden) par.value = String(pv);
      } else if (f.kind === 'number') {
        if (typeof v === 'number') row.querySelector('.svm-num').value = String(v);
      } else if (Array.isArray(v)) {
        [...row.querySelectorAll('.svm-target')].forEach((s, k) => {
          const i = f.choices.findIndex((c) => c.name === v[k]);
          s.value = String(i >= 0 ? i : f.choices.length);
        });
      }
    }
  }

  function doc() {
    const F = form(), a = F.arms[built];
    const v = new Array(F.slots).fill(0);
    for (const row of $('svm-fields').children) {
      const f = a.fields.find((x) => x.key === row.dataset.key);
      if (f.kind === 'choice') {
        const i = Number(row.querySelector('.svm-choice').value), c = f.choices[i];
        v[f.slot] = i;
        if (f.pslot >= 0) v[f.pslot] = c.pmax > 0 ? Math.round(Number(row.querySelector('.svm-param').value) * c.scale) : 0;
      } else if (f.kind === 'number') {
        v[f.slot] = Math.round(Number(row.querySelector('.svm-num').value) * f.scale);
      } else {
        [...row.querySelectorAll('.svm-target')].forEach((s, k) => { v[f.slot + k] = Number(s.value); });
      }
    }
    return [Number($('svm-country').value), Number($('svm-version').value)].concat(v);
  }

  function clearErrors() {
    for (const e of document.querySelectorAll('#svl-manual .svm-err')) { e.hidden = true; e.textContent = ''; }
    for (const r of document.querySelectorAll('#svl-manual .svm-field.bad')) r.classList.remove('bad');
  }

  function submit() {
    clearErrors();
    $('svm-result').textContent = '';
    T.order({ type: 'manual', arm: built, doc: doc() }, (m) => {
      if (m.ok) {
        $('svm-result').textContent = 'In force: ' + form().arms[built].title + ', version ' + $('svm-version').value + ' (SV.DOC.15)';
        $('svm-result').className = 'svm-ok';
        return;
      }
      // The refusal's JSON path names the field: $.fields.KEY (or $.fields.targets[k]), $.version, $.country.
      const k = /^\$\.fields\.([a-z_]+)/.exec(m.path || '');
      const row = k ? document.querySelector('#svm-fields .svm-field[data-key="' + k[1] + '"]') : null;
      const box = row ? row.querySelector('.svm-err') : $('svm-head-err');
      if (row) row.classList.add('bad');
      box.innerHTML = '';
      box.append(el('b', { className: 'clause', textContent: m.clause || 'refused' }), ' ', m.message || '');
      box.hidden = false;
      box.dataset.path = m.path || '';
    });
  }

  // sv-one: the range panel (web/svl_range.js) opens a manual with some fields set: `values`
  // by field key, in the field's own units (inches, or the factor itself for range_factor).
  window.twSvlManual = {
    open(arm, values) {
      if (!shown()) return;
      build(arm);
      section().hidden = false;
      section().open = true;
      const a = form().arms[arm];
      for (const [key, v] of Object.entries(values || {})) {
        const f = a.fields.find((x) => x.key === key), row = document.querySelector('#svm-fields .svm-field[data-key="' + key + '"]');
        if (f && row && f.kind === 'number') row.querySelector('.svm-num').value = String(v);
      }
    },
  };

  T.listeners.push((m) => {
    if (m.type !== 'state' && m.type !== 'hello') return;
    const ok = shown();
    const p = $('svl-manual');
    if (!ok) { if (p) p.hidden = true; return; }
    if (built < 0) build(0);
    section().hidden = false;
    // The version offered: one after the one in force (SV.DOC.15), as the state says.
    const me = T.state().state.sides[T.seat()], d = (me && me.data) || {};
    const next = (built === 0 ? d.im_version || 0 : d.am_version || 0) + 1;
    if (Number($('svm-version').value) < next) $('svm-version').value = String(next);
  });
})();
