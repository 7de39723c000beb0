// The page's speed (issue 19), a benchmark and not a test: headless Chromium opens a big table
// (Little Wars, 300 men a side on 144 x 96 in) and a small one (30 a side, the baseline), then
//   - the time to the table's first picture on loopback: the page's first contentful paint and
//     its 'tw-table-drawn' mark (web/app.js sets it when the first state has been drawn), in ms
//     from the navigation's start;
//   - frames a second while panning and zooming: a requestAnimationFrame counter runs in the page
//     while Playwright sends a scripted sequence of wheel steps and middle-button drags (real
//     input events, as a mouse sends them).
// Prints medians of a few runs and the ratio big/small. Run by bench/web_bench.sh (`make bench`),
// which starts the server:  TW_URL=http://127.0.0.1:PORT node tests/web/bench.js
'use strict';
const { chromium } = require('playwright-core');

const BASE = process.env.TW_URL || 'http://127.0.0.1:8199';
const CHROMIUM = process.env.TW_CHROMIUM || '/usr/bin/chromium';
const RUNS = Number(process.env.TW_BENCH_RUNS || 3);
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// A Little Wars scenario with n men a side in blocks of 25 (a unit each) along each back line,
// four ranks deep, 0.8 in apart: LW.MOB.15's 1/16 in between men of 0.3 in radius is kept.
function scenario(n) {
  const W = 144, D = 96, figures = [], units = [];
  for (const [si, side] of ['red', 'blue'].entries()) {
    for (let i = 0; i < n; i++) {
      const block = Math.floor(i / 25), k = i % 25, rank = k % 4, file = Math.floor(k / 4);
      const x = 4 + block * 11 + file * 0.8 + (rank % 2) * 0.4, y = 0.4 + rank * 0.8;
      const id = figures.length;
      figures.push({ id, kind: 'infantry', side, at: [x, si ? D - y : y], facing: si ? 180 : 0, radius: 0.3, height: 2.0, status: 'unplaced' });
      if (k === 0) units.push({ id: units.length, side, name: side + ' ' + (block + 1), figures: [] });
      units[units.length - 1].figures.push(id);
    }
  }
  return {
    format: 'tinwar-scenario', version: 1, name: 'bench-' + 2 * n, ruleset: 'littlewars',
    params: { variety: 'fight_to_finish', curtain: 0 }, table: { width: W, depth: D },
    sides: [{ name: 'red', back_y: 0 }, { name: 'blue', back_y: D }],
    terrain: [{ kind: 'hill', name: 'a hill', poly: [[60, 40], [84, 40], [84, 56], [60, 56]], height: 1 },
      { kind: 'house', name: 'a house', poly: [[30, 44], [36, 44], [36, 50], [30, 50]], height: 4 }],
    figures, guns: [], units,
  };
}

async function createGame(n) {
  const r = await fetch(BASE + '/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ scenario: scenario(n), clock: { enabled: false } }) });
  const body = await r.json();
  if (!r.ok) throw new Error('create: ' + JSON.stringify(body));
  return body.seats.find((s) => s.seat === 'spectator').link;
}

const median = (v) => { const s = [...v].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

async function one(browser, link, figures) {
  const c = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await c.newPage();
  await page.goto(BASE + link);
  await page.waitForFunction((n) => document.querySelectorAll('circle.fig').length >= n, figures, { timeout: 20000 });
  await page.waitForTimeout(300);
  const t = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const m = performance.getEntriesByName('tw-table-drawn')[0];
    return { fcp: fcp ? fcp.startTime : NaN, drawn: m ? m.startTime : NaN };
  });
  // The frame counter: every requestAnimationFrame tick while the sequence runs.
  await page.evaluate(() => {
    window.__fr = { n: 0, t0: performance.now(), worst: 0, last: performance.now(), on: true };
    const tick = (ts) => { const f = window.__fr; if (!f.on) return; f.n++; f.worst = Math.max(f.worst, ts - f.last); f.last = ts; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
  const box = await (await page.$('#table')).boundingBox();
  const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
  // The sequence: zoom in by 8 wheel steps, drag about with the middle button, zoom out, again.
  for (let round = 0; round < 3; round++) {
    await page.mouse.move(cx + (round - 1) * 150, cy);
    for (let k = 0; k < 8; k++) { await page.mouse.wheel(0, -120); await page.waitForTimeout(16); }
    await page.mouse.down({ button: 'middle' });
    for (let k = 1; k <= 40; k++) {
      const a = k / 40 * 2 * Math.PI;
      await page.mouse.move(cx + (round - 1) * 150 + 200 * Math.sin(a), cy + 120 * (1 - Math.cos(a)));
      await page.waitForTimeout(16);
    }
    await page.mouse.up({ button: 'middle' });
    for (let k = 0; k < 8; k++) { await page.mouse.wheel(0, 120); await page.waitForTimeout(16); }
  }
  const fr = await page.evaluate(() => { const f = window.__fr; f.on = false; const dt = performance.now() - f.t0; return { fps: f.n / dt * 1000, worst: f.worst, ms: dt }; });
  await c.close();
  return { ...t, ...fr };
}

(async () => {
  // A fresh profile of its own (Playwright makes one for a launched browser).
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  const res = {};
  try {
    for (const n of [300, 30]) {
      const link = await createGame(n);
      const runs = [];
      for (let k = 0; k < RUNS; k++) runs.push(await one(browser, link, 2 * n));
      res[n] = { fps: median(runs.map((r) => r.fps)), worst: median(runs.map((r) => r.worst)),
        fcp: median(runs.map((r) => r.fcp)), drawn: median(runs.map((r) => r.drawn)) };
    }
  } finally {
    await browser.close();
  }
  const b = res[300], s = res[30];
  console.log('page (headless Chromium, loopback), median of ' + RUNS + ' runs:');
  console.log('  pan and zoom, 600 figures: %s fps (worst frame %s ms)   60 figures: %s fps   ratio 600/60 %s   target >= 30 fps: %s',
    b.fps.toFixed(1), b.worst.toFixed(0), s.fps.toFixed(1), (b.fps / s.fps).toFixed(2), b.fps >= 30 ? 'met' : 'NOT met');
  console.log('  first paint, 600 figures: %s ms (table drawn %s ms)   60 figures: %s ms (table drawn %s ms)   ratio %s   target <= 1000 ms: %s',
    b.fcp.toFixed(0), b.drawn.toFixed(0), s.fcp.toFixed(0), s.drawn.toFixed(0), (b.drawn / s.drawn).toFixed(2), b.drawn <= 1000 ? 'met' : 'NOT met');
})().catch((e) => { console.error('web bench: ' + e.message); process.exit(1); });
