// tinwar: the browser table. Everything rule-specific comes from the server: the rule set's
// parameters, order types and computer generals, each seat's view, refusals with clauses.
'use strict';
(function () {
  const $ = (id) => document.getElementById(id);
  const NS = 'http://www.w3.org/2000/svg';
  const q = new URLSearchParams(location.search);
  const game = q.get('game'), token = q.get('token');

  // The lobby is lobby.js (twLobby).

  // ---------------- the table ----------------
  let terrain = [], revealed = false;
  let ws = null, hello = null, S = null, clock = null, clockAt = 0, seat = -3, nextId = 1;
  let selected = new Set(), selGun = -1, inspect = null, drag = null, lastCheck = 0, autoSend = false, audio = null, retry = 500;
  const svg = $('table');
  const pending = new Map();

  function send(msg) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg)); }
  function order(o, cb) { const id = nextId++; if (cb) pending.set(id, cb); send({ type: 'order', id, order: o }); }
  // sv-web: a rule set's own panels, in files of their own (web/svl_panel.js), hear every message
  // after the table has and give orders through it (their refusals come back to their callback).
  window.twTable = { listeners: [], order, seat: () => seat, hello: () => hello, state: () => S, selected: () => [...selected] };
  // ll-rest: a rule set's panel claims the decisions it answers itself (web/ll_panel.js, DU.7): the
  // generic decision panel leaves them out.
  window.twTable.claims = [];
  const claimed = (d) => window.twTable.claims.some((c) => { try { return c(d); } catch (e) { return false; } });
  function refuse(m) {
    const r = $('refusal');
    if (!m) { r.hidden = true; return; }
    r.innerHTML = '';
    const c = document.createElement('b'); c.className = 'clause'; c.textContent = m.clause || 'refused';
    r.append(c, ' ', m.message || '');
    r.hidden = false;
  }

  function connect() {
    const url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws?game=' + encodeURIComponent(game) + '&token=' + encodeURIComponent(token);
    ws = new WebSocket(url);
    ws.onopen = () => { retry = 500; $('status').textContent = 'connected'; };
    ws.onclose = () => { $('status').textContent = 'disconnected: reconnecting'; setTimeout(connect, retry); retry = Math.min(retry * 2, 8000); };
    ws.onmessage = (ev) => { let m; try { m = JSON.parse(ev.data); } catch (e) { return; } onMessage(m); };
  }

  function onMessage(m) {
    switch (m.type) {
      case 'hello': hello = m; seat = m.seat_index; window.twLobby.joined(game, token, m); $('log').innerHTML = ''; phaseNote = resultNote = null; probes.clear(); clearMarks(); setupToolbar(); break;
      case 'state':
        // Updates leave out the terrain, which does not change: keep the last one.
        if (m.state.terrain) terrain = m.state.terrain; else m.state.terrain = terrain;
        S = m; render(); status(); drawGame(); acting(); drawDecisions(); drawAlliances(); break;
      case 'undone': onUndone(m); break;
      case 'events':
        if (marks.stale) clearMarks();
        for (const e of m.events) { if (e.type === 'phase') phaseNote = e; if (e.type === 'victory' || e.type === 'draw') resultNote = e; logEvent(e); }
        if (S) status();
        break;
      case 'clock': clock = m; clockAt = performance.now(); if (m.warn) warn(m.warn); if (m.time) timeCalled(); drawClock(); break;
      case 'result': {
        const cb = pending.get(m.id); pending.delete(m.id);
        if (!m.ok) refuse(m); else refuse(null);
        if (cb) cb(m);
        break;
      }
      case 'checked': if (!onProbe(m)) onChecked(m); break;
      case 'options': onOptions(m); break;
      case 'los': onLos(m); break;
      case 'suggestion':
        if (autoSend) { autoSend = false; order(m.order); }
        else { $('selection').textContent = 'Suggested: ' + JSON.stringify(m.order); }
        break;
      case 'error': refuse({ clause: 'error', message: m.message }); if (autoSend) autoSend = false; break;
    }
    for (const f of window.twTable.listeners) { try { f(m); } catch (e) { console.error(e); } } // sv-web
  }

  const idList = (v) => v.split(/[\s,]+/).filter((x) => x !== '').map(Number);
  function nSelect(d) {
    if (!d.n_choices) return null;
    const sel = document.createElement('select'); sel.id = 'n-' + d.type;
    d.n_choices.forEach((c, i) => { const o = document.createElement('option'); o.value = i; o.textContent = c; sel.appendChild(o); });
    return sel;
  }
  function moveDef() { return hello && (hello.ruleset.orders || []).find((d) => d.type === 'move'); }
  function onOptions(m) {
    if (formationOption(m)) return;
    const box = $('options'); box.innerHTML = '';
    const want = $('n-' + m.order_type);
    const list = m.orders.filter((o) => !want || (o.n || 0) === Number(want.value));
    if (!list.length) { refuse({ clause: m.order_type, message: 'the rules propose no such order for the selected men' }); return; }
    list.forEach((o, i) => {
      const b = document.createElement('button'); b.className = 'option'; b.dataset.i = i;
      const n = (o.moves || o.figures || []).length;
      const d = (hello.ruleset.orders || []).find((x) => x.type === o.type);
      b.textContent = o.type + (d && d.n_choices ? ' ' + d.n_choices[o.n || 0] : '') + ' (' + n + ' figures)';
      b.onclick = () => { box.innerHTML = ''; order(o); };
      box.appendChild(b);
    });
  }

  function seatName(i) { return hello && i >= 0 && i < hello.sides.length ? hello.sides[i] : (i === -1 ? 'umpire' : 'spectator'); }
  function sideIndex(name) { return hello ? hello.sides.indexOf(name) : -1; }

  function setupToolbar() {
    $('seatinfo').textContent = 'You are ' + hello.seat + ' (' + hello.ruleset.title + ')';
    drawRoles();
    $('uc-side').replaceChildren();
    const box = $('order-buttons'); box.innerHTML = '';
    // One button per order the rule set accepts that the table does not give by dragging or
    // firing; its fields (from the API) say what it takes: the selection, the targets, the
    // chosen casualties, an `n` from the rule set's own choices, or the rule set's proposals.
    const byDrag = ['deploy', 'move', 'gun_move', 'fire'];
    for (const d of hello.ruleset.orders || []) {
      if (seat < 0 || byDrag.indexOf(d.type) >= 0) continue;
      const t = d.type, f = d.fields || [];
      const span = document.createElement('span'); span.className = 'order';
      const b = document.createElement('button');
      b.id = 'btn-' + t; b.textContent = t.replace('_', ' '); if (d.help) b.title = d.help;
      span.appendChild(b);
      const nsel = nSelect(d);
      if (nsel) span.appendChild(nsel);
      b.onclick = () => {
        const o = { type: t };
        if (nsel) o.n = Number(nsel.value);
        if (f.indexOf('moves') >= 0 || f.indexOf('placements') >= 0) {
          // The places come from the rule set: ask it for its proposals for the selected men.
          send({ type: 'options', id: nextId++, order_type: t, figures: [...selected] });
          return;
        }
        if (f.indexOf('gun') >= 0 && selGun >= 0) o.gun = selGun;
        if (f.indexOf('figures') >= 0 && selected.size) o.figures = [...selected];
        if (f.indexOf('targets') >= 0) { const tg = idList($('targets').value); if (tg.length) o.targets = tg; }
        if (f.indexOf('dead') >= 0) {
          const dd = idList($('cas-dead').value), pp = idList($('cas-pris').value);
          if (dd.length) o.dead = dd; if (pp.length) o.prisoners = pp;
          $('cas-dead').value = ''; $('cas-pris').value = '';
        }
        order(o);
      };
      box.appendChild(span);
    }
    // Moves: the rule set says which form it wants and what its `n` means.
    const mv = moveDef();
    const mvn = $('move-n'); mvn.innerHTML = ''; mvn.hidden = true;
    // A rule set that wants each man's place orders whole units (Grant): clicks take the unit.
    $('units').checked = !!(mv && mv.per_figure);
    if (mv && mv.n_choices) { mv.n_choices.forEach((c, i) => { const o = document.createElement('option'); o.value = i; o.textContent = 'move: ' + c; mvn.appendChild(o); }); mvn.hidden = false; }
    const tp = $('tpl'); tp.innerHTML = '';
    for (const [i, t] of (hello.ruleset.templates || []).entries()) { const o = document.createElement('option'); o.value = i; o.textContent = t.name; tp.appendChild(o); }
    $('btn-suggest').hidden = $('btn-auto').hidden = seat < 0;
    // The computer can take this seat (any general of the rule set) and give it back.
    const hs = $('seat-computer');
    hs.innerHTML = '<option value="">played by me</option>';
    for (const g of hello.ruleset.generals) { const o = document.createElement('option'); o.value = g; o.textContent = 'computer: ' + g; hs.appendChild(o); }
    hs.onchange = () => send({ type: 'computer', general: hs.value || null });
    $('handover').hidden = seat < 0;
    $('btn-pause').hidden = $('btn-resume').hidden = seat !== -1;
  }

  // ---- the status bar (issue 19): always there, of a fixed height ----
  // The phase (its number in the state, with the words of the rule set's latest phase event),
  // who is to act and for what (the state's decisions), who is First Player when the game's
  // record says (a field "first"), the clock, and the score with the rule set's score_help.
  let phaseNote = null, resultNote = null;
  function status() {
    const st = S.state;
    let t = 'move ' + S.move_no + ' · ';
    if (S.over) t += S.winner >= 0 ? seatName(S.winner) + ' wins' : 'drawn';
    else t += (S.to_move >= 0 ? seatName(S.to_move) + ' to act' : '');
    t += ' · ' + (st.name || '');
    $('status').textContent = t;
    $('status').dataset.over = S.over ? '1' : '0';
    $('status').dataset.toMove = S.to_move;
    const ph = $('sb-phase');
    const pn = phaseName(S.phase), note = phaseNote && phaseNote.text ? phaseNote.text : '';
    ph.textContent = pn ? 'phase: ' + pn + (note ? ' \u00b7 ' + note : '') : note;
    ph.title = phaseNote && phaseNote.clause ? phaseNote.clause : '';
    ph.dataset.phase = S.phase; ph.dataset.name = phaseName(S.phase);
    const dec = S.over ? [] : (S.decisions || []);
    const pend = $('sb-pending');
    pend.textContent = dec.length ? 'waiting for: ' + dec.map((d) => (d.prompt || seatName(d.seat) + ' to act') + (d.clause ? ' (' + d.clause + ')' : '')).join('; ') : '';
    // The game over: why, in the rule set's words with its clause (the last victory or draw event).
    if (S.over && resultNote) pend.textContent = 'result: ' + (resultNote.text || resultNote.type) + (resultNote.clause ? ' (' + resultNote.clause + ')' : '');
    pend.title = dec.map((d) => seatName(d.seat) + ': ' + (d.types || []).join(', ')).join('\n');
    pend.dataset.count = dec.length;
    const first = st.data && st.data.first;
    $('sb-first').textContent = first !== undefined && first !== null && first !== '' ? 'First Player: ' + first : '';
    if (seat >= 0 && S.computer) $('seat-computer').value = S.computer[seat] || '';
    markRoleSeats(); // h6-seats
    const sc = $('score');
    sc.textContent = 'score ' + S.score.map((v, i) => seatName(i) + ' ' + (Math.round(v * 10) / 10)).join(', ');
    const help = hello && hello.ruleset && hello.ruleset.score_help;
    if (help) { const h = document.createElement('span'); h.className = 'score-help'; h.textContent = '(' + help + ')'; sc.appendChild(h); }
    sc.title = help || '';
  }

  // ---- drawing ----
  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  const Y = (y) => S.state.table.depth - y;
  function toTable(ev) {
    const p = toSvg(ev.clientX, ev.clientY);
    return [p[0], S.state.table.depth - p[1]];
  }
  function toSvg(cx, cy) {
    const pt = svg.createSVGPoint(); pt.x = cx; pt.y = cy;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    return [p.x, p.y];
  }

  // ---- zoom and pan (issue 19) ----
  // The table's inches stay the coordinates of everything drawn and of every order: zooming and
  // panning change only the SVG's viewBox (view: x, y, w, h in the SVG's units, y down from the
  // table's far edge). The viewBox keeps the board's own proportions, so an inch is as many
  // pixels across as down and the page's pixels map to inches by getScreenCTM alone.
  let view = null, fitted = null, pan = null, pinch = null, spaceDown = false, viewFrame = 0;
  const pointers = new Map();
  function boardSize() {
    const r = svg.getBoundingClientRect();
    return r.width > 10 && r.height > 10 ? r : null;
  }
  function fitView() {
    if (!S) return;
    const W = S.state.table.width, D = S.state.table.depth, r = boardSize();
    if (!r) { view = { x: 0, y: 0, w: W, h: D }; applyView(); return; }
    const k = Math.min(r.width / W, r.height / D), w = r.width / k, h = r.height / k;
    view = { x: (W - w) / 2, y: (D - h) / 2, w, h };
    fitted = { w: view.w, W, D };
    applyView();
  }
  // The board's proportions after a resize: same centre, same inches per pixel.
  function reshape() {
    const r = boardSize();
    if (!view || !r) return;
    const ppi = (fitted && fitted.ppi) || r.width / view.w, cx = view.x + view.w / 2, cy = view.y + view.h / 2;
    view.w = r.width / ppi; view.h = r.height / ppi; view.x = cx - view.w / 2; view.y = cy - view.h / 2;
  }
  function applyView() {
    if (!view) return;
    const r = boardSize();
    if (r) {
      // keep the view's proportions those of the board (a window resized, a panel shown)
      const h = view.w * r.height / r.width;
      if (Math.abs(h - view.h) > 1e-6 * view.h) { view.y += (view.h - h) / 2; view.h = h; }
      if (fitted) fitted.ppi = r.width / view.w;
    }
    svg.setAttribute('viewBox', [view.x, view.y, view.w, view.h].map((v) => +v.toFixed(4)).join(' '));
    svg.dataset.zoom = fitted ? (fitted.w / view.w).toFixed(3) : '1';
    // The men keep a size one can see and click: redraw them once the zoom has settled.
    // Only their scale changes, in place: rebuilding 600 men's shapes each frame halved the frame
    // rate of a pan or a zoom (tests/web/bench.js).
    if (!viewFrame) viewFrame = requestAnimationFrame(() => { viewFrame = 0; if (S && layerFigs) rescaleFigures(); });
  }
  // Zoom by k (< 1 closer) keeping the SVG point (cx, cy) where it is on the screen.
  function zoomAt(k, cx, cy) {
    if (!view || !fitted) return;
    const w = Math.max(2, Math.min(fitted.w * 4, view.w * k));
    k = w / view.w;
    view.x = cx - (cx - view.x) * k; view.y = cy - (cy - view.y) * k; view.w *= k; view.h *= k;
    applyView();
  }
  function zoomCentre(k) { if (view) zoomAt(k, view.x + view.w / 2, view.y + view.h / 2); }
  function panBy(dxPx, dyPx) {
    const r = boardSize();
    if (!view || !r) return;
    view.x -= dxPx * view.w / r.width; view.y -= dyPx * view.h / r.height;
    applyView();
  }
  svg.addEventListener('wheel', (ev) => {
    if (!S || !view) return;
    ev.preventDefault();
    const p = toSvg(ev.clientX, ev.clientY);
    const dy = ev.deltaMode === 1 ? ev.deltaY * 16 : ev.deltaMode === 2 ? ev.deltaY * 400 : ev.deltaY;
    zoomAt(Math.exp(Math.max(-300, Math.min(300, dy)) * 0.002), p[0], p[1]);
  }, { passive: false });
  svg.addEventListener('auxclick', (ev) => ev.preventDefault());
  window.addEventListener('resize', () => { if (view) { reshape(); applyView(); } });
  const typing = (t) => t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
  document.addEventListener('keydown', (ev) => {
    if (!S || !view || $('game').hidden || typing(ev.target) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const step = 60;
    switch (ev.key) {
      case '+': case '=': zoomCentre(1 / 1.25); break;
      case '-': case '_': zoomCentre(1.25); break;
      case '0': fitView(); break;
      case 'ArrowLeft': panBy(step, 0); break;
      case 'ArrowRight': panBy(-step, 0); break;
      case 'ArrowUp': panBy(0, step); break;
      case 'ArrowDown': panBy(0, -step); break;
      case ' ':
        if (ev.target && ev.target.tagName === 'BUTTON') return;
        spaceDown = true; svg.classList.add('pan-ready'); break;
      default: return;
    }
    ev.preventDefault();
  });
  document.addEventListener('keyup', (ev) => { if (ev.key === ' ') { spaceDown = false; svg.classList.remove('pan-ready'); } });
  $('btn-zoom-in').onclick = () => zoomCentre(1 / 1.25);
  $('btn-zoom-out').onclick = () => zoomCentre(1.25);
  $('btn-fit').onclick = () => fitView();

  let layerTerrain, layerFigs, layerMarks, layerOver, tableDrawn = false;
  function render() {
    const st = S.state, W = st.table.width, D = st.table.depth;
    svg.dataset.width = W; svg.dataset.depth = D;
    if (!view || !fitted || fitted.W !== W || fitted.D !== D) fitView(); else applyView();
    // A shot or a kill still being shown goes on over the new picture (a state message may
    // come before or after the animation of the events that preceded it starts).
    const playing = layerOver ? [...layerOver.querySelectorAll('.shot-trace, .shot, .kill-flash, .melee-ring')] : [];
    svg.innerHTML = '';
    layerTerrain = el('g', { id: 'terrain' }, svg);
    el('rect', { x: 0, y: 0, width: W, height: D, class: 'cloth' }, layerTerrain);
    for (const t of st.terrain || []) {
      const cls = 'ter ter-' + t.kind;
      if (t.circle) el('circle', { cx: t.circle[0], cy: Y(t.circle[1]), r: t.circle[2], class: cls }, layerTerrain);
      else el('polygon', { points: t.poly.map((p) => p[0] + ',' + Y(p[1])).join(' '), class: cls }, layerTerrain);
    }
    for (const sd of st.sides || []) el('line', { x1: 0, x2: W, y1: Y(sd.back_y), y2: Y(sd.back_y), class: 'backline' }, layerTerrain);
    layerFigs = el('g', { id: 'figures' }, svg);
    drawFigures();
    layerMarks = el('g', { id: 'marks' }, svg);
    drawMarks();
    layerOver = el('g', { id: 'overlay' }, svg);
    for (const p of playing) layerOver.appendChild(p);
    drawSelectionInfo();
    drawInfo();
    drawCards();
    if (tip.on) showTip(tip.on, tip.x, tip.y);
    // The first table drawn, for the page's benchmark (tests/web/bench.js).
    if (!tableDrawn) { tableDrawn = true; if (performance.mark) performance.mark('tw-table-drawn'); }
  }

  // ---- figures as toy soldiers (issue 19) ----
  // Each man is drawn in a frame of his own radius, facing up the screen before his facing turns
  // it (degrees clockwise, as the table's bearings): a shape per kind, the side's colour, a small
  // black mark in front for his facing. Zoomed out, the shapes grow to a few pixels at least.
  const SHAPES = {
    infantry: [['circle', { r: 1, class: 'body' }], ['circle', { cy: 0.1, r: 0.45, class: 'hat' }]],
    cavalry: [['ellipse', { rx: 0.7, ry: 1.45, class: 'horse' }], ['circle', { cy: 0.15, r: 0.62, class: 'body' }], ['circle', { cy: 0.2, r: 0.3, class: 'hat' }]],
    officer: [['path', { d: 'M0,-1.25 L1.05,0 L0,1.25 L-1.05,0 Z', class: 'body' }], ['circle', { r: 0.35, class: 'hat' }]],
    general: [['path', { d: 'M0,-1.3 L0.38,-0.4 L1.3,-0.4 L0.56,0.15 L0.85,1.1 L0,0.5 L-0.85,1.1 L-0.56,0.15 L-1.3,-0.4 L-0.38,-0.4 Z', class: 'body' }]],
    gunner: [['rect', { x: -0.85, y: -0.85, width: 1.7, height: 1.7, class: 'body' }], ['circle', { r: 0.4, class: 'hat' }]],
    waggon: [['rect', { x: -0.8, y: -1.3, width: 1.6, height: 2.6, class: 'body' }]],
    other: [['circle', { r: 1, class: 'body' }]],
  };
  const FRONT = { cavalry: 1.45, officer: 1.25, general: 1.3, waggon: 1.3 };
  // A man's scale: his radius, grown to at least 4 px from the centre to the edge.
  const manScale = (rad, ppi) => +(rad * Math.max(1, 4 / (rad * ppi))).toFixed(4);
  let drawnPpi = 0, drawnMen = []; // the men drawn: [group, transform before the scale, radius, scale]
  let drawnPieces = []; // the boxes and trains drawn: [group, transform before the scale, half size (in), scale]
  function tablePpi() { const r = boardSize(); return r && view ? r.width / view.w : 10; }
  function rescaleFigures() {
    const ppi = tablePpi();
    if (ppi === drawnPpi) return;
    drawnPpi = ppi;
    for (const m of drawnMen) {
      const s = manScale(m[2], ppi);
      if (s !== m[3]) { m[3] = s; m[0].setAttribute('transform', m[1] + s + ')'); }
    }
    for (const m of drawnPieces) {
      const s = pieceScale(m[2], ppi);
      if (s !== m[3]) { m[3] = s; m[0].setAttribute('transform', m[1] + s + ')'); }
    }
  }
  // ---- pieces that are neither men nor guns (s34-web): the state message's `pieces` ----
  // Lidded boxes, trains, boats, as the server says this seat may know them (a box of the enemy
  // comes `hidden`, without its men and guns). Drawn under the men, over the guns and the units'
  // outlines (a box stands where its men's unit was: a hover finds it), in the side's colour, in
  // table inches like the pictures (src/render/render_pieces.c): a box 3.5 x 2.5 in with its lid
  // and its number; an engine 3.5 in long with its trucks (3 in) trailing behind along its
  // bearing; a boat's hull 2.4 x 5 in; another kind a plain marker. Each shape faces up the screen
  // before its bearing turns it (a box stays square to the table, its number upright); zoomed
  // out, it grows to some 12 px across at least, as the men do.
  const pieceScale = (half, ppi) => +Math.max(1, 6 / (half * ppi)).toFixed(4);
  const PIECES = {
    box: { half: 1.75, turn: false, shapes: () => [['rect', { x: -1.75, y: -1.25, width: 3.5, height: 2.5, class: 'pc-body' }],
      ['line', { x1: -2, x2: 2, y1: -0.625, y2: -0.625, class: 'pc-lid' }]] },
    boat: { half: 2.5, turn: true, shapes: () => [['path', { d: 'M0,-2.5 Q1.2,-1.6 1.2,0 L1,2.5 L-1,2.5 L-1.2,0 Q-1.2,-1.6 0,-2.5 Z', class: 'pc-body' }]] },
    train: { half: 1.75, turn: true, shapes: (p) => {
      const out = [];
      for (let k = 0; k < (p.trucks || 0); k++) out.push(['rect', { x: -0.8, y: 2.25 + k * 3.5, width: 1.6, height: 3, class: 'pc-truck' }]);
      out.push(['rect', { x: -0.8, y: -1.75, width: 1.6, height: 3.5, class: 'pc-body pc-engine' }], ['circle', { cy: -1.05, r: 0.35, class: 'pc-chimney' }]);
      return out;
    } },
    piece: { half: 1, turn: false, shapes: () => [['circle', { r: 1, class: 'pc-body' }]] },
  };
  function drawPieces(ppi) {
    drawnPieces = [];
    for (const p of S.pieces || []) {
      const kind = PIECES[p.kind] ? p.kind : 'piece', d = PIECES[kind], sc = pieceScale(d.half, ppi);
      const pre = 'translate(' + p.x + ' ' + Y(p.y) + ')' + (d.turn ? ' rotate(' + (+p.bearing || 0) + ')' : '') + ' scale(';
      const g = el('g', { class: 'piece piece-' + kind + ' side-' + sideIndex(p.side) + (p.hidden ? ' closed' : ''), transform: pre + sc + ')',
        'data-kind': p.kind, 'data-side': p.side, 'data-index': p.index }, layerFigs);
      drawnPieces.push([g, pre, d.half, sc]);
      for (const [name, attrs] of d.shapes(p)) el(name, attrs, g);
      if (kind === 'box') el('text', { y: 0.45, class: 'pc-label' }, g).textContent = String(p.index);
    }
  }
  // "Red's box 2: 12 infantry, 1 gun", "Blue's box 1: contents hidden (LW.BIG.2)" (the clause
  // the server gives the kind), "Red's train 0: 3 trucks, 24 infantry aboard"; and where it is.
  function pieceTipLines(p) {
    const men = Object.entries(p.men || {}).map(([k, n]) => n + ' ' + k + (n === 1 || /y$/.test(k) ? '' : 's'));
    if (p.guns) men.push(p.guns + (p.guns === 1 ? ' gun' : ' guns'));
    const what = p.hidden ? 'contents hidden' + (p.clause ? ' (' + p.clause + ')' : '')
      : p.kind === 'box' ? (men.join(', ') || 'empty')
        : [p.trucks ? p.trucks + (p.trucks === 1 ? ' truck' : ' trucks') : ''].concat(men.length ? [men.join(', ') + ' aboard'] : ['nobody aboard']).filter((x) => x).join(', ');
    const side = String(p.side || '');
    return [['tip-head', side.charAt(0).toUpperCase() + side.slice(1) + '\'s ' + p.kind + ' ' + p.index + ': ' + what],
      ['tip-place', 'at (' + fmt(p.x) + ', ' + fmt(p.y) + ')']];
  }
  function drawFigures() {
    if (!layerFigs || !S) return;
    layerFigs.replaceChildren();
    const st = S.state, ppi = tablePpi();
    drawnPpi = ppi; drawnMen = [];
    for (const g of st.guns || []) {
      if (g.at[0] < 0) continue; // hidden from this seat
      const b = (g.bearing || 0) * Math.PI / 180, dx = Math.sin(b), dy = Math.cos(b);
      const mu = g.muzzle || 2, tr = g.trail || 3, si = sideIndex(g.side);
      // The gun as a narrow body from trail to muzzle, with its axle across and a wheel each end.
      const w = 0.35, nx = dy * w, ny = -dx * w, ha = g.half_axle || 0.9;
      const pts = [[g.at[0] - dx * tr + nx, g.at[1] - dy * tr + ny], [g.at[0] + dx * mu + nx, g.at[1] + dy * mu + ny],
        [g.at[0] + dx * mu - nx, g.at[1] + dy * mu - ny], [g.at[0] - dx * tr - nx, g.at[1] - dy * tr - ny]];
      el('line', { x1: g.at[0] - dy * ha, y1: Y(g.at[1] + dx * ha), x2: g.at[0] + dy * ha, y2: Y(g.at[1] - dx * ha), class: 'axle' }, layerFigs);
      const wr = Math.max(0.25, ha * 0.45);
      for (const sgn of [-1, 1]) el('circle', { cx: g.at[0] + sgn * dy * ha, cy: Y(g.at[1] - sgn * dx * ha), r: wr, class: 'wheel' }, layerFigs);
      el('polygon', { points: pts.map((p) => p[0] + ',' + Y(p[1])).join(' '),
        class: 'gun side-' + si + (selGun === g.id ? ' selected' : ''), 'data-gun': g.id, 'data-side': si }, layerFigs);
    }
    drawHulls(ppi);
    drawPieces(ppi);
    const hits = [];
    for (const f of st.figures) {
      const status = f.status || 'active';
      // Off the table (the rule set's own statuses say which generic one they count as).
      const base = statusBase(status);
      if (f.at[0] < 0 || base === 'off' || base === 'reserve') continue;
      const si = sideIndex(f.side), rad = f.radius || 0.3, sc = manScale(rad, ppi);
      const kind = SHAPES[f.kind] ? f.kind : 'other';
      const cls = side => side + ' ' + f.kind + ' ' + status + (selected.has(f.id) ? ' selected' : '');
      const pre = 'translate(' + f.at[0] + ' ' + Y(f.at[1]) + ') rotate(' + (+f.facing || 0) + ') scale(';
      const g = el('g', { class: cls('soldier side-' + si), transform: pre + sc + ')', 'data-for': f.id }, layerFigs);
      drawnMen.push([g, pre, rad, sc]);
      for (const [name, attrs] of SHAPES[kind]) el(name, attrs, g);
      const fr = FRONT[kind] || 1;
      el('path', { d: 'M-0.38,' + (-fr + 0.12) + ' L0,' + (-fr - 0.6) + ' L0.38,' + (-fr + 0.12) + ' Z', class: 'face' }, g);
      // The click target: the man's own circle (men never overlap, so neither do their
      // targets, even in a close rank), drawn over all the shapes; zoom in to pick one man.
      hits.push(['circle', { cx: f.at[0], cy: Y(f.at[1]), r: rad,
        class: cls('fig side-' + si), 'data-id': f.id, 'data-side': si, 'data-status': status }]);
    }
    for (const [name, attrs] of hits) el(name, attrs, layerFigs);
  }
  function fig(id) { return S.state.figures[id]; }
  // The generic status a status counts as: itself, or as the rule set says for its own.
  function statusBase(name) {
    const st = hello && hello.ruleset && hello.ruleset.statuses ? hello.ruleset.statuses.find((x) => x.name === name) : null;
    return st ? st.base : name;
  }
  // With "whole units" (rule sets that order units, such as Grant's), a click takes the unit.
  function unitOf(id) {
    const f = fig(id);
    if (!$('units').checked || f.unit === undefined || f.unit < 0) return [id];
    return S.state.figures.filter((g) => g.unit === f.unit && (g.status || 'active') === 'active' && g.at[0] >= 0).map((g) => g.id);
  }
  function drawSelectionInfo() {
    const ids = [...selected];
    let t = ids.length ? 'Selected: ' + ids.length + ' (' + ids.slice(0, 12).join(' ') + (ids.length > 12 ? ' …' : '') + ')' : '';
    $('selection').textContent = t;
    const g = selGun >= 0 && S.state.guns[selGun];
    $('firepanel').hidden = !g;
    if (g) {
      $('fp-gun').textContent = '#' + g.id;
      if (document.activeElement !== $('fp-bearing')) $('fp-bearing').value = (+g.bearing).toFixed(1);
      if (document.activeElement !== $('fp-elev')) $('fp-elev').value = (+g.elevation || 0).toFixed(1);
    }
  }
  // ---- records (issue 12) ----
  // Each element's record comes in the seat's view as "data" (field name -> value, in the rule
  // set's order): fields this seat may not see are already left out by the server, and a field
  // at its default is absent (no "data" at all when every field is). The page shows them by
  // name and knows none of them. Text only (textContent): the values come from scenarios.
  function recValue(v) {
    if (Array.isArray(v)) {
      if (!v.length) return document.createTextNode('(none)');
      const ul = document.createElement('ul'); ul.className = 'rec-list';
      for (const x of v) { const li = document.createElement('li'); li.appendChild(recValue(x)); ul.appendChild(li); }
      return ul;
    }
    if (v === null || v === undefined) return document.createTextNode('none');
    return document.createTextNode(typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  // The rule set's description of a field (hello.ruleset.records: name, type, help, ...).
  function fieldDef(what, k) {
    const recs = hello && hello.ruleset && hello.ruleset.records;
    return recs && recs[what] ? recs[what].find((f) => f.name === k) : null;
  }
  // A value that names another element reads as that element too: a unit by its name, a side.
  function refName(def, v) {
    const st = S && S.state;
    if (!def || !st || typeof v !== 'number' || v < 0) return '';
    if (def.type === 'unit') { const u = (st.units || []).find((x) => x.id === v); return u && u.name ? u.name : ''; }
    return '';
  }
  function recList(data, what) {
    const names = data && typeof data === 'object' && !Array.isArray(data) ? Object.keys(data) : [];
    if (!names.length) {
      const p = document.createElement('p'); p.className = 'rec-none'; p.dataset.rec = what;
      p.textContent = '(all at their defaults)';
      return p;
    }
    const dl = document.createElement('dl'); dl.className = 'rec'; dl.dataset.rec = what;
    for (const k of names) {
      const def = fieldDef(what, k), ref = refName(def, data[k]);
      const dt = document.createElement('dt'); dt.textContent = k; dt.dataset.field = k;
      if (def && def.help) dt.title = def.help;
      const dd = document.createElement('dd'); dd.dataset.field = k; dd.appendChild(recValue(data[k]));
      if (ref) { const r = document.createElement('span'); r.className = 'rec-ref'; r.textContent = ' (' + ref + ')'; dd.appendChild(r); }
      dl.append(dt, dd);
    }
    return dl;
  }
  // ll-web: a record's parallel arrays as rows (a figure's weapon rows): the fields of the
  // record's own description (hello.ruleset.records) that hold the same number of values, more
  // than one, and do not name other elements, one column each and one row per index; a row whose
  // shown values are all empty (none, 0, false) is left out. Knows no field by name.
  function recRows(data, what) {
    const recs = hello && hello.ruleset && hello.ruleset.records && hello.ruleset.records[what];
    if (!recs || !data) return null;
    const counts = {};
    for (const f of recs) if (f.count > 1 && f.type !== 'figure' && f.type !== 'unit' && f.type !== 'gun') counts[f.count] = (counts[f.count] || 0) + 1;
    let n = 0, best = 1;
    for (const [c, k] of Object.entries(counts)) if (k > best) { best = k; n = Number(c); }
    if (!n) return null;
    const cols = recs.filter((f) => f.count === n && counts[n] && f.type !== 'figure' && f.type !== 'unit' && f.type !== 'gun' && Array.isArray(data[f.name]));
    if (!cols.length) return null;
    const empty = (v) => v === undefined || v === null || v === 0 || v === false || v === 'none' || v === '' || (Array.isArray(v) && !v.length);
    const t = document.createElement('table'); t.className = 'rec-rows'; t.dataset.rec = what;
    const hr = document.createElement('tr');
    const h0 = document.createElement('th'); h0.textContent = '#'; hr.appendChild(h0);
    for (const f of cols) { const th = document.createElement('th'); th.textContent = f.name; th.dataset.field = f.name; if (f.help) th.title = f.help; hr.appendChild(th); }
    t.appendChild(hr);
    for (let i = 0; i < n; i++) {
      const vals = cols.map((f) => data[f.name][i]);
      if (vals.every(empty)) continue;
      const tr = document.createElement('tr'); tr.dataset.row = String(i);
      const td0 = document.createElement('td'); td0.textContent = String(i + 1); tr.appendChild(td0);
      cols.forEach((f, k) => { const td = document.createElement('td'); td.dataset.field = f.name; td.appendChild(recValue(vals[k] === undefined ? '' : vals[k])); tr.appendChild(td); });
      t.appendChild(tr);
    }
    return t.rows.length > 1 ? t : null;
  }
  function recHeading(text, level) { const h = document.createElement(level || 'h4'); h.textContent = text; return h; }
  // The generic facts of the state as a list of the same look.
  function facts(pairs) {
    const dl = document.createElement('dl'); dl.className = 'rec facts';
    for (const [k, v, title] of pairs) {
      if (v === undefined || v === null || v === '') continue;
      const dt = document.createElement('dt'); dt.textContent = k;
      const dd = document.createElement('dd'); dd.dataset.fact = k; dd.textContent = String(v); if (title) dd.title = title;
      dl.append(dt, dd);
    }
    return dl;
  }
  // The figure or gun last clicked (any side's: the view already holds only what this seat may
  // read): its generic facts, its record, and for a figure his unit's record under its name.
  function drawInfo() {
    const box = $('info'), body = $('info-body');
    const st = S && S.state;
    const e = st && inspect ? (inspect.gun ? (st.guns || [])[inspect.id] : st.figures[inspect.id]) : null;
    box.hidden = !e;
    body.replaceChildren();
    if (!e) { delete box.dataset.kind; delete box.dataset.id; return; }
    box.dataset.kind = inspect.gun ? 'gun' : 'figure'; box.dataset.id = e.id;
    $('info-title').textContent = (inspect.gun ? 'Gun #' : 'Figure #') + e.id;
    if (inspect.gun) {
      body.appendChild(facts([['side', e.side], ['taken from', e.orig_side], ['action', e.action], ['shots', e.shots]]));
      body.append(recHeading('record'), recList(e.data, 'gun'));
      return;
    }
    const status = e.status || 'active';
    const sd = hello && hello.ruleset && hello.ruleset.statuses ? hello.ruleset.statuses.find((x) => x.name === status) : null;
    const u = e.unit !== undefined && e.unit >= 0 ? (st.units || []).find((x) => x.id === e.unit) : null;
    body.appendChild(facts([['side', e.side], ['kind', e.kind], ['status', status, sd ? sd.help : ''],
      ['unit', u ? (u.name || '#' + u.id) : undefined]]));
    body.append(recHeading('record'), recList(e.data, 'figure'));
    const rows = recRows(e.data, 'figure'); // ll-web: the figure card's rows
    if (rows) body.append(recHeading('rows'), rows);
    if (u) {
      const h = recHeading('unit: ' + (u.name || '#' + u.id)); h.className = 'rec-unit';
      body.append(h, recList(u.data, 'unit'));
    }
  }
  // The Game panel: the game's record and each side's, by name.
  // ---- seats within the sides (several players a side: the rule set's roles) ----
  // The hello lists them (side, name, kind, clause, help, and where a player must stand); the
  // panel names every seat of the game, this one marked, and the status bar says what it orders.
  function myRole() { return hello && hello.role_index !== undefined ? (hello.roles || [])[hello.role_index] : null; }
  function drawRoles() {
    const roles = (hello && hello.roles) || [], panel = $('rolespanel'), body = $('roles-body');
    panel.hidden = roles.length === 0;
    body.replaceChildren();
    const me = myRole();
    if (me) {
      panel.open = true; // a player of several a side: who else plays, and what he orders
      $('seatinfo').title = me.help + ' (' + me.clause + ')';
      $('seatinfo').dataset.role = me.name;
      $('seatinfo').dataset.kind = me.kind;
    }
    for (const side of hello.sides || []) {
      const mine = roles.filter((r) => r.side_name === side);
      if (!mine.length) continue;
      const ul = document.createElement('ul');
      ul.className = 'roles'; ul.dataset.side = side;
      for (const r of mine) {
        const li = document.createElement('li');
        li.className = 'role role-' + r.kind + (me && r === me ? ' mine' : '');
        li.dataset.role = r.name;
        li.textContent = r.name + ' (' + r.clause + '): ' + r.help + (r.stand_r ? '; stands within ' + Math.round(r.stand_r / 12) + ' ft of his figure (' + r.stand_clause + ')' : '');
        ul.appendChild(li);
      }
      const h = document.createElement('h4'); h.textContent = side;
      body.append(h, ul);
    }
  }
  // h6-seats: a role the computer holds, and whose part of the side's move has ended (the state's
  // role_computer and parts_ended): the role seat's own hand-over choice shows its role's.
  function markRoleSeats() {
    const roles = (hello && hello.roles) || [], rc = S.role_computer || [], ended = S.parts_ended || [];
    if (myRole() && rc.length) $('seat-computer').value = rc[hello.role_index] || '';
    for (const [i, r] of roles.entries()) {
      const li = document.querySelector('#roles-body ul.roles[data-side="' + r.side_name + '"] li[data-role="' + r.name + '"]');
      if (!li) continue;
      li.dataset.computer = rc[i] || '';
      li.dataset.ended = ended.includes(i) ? '1' : '0';
      li.title = (rc[i] ? 'played by the computer (' + rc[i] + ')' : 'played by a person') + (ended.includes(i) ? '; his part of the move has ended' : '');
    }
  }
  // KS.GNL.1 (any rule that makes a player stand near a figure): for the seats of this side (the
  // umpire and the spectator: every side), the ground where the player may stand, at or behind
  // each such figure, within the role's reach.
  function drawStandZones() {
    const roles = (hello && hello.roles) || [];
    for (const r of roles) {
      if (!r.stand_r || (seat >= 0 && r.side !== seat)) continue;
      const sd = (S.state.sides || [])[r.side], fwd = sd && sd.forward ? sd.forward : 1;
      for (const f of S.state.figures || []) {
        if (f.side !== r.side_name || f.kind !== r.stand_kind || f.at[0] < 0) continue;
        if (f.status && f.status !== 'active') continue;
        const pts = [];
        for (let k = 0; k <= 24; k++) { // the half disc behind him (away from his side's forward)
          const a = Math.PI * k / 24, x = f.at[0] + r.stand_r * Math.cos(a), y = f.at[1] - fwd * r.stand_r * Math.sin(a);
          pts.push(x.toFixed(2) + ',' + Y(y).toFixed(2));
        }
        const z = el('polygon', { points: pts.join(' '), class: 'stand-zone', 'data-clause': r.stand_clause, 'data-id': f.id, 'data-role': r.name }, layerMarks);
        const t = document.createElementNS(NS, 'title');
        t.textContent = r.stand_clause + ': the ' + r.name + "'s player stands at or behind his figure, no more than " + Math.round(r.stand_r / 12) + ' ft from it';
        z.appendChild(t);
      }
    }
  }
  function drawGame() {
    const body = $('game-body');
    body.replaceChildren(recHeading('the game'), recList(S.state.data, 'game'));
    for (const sd of S.state.sides || []) {
      const l = recList(sd.data, 'side'); l.dataset.side = sd.name;
      body.append(recHeading('side: ' + sd.name), l);
    }
  }
  // ---- tooltips (issue 19) ----
  // Over a figure or a gun: what it is, its unit, its status and what it may still do this move,
  // all read from the state message (move_used, moved_in, acted_in, the decisions), and for one
  // of this seat's men, when it may move, how far the rule set lets him go on straight ahead
  // (a `check` of a one-man move: the server's "reach", as for a drag).
  const tip = { on: null, x: 0, y: 0 };
  const probes = new Map(), probeIds = new Map();
  function hoverTip(ev) {
    const t = ev.target, d = t && t.dataset;
    const pc = t && t.closest ? t.closest('g.piece') : null;
    const on = !d || !S ? null : d.id !== undefined ? { gun: false, id: Number(d.id) } : d.gun !== undefined ? { gun: true, id: Number(d.gun) }
      : d.hull !== undefined ? { unit: true, id: Number(d.hull) } : pc ? { piece: pc.dataset.kind, side: pc.dataset.side, id: Number(pc.dataset.index) } : null;
    if (!on) { hideTip(); return; }
    showTip(on, ev.clientX, ev.clientY);
  }
  function hideTip() { tip.on = null; $('tip').hidden = true; }
  function mayDo(sideName) {
    const si = sideIndex(sideName);
    if (S.over) return 'the game is over';
    const dec = (S.decisions || []).filter((d) => d.seat === si);
    if (si === seat && Array.isArray(S.offered) && S.offered.length) return 'its side may: ' + S.offered.join(', ').replace(/_/g, ' ');
    if (!dec.length) return 'waits: ' + ((S.decisions || []).map((d) => seatName(d.seat)).join(', ') || 'nobody') + ' to act';
    return 'its side may: ' + [...new Set(dec.flatMap((d) => d.types || []))].join(', ').replace(/_/g, ' ');
  }
  function unitLine(u) {
    const n = unitStrength(u);
    const orig = u.data && typeof u.data.orig === 'number' ? u.data.orig : null;
    return 'unit: ' + (u.name || '#' + u.id) + ' · ' + n.active + ' / ' + (orig !== null ? orig : n.total) + ' men' +
      (hasFormations() ? ' · ' + formationName(u.formation || 0) : '');
  }
  function tipLines(on, e) {
    const st = S.state, out = [];
    const refs = (what) => Object.entries(e.data || {}).map(([k, v]) => [fieldDef(what, k), k, v]);
    if (on.gun) {
      out.push(['tip-head', 'Gun #' + e.id + ' · ' + e.side + (e.orig_side ? ' (taken from ' + e.orig_side + ')' : '')]);
      for (const [def, , v] of refs('gun')) {
        if (def && def.type === 'unit') { const u = (st.units || []).find((x) => x.id === v); if (u) out.push(['', unitLine(u)]); }
      }
      out.push(['', 'status: ' + (e.action ? e.action : 'ready') + (e.shots ? ' · ' + e.shots + ' shots' : '')]);
      if (S.move_no > 0) out.push(['', e.acted_in === S.move_no ? 'acted this move' : 'has not acted this move']);
      out.push(['tip-do', mayDo(e.side)]);
    } else {
      const status = e.status || 'active', sd = hello.ruleset.statuses ? hello.ruleset.statuses.find((x) => x.name === status) : null;
      out.push(['tip-head', 'Figure #' + e.id + ' · ' + e.kind + ' · ' + e.side]);
      const u = e.unit !== undefined && e.unit >= 0 ? (st.units || []).find((x) => x.id === e.unit) : null;
      if (u) out.push(['tip-unit', unitLine(u)]);
      out.push(['tip-status', 'status: ' + status + (sd && sd.help ? ' (' + sd.help + ')' : '')]);
      if (S.move_no > 0 && statusBase(status) === 'active') {
        out.push(['tip-moved', e.move_used ? 'moved ' + fmt(e.move_used) + ' in this move' : e.moved_in === S.move_no ? 'moved this move' : 'has not moved this move']);
        const pr = probes.get(e.id);
        if (pr && pr.reach !== undefined && pr.key === probeKey()) {
          out.push(['tip-do tip-reach', pr.reach > 0.005 ? 'may go ' + fmt(pr.reach) + ' in more straight ahead' : 'may move no further' + (pr.why ? ' (' + pr.why + ')' : '')]);
        }
      }
      out.push(['tip-do', mayDo(e.side)]);
    }
    const rec = Object.entries(e.data || {}).map(([k, v]) => k + ' ' + (Array.isArray(v) ? v.join(' ') : typeof v === 'object' ? JSON.stringify(v) : v));
    if (rec.length) out.push(['tip-rec', rec.join(' · ')]);
    return out;
  }
  function showTip(on, x, y) {
    const st = S && S.state, e = !st ? null : on.piece ? (S.pieces || []).find((p) => p.kind === on.piece && p.side === on.side && p.index === on.id) : on.unit ? (st.units || []).find((u) => u.id === on.id) : on.gun ? (st.guns || [])[on.id] : st.figures[on.id];
    if (!e || !hello) { hideTip(); return; }
    tip.on = on; tip.x = x; tip.y = y;
    const box = $('tip');
    box.replaceChildren();
    box.dataset.kind = on.piece ? 'piece' : on.unit ? 'unit' : on.gun ? 'gun' : 'figure'; box.dataset.id = on.piece ? on.side + ' ' + on.piece + ' ' + on.id : e.id;
    for (const [cls, text] of on.piece ? pieceTipLines(e) : on.unit ? unitTipLines(e) : tipLines(on, e)) { const d = document.createElement('div'); d.className = cls; d.textContent = text; box.appendChild(d); }
    box.hidden = false;
    // Beside the pointer, inside the window.
    const w = box.offsetWidth, h = box.offsetHeight;
    let left = x + 14, top = y + 16;
    if (left + w > innerWidth - 4) left = Math.max(4, x - 14 - w);
    if (top + h > innerHeight - 4) top = Math.max(4, y - 16 - h);
    box.style.left = left + 'px'; box.style.top = top + 'px';
    if (!on.gun && !on.unit && !on.piece) probe(e);
  }
  const probeKey = () => S.orders + ':' + S.move_no + ':' + undos;
  function probe(f) {
    const mv = moveDef();
    if (!mv || mv.per_figure || seat < 0 || sideIndex(f.side) !== seat || S.over || S.move_no < 1) return;
    if (statusBase(f.status || 'active') !== 'active') return;
    if (!(S.decisions || []).some((d) => d.seat === seat && (!d.types || d.types.indexOf('move') >= 0))) return;
    const have = probes.get(f.id);
    if (have && have.key === probeKey()) return;
    probes.set(f.id, { key: probeKey(), reach: undefined });
    const sd = S.state.sides[seat], fw = sd && sd.forward ? Math.sign(sd.forward) : 1;
    const id = nextId++;
    probeIds.set(id, f.id);
    send({ type: 'check', id, order: { type: 'move', figures: [f.id], path: [[f.at[0], f.at[1] + fw]] } });
  }
  function onProbe(m) {
    if (m.id === undefined || !probeIds.has(m.id)) return false;
    const fid = probeIds.get(m.id);
    probeIds.delete(m.id);
    const pr = probes.get(fid);
    if (pr && m.reach !== undefined && m.reach >= 0) { pr.reach = m.reach; pr.why = m.ok ? '' : (m.clause ? m.clause + ': ' : '') + (m.message || ''); }
    if (tip.on && !tip.on.gun && tip.on.id === fid) showTip(tip.on, tip.x, tip.y);
    return true;
  }

  // ---- unit cards (issue 19) ----
  // For rule sets that keep units: a card per unit of the chosen side (this seat's first): its
  // strength (men active / the record's orig when it has one, else the men it has), officers,
  // its formation by the rule set's name for it (the formation order's choices), and its record
  // by name, as in the info panel.
  function hasFormations() {
    return !!(hello && (hello.ruleset.orders || []).some((x) => x.type === 'formation')) || (S.state.units || []).some((u) => u.formation !== undefined);
  }
  function formationName(n) {
    const d = hello && (hello.ruleset.orders || []).find((x) => x.type === 'formation');
    return d && d.n_choices && d.n_choices[n] !== undefined ? d.n_choices[n] : 'formation ' + n;
  }
  function unitStrength(u) {
    const men = S.state.figures.filter((f) => f.unit === u.id);
    const rf = men.filter((f) => f.kind !== 'officer' && f.kind !== 'general');
    const act = (list) => list.filter((f) => statusBase(f.status || 'active') === 'active').length;
    return { active: act(rf), total: rf.length, officers: act(men) - act(rf), officersAll: men.length - rf.length };
  }
  function drawCards() {
    const units = S.state.units || [], box = $('unitcards');
    box.hidden = !units.length;
    if (!units.length) return;
    const sel = $('uc-side'), sides = (S.state.sides || []).map((x) => x.name);
    if ([...sel.options].map((o) => o.value).join('\n') !== sides.join('\n')) {
      sel.replaceChildren(...sides.map((n) => { const o = document.createElement('option'); o.value = n; o.textContent = n; return o; }));
      sel.value = seat >= 0 && seat < sides.length ? sides[seat] : sides[0];
    }
    const body = $('uc-body');
    body.replaceChildren();
    for (const u of units.filter((x) => x.side === sel.value)) {
      const n = unitStrength(u), orig = u.data && typeof u.data.orig === 'number' ? u.data.orig : null;
      const c = document.createElement('div');
      c.className = 'unitcard side-' + sideIndex(u.side) + (n.active === 0 ? ' spent' : '');
      c.dataset.unit = u.id;
      const h = document.createElement('h4'); h.textContent = u.name || 'unit #' + u.id;
      const line = (cls, text) => { const d = document.createElement('div'); d.className = 'uc-line ' + cls; d.textContent = text; return d; };
      const str = line('uc-strength', 'strength ' + n.active + ' / ' + (orig !== null ? orig : n.total) + ' men' + (n.officersAll ? ' · officers ' + n.officers + ' / ' + n.officersAll : ''));
      str.dataset.active = n.active; str.dataset.of = orig !== null ? orig : n.total;
      c.append(h, str);
      if (hasFormations()) { const f = line('uc-formation', 'formation: ' + formationName(u.formation || 0)); f.dataset.formation = formationName(u.formation || 0); c.appendChild(f); }
      c.appendChild(recList(u.data, 'unit'));
      cardActing(c, u);
      body.appendChild(c);
    }
  }
  $('uc-side').onchange = () => { if (S) drawCards(); };

  // ---- acting (issue 19): undo, orders the phase allows, units as things to command ----
  // Undo: the server says in each state whether this seat may take back its last order now
  // (can_undo: its own, in this move, since the last die or shot); the button follows it, and
  // Ctrl+Z asks too (the server's refusal says why not). Every seat then hears "undone": the
  // log loses the events taken back and says what was undone.
  let undos = 0;
  function undo() {
    if (seat < 0 || !S) return;
    const id = nextId++;
    pending.set(id, (m) => { if (m.ok) refuse(null); });
    send({ type: 'undo', id });
  }
  $('btn-undo').onclick = undo;
  document.addEventListener('keydown', (ev) => {
    if ((ev.ctrlKey || ev.metaKey) && !ev.shiftKey && !ev.altKey && (ev.key === 'z' || ev.key === 'Z') &&
        !$('game').hidden && !typing(ev.target)) { ev.preventDefault(); undo(); }
  });
  function onUndone(m) {
    undos++;
    drag = null; clearOverlay(); probes.clear();
    const log = $('log');
    for (const li of [...log.querySelectorAll('li[data-seq]')]) if (Number(li.dataset.seq) >= m.events) li.remove();
    const li = document.createElement('li'); li.dataset.type = 'undone';
    const c = document.createElement('span'); c.className = 'clause'; c.textContent = 'undo';
    li.append(c, m.text || 'an order was taken back');
    log.appendChild(li);
    li.scrollIntoView({ block: 'nearest' });
  }
  // The orders this seat may give now: the server's `offered` (those its decisions name, less
  // those the rule set refuses whatever they hold: another phase's, another seat's turn's);
  // none when it has no decision. The rest are disabled, with the reason in their tooltips;
  // the phase is named in the status bar.
  function allowedNow() {
    const ok = new Set();
    if (!S || S.over || seat < 0) return ok;
    if (Array.isArray(S.offered)) { for (const t of S.offered) ok.add(t); return ok; }
    for (const d of S.decisions || []) if (d.seat === seat) for (const t of d.types || []) ok.add(t);
    return ok;
  }
  // The rule set's name for a phase ('' for a rule set that names none: Grant's one phase).
  function phaseName(n) {
    const names = hello && hello.ruleset && hello.ruleset.phase_names;
    return names && names[n] !== undefined ? names[n] : '';
  }
  function acting() {
    const ok = allowedNow(), why = S.over ? 'the game is over' : 'not now: ' + ($('sb-pending').textContent || 'it is not your turn');
    for (const d of (hello && hello.ruleset.orders) || []) {
      const b = $('btn-' + d.type), n = $('n-' + d.type);
      if (!b) continue;
      b.disabled = !ok.has(d.type);
      const no = S.not_offered && S.not_offered[d.type];
      b.title = (d.help || d.type) + (b.disabled ? ' (' + (no ? 'not now: ' + no : why) + ')' : '');
      if (n) n.disabled = b.disabled;
    }
    $('fp-fire').disabled = !ok.has('fire');
    const fireTool = document.querySelector('#tool option[value=fire]');
    if (fireTool) fireTool.disabled = !ok.has('fire') || !(hello.ruleset.order_types || []).includes('fire');
    $('btn-suggest').disabled = $('btn-auto').disabled = ok.size === 0;
    const u = $('btn-undo');
    u.hidden = seat < 0;
    u.disabled = !S.can_undo;
    u.dataset.can = S.can_undo ? '1' : '0';
  }
  // Units: a hull round each unit's men on the table (hover it for the unit's tooltip), its card
  // (hover: the same tooltip; click: select its men), and for a rule set with formations a
  // choice of formation by name on each of this seat's cards: the places come from the rule
  // set (its proposals for the unit, the `options` message), never one man at a time.
  function hull(pts) {
    pts = pts.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    if (pts.length < 3) return pts;
    const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
    const lo = [], up = [];
    for (const p of pts) { while (lo.length >= 2 && cross(lo[lo.length - 2], lo[lo.length - 1], p) <= 0) lo.pop(); lo.push(p); }
    for (const p of pts.slice().reverse()) { while (up.length >= 2 && cross(up[up.length - 2], up[up.length - 1], p) <= 0) up.pop(); up.push(p); }
    return lo.slice(0, -1).concat(up.slice(0, -1));
  }
  function unitMen(uid) { return S.state.figures.filter((f) => f.unit === uid && statusBase(f.status || 'active') === 'active' && f.at[0] >= 0); }
  function drawHulls(ppi) {
    const pad = Math.max(0.6, 5 / (ppi || 10));
    for (const u of S.state.units || []) {
      const men = unitMen(u.id);
      if (!men.length) continue;
      // Each man's circle (8 points round it), padded: the hull holds the men whole.
      const pts = [];
      for (const f of men) for (let k = 0; k < 8; k++) { const a = k * Math.PI / 4, r = (f.radius || 0.3) + pad; pts.push([f.at[0] + Math.cos(a) * r, f.at[1] + Math.sin(a) * r]); }
      el('polygon', { points: hull(pts).map((p) => p[0] + ',' + Y(p[1])).join(' '), class: 'hull side-' + sideIndex(u.side), 'data-hull': u.id }, layerFigs);
    }
  }
  function unitTipLines(u) {
    const n = unitStrength(u), orig = u.data && typeof u.data.orig === 'number' ? u.data.orig : null;
    const out = [['tip-head', 'Unit #' + u.id + ' \u00b7 ' + (u.name || 'unit #' + u.id) + ' \u00b7 ' + u.side],
      ['tip-strength', 'strength ' + n.active + ' / ' + (orig !== null ? orig : n.total) + ' men' + (n.officersAll ? ' \u00b7 officers ' + n.officers + ' / ' + n.officersAll : '')]];
    if (hasFormations()) out.push(['tip-formation', 'formation: ' + formationName(u.formation || 0)]);
    const moved = unitMen(u.id).some((f) => f.moved_in === S.move_no && S.move_no > 0);
    const rec = Object.entries(u.data || {}).filter(([k]) => k !== 'orig').map(([k, v]) => k + ' ' + (typeof v === 'object' ? JSON.stringify(v) : v));
    out.push(['tip-state', 'state: ' + (n.active === 0 ? 'spent' : moved ? 'moved this move' : 'has not moved this move') + (rec.length ? ' \u00b7 ' + rec.join(' \u00b7 ') : '')]);
    out.push(['tip-do', mayDo(u.side)]);
    return out;
  }
  let formWant = null;
  function cardActing(c, u) {
    c.addEventListener('mouseenter', (ev) => showTip({ unit: true, id: u.id }, ev.clientX, ev.clientY));
    c.addEventListener('mousemove', (ev) => { if (tip.on && tip.on.unit) showTip(tip.on, ev.clientX, ev.clientY); });
    c.addEventListener('mouseleave', hideTip);
    if (sideIndex(u.side) !== seat) return;
    c.classList.add('mine');
    c.addEventListener('click', (ev) => {
      if (ev.target.tagName === 'SELECT' || ev.target.tagName === 'OPTION') return;
      const men = unitMen(u.id).map((f) => f.id);
      selected = new Set(ev.shiftKey ? [...selected, ...men] : men);
      selGun = -1;
      render();
    });
    const fd = hello && (hello.ruleset.orders || []).find((x) => x.type === 'formation');
    if (!fd || !fd.n_choices) return;
    const sel = document.createElement('select'); sel.className = 'uc-form'; sel.dataset.unit = u.id;
    sel.title = 'change formation (' + (fd.clause || 'formation') + '): the rule set places the men';
    fd.n_choices.forEach((name, i) => { const o = document.createElement('option'); o.value = i; o.textContent = name; sel.appendChild(o); });
    sel.value = u.formation || 0;
    sel.disabled = !allowedNow().has('formation');
    sel.onchange = () => {
      formWant = { unit: u.id, n: Number(sel.value), name: fd.n_choices[Number(sel.value)] };
      // By name: the rule set lays the unit's places (its formation_order), or says why not.
      send({ type: 'options', id: nextId++, order_type: 'formation', unit: u.id, formation: formWant.name, figures: unitMen(u.id).map((f) => f.id) });
    };
    const fl = c.querySelector('.uc-formation');
    if (fl) fl.after(sel); else c.appendChild(sel);
  }
  // A formation asked for by name: the rule set's proposal for that unit and formation, sent.
  function formationOption(m) {
    if (!formWant || m.order_type !== 'formation') return false;
    const want = formWant; formWant = null;
    const o = m.orders.find((x) => (x.n || 0) === want.n);
    if (!o) { refuse({ clause: m.clause || 'formation', message: m.message || 'the rules propose no change to ' + want.name + ' for this unit now' }); drawCards(); return true; }
    order(o, (r) => { if (!r.ok) drawCards(); });
    return true;
  }
  // The group being dragged, drawn where each man would stand (the same displacement for
  // each, as the order will say), before it is sent.
  function ghosts(dx, dy) {
    if (!layerOver) return;
    for (const id of selected) {
      const f = fig(id);
      if (!f || f.at[0] < 0) continue;
      el('circle', { cx: f.at[0] + dx, cy: Y(f.at[1] + dy), r: f.radius || 0.3, class: 'ghost side-' + sideIndex(f.side) + (drag && drag.verdict && drag.verdict !== 'legal' ? ' bad' : ''), 'data-ghost': id }, layerOver);
    }
  }

  function clearOverlay() { if (layerOver) layerOver.innerHTML = ''; }
  function fmt(x) { return (Math.round(x * 100) / 100).toFixed(2); }

  // ---- pointer ----
  function ownFig(t) { return t && t.dataset && t.dataset.id !== undefined && Number(t.dataset.side) === seat; }
  // Two pointers at once (fingers): pinch to zoom round their middle, move them to pan. The
  // view under the first two is kept: the table point under their middle follows it.
  function startPinch() {
    const [a, b] = [...pointers.values()];
    const r = boardSize();
    if (!r || !view) return;
    const mid = [(a.x + b.x) / 2, (a.y + b.y) / 2];
    pinch = { d0: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), p0: toSvg(mid[0], mid[1]), w0: view.w, h0: view.h };
  }
  function movePinch() {
    const [a, b] = [...pointers.values()];
    const r = boardSize();
    if (!r || !pinch || !fitted) return;
    const mid = [(a.x + b.x) / 2, (a.y + b.y) / 2], d = Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));
    const w = Math.max(2, Math.min(fitted.w * 4, pinch.w0 * pinch.d0 / d)), h = w * r.height / r.width;
    view = { x: pinch.p0[0] - (mid[0] - r.left) / r.width * w, y: pinch.p0[1] - (mid[1] - r.top) / r.height * h, w, h };
    applyView();
  }
  svg.addEventListener('pointerdown', (ev) => {
    if (!S) return;
    ensureAudio();
    hideTip();
    pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    try { svg.setPointerCapture(ev.pointerId); } catch (e) { /* a pointer the browser does not track */ }
    if (pointers.size >= 2) {
      // A second finger: whatever the first began is not an order but the start of a pinch.
      if (drag) { drag = null; clearOverlay(); }
      pan = null;
      startPinch();
      return;
    }
    const tool = $('tool').value;
    if (ev.button === 1 || tool === 'pan' || spaceDown) {
      ev.preventDefault();
      pan = { x: ev.clientX, y: ev.clientY, id: ev.pointerId };
      svg.classList.add('panning');
      return;
    }
    const p = toTable(ev), t = ev.target;
    if (pickOn(t)) return; // a decision's list being picked on the table
    if (tool === 'tape' || tool === 'los' || tool === 'template') { drag = { kind: tool, p0: p }; return; }
    // A click on a figure or a gun (of any side) shows its record in the info panel.
    const hit = !t.dataset ? null : t.dataset.id !== undefined ? { gun: false, id: Number(t.dataset.id) }
      : t.dataset.gun !== undefined ? { gun: true, id: Number(t.dataset.gun) } : null;
    if (hit && tool !== 'fire') { inspect = hit; drawInfo(); }
    if (tool === 'targets') {
      if (t.dataset && t.dataset.id !== undefined) $('targets').value = ($('targets').value + ' ' + t.dataset.id).trim();
      return;
    }
    if (tool === 'fire') {
      if (selGun < 0) { refuse({ clause: 'fire', message: 'select one of your guns first' }); return; }
      order({ type: 'fire', gun: selGun, target: [p[0], p[1]] });
      return;
    }
    if (tool === 'casualty') {
      if (t.dataset && t.dataset.id !== undefined) {
        const box = ev.shiftKey ? $('cas-pris') : $('cas-dead');
        box.value = (box.value + ' ' + t.dataset.id).trim();
      }
      return;
    }
    if (t.dataset && t.dataset.gun !== undefined && Number(t.dataset.side) === seat) {
      selGun = Number(t.dataset.gun);
      drag = { kind: 'gun', p0: p, gun: selGun };
      render();
      return;
    }
    if (ownFig(t)) {
      const id = Number(t.dataset.id);
      if (ev.shiftKey) { if (selected.has(id)) selected.delete(id); else selected.add(id); render(); return; }
      if (!selected.has(id)) { selected = new Set(unitOf(id)); }
      drag = { kind: 'move', p0: p, lead: id };
      render();
      return;
    }
    drag = { kind: 'box', p0: p, hit, shift: ev.shiftKey };
  });
  svg.addEventListener('pointermove', (ev) => {
    if (pointers.has(ev.pointerId)) pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (pinch && pointers.size >= 2) { movePinch(); return; }
    if (pan && pan.id === ev.pointerId) { panBy(ev.clientX - pan.x, ev.clientY - pan.y); pan.x = ev.clientX; pan.y = ev.clientY; return; }
    if (!drag) { hoverTip(ev); return; }
    if (!S) return;
    const p = toTable(ev);
    drag.p1 = p;
    clearOverlay();
    const d = Math.hypot(p[0] - drag.p0[0], p[1] - drag.p0[1]);
    if (drag.kind === 'tape' || drag.kind === 'los') {
      el('line', { x1: drag.p0[0], y1: Y(drag.p0[1]), x2: p[0], y2: Y(p[1]), class: 'tape' }, layerOver);
      if ($('rings').checked && drag.kind === 'tape') for (const r of [6, 12, 24, 36, 48]) el('circle', { cx: drag.p0[0], cy: Y(drag.p0[1]), r, class: 'ring' }, layerOver);
      $('measure').textContent = 'tape ' + fmt(d) + ' in';
    } else if (drag.kind === 'template') {
      drawTemplate(Number($('tpl').value), drag.p0, Math.atan2(p[0] - drag.p0[0], p[1] - drag.p0[1]) * 180 / Math.PI);
    } else if (drag.kind === 'box') {
      el('rect', { x: Math.min(drag.p0[0], p[0]), y: Y(Math.max(drag.p0[1], p[1])), width: Math.abs(p[0] - drag.p0[0]), height: Math.abs(p[1] - drag.p0[1]), class: 'box' }, layerOver);
    } else if (drag.kind === 'move' || drag.kind === 'gun') {
      const from = drag.kind === 'gun' ? S.state.guns[drag.gun].at : fig(drag.lead).at;
      const to = [from[0] + p[0] - drag.p0[0], from[1] + p[1] - drag.p0[1]];
      drag.to = to;
      drag.line = el('line', { x1: from[0], y1: Y(from[1]), x2: to[0], y2: Y(to[1]), class: 'path', id: 'dragpath' }, layerOver);
      ghosts(to[0] - from[0], to[1] - from[1]);
      $('measure').textContent = 'path ' + fmt(d) + ' in' + (drag.reach !== undefined ? ' · allowance ' + fmt(drag.reach) + ' in' : '') + (drag.verdict ? ' · ' + drag.verdict : '');
      $('measure').dataset.length = fmt(d);
      const now = performance.now();
      if (now - lastCheck > 120) { lastCheck = now; send({ type: 'check', id: nextId++, order: buildDragOrder() }); }
    }
  });
  function endPointer(ev) {
    pointers.delete(ev.pointerId);
    if (pinch) { if (pointers.size < 2) pinch = null; return true; }
    if (pan && pan.id === ev.pointerId) { pan = null; svg.classList.remove('panning'); return true; }
    return false;
  }
  svg.addEventListener('pointercancel', (ev) => { if (!endPointer(ev) && drag) { drag = null; clearOverlay(); } });
  svg.addEventListener('pointerleave', (ev) => { if (!pointers.has(ev.pointerId)) hideTip(); });
  svg.addEventListener('pointerup', (ev) => {
    if (endPointer(ev)) return;
    if (!drag || !S) return;
    const p = toTable(ev), dr = drag;
    drag = null;
    if (dr.kind === 'box') {
      const x0 = Math.min(dr.p0[0], p[0]), x1 = Math.max(dr.p0[0], p[0]), y0 = Math.min(dr.p0[1], p[1]), y1 = Math.max(dr.p0[1], p[1]);
      if (x1 - x0 < 0.2 && y1 - y0 < 0.2) { selected.clear(); selGun = -1; if (!dr.hit) inspect = null; render(); return; }
      const inBox = S.state.figures.filter((f) => sideIndex(f.side) === seat && f.at[0] >= x0 && f.at[0] <= x1 && f.at[1] >= y0 && f.at[1] <= y1 && (f.status || 'active') !== 'dead').map((f) => f.id);
      selected = new Set(dr.shift ? [...selected, ...inBox] : inBox);
      render();
    } else if (dr.kind === 'los') {
      drag = null;
      losLine = [dr.p0, p];
      send({ type: 'los', from: dr.p0, to: p });
    } else if (dr.kind === 'tape') {
      // the tape stays on the table until the next drag
    } else if ((dr.kind === 'move' || dr.kind === 'gun') && dr.to && Math.hypot(p[0] - dr.p0[0], p[1] - dr.p0[1]) > 0.05) {
      drag = dr; const o = buildDragOrder(); drag = null;
      order(o, (m) => { if (!m.ok) { clearOverlay(); } });
    }
  });
  // A template of the rule set (from the API): origin where the drag began, turned to its bearing.
  function drawTemplate(i, o, bearing) {
    const t = (hello.ruleset.templates || [])[i];
    if (!t) return;
    const g = el('g', { class: 'tpl', 'data-name': t.name }, layerOver);
    const b = bearing * Math.PI / 180;
    const at = (q) => [o[0] + q[0] * Math.cos(b) + q[1] * Math.sin(b), o[1] - q[0] * Math.sin(b) + q[1] * Math.cos(b)];
    const dirp = (c, a, r) => { const aa = (bearing + a) * Math.PI / 180; return [c[0] + Math.sin(aa) * r, c[1] + Math.cos(aa) * r]; };
    const col = (c) => c.slice(0, 7), op = (c) => parseInt(c.slice(7, 9), 16) / 255;
    const style = { fill: col(t.fill), 'fill-opacity': op(t.fill), stroke: col(t.stroke), 'stroke-opacity': op(t.stroke), 'stroke-width': Math.max(0.05, t.line_width) };
    if (t.dashed) style['stroke-dasharray'] = '0.5 0.3';
    for (const sh of t.shapes) {
      const c = at(sh.pts[0] || [0, 0]);
      let e;
      if (sh.kind === 'circle') e = el('circle', { cx: c[0], cy: Y(c[1]), r: sh.r1 }, g);
      else if (sh.kind === 'poly' || sh.kind === 'line') e = el(sh.kind === 'poly' ? 'polygon' : 'polyline', { points: sh.pts.map((q) => { const r = at(q); return r[0] + ',' + Y(r[1]); }).join(' ') }, g);
      else if (sh.kind === 'sector') {
        const pts = [];
        for (let k = 0; k <= 24; k++) pts.push(dirp(c, sh.a0 + (sh.a1 - sh.a0) * k / 24, sh.r1));
        for (let k = 24; k >= 0; k--) pts.push(dirp(c, sh.a0 + (sh.a1 - sh.a0) * k / 24, sh.r0));
        e = el('polygon', { points: pts.map((r) => r[0] + ',' + Y(r[1])).join(' ') }, g);
      }
      if (!e) continue;
      for (const k in style) e.setAttribute(k, sh.kind === 'line' && k === 'fill' ? 'none' : style[k]);
    }
    $('measure').textContent = 'template ' + t.name + ' · bearing ' + fmt((bearing + 360) % 360) + ' deg';
  }
  let losLine = null;
  function onLos(m) {
    if (!losLine) return;
    clearOverlay();
    el('line', { x1: losLine[0][0], y1: Y(losLine[0][1]), x2: losLine[1][0], y2: Y(losLine[1][1]), class: m.clear ? 'los-clear' : 'los-blocked', id: 'losline' }, layerOver);
    $('measure').textContent = (m.clear ? 'line of sight clear' : 'blocked by ' + m.blocker_kind + ' #' + m.blocker) + ' · ' + fmt(m.length) + ' in';
    $('measure').dataset.los = m.clear ? 'clear' : 'blocked';
  }
  function buildDragOrder() {
    const d = [drag.p1[0] - drag.p0[0], drag.p1[1] - drag.p0[1]];
    const beforePlay = S.move_no === 0;
    if (drag.kind === 'gun') {
      const g = S.state.guns[drag.gun];
      const at = [g.at[0] + d[0], g.at[1] + d[1]];
      if (beforePlay) return { type: 'deploy', guns: [{ gun: g.id, at }] };
      return { type: 'gun_move', gun: g.id, path: [at], crew: [...selected] };
    }
    const ids = [...selected];
    if (beforePlay) return { type: 'deploy', placements: ids.map((id) => ({ figure: id, at: [fig(id).at[0] + d[0], fig(id).at[1] + d[1]] })) };
    const lead = fig(drag.lead);
    const rest = ids.filter((i) => i !== drag.lead);
    const mv = moveDef();
    if (mv && mv.per_figure) {
      // The rule set wants each man's place (Grant): the group keeps its shape.
      const o = { type: 'move', moves: [drag.lead, ...rest].map((i) => ({ figure: i, to: [fig(i).at[0] + d[0], fig(i).at[1] + d[1]], facing: fig(i).facing || 0 })) };
      if (mv.n_choices) o.n = Number($('move-n').value);
      return o;
    }
    // The path's points are the lead man's, or where the rule set says they are: the centre of
    // the order's figures (a field with point_of "centre", as Rattle's unit moves).
    const pf = mv && (mv.field_defs || []).find((f) => f.kind === 'path');
    const figs = [drag.lead, ...rest];
    const from = pf && pf.point_of === 'centre'
      ? [0, 1].map((k) => figs.reduce((a, i) => a + fig(i).at[k], 0) / figs.length) : lead.at;
    return { type: 'move', figures: figs, path: [[from[0] + d[0], from[1] + d[1]]] };
  }
  function onChecked(m) {
    if (!drag) return;
    drag.verdict = m.ok ? 'legal' : (m.clause + ': ' + m.message);
    if (m.reach !== undefined) drag.reach = m.reach;
    const line = document.getElementById('dragpath');
    if (line) line.setAttribute('class', 'path' + (m.ok ? '' : ' bad'));
    if (layerOver) layerOver.querySelectorAll('.ghost').forEach((g) => g.classList.toggle('bad', !m.ok));
    const meas = $('measure');
    meas.textContent = meas.textContent.replace(/ · allowance.*$/, '').replace(/ · (legal|[A-Z]+\.[A-Z.0-9]+:.*)$/, '') + (drag.reach !== undefined ? ' · allowance ' + fmt(drag.reach) + ' in' : '') + ' · ' + drag.verdict;
    meas.dataset.verdict = m.ok ? 'legal' : m.clause;
  }

  // ---- decisions (issues 15 and 19): what this seat is asked, answered from a panel ----
  // Any decision the server says this seat has (the state's decisions: clause, kind, prompt,
  // types), whether or not it is the seat's move (a charge answered in the other side's phase),
  // is shown at the top of the side panel, never over the table: its prompt, its clause (hover
  // it: what the clause says) and, for each order type that answers it, controls built from the
  // rule set's order schema: a choice as buttons, a list of units or figures picked on the table,
  // a number or a side as an input. A decision answered by orders that need places on the table
  // (a move, a formation) is the table's and the toolbar's, as before.
  const PANEL_FIELDS = ['int', 'ints', 'figures', 'figures2', 'side'];
  let decKey = '', pick = null;
  function orderDef(t) { return hello && (hello.ruleset.orders || []).find((d) => d.type === t); }
  function panelOrder(d) { return !!d && (d.field_defs || []).every((f) => PANEL_FIELDS.indexOf(f.kind) >= 0); }
  function myDecisions() {
    if (!S || S.over || seat < 0 || (S.computer && S.computer[seat])) return [];
    // ll-web: a decision asked of a seat that is not moving (a passive side's reaction, seize or
    // answer) is shown too when only some of its orders fit the panel: those get controls, the
    // others (moves, which need places) are named as the table's.
    const mover = S.state ? S.state.mover : -1;
    return (S.decisions || []).filter((d) => d.seat === seat && (d.types || []).length && !claimed(d) &&
      (d.types.every((t) => panelOrder(orderDef(t))) || (mover >= 0 && d.seat !== mover && d.types.some((t) => panelOrder(orderDef(t))))));
  }
  function endPick() {
    if (pick && pick.btn) { pick.btn.classList.remove('on'); pick.btn.textContent = 'pick on table'; }
    pick = null; svg.classList.remove('picking');
  }
  // A click on the table while a list is being picked adds the man's unit (or the man) to it.
  function pickOn(t) {
    if (!pick || !t || !t.dataset) return false;
    const d = t.dataset;
    let v = null;
    if (pick.f.refers === 'units') {
      if (d.hull !== undefined) v = Number(d.hull);
      else if (d.id !== undefined) { const f = fig(Number(d.id)); v = f && f.unit !== undefined && f.unit >= 0 ? f.unit : null; }
    } else if (d.id !== undefined) v = Number(d.id);
    if (v === null) return true;
    const have = idList(pick.inp.value);
    const next = pick.f.max === 1 ? [v] : have.indexOf(v) >= 0 ? have.filter((x) => x !== v) : have.concat([v]);
    pick.inp.value = next.join(' ');
    return true;
  }
  function decisionEl(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; }
  function orderControls(def) {
    const row = decisionEl('div', 'dc-order'); row.dataset.type = def.type;
    const fields = def.field_defs || [];
    const choice = fields.find((f) => f.kind === 'int' && f.choices && f.required);
    const inputs = [];
    for (const f of fields) {
      if (f === choice) continue;
      const lab = decisionEl('label', 'dc-field', f.name + ' ');
      if (f.help) lab.title = f.help;
      let inp;
      if (f.kind === 'side' || (f.kind === 'int' && f.choices)) {
        inp = document.createElement('select');
        const names = f.kind === 'side' ? hello.sides : f.choices;
        names.forEach((n, i) => { const o = document.createElement('option'); o.value = f.kind === 'side' ? n : i; o.textContent = n; inp.appendChild(o); });
        lab.appendChild(inp);
      } else if (f.kind === 'int') {
        inp = document.createElement('input'); inp.type = 'number'; inp.min = f.min; if (f.max > f.min) inp.max = f.max; inp.value = f.min;
        lab.appendChild(inp);
      } else {
        inp = decisionEl('input', 'dc-list');
        inp.placeholder = (f.refers === 'units' ? 'units' : 'figures') + (f.required ? '' : ' (or none)');
        const pb = decisionEl('button', 'dc-pick', 'pick on table'); pb.type = 'button';
        pb.title = 'click ' + (f.refers === 'units' ? 'units' : 'figures') + ' on the table to name them (again to drop one)';
        pb.onclick = () => {
          const on = pick && pick.inp === inp;
          endPick();
          if (on) return;
          pick = { inp, f, btn: pb }; pb.classList.add('on'); pb.textContent = 'done picking'; svg.classList.add('picking');
        };
        lab.append(inp, pb);
      }
      inp.dataset.field = f.name;
      inputs.push([f, inp]);
      row.appendChild(lab);
    }
    const answer = (n, text) => {
      const b = decisionEl('button', 'dc-answer', text); b.type = 'button';
      b.dataset.type = def.type; if (n !== null) b.dataset.n = n;
      b.title = (def.help || def.type) + (def.clause ? ' (' + def.clause + ')' : '');
      b.onclick = () => {
        const o = { type: def.type };
        if (choice) o[choice.name] = n;
        for (const [f, inp] of inputs) {
          if (f.kind === 'side') o[f.name] = inp.value;
          else if (f.kind === 'int') o[f.name] = Number(inp.value);
          else { const v = idList(inp.value); if (v.length || f.required) o[f.name] = v; }
        }
        endPick();
        row.querySelectorAll('button.dc-answer').forEach((x) => { x.disabled = true; });
        order(o, (m) => { if (!m.ok) row.querySelectorAll('button.dc-answer').forEach((x) => { x.disabled = false; }); });
      };
      row.appendChild(b);
    };
    if (choice) choice.choices.forEach((name, i) => answer(i, name));
    else answer(null, def.type.replace(/_/g, ' '));
    return row;
  }
  // ll-web: the sides by alliance (the state's sides[k].alliance, k's own when absent), shown
  // when the game has more than two sides or any side stands in another's alliance; this seat's
  // side marked. Redrawn with every state, so a change of sides shows at once at every table.
  function drawAlliances() {
    const box = $('alliances'), body = $('alliances-body');
    const sides = (S && S.state && S.state.sides) || [];
    const of = (k) => (sides[k].alliance !== undefined ? sides[k].alliance : k);
    const changed = sides.some((x, k) => of(k) !== k);
    box.hidden = !(sides.length > 2 || changed);
    if (box.hidden) return;
    const groups = new Map();
    sides.forEach((x, k) => { const a = of(k); if (!groups.has(a)) groups.set(a, []); groups.get(a).push(k); });
    const key = JSON.stringify([...groups.entries()]) + '|' + seat;
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    body.replaceChildren();
    for (const [a, ks] of [...groups.entries()].sort((x, y) => x[0] - y[0])) {
      const row = decisionEl('div', 'alliance'); row.dataset.alliance = String(a);
      row.appendChild(decisionEl('span', 'al-name', 'alliance ' + a + ': '));
      ks.forEach((k, i) => {
        const sp = decisionEl('span', 'al-side side-' + k + (k === seat ? ' mine' : ''), sides[k].name || ('side ' + k));
        sp.dataset.side = String(k);
        row.appendChild(sp);
        if (i < ks.length - 1) row.appendChild(document.createTextNode(', '));
      });
      body.appendChild(row);
    }
  }
  function drawDecisions() {
    const list = myDecisions(), box = $('decide');
    const key = JSON.stringify(list.map((d) => [d.clause, d.kind, d.prompt, d.types])) + '|' + S.orders;
    if (key === decKey) return;
    decKey = key;
    endPick();
    const body = $('decide-body');
    body.replaceChildren();
    box.hidden = !list.length;
    const mover = S.state.mover;
    for (const d of list) {
      const dv = decisionEl('div', 'decision'); dv.dataset.clause = d.clause; dv.dataset.kind = d.kind;
      const head = decisionEl('div', 'dc-head');
      head.append(decisionEl('span', 'clause', d.clause), decisionEl('span', 'dc-prompt', d.prompt));
      dv.appendChild(head);
      dv.appendChild(decisionEl('div', 'dc-who', mover >= 0 && mover !== seat ? seatName(mover) + ' is moving: ' + seatName(seat) + ' answers (' + d.kind + ')' : seatName(seat) + ' decides (' + d.kind + ')'));
      const onTable = [];
      for (const t of d.types) { if (panelOrder(orderDef(t))) dv.appendChild(orderControls(orderDef(t))); else onTable.push(t); }
      if (onTable.length) { const n = decisionEl('div', 'dc-table', 'on the table: ' + onTable.join(', ')); n.dataset.types = onTable.join(' '); dv.appendChild(n); }
      body.appendChild(dv);
    }
    if (list.length) box.scrollIntoView({ block: 'nearest' });
  }

  $('fp-fire').onclick = () => order({ type: 'fire', gun: selGun, bearing: Number($('fp-bearing').value), elevation: Number($('fp-elev').value) });
  $('btn-suggest').onclick = () => send({ type: 'suggest' });
  $('btn-auto').onclick = () => { autoSend = true; send({ type: 'suggest' }); };
  $('btn-pause').onclick = () => send({ type: 'pause' });
  $('btn-resume').onclick = () => send({ type: 'resume' });

  // ---- melee participants ----
  // The men of the latest move's melees, from its melee_member events (the engine's list, as
  // this seat may read it): ringed on the table, a full ring in contact (LW.MEL.2), a broken
  // one drawn in within 6 in (LW.MEL.4). They stay until the next move begins to be played.
  const marks = { members: new Map(), stale: false, li: null };
  function noteMelee(e) {
    // Stale once the next move starts; gone with the next message of events (the next move being
    // played), or with another move's start or another melee in the same message (a replay).
    if (e.type === 'move_start' || e.type === 'melee') {
      if (marks.stale) clearMarks();
      if (e.type === 'move_start' && marks.members.size) marks.stale = true;
      return false;
    }
    if (e.type !== 'melee_member') return false;
    const role = e.a === undefined ? 'unseen' : e.c === 1 ? 'contact' : 'drawn';
    if (e.a !== undefined) marks.members.set(e.a, { contact: e.c === 1, melee: e.b, x: e.x || 0, y: e.y || 0 });
    const li = marks.li;
    if (li) {
      // One line per melee: its participants follow its own words, each group with its clause.
      const d = li.dataset;
      d[role] = ((d[role] || '') + ' ' + (e.a === undefined ? '?' : e.a)).trim();
      if (e.clause) d[role + 'Clause'] = e.clause;
      let sp = li.querySelector('.members');
      if (!sp) { sp = document.createElement('span'); sp.className = 'members'; li.appendChild(sp); }
      const ids = (v) => v.split(' ').map((x) => '#' + x).join(' ');
      const words = { contact: 'in contact', drawn: 'drawn in', unseen: 'out of sight' };
      sp.textContent = ['contact', 'drawn', 'unseen'].filter((r) => d[r]).map((r) =>
        ' · ' + words[r] + (d[r + 'Clause'] && r !== 'unseen' ? ' (' + d[r + 'Clause'] + ')' : '') + ': ' +
        (r === 'unseen' ? d[r].split(' ').length + ' men' : ids(d[r]))).join('');
    }
    drawMarks();
    return true;
  }
  function clearMarks() { marks.stale = false; marks.members.clear(); marks.li = null; drawMarks(); }
  function drawMarks() {
    if (!layerMarks || !S) return;
    layerMarks.innerHTML = '';
    drawStandZones();
    // The melee's reach: one circle round its men in contact, 6 in beyond the farthest (it holds
    // every 6 in circle of LW.MEL.4). Built from the members, not from the melee event's x/y,
    // which each rule set uses for its own numbers (Grant: the two combat scores).
    const reach = new Map();
    for (const m of marks.members.values()) {
      if (!m.contact) continue;
      if (!reach.has(m.melee)) reach.set(m.melee, []);
      reach.get(m.melee).push([m.x, m.y]);
    }
    for (const [melee, pts] of reach) {
      const cx = pts.reduce((a, p) => a + p[0], 0) / pts.length, cy = pts.reduce((a, p) => a + p[1], 0) / pts.length;
      const r = 6 + Math.max(...pts.map((p) => Math.hypot(p[0] - cx, p[1] - cy)));
      el('circle', { cx, cy: Y(cy), r, class: 'melee-zone', 'data-melee': melee }, layerMarks);
    }
    for (const [id, m] of marks.members) {
      const f = fig(id);
      if (!f) continue;
      const x = m.x || f.at[0], y = m.y || f.at[1];
      if (x < 0) continue;
      el('circle', { cx: x, cy: Y(y), r: (f.radius || 0.3) + 0.45, class: 'melee-member ' + (m.contact ? 'contact' : 'drawn'),
        'data-id': id, 'data-melee': m.melee, 'data-role': m.contact ? 'contact' : 'drawn' }, layerMarks);
    }
  }

  // ---- what a clause says (issue 19): hovering any clause id shows the text that `tinwar rules
  // ID` prints, fetched once from /api/rules and kept; shown as the element's title and in the
  // clause box under the log. Text only.
  const ruleTexts = new Map();
  const CLAUSE_ID = /^[A-Z][A-Z0-9]*(\.[A-Z0-9]+)+$/;
  async function ruleText(id) {
    if (!ruleTexts.has(id)) {
      ruleTexts.set(id, fetch('/api/rules?id=' + encodeURIComponent(id))
        .then((r) => (r.ok ? r.json() : null)).catch(() => null));
    }
    return ruleTexts.get(id);
  }
  document.addEventListener('mouseover', async (ev) => {
    const t = ev.target;
    if (!t || !t.classList || !t.classList.contains('clause')) return;
    const id = (t.textContent || '').trim();
    if (!CLAUSE_ID.test(id)) return;
    const r = await ruleText(id);
    if (!r) { t.dataset.ruled = 'none'; return; }
    t.title = r.id + ' \u2014 ' + r.title + '\n' + r.text;
    t.dataset.ruled = 'shown';
    const box = $('ruletext');
    if (box) { box.querySelector('b').textContent = r.id + ' \u2014 ' + r.title; box.querySelector('p').textContent = r.text; box.hidden = false; }
  });

  // ---- events ----
  function logEvent(e) {
    if (noteMelee(e)) return; // a participant: on the table, and on his melee's line
    const li = document.createElement('li');
    li.dataset.type = e.type;
    if (e.seq !== undefined) li.dataset.seq = e.seq;
    const c = document.createElement('span'); c.className = 'clause'; c.textContent = e.clause || '';
    li.appendChild(c);
    li.append(e.text || e.type);
    if (e.type === 'dice') {
      // Every face, as thrown (or entered by hand in the physical dice mode).
      const d = document.createElement('span'); d.className = 'dice';
      const faces = e.faces || [e.a];
      d.textContent = ' [' + faces.length + 'd' + (e.sides || 6) + ' = ' + (faces.length > 1 ? faces.join('+') + ' = ' : '') + e.a + (e.entered ? ', entered' : '') + ']';
      li.appendChild(d);
    }
    // A toss with a thrown value shows it; a coin shows whom it fell for.
    if (e.type === 'toss') { const d = document.createElement('span'); d.className = 'dice'; d.textContent = ' [' + (e.b !== undefined ? 'throw ' + e.b : 'coin: ' + seatName(e.a)) + ']'; li.appendChild(d); }
    if (e.type === 'melee') { li.dataset.melee = e.a; marks.li = li; }
    const log = $('log');
    log.appendChild(li);
    while (log.children.length > 2000) log.removeChild(log.firstChild);
    li.scrollIntoView({ block: 'nearest' });
    if (S) setTimeout(() => animate(e), 0);
    // Once the curtain is drawn back, what was out of sight may be read: fetch the log again.
    if (e.type === 'reveal' && !revealed) { revealed = true; setTimeout(() => send({ type: 'sync' }), 50); }
  }
  function animate(e) {
    if (!layerOver || !S) return;
    if (e.type === 'shot' && S.state.guns[e.a]) {
      // The shot flies along its recorded trace (the shot model's flight, bounces and roll:
      // [t, x, y, z] samples from the server) to where it came to rest; without one, straight
      // from the muzzle. The ball grows with its height above the table.
      const g = S.state.guns[e.a], b = g.bearing * Math.PI / 180;
      const m = [g.at[0] + Math.sin(b) * (g.muzzle || 2), g.at[1] + Math.cos(b) * (g.muzzle || 2), 0];
      const pts = (e.trace && e.trace.length > 1 ? e.trace.map((q) => [q[1], q[2], q[3]]) : [m]).concat([[e.x || 0, e.y || 0, 0]]);
      const path = el('polyline', { points: pts.map((p) => p[0] + ',' + Y(p[1])).join(' '), class: 'shot-trace', 'data-gun': e.a,
        'data-samples': e.trace ? e.trace.length : 0 }, layerOver);
      const ball = el('circle', { cx: pts[0][0], cy: Y(pts[0][1]), r: 0.35, class: 'shot', id: 'shotball' }, layerOver);
      const flight = e.trace && e.trace.length > 1 ? e.trace[e.trace.length - 1][0] : 0.7;
      const t0 = performance.now(), T = Math.min(2500, Math.max(700, flight * 1000));
      const step = (now) => {
        const k = Math.max(0, Math.min(1, (now - t0) / T)), f = k * (pts.length - 1), i = Math.min(pts.length - 2, Math.floor(f)), u = f - i;
        const p = [0, 1, 2].map((j) => pts[i][j] + (pts[i + 1][j] - pts[i][j]) * u);
        ball.setAttribute('cx', p[0]); ball.setAttribute('cy', Y(p[1])); ball.setAttribute('r', 0.35 + Math.max(0, p[2]) * 0.05);
        if (k < 1) requestAnimationFrame(step); else setTimeout(() => { ball.remove(); path.remove(); }, 2500);
      };
      requestAnimationFrame(step);
    }
    if ((e.type === 'kill' || e.type === 'prisoner') && e.a !== undefined && fig(e.a) && fig(e.a).at[0] >= 0) {
      const f = fig(e.a);
      const melee = e.type === 'prisoner' || e.b === 4;
      const r = el('circle', { cx: f.at[0], cy: Y(f.at[1]), r: 1.2, class: melee ? 'melee-ring' : 'kill-flash' }, layerOver);
      setTimeout(() => r.remove(), 4000);
    }
  }

  // ---- clock ----
  function ensureAudio() { if (!audio && window.AudioContext) { try { audio = new AudioContext(); } catch (e) { audio = null; } } }
  function beep(n) {
    if (!audio) return;
    for (let i = 0; i < n; i++) {
      const o = audio.createOscillator(), g = audio.createGain();
      o.frequency.value = 880; g.gain.value = 0.15;
      o.connect(g); g.connect(audio.destination);
      const t = audio.currentTime + i * 0.3; o.start(t); o.stop(t + 0.18);
    }
  }
  function warn(s) {
    beep(s <= 30 ? 3 : s <= 60 ? 2 : 1);
    $('clock').dataset.warn = s;
  }
  function timeCalled() { beep(4); refuse({ clause: 'clock', message: 'Time! The move is over.' }); }
  function drawClock() {
    const c = $('clock');
    if (!clock || !clock.enabled || clock.side < 0) { c.textContent = ''; return; }
    let left = clock.left, interval = clock.interval;
    if (!clock.paused && !clock.time_up) {
      const dt = (performance.now() - clockAt) / 1000;
      if (interval > 0) interval = Math.max(0, interval - dt); else left = Math.max(0, left - dt);
    }
    const mmss = (s) => { s = Math.ceil(s / (clock.scale || 1)); return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0'); };
    c.textContent = seatName(clock.side) + ' ' + (interval > 0 ? 'interval ' + mmss(interval) : mmss(left)) + (clock.paused ? ' (paused)' : '');
    const real = left / (clock.scale || 1);
    c.className = 'clock' + (clock.paused ? ' paused' : '') + (real <= 30 ? ' urgent' : real <= 120 ? ' warn' : '');
  }
  setInterval(drawClock, 250);

  // The connection opens once every script of the page has run (DOMContentLoaded): the scripts
  // after this one (series.js, the SvL and Lloyd panels) add their listeners as they run, and a
  // message that arrived while the parser still waited for one of them (a slow server) reached no
  // listener of its; the series message of a join is sent once (stop 26: a whole-game page stayed
  // on the range without its series panel).
  const start = () => { if (game && token) { $('game').hidden = false; connect(); } else { window.twLobby.start(); } };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
