// Nikolas Lloyd's own panel in the browser (issue 16, ll-rest): DU.7's substitute. When a knight
// accepts a challenge in the challenged man's place, the challenger's seat is asked to fight the
// substitute or decline him (the decision of clause DU.7, phase `substitute`). This panel answers
// it instead of the generic decision panel (which it claims through window.twTable.claims): who
// challenged whom, who stands in (his QR, a wound), what each answer costs (DU.7: declining costs
// the challenger's own contingent two Morale rolls; fighting starts the duel at once, DU.9/10),
// two buttons, and a refusal shown at the form with its clause. Only the seat asked sees it.
'use strict';
(function () {
  const T = window.twTable;
  if (!T) return;
  const $ = (id) => document.getElementById(id);

  function isLloyd() { const h = T.hello(); return !!(h && h.ruleset && h.ruleset.name === 'lloyd'); }
  function phaseName() {
    const h = T.hello(), s = T.state();
    const names = h && h.ruleset && h.ruleset.phase_names;
    return s && names ? names[s.phase] : '';
  }
  // The DU.7 decision asked of this seat now, or null.
  function asked() {
    const s = T.state();
    if (!isLloyd() || !s || s.over || phaseName() !== 'substitute' || (s.computer && s.computer[T.seat()])) return null;
    return (s.decisions || []).find((d) => d.seat === T.seat() && d.clause === 'DU.7') || null;
  }
  // The generic panel leaves this decision to us.
  T.claims.push((d) => isLloyd() && d.clause === 'DU.7' && phaseName() === 'substitute');

  function fig(id) {
    const s = T.state();
    return s && s.state && (s.state.figures || []).find((f) => f.id === id);
  }
  function who(f) {
    if (!f) return '?';
    const d = f.data || {};
    return (d.name || ('figure ' + f.id)) + ' (QR' + (d.qr || 2) + (d.wounded ? ', wounded' : '') + (d.mounted ? ', mounted' : '') + ')';
  }

  function panel() {
    let p = $('ll-du7');
    if (p) return p;
    p = document.createElement('section');
    p.id = 'll-du7';
    p.className = 'svl-panel ll-panel';
    p.hidden = true;
    p.innerHTML = '<h3>A knight stands in <span class="clause" title="Any QR3 or better figure may accept a challenge in place of the man challenged. ' +
      'A challenger who declines to fight the substitute costs his own contingent two Morale rolls.">DU.7</span></h3>' +
      '<p id="ll-du7-who"></p>' +
      '<ul id="ll-du7-costs"><li id="ll-du7-fight-cost"></li><li id="ll-du7-decline-cost"></li></ul>' +
      '<div class="ll-du7-buttons"><button id="ll-du7-fight" type="button" data-type="accept">Fight him</button> ' +
      '<button id="ll-du7-decline" type="button" data-type="refuse">Decline</button></div>' +
      '<div id="ll-du7-refusal" class="refusal" hidden></div>';
    const top = $('aside-top');
    top.parentNode.insertBefore(p, top);
    const answer = (type) => {
      $('ll-du7-refusal').hidden = true;
      for (const b of p.querySelectorAll('button')) b.disabled = true;
      T.order({ type }, (m) => {
        for (const b of p.querySelectorAll('button')) b.disabled = false;
        if (m && m.ok === false) {
          const r = $('ll-du7-refusal');
          r.textContent = (m.clause || 'refused') + ': ' + (m.message || '');
          r.hidden = false;
        }
      });
    };
    $('ll-du7-fight').addEventListener('click', () => answer('accept'));
    $('ll-du7-decline').addEventListener('click', () => answer('refuse'));
    return p;
  }

  function draw() {
    const d = asked(), old = $('ll-du7');
    if (!d) { if (old) old.hidden = true; return; }
    const p = panel(), s = T.state(), g = (s.state && s.state.data) || {};
    const a = fig(g.du_a), b = fig(g.du_b);
    const cont = a && a.data ? (a.data.cont || 0) : 0;
    const morale = Array.isArray(g.morale) ? g.morale[cont] : undefined;
    p.dataset.challenger = g.du_a;
    p.dataset.substitute = g.du_b;
    $('ll-du7-who').textContent = who(b) + ' accepts your challenge in his place: ' + who(a) + ' fights him or declines.';
    $('ll-du7-fight-cost').textContent = 'Fight him: the duel is fought at once, 1d8 a round (DU.9, DU.10).';
    $('ll-du7-decline-cost').textContent = 'Decline: no duel; ' + (a && a.data ? a.data.name : 'the challenger') +
      '\'s contingent takes two Morale rolls' + (morale !== undefined ? ' (its Morale now ' + morale + ')' : '') + ' (DU.7).';
    p.hidden = false;
  }

  T.listeners.push((m) => {
    if (m.type === 'state' || m.type === 'hello' || m.type === 'events') draw();
  });
})();
