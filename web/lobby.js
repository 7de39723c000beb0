// tinwar: the lobby (issue 19). A new game from a bundled scenario (picked by name, with its
// picture and description), a generated Country (with its seed) or a scenario of one's own; the
// rule set's parameters with their labels, units and controls; and "my games": the games this
// browser has created or joined, kept in its localStorage so that a lost link can be found again.
// A seat's token stays in this browser: it goes to the server only in the join link (the
// WebSocket) and in the body of POST /api/status, never in another URL.
// app.js calls twLobby.start() when the page has no game to join, and twLobby.joined(...) on a
// game's hello (the game's title in the header, the game remembered).
'use strict';
window.twLobby = (function () {
  const $ = (id) => document.getElementById(id);
  const KEY = 'tinwar.games';
  const mk = (tag, props, kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (k === 'dataset') Object.assign(e.dataset, v); else if (k in e) e[k] = v; else e.setAttribute(k, v);
    }
    for (const c of kids || []) if (c !== null && c !== undefined) e.append(c);
    return e;
  };

  // ---------------- my games (localStorage) ----------------
  function myGames() {
    try {
      const v = JSON.parse(localStorage.getItem(KEY) || '[]');
      return Array.isArray(v) ? v.filter((g) => g && typeof g.game === 'string' && typeof g.token === 'string') : [];
    } catch (e) { return []; }
  }
  function saveGames(list) { try { localStorage.setItem(KEY, JSON.stringify(list)); } catch (e) { /* private mode */ } }
  /// Keeps (or refreshes) a seat of a game: {game, seat, token, title, ruleset}.
  function remember(g) {
    const list = myGames().filter((x) => !(x.game === g.game && x.seat === g.seat));
    list.unshift(Object.assign({ at: Date.now() }, g));
    saveGames(list.slice(0, 50));
  }
  function forget(game, seatName) { saveGames(myGames().filter((x) => !(x.game === game && x.seat === seatName))); }
  function joinLink(g) { return '/?game=' + encodeURIComponent(g.game) + '&token=' + encodeURIComponent(g.token); }

  // The server answers for a seat only with its token, in a POST body.
  async function gameStatus(g) {
    try {
      const r = await fetch('/api/status', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game: g.game, token: g.token }) });
      const body = await r.json();
      return r.ok ? body : { error: r.status === 404 ? 'this server no longer has the game' : body.error || ('error ' + r.status) };
    } catch (e) { return { error: 'the server did not answer' }; }
  }
  function statusText(st) {
    if (st.error) return st.error;
    if (st.over) return 'over: ' + (st.winner === 'draw' ? 'drawn' : st.winner ? st.winner + ' won' : 'ended');
    const who = st.to_move && st.to_move.length ? st.to_move.join(' and ') + ' to act' : 'waiting';
    return (st.yours ? 'your move: ' : '') + who + ' (' + st.phase + ', move ' + st.move_no + ')';
  }
  async function drawMyGames() {
    const ul = $('mg-list');
    ul.replaceChildren();
    const list = myGames();
    $('mg-none').hidden = list.length > 0;
    for (const g of list) {
      const st = mk('span', { className: 'mg-status' }, ['asking the server ...']);
      const li = mk('li', { className: 'mg', dataset: { game: g.game, seat: g.seat } }, [
        mk('a', { href: joinLink(g), className: 'mg-title' }, [g.title || g.game]),
        ' ', mk('span', { className: 'mg-seat' }, ['as ' + g.seat]), ' ', st, ' ',
        mk('button', { type: 'button', className: 'mg-forget', title: 'forget this game in this browser (the game goes on)', onclick: () => { forget(g.game, g.seat); drawMyGames(); } }, ['forget'])]);
      ul.appendChild(li);
      gameStatus(g).then((s) => {
        st.textContent = statusText(s);
        li.dataset.state = s.error ? 'gone' : s.over ? 'over' : s.yours ? 'yours' : 'waiting';
        if (s.title) li.querySelector('.mg-title').textContent = s.title;
      });
    }
  }

  // ---------------- a new game ----------------
  let data = null, scenarios = [], chosen = null, baseline = {};
  const scenText = new Map(); // json url -> the scenario's text

  function currentRuleset() { return data.rulesets.find((r) => r.name === $('ng-ruleset').value); }
  function source() { return document.querySelector('input[name=src]:checked').value; }
  function showError(t) { $('ng-error').textContent = t; $('ng-error').hidden = false; }

  /// One control per parameter, from its description: a checkbox for yes/no, a select for
  /// choices, a number with its range, step and unit; the help as a tooltip.
  function drawParams(rs, values) {
    const box = $('ng-params');
    box.replaceChildren(mk('legend', {}, ['Rules']));
    baseline = {};
    for (const p of rs.params) {
      const v = values && p.name in values ? values[p.name] : p.default;
      const help = p.help + ' (' + p.name + ')';
      let input;
      if (p.kind === 'choice') {
        input = mk('select', {}, p.choices.map((c, i) => mk('option', { value: c }, [c.replace(/_/g, ' ')])));
        input.value = typeof v === 'string' ? v : p.choices[v] || p.choices[0];
        baseline[p.name] = input.value;
      } else if (p.kind === 'yesno') {
        input = mk('input', { type: 'checkbox' });
        input.checked = Number(v) !== 0;
        baseline[p.name] = input.checked ? 1 : 0;
      } else {
        input = mk('input', { type: 'number', min: p.min, max: p.max, step: p.step > 0 ? p.step : 'any' });
        input.value = v;
        baseline[p.name] = Number(v);
      }
      input.id = 'param-' + p.name; input.dataset.param = p.name; input.title = help;
      const label = mk('label', { className: 'param param-' + p.kind, title: help }, [mk('span', { className: 'pl' }, [p.label || p.name])]);
      if (p.kind === 'yesno') label.prepend(input); else label.append(' ', input);
      if (p.kind !== 'yesno') label.append(mk('span', { className: 'unit' }, [p.unit || '']));
      box.appendChild(label);
    }
  }
  function paramValue(p) {
    const el = $('param-' + p.name);
    return p.kind === 'choice' ? el.value : p.kind === 'yesno' ? (el.checked ? 1 : 0) : Number(el.value);
  }

  function drawSeats(names) {
    const rs = currentRuleset();
    const box = $('ng-seats');
    box.replaceChildren(mk('legend', {}, ['Seats']));
    for (const name of names) {
      const sel = mk('select', { className: 'ng-seat', id: 'ng-' + name, dataset: { side: name } },
        [mk('option', { value: '' }, ['human'])].concat(rs.generals.map((g) => mk('option', { value: g }, ['computer: ' + g]))));
      box.appendChild(mk('label', {}, [name + ' ', sel]));
    }
  }
  function pastedScenario() {
    try { const sc = JSON.parse($('ng-scenario').value); return sc && typeof sc === 'object' ? sc : null; } catch (e) { return null; }
  }
  function sidesOf(sc) { return sc && Array.isArray(sc.sides) && sc.sides.length ? sc.sides.map((s) => String(s.name)) : null; }

  async function scenarioText(s) {
    if (!scenText.has(s.json)) {
      const r = await fetch(s.json);
      if (!r.ok) throw new Error('cannot load ' + s.title);
      scenText.set(s.json, await r.text());
    }
    return scenText.get(s.json);
  }

  /// The form follows the table's source: its seats and the scenario's own parameter values.
  async function refresh() {
    const rs = currentRuleset();
    let sc = null;
    if (source() === 'bundled' && chosen) {
      try { sc = JSON.parse(await scenarioText(chosen)); } catch (e) { showError(e.message); }
    } else if (source() === 'scenario') {
      sc = pastedScenario();
    }
    drawParams(rs, sc && sc.ruleset === rs.name ? sc.params : null);
    drawSeats(sidesOf(sc) || ['red', 'blue']);
    $('ng-gen').classList.toggle('inactive', source() !== 'generate');
    roleScenario = sc;
    await drawRoleSeats();
  }

  // Issue 16: a scenario whose sides have several players (the rule set's roles): a choice per
  // player's role, a person or a computer general, sent as POST /api/games' "computer" key
  // "SIDE/ROLE". The roles are the server's to say (POST /api/roles; they may follow a parameter).
  let roleScenario = null, roleAsk = 0;
  async function drawRoleSeats() {
    const ask = ++roleAsk;
    for (const old of document.querySelectorAll('#ng-seats .ng-role-seat')) old.remove();
    const sc = roleScenario;
    if (!sc) return;
    const rs = currentRuleset();
    const params = {};
    for (const p of rs.params) { const v = paramValue(p); if (v !== baseline[p.name]) params[p.name] = v; }
    let roles = [];
    try {
      const r = await fetch('/api/roles', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ scenario: sc, params }) });
      if (r.ok) roles = (await r.json()).roles || [];
    } catch (e) { roles = []; }
    if (ask !== roleAsk) return; // another answer is on its way
    const box = $('ng-seats');
    for (const ro of roles) {
      if (ro.kind !== 'player') continue;
      const id = 'ng-role-' + (ro.side + '-' + ro.role).replace(/[^A-Za-z0-9_-]/g, '-');
      const sel = mk('select', { className: 'ng-role', id, dataset: { key: ro.key, side: ro.side, role: ro.role } },
        [mk('option', { value: '' }, ['human'])].concat(rs.generals.map((g) => mk('option', { value: g }, ['computer: ' + g]))));
      box.appendChild(mk('label', { className: 'ng-role-seat', title: 'one player of ' + ro.side + ': a person, or the computer for his part only' }, [ro.side + ' ' + ro.role + ' ', sel]));
    }
    box.dataset.roles = String(box.querySelectorAll('.ng-role').length);
  }

  function drawCards() {
    const rs = currentRuleset();
    const box = $('ng-bundled');
    box.replaceChildren();
    const mine = scenarios.filter((s) => s.ruleset === rs.name);
    if (chosen && chosen.ruleset !== rs.name) chosen = null;
    for (const s of mine) {
      const card = mk('button', { type: 'button', className: 'sc-card', id: 'sc-' + s.file, title: s.title, dataset: { file: s.file }, 'aria-pressed': String(chosen === s) }, [
        mk('img', { src: s.picture, alt: 'the table of ' + s.title, width: 160, height: Math.round(160 * s.depth / s.width), loading: 'lazy' }),
        mk('b', { className: 'sc-title' }, [s.title]),
        mk('span', { className: 'sc-size' }, [s.width + ' by ' + s.depth + ' in, ' + s.figures + ' figures']),
        mk('span', { className: 'sc-desc' }, [s.description])]);
      card.onclick = () => {
        chosen = s;
        document.querySelector('input[name=src][value=bundled]').checked = true;
        for (const c of box.children) c.setAttribute('aria-pressed', String(c === card));
        refresh();
      };
      box.appendChild(card);
    }
    $('ng-bundled-none').hidden = mine.length > 0;
    document.querySelector('input[name=src][value=bundled]').disabled = mine.length === 0;
    if (!mine.length && source() === 'bundled') document.querySelector('input[name=src][value=generate]').checked = true;
  }

  async function create(ev) {
    ev.preventDefault();
    const rs = currentRuleset();
    const req = { clock: { enabled: $('ng-clock').checked, scale: Number($('ng-scale').value) || 1 } };
    const src = source();
    if (src === 'bundled') {
      if (!chosen) { showError('pick a scenario'); return; }
      try { req.scenario = JSON.parse(await scenarioText(chosen)); } catch (e) { showError(e.message); return; }
    } else if (src === 'scenario') {
      try { req.scenario = JSON.parse($('ng-scenario').value); } catch (e) { showError('scenario: ' + e.message); return; }
    } else {
      req.ruleset = rs.name;
      req.width = Number($('ng-width').value); req.depth = Number($('ng-depth').value);
      if ($('ng-seed').value !== '') req.seed = Number($('ng-seed').value);
    }
    // Only what the player changed: the rest is the scenario's own, or the rule set's default.
    const params = {};
    for (const p of rs.params) { const v = paramValue(p); if (v !== baseline[p.name]) params[p.name] = v; }
    if (Object.keys(params).length) req.params = params;
    const comp = {};
    for (const sel of document.querySelectorAll('.ng-seat')) if (sel.value) comp[sel.dataset.side] = sel.value;
    for (const sel of document.querySelectorAll('.ng-role')) if (sel.value) comp[sel.dataset.key] = sel.value; // issue 16
    if (Object.keys(comp).length) req.computer = comp;
    const r = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(req) });
    const body = await r.json();
    if (!r.ok) { showError((body.clause ? body.clause + ': ' : '') + body.error); return; }
    $('ng-error').hidden = true;
    const title = src === 'bundled' ? chosen.title : src === 'scenario' ? (req.scenario.title || req.scenario.name || 'a scenario') : 'A generated Country';
    const ul = $('link-list'); ul.replaceChildren();
    // The sides this browser may play are its games; a game of computers only, its spectator's
    // seat (the umpire's link is only shown).
    // A role's seat (several players a side) is remembered by the browser that joins it.
    const side = (s) => s.seat !== 'umpire' && s.seat !== 'spectator' && !s.role;
    const humans = body.seats.filter((s) => side(s) && !s.computer);
    for (const s of body.seats) {
      const li = mk('li', {}, [mk('a', { href: s.link, id: 'link-' + s.seat.replace(/ /g, '-') }, ['join as ' + s.seat])]);
      if (s.computer) li.append(' (computer: ' + s.computer + ')');
      // Several players a side (the rule set's roles): a seat per arm, the chief, an official.
      if (s.role) { li.className = 'role-link'; li.dataset.side = s.side; li.dataset.role = s.role; if (comp[s.side]) li.append(' (the computer plays ' + s.side + ')'); }
      ul.appendChild(li);
      if (humans.length ? humans.indexOf(s) >= 0 : s.seat === 'spectator') remember({ game: body.id, seat: s.seat, token: s.token, title, ruleset: body.ruleset });
    }
    $('links').hidden = false;
    $('links').dataset.game = body.id;
    drawMyGames();
  }

  async function start() {
    $('lobby').hidden = false;
    $('status').textContent = 'new game';
    document.title = 'tinwar: a new game';
    drawMyGames();
    const [res, sres] = await Promise.all([fetch('/api/rulesets'), fetch('/api/scenarios')]);
    data = await res.json();
    scenarios = sres.ok ? (await sres.json()).scenarios : [];
    const rsSel = $('ng-ruleset');
    for (const rs of data.rulesets) rsSel.appendChild(mk('option', { value: rs.name }, [rs.title]));
    rsSel.onchange = () => { drawCards(); refresh(); };
    $('ng-params').addEventListener('change', () => { drawRoleSeats(); }); // issue 16: roles may follow a parameter
    $('ng-scenario').addEventListener('input', () => { if (source() === 'scenario') refresh(); });
    for (const r of document.querySelectorAll('input[name=src]')) r.addEventListener('change', refresh);
    $('ng-reseed').onclick = () => { $('ng-seed').value = Math.floor(Math.random() * 1e9); document.querySelector('input[name=src][value=generate]').checked = true; refresh(); };
    $('ng-seed').addEventListener('input', () => { document.querySelector('input[name=src][value=generate]').checked = true; });
    $('newgame').onsubmit = create;
    drawCards();
    await refresh();
  }

  /// A game's hello: its title in the header and the window's title, and this seat remembered.
  function joined(game, token, hello) {
    const title = hello.title || 'a battle';
    $('game-title').textContent = title;
    document.title = title + ' · tinwar';
    remember({ game, seat: hello.seat, token, title, ruleset: hello.ruleset.name });
  }

  return { start, joined, myGames, forget };
})();
