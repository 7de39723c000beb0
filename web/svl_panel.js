// Science versus Luck's own panel in the browser (issue 17, sv-web): the live auction (SV.EXPO.4-7).
// Every team sees the lot on offer, the bids as they come, the hammer counting down on the host's
// clock (the server's clock message: host_ms, host_due_ms, at 1/scale of real time), every
// country's budget left and guns bought; a team bids from here, and a refusal (over its budget,
// after the hammer, under the least bid) is shown at the bid with its clause.
'use strict';
(function () {
  const T = window.twTable;
  if (!T) return;
  const $ = (id) => document.getElementById(id);
  // The label cards' codes and price guides (SV.GUN.2; public: printed on the cards).
  const CODES = ['VUL', 'STA', 'TEM', 'ALP', 'IMP', 'ECO', 'LEN', 'ARS'];
  const PRICE = [400, 350, 450, 180, 600, 100, 380, 0];
  let clock = null, clockAt = 0, timer = null;
  const bids = []; // {text, seq} of this lot's bids, newest last

  function isSvl() { const h = T.hello(); return h && h.ruleset && h.ruleset.name === 'svl'; }
  function stage() { const s = T.state(); return s && s.state.params ? s.state.params.stage : null; }

  function panel() {
    let p = $('svl-auction');
    if (p) return p;
    p = document.createElement('section');
    p.id = 'svl-auction';
    p.className = 'svl-panel';
    p.innerHTML = '<h3>Auction <span class="clause">SV.EXPO.5</span></h3>' +
      '<div id="sva-lot"></div>' +
      '<div id="sva-high"></div>' +
      '<div id="sva-hammer" class="clock" title="the hammer falls 15 s after the last bid, on the host\'s clock"></div>' +
      '<form id="sva-form"><label>bid <input id="sva-fr" type="number" step="10" min="10"> fr</label> <button id="sva-bid" type="submit">Bid</button></form>' +
      '<div id="sva-refusal" class="refusal" hidden></div>' +
      '<table id="sva-budgets"><thead><tr><th>team</th><th>country</th><th>left, fr</th><th>guns</th></tr></thead><tbody></tbody></table>' +
      '<h4>Bids on this lot</h4><ol id="sva-bids"></ol>';
    const top = $('aside-top');
    top.parentNode.insertBefore(p, top);
    $('sva-form').addEventListener('submit', (ev) => {
      ev.preventDefault();
      const fr = Number($('sva-fr').value);
      // The lot as shown: a bid that reaches the host after that lot's hammer is refused (SV.EXPO.5).
      T.order({ type: 'bid', fr, lot: [Number($('sva-lot').dataset.lot)] }, (m) => {
        const r = $('sva-refusal');
        if (m.ok) { r.hidden = true; return; }
        r.innerHTML = '';
        const c = document.createElement('b'); c.className = 'clause'; c.textContent = m.clause || 'refused';
        r.append(c, ' ', m.message || '');
        r.hidden = false;
      });
    });
    return p;
  }

  function leastBid(g) {
    const lot = g.lots ? g.lots[g.lot] : 0;
    return g.bidder >= 0 ? g.bid + 10 : Math.floor(PRICE[lot] / 20) * 10; // SV.EXPO.5: half the guide, down to 10 fr (sv-svweb: STA's 175 was offered)
  }

  function draw() {
    if (!isSvl() || stage() !== 'auction') { const p = $('svl-auction'); if (p) p.hidden = true; return; }
    const p = panel();
    p.hidden = false;
    const S = T.state().state, mine = T.seat();
    // The state leaves out fields at their defaults (the records' own, sv_records.c).
    const g = Object.assign({ lot: 0, pass: 1, bid: 0, bidder: -1, nlots: 0, lots: [] }, S.data || {});
    const lot = g.lots ? g.lots[g.lot] : 0;
    const nlots = g.nlots || 0;
    $('sva-lot').textContent = S.over ? 'The auction is over.' :
      'Lot ' + (g.lot + 1) + ' of ' + nlots + (g.pass === 2 ? ' (offered again, SV.EXPO.7)' : '') + ': ' + CODES[lot] + ' · reserve ' + Math.floor(PRICE[lot] / 20) * 10 + ' fr';
    $('sva-lot').dataset.lot = String(g.lot + 1);
    $('sva-lot').dataset.code = CODES[lot];
    const high = $('sva-high');
    high.textContent = S.over ? '' : g.bidder >= 0 ? 'Highest: ' + g.bid + ' fr by ' + S.sides[g.bidder].name : 'No bid yet';
    high.dataset.bid = String(g.bidder >= 0 ? g.bid : 0);
    high.dataset.bidder = String(g.bidder);
    const fr = $('sva-fr');
    if (document.activeElement !== fr) fr.value = String(leastBid(g));
    const canBid = !S.over && mine >= 0 && mine !== g.bidder;
    $('sva-bid').disabled = !canBid;
    $('sva-bid').title = S.over ? 'the auction is over' : mine < 0 ? 'only a team bids' : mine === g.bidder ? 'you hold the highest bid' : 'bid (SV.EXPO.5)';
    const tb = $('sva-budgets').tBodies[0];
    tb.innerHTML = '';
    S.sides.forEach((sd, i) => {
      const d = Object.assign({ left: 0, nbought: 0, bought: [], arsenal: false, country: '' }, sd.data || {}), tr = document.createElement('tr');
      tr.dataset.side = String(i);
      tr.dataset.left = String(d.left);
      if (i === mine) tr.className = 'mine';
      const guns = [];
      for (let k = 0; k < d.nbought; k++) guns.push(CODES[d.bought[k] || 0]); // VUL (0) is the default, left out
      if (d.arsenal) guns.push('ARS');
      for (const t of [sd.name, d.country, String(d.left), guns.join(' ') || '-']) { const td = document.createElement('td'); td.textContent = t; tr.append(td); }
      tb.append(tr);
    });
    const ol = $('sva-bids');
    ol.innerHTML = '';
    for (const b of bids) { const li = document.createElement('li'); li.textContent = b; ol.append(li); }
    tick();
  }

  // The hammer's countdown, in the host's seconds, from the last clock message.
  function tick() {
    const h = $('sva-hammer');
    if (!h) return;
    const S = T.state();
    if (!clock || clock.host_due_ms === undefined || !S || S.state.over || !clock.host_due_ms) { h.textContent = ''; h.dataset.left = ''; return; }
    const scale = clock.scale > 0 ? clock.scale : 1;
    const left = Math.max(0, (clock.host_due_ms - clock.host_ms) / 1000 - (performance.now() - clockAt) / 1000 / scale);
    h.textContent = 'hammer in ' + left.toFixed(1) + ' s';
    h.dataset.left = left.toFixed(2);
  }

  // The battle (SV.FIRE.1): the selected riflemen fire at their nearest gun (or the one chosen).
  function battlePanel() {
    let p = $('svl-battle');
    if (!p) {
      p = document.createElement('section');
      p.id = 'svl-battle';
      p.className = 'svl-panel';
      p.innerHTML = '<h3>Infantry fire <span class="clause">SV.FIRE.1</span></h3>' +
        '<button id="svb-fire" title="the selected riflemen fire: a d6 each (they must not have moved, within 12 in of the gun)">Fire with the selected</button>' +
        ' <span id="svb-sel"></span><div id="svb-refusal" class="refusal" hidden></div>';
      const top = $('aside-top');
      top.parentNode.insertBefore(p, top);
      $('svb-fire').addEventListener('click', () => {
        const figs = T.selected();
        T.order({ type: 'fire', figures: figs }, (m) => {
          const r = $('svb-refusal');
          r.hidden = !!m.ok;
          if (!m.ok) { r.innerHTML = ''; const c = document.createElement('b'); c.className = 'clause'; c.textContent = m.clause || 'refused'; r.append(c, ' ', m.message || ''); }
        });
      });
    }
    return p;
  }

  function drawBattle() {
    const S = T.state();
    const show = isSvl() && S && stage() === 'battle' && T.seat() >= 0 && (S.state.figures || []).some((f) => f.side === T.hello().sides[T.seat()]);
    const p = show ? battlePanel() : $('svl-battle');
    if (!p) return;
    p.hidden = !show;
    if (show) $('svb-sel').textContent = T.selected().length + ' selected';
  }

  T.listeners.push((m) => {
    if (!isSvl()) return;
    if (m.type === 'clock' && m.host_ms !== undefined) { clock = m; clockAt = performance.now(); tick(); }
    if (m.type === 'events') {
      for (const e of m.events) {
        if (e.clause !== 'SV.EXPO.5' && e.clause !== 'SV.EXPO.4' && e.clause !== 'SV.EXPO.7') continue;
        if (/ bids \d+ fr/.test(e.text)) bids.push(e.text);
        else if (/is open|knocked down|unsold|offered again|reserve/.test(e.text)) bids.length = 0;
      }
    }
    if (m.type === 'hello') bids.length = 0;
    if (m.type === 'state' || m.type === 'events' || m.type === 'hello') { draw(); drawBattle(); }
    if (!timer && isSvl()) timer = setInterval(() => { tick(); if ($('svl-battle') && !$('svl-battle').hidden) $('svb-sel').textContent = T.selected().length + ' selected'; }, 100);
  });
})();
