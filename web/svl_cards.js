// Science versus Luck: the makers' cards at the auction (sv-svweb; SV.EXPO.1-2, SV.GUN.2-3). Every
// seat, team or spectator, sees the lot on offer's label card (code, model, maker and his country,
// greatest range, rounds a minute, misfires in 100, sight, weight, the maker's standing, the price
// guide) with the maker's description and the look of the piece, and the catalogue of every lot
// in the sale. The words are the rule set's (hello's ruleset.forms.exhibition, sv_cards.c): the
// printed cards only; the true characteristics (SV.GUN.4) are never in the page.
'use strict';
(function () {
  const T = window.twTable;
  if (!T) return;
  const $ = (id) => document.getElementById(id);
  const el = (tag, props, ...kids) => { const e = document.createElement(tag); Object.assign(e, props || {}); e.append(...kids); return e; };

  function isSvl() { const h = T.hello(); return h && h.ruleset && h.ruleset.name === 'svl'; }
  function cards() { const h = T.hello(), f = h && h.ruleset && h.ruleset.forms; return f && f.exhibition ? f.exhibition.cards : null; }

  // One card: the label (SV.GUN.2) and the maker's words (SV.GUN.3).
  function card(c, lot) {
    const box = el('div', { className: 'sva-card' });
    box.dataset.code = c.code;
    if (lot) box.dataset.lot = String(lot);
    const feet = (c.range / 12).toFixed(c.range % 12 ? 1 : 0);
    box.append(
      el('div', { className: 'sva-card-head' }, el('b', {}, (lot ? 'Lot ' + lot + ': ' : '') + c.model), ' (' + c.code + ')'),
      el('div', { className: 'sva-card-maker' }, c.maker + (c.maker_country ? ' (' + c.maker_country + ')' : '') + ' · ' + '\u2605'.repeat(c.stars)),
      el('table', { className: 'sva-label' }, el('tbody', {},
        ...[['greatest range', feet + ' ft (' + c.range + ' in)'], ['rounds a minute', String(c.rpm)], ['misfires in 100', String(c.misfires)],
          ['sight', c.sight], ['weight', c.weight], ['price guide', c.price ? c.price + ' fr' : 'not for sale']]
          .map(([k, v]) => el('tr', {}, el('th', { textContent: k }), el('td', { textContent: v }))))),
      el('p', { className: 'sva-desc' }, c.description),
      el('p', { className: 'sva-look' }, el('i', {}, 'On the stand: '), c.look),
      el('span', { className: 'clause' }, 'SV.GUN.2-3'));
    return box;
  }

  function draw() {
    const S = T.state(), C = cards();
    const p = $('svl-auction');
    if (!isSvl() || !S || !C || !p || p.hidden) return;
    const g = Object.assign({ lot: 0, nlots: 0, lots: [] }, S.state.data || {});
    const lots = [];
    for (let i = 0; i < (g.nlots || 0); i++) lots.push((g.lots || [])[i] || 0); // VUL (0) is left out as the default
    let box = $('sva-cards');
    if (!box) {
      box = el('div', { id: 'sva-cards' }, el('div', { id: 'sva-card-now' }),
        el('details', { id: 'sva-catalogue' }, el('summary', {}, 'The exhibition catalogue: every lot\'s card and description ', el('span', { className: 'clause' }, 'SV.EXPO.1')), el('div', { id: 'sva-catalogue-list' })));
      $('sva-lot').after(box);
    }
    const now = $('sva-card-now'), key = S.state.over ? 'over' : String(g.lot) + ':' + lots[g.lot];
    if (now.dataset.key !== key) {
      now.dataset.key = key;
      now.innerHTML = '';
      if (!S.state.over && C[lots[g.lot]]) now.append(card(C[lots[g.lot]], g.lot + 1));
    }
    const list = $('sva-catalogue-list'), lkey = lots.join(',');
    if (list.dataset.key !== lkey) {
      list.dataset.key = lkey;
      list.innerHTML = '';
      lots.forEach((gun, i) => { if (C[gun]) list.append(card(C[gun], i + 1)); });
    }
  }

  T.listeners.push((m) => {
    if (m.type === 'state' || m.type === 'events' || m.type === 'hello') draw();
  });
})();
