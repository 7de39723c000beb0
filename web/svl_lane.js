// Science versus Luck's test range: the lane drawn with each round's fall (sv-svweb; SV.DOC.6,
// SV.DOC.8). window.twSvlLane(rounds, gun) gives an SVG of the 96 in x 36 in lane seen from
// above, the gun at the left end, the paper screens (12 in wide) at 12, 24, 36, 48, 60 and 72 in,
// and for each round that flew: its line of flight from the gun to its first graze D1 at its
// lateral offset (left negative: drawn above the axis, as the gunner looking down the lane sees
// his left), the beaten zone Z0-Z1 along that line, and the round's number at D1. Misfires are
// counted in the caption. The rounds are the gun's record (svl_range.js rounds()), which only its
// owner's view holds: another team's page has none to draw.
'use strict';
(function () {
  const NS = 'http://www.w3.org/2000/svg';
  const LANE = 96, WIDTH = 36, PX = 5, PAD = 14;
  const SCREENS = [12, 24, 36, 48, 60, 72];
  const svg = (tag, attrs, text) => {
    const e = document.createElementNS(NS, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  // Lane inches to the drawing: x down the lane, y across it (left of the axis up).
  const X = (d) => PAD + d * PX;
  const Y = (lat) => PAD + (WIDTH / 2 - lat) * PX;

  window.twSvlLane = function (rounds, gun) {
    const w = 2 * PAD + LANE * PX, h = 2 * PAD + WIDTH * PX;
    const root = svg('svg', { class: 'svr-lane', width: '100%', viewBox: '0 0 ' + w + ' ' + (h + 16), 'data-gun': String(gun) });
    root.append(svg('title', {}, 'the lane seen from above: gun ' + gun + ' at the left end, the screens, each round\'s first graze and beaten zone (SV.DOC.6, SV.DOC.8)'));
    root.append(svg('rect', { x: X(0), y: Y(WIDTH / 2), width: LANE * PX, height: WIDTH * PX, fill: '#eef3e2', stroke: '#888' }));
    root.append(svg('line', { x1: X(0), y1: Y(0), x2: X(LANE), y2: Y(0), stroke: '#bbb', 'stroke-dasharray': '4 4' }));
    for (let d = 12; d <= LANE; d += 12)
      root.append(svg('text', { x: X(d), y: h + 10, 'text-anchor': 'middle', 'font-size': 9, fill: '#555' }, d + ' in'));
    for (const d of SCREENS)
      root.append(svg('line', { class: 'svr-screen', 'data-at': String(d), x1: X(d), y1: Y(6), x2: X(d), y2: Y(-6), stroke: '#8a6d3b', 'stroke-width': 2 }));
    root.append(svg('rect', { x: X(0) - 4, y: Y(0) - 4, width: 8, height: 8, fill: '#333' }));
    let flown = 0, misfires = 0;
    for (const r of rounds) {
      if (r.misfire) { misfires++; continue; }
      if (!(r.d1 > 0)) continue;
      flown++;
      const g = svg('g', { class: 'svr-fall' + (r.serial ? ' serial' : ''), 'data-n': String(r.n), 'data-d1': r.d1.toFixed(1), 'data-lat': r.lat.toFixed(1), 'data-z0': r.z0.toFixed(1), 'data-z1': r.z1.toFixed(1) });
      const colour = r.serial ? '#6a4c93' : '#b22222';
      const at = (z) => [X(z), Y(r.lat * z / r.d1)]; // along the line of flight
      const [fx, fy] = at(r.d1);
      g.append(svg('line', { x1: X(0), y1: Y(0), x2: fx, y2: fy, stroke: colour, 'stroke-opacity': 0.25 }));
      if (r.z1 > r.z0) {
        const [ax, ay] = at(r.z0), [bx, by] = at(Math.min(r.z1, LANE + 4));
        g.append(svg('line', { class: 'svr-zone', x1: ax, y1: ay, x2: bx, y2: by, stroke: colour, 'stroke-width': 3, 'stroke-opacity': 0.6 }));
      }
      g.append(svg('circle', { cx: fx, cy: fy, r: 3, fill: colour }));
      g.append(svg('text', { x: fx + 4, y: fy - 4, 'font-size': 9, fill: colour }, String(r.n)));
      g.append(svg('title', {}, 'round ' + r.n + (r.serial ? ' (serial)' : '') + ': D1 ' + r.d1.toFixed(1) + ' in, lateral ' + r.lat.toFixed(1) + ' in, Z ' + r.z0.toFixed(1) + '-' + r.z1.toFixed(1) + ' in'));
      root.append(g);
    }
    root.dataset.flown = String(flown);
    root.dataset.misfires = String(misfires);
    root.append(svg('text', { x: PAD, y: 10, 'font-size': 10, fill: '#333' },
      'gun ' + gun + ': ' + flown + ' round' + (flown === 1 ? '' : 's') + ' drawn' + (misfires ? ', ' + misfires + ' misfired' : '') + ' (SV.DOC.8)'));
    return root;
  };
})();
