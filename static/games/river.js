// The River renderer: a drawn map of the river (the Harbour, sixteen numbered sections along a winding course, the
// Bay as a lake) with the ships, the buoys and the barge as SVG pieces; then the viewer's own tokens, equipment and
// newspaper, the barge's cargo and the discoveries, and the other players. Legal actions sit on what they act on (a
// move on the section it lands on, a token on the token, a purchase on the equipment); names, counts and the
// river's length come from the catalogue, and where a move lands from the action's `to`. The map has two shapes of
// the same river, wide for a desktop board and tall for a phone, chosen by the width the board has.
import { el, svg, icon, token, bindAction, actionWhere, capitalise, flip } from '/static/js/ui.js';
import { gettext, ngettext, lang } from '/static/js/i18n.js';

// Drawn icons for the six equipment fronts and the clover, in the catalogue's front order.
const FRONT_ICONS = ['net', 'lantern', 'telescope', 'magnifier', 'mask', 'camera', 'clover'];
const SEAT_COLOURS = ['#2f6fd6', '#2e9d4a', '#d9822b', '#8a3fc2'];
const SEAT_DARK = ['#173f82', '#17602b', '#8a4a0c', '#4f1f75'];
// The table page names each player in the colour of their ship (scoreboard, log).
export const seatColours = SEAT_COLOURS;

// ---- map geometry --------------------------------------------------------------------------------------------------

// The river's course through waypoints on each map's own grid (the first is the Harbour, the last the middle of the
// Bay); the stops are spread at equal distances along the smooth curve through them.
const SHAPES = {
  wide: {
    width: 1000, height: 390, stopRadius: 17, font: 15, pieceScale: 1, bayRadius: [78, 62],
    course: [[70, 300], [150, 318], [235, 262], [250, 160], [318, 86], [430, 92], [478, 190], [540, 286], [650, 300],
      [722, 222], [735, 122], [810, 70], [905, 150]],
    harbourLabel: [62, 362], village: [[18, 215], [52, 228], [92, 214]], compass: [956, 342],
  },
  tall: {
    width: 360, height: 480, stopRadius: 16, font: 14, pieceScale: 0.86, bayRadius: [62, 44],
    course: [[44, 62], [140, 48], [250, 65], [318, 114], [270, 164], [160, 161], [60, 193], [44, 265], [130, 297],
      [250, 282], [318, 332], [262, 388], [170, 415]],
    harbourLabel: [40, 20], village: [[92, 96], [128, 102], [62, 108]], compass: [322, 450],
  },
};
const WIDE_FROM = 620;  // board width (px) from which the wide map is drawn

// Catmull-Rom through the waypoints as cubic Bezier segments [p0, c1, c2, p1].
function segmentsThrough(points) {
  const segs = [];
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[Math.min(points.length - 1, i + 2)];
    segs.push([p1, [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6],
      [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6], p2]);
  }
  return segs;
}

function bezierAt([a, b, c, d], t) {
  const u = 1 - t;
  const w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
  return [w[0] * a[0] + w[1] * b[0] + w[2] * c[0] + w[3] * d[0], w[0] * a[1] + w[1] * b[1] + w[2] * c[1] + w[3] * d[1]];
}

const round1 = (n) => Math.round(n * 10) / 10;

// Everything about one map that does not change during a game: the curve, the stops and the drawn landscape.
const geometryCache = new Map();

function geometry(kind, stopCount) {
  const key = `${kind}:${stopCount}`;
  if (geometryCache.has(key)) return geometryCache.get(key);
  const shape = SHAPES[kind];
  const segs = segmentsThrough(shape.course);
  const d = `M${shape.course[0].join(' ')}${segs.map(([, c1, c2, p]) => `C${[c1, c2, p].map((q) => q.map(round1).join(' ')).join(',')}`).join('')}`;
  const samples = [];
  segs.forEach((seg, i) => { for (let k = i ? 1 : 0; k <= 40; k++) samples.push(bezierAt(seg, k / 40)); });
  const along = [0];
  for (let i = 1; i < samples.length; i++) along.push(along[i - 1] + Math.hypot(samples[i][0] - samples[i - 1][0], samples[i][1] - samples[i - 1][1]));
  const total = along[along.length - 1];
  const stops = [];
  let j = 0;
  for (let s = 0; s < stopCount; s++) {
    const at = (total * s) / (stopCount - 1);
    while (j < samples.length - 2 && along[j + 1] < at) j++;
    const [a, b] = [samples[j], samples[j + 1]];
    const t = along[j + 1] > along[j] ? (at - along[j]) / (along[j + 1] - along[j]) : 0;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    // The normal points to the left bank; buoys lie on one side of a stop and the barge on the other.
    stops.push({ x: a[0] + (b[0] - a[0]) * t, y: a[1] + (b[1] - a[1]) * t, nx: (a[1] - b[1]) / len, ny: (b[0] - a[0]) / len });
  }
  const geo = { kind, shape, d, samples, stops, land: null };
  geo.land = drawLand(geo);
  geometryCache.set(key, geo);
  return geo;
}

function distanceToRiver(geo, x, y) {
  let best = Infinity;
  for (const [sx, sy] of geo.samples) best = Math.min(best, (sx - x) ** 2 + (sy - y) ** 2);
  return Math.sqrt(best);
}

// A small fixed pseudo-random sequence, so the landscape is the same on every redraw and every screen.
function scatter(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- the landscape (drawn once per map shape and cloned) ------------------------------------------------------------

function tree(x, y, size, dark) {
  return svg('g', { class: 'river-tree' },
    svg('rect', { x: round1(x - size * 0.12), y: round1(y), width: round1(size * 0.24), height: round1(size * 0.7), fill: '#7a5431' }),
    svg('circle', { cx: round1(x + size * 0.12), cy: round1(y - size * 0.1), r: round1(size * 0.62), fill: dark ? '#3d7535' : '#4f8c3f' }),
    svg('circle', { cx: round1(x - size * 0.1), cy: round1(y - size * 0.3), r: round1(size * 0.5), fill: dark ? '#4c8a40' : '#64a450' }));
}

function pine(x, y, size) {
  return svg('g', { class: 'river-tree' },
    svg('rect', { x: round1(x - size * 0.1), y: round1(y + size * 0.2), width: round1(size * 0.2), height: round1(size * 0.4), fill: '#6b4a2b' }),
    svg('path', { d: `M${round1(x)} ${round1(y - size)}L${round1(x + size * 0.55)} ${round1(y + size * 0.25)}H${round1(x - size * 0.55)}Z`, fill: '#35704a' }));
}

function reeds(x, y) {
  const d = [-4, 0, 4].map((dx, i) => `M${round1(x + dx)} ${round1(y)}q${i - 1} -6 ${(i - 1) * 2} -${10 + i * 2}`).join('');
  return svg('path', { d, class: 'river-reeds', fill: 'none', stroke: '#5f8a33', 'stroke-width': 1.6, 'stroke-linecap': 'round' });
}

function house(x, y, roof) {
  return svg('g', { class: 'river-house' },
    svg('rect', { x: x - 9, y: y - 6, width: 18, height: 13, fill: '#f4ead2', stroke: '#7b6547', 'stroke-width': 1 }),
    svg('path', { d: `M${x - 12} ${y - 5}L${x} ${y - 15}L${x + 12} ${y - 5}Z`, fill: roof, stroke: '#6b3b24', 'stroke-width': 1 }),
    svg('rect', { x: x - 2, y: y + 1, width: 4, height: 6, fill: '#7b6547' }));
}

function drawLand(geo) {
  const { shape, stops } = geo;
  const { width: W, height: H } = shape;
  const bay = stops[stops.length - 1];
  const harbour = stops[0];
  const rand = scatter(W * 7 + H);
  const parts = [];
  parts.push(svg('defs', {},
    svg('linearGradient', { id: `river-meadow-${geo.kind}`, x1: 0, y1: 0, x2: 0, y2: 1 },
      svg('stop', { offset: '0', 'stop-color': '#d5ebb0' }), svg('stop', { offset: '1', 'stop-color': '#b9dc92' })),
    svg('radialGradient', { id: `river-lake-${geo.kind}` },
      svg('stop', { offset: '0', 'stop-color': '#7cc3ea' }), svg('stop', { offset: '1', 'stop-color': '#3f8fc9' }))));
  parts.push(svg('rect', { x: 0, y: 0, width: W, height: H, fill: `url(#river-meadow-${geo.kind})` }));
  // Gentle hills and fields under everything else.
  for (let i = 0; i < 5; i++) {
    parts.push(svg('ellipse', { cx: round1(rand() * W), cy: round1(rand() * H), rx: round1(W * (0.1 + rand() * 0.12)), ry: round1(H * (0.08 + rand() * 0.08)),
      fill: i % 2 ? '#c4e29c' : '#e3eab0', opacity: 0.7 }));
  }
  // The river: sandy banks, water, a lighter current and ripples; the Bay is a lake at its mouth.
  const [rx, ry] = shape.bayRadius;
  parts.push(svg('ellipse', { cx: round1(bay.x), cy: round1(bay.y), rx: rx + 8, ry: ry + 8, fill: '#e2cf98' }));
  parts.push(svg('path', { d: geo.d, fill: 'none', stroke: '#e2cf98', 'stroke-width': 50, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }));
  parts.push(svg('ellipse', { cx: round1(bay.x), cy: round1(bay.y), rx, ry, fill: `url(#river-lake-${geo.kind})` }));
  parts.push(svg('path', { d: geo.d, fill: 'none', stroke: '#4f9fd6', 'stroke-width': 36, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }));
  parts.push(svg('path', { d: geo.d, fill: 'none', stroke: '#7fc0ea', 'stroke-width': 14, opacity: 0.7, 'stroke-linecap': 'round' }));
  parts.push(svg('path', { d: geo.d, fill: 'none', stroke: '#ffffff', 'stroke-width': 1.6, opacity: 0.55, 'stroke-dasharray': '7 19', 'stroke-linecap': 'round' }));
  for (let i = 0; i < 3; i++) {
    parts.push(svg('path', { d: `M${round1(bay.x - rx * 0.5 + i * rx * 0.3)} ${round1(bay.y + ry * (0.25 + (i % 2) * 0.2))}q6 -4 12 0t12 0`,
      fill: 'none', stroke: '#ffffff', opacity: 0.5, 'stroke-width': 1.5, 'stroke-linecap': 'round' }));
  }
  // The Harbour: a wooden pier and a little village on the bank.
  parts.push(svg('rect', { x: round1(harbour.x - 26), y: round1(harbour.y - 6), width: 20, height: 12, rx: 2, fill: '#a8814f', stroke: '#6d5233', 'stroke-width': 1.2 }));
  for (const [i, [x, y]] of shape.village.entries()) parts.push(house(x, y, ['#c0543c', '#b5703c', '#9b4d3a'][i % 3]));
  parts.push(compass(shape.compass[0], shape.compass[1], 20));
  // Trees, pines and reeds on land that is neither river, lake, village, compass nor label.
  const keepClear = [[harbour.x, harbour.y, 46], [bay.x, bay.y, Math.max(rx, ry) + 26], ...shape.village.map(([x, y]) => [x, y, 24]),
    [shape.harbourLabel[0] + 30, shape.harbourLabel[1] - 4, 36], [shape.compass[0], shape.compass[1] - 4, 34]];
  const step = geo.kind === 'wide' ? 38 : 34;
  for (let y = step * 0.6; y < H; y += step) {
    for (let x = step * 0.5; x < W; x += step) {
      const px = x + (rand() - 0.5) * step * 0.8;
      const py = y + (rand() - 0.5) * step * 0.8;
      const roll = rand();
      const dist = distanceToRiver(geo, px, py);
      if (keepClear.some(([cx, cy, r]) => Math.hypot(px - cx, py - cy) < r)) continue;
      if (px < 10 || px > W - 10 || py < 14 || py > H - 6) continue;
      if (dist > 27 && dist < 36 && roll < 0.45) parts.push(reeds(px, py));
      else if (dist > 48 && roll < 0.42) parts.push(tree(px, py, 11 + rand() * 6, roll < 0.2));
      else if (dist > 48 && roll < 0.58) parts.push(pine(px, py, 12 + rand() * 5));
    }
  }
  return parts;
}

// A compass rose: eight points and the north.
function compass(x, y, r) {
  const points = [];
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4 - Math.PI / 2;
    const long = i % 2 === 0 ? r : r * 0.55;
    const side = (a2) => [round1(x + Math.cos(a2) * r * 0.16), round1(y + Math.sin(a2) * r * 0.16)];
    const [lx, ly] = side(a - Math.PI / 2);
    const [rx, ry] = side(a + Math.PI / 2);
    points.push(svg('path', { d: `M${lx} ${ly}L${round1(x + Math.cos(a) * long)} ${round1(y + Math.sin(a) * long)}L${rx} ${ry}Z`,
      fill: i === 0 ? '#b0412e' : i % 2 ? '#d9cfae' : '#5b4a32', stroke: '#5b4a32', 'stroke-width': 0.6 }));
  }
  return svg('g', { class: 'river-compass', opacity: 0.85 },
    svg('circle', { cx: x, cy: y, r: r * 0.72, fill: '#f4ecd2', stroke: '#5b4a32', 'stroke-width': 1 }), points,
    svg('text', { x, y: round1(y - r - 3), 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: '#5b4a32' }, gettext('N')));
}

// ---- the pieces ----------------------------------------------------------------------------------------------------

// Each seat's mark on its sail, beside its colour: a shape, never a letter, so two players whose names share an
// initial ("Bea" and the bot "Basil") are still told apart, and colour never carries meaning alone.
const SEAT_MARKS = [
  (x, y, r, fill) => svg('circle', { cx: x, cy: y, r: r * 0.9, fill }),
  (x, y, r, fill) => svg('path', { d: `M${x} ${y - r}L${x + r} ${y + r * 0.8}H${x - r}Z`, fill }),
  (x, y, r, fill) => svg('rect', { x: x - r * 0.8, y: y - r * 0.8, width: r * 1.6, height: r * 1.6, fill }),
  (x, y, r, fill) => svg('path', { d: `M${x} ${y - r * 1.1}L${x + r} ${y}L${x} ${y + r * 1.1}L${x - r} ${y}Z`, fill }),
];

function seatMark(seat, x, y, r, fill) {
  return SEAT_MARKS[seat % SEAT_MARKS.length](x, y, r, fill);
}

// The table page's players panel shows each player's mark in their colour beside their name.
export function seatSwatch(seat) {
  const mark = seat % SEAT_MARKS.length;
  return svg('svg', { class: 'seat-swatch river-seat-mark', viewBox: '0 0 12 12', 'aria-hidden': 'true',
    'data-mark': mark },
    seatMark(seat, 6, 6, 5, SEAT_COLOURS[seat % SEAT_COLOURS.length]));
}

// A sailing ship in the owner's colour with the owner's mark on the sail.
function shipPiece(seat, { label, homeward, cls = 'river-piece river-ship' }) {
  const colour = SEAT_COLOURS[seat % SEAT_COLOURS.length];
  const dark = SEAT_DARK[seat % SEAT_DARK.length];
  const mark = seat % SEAT_MARKS.length;
  return svg('svg', { class: cls, viewBox: '0 0 44 40', role: 'img', 'aria-label': label, 'data-mark': mark },
    svg('title', {}, label),
    svg('ellipse', { cx: 22, cy: 35, rx: 17, ry: 3, fill: '#1b4e75', opacity: 0.35 }),
    svg('path', { d: 'M3 25H41L35 35H9Z', fill: colour, stroke: dark, 'stroke-width': 1.6, 'stroke-linejoin': 'round' }),
    svg('path', { d: 'M6 28.5H38', stroke: '#ffffff', 'stroke-width': 1.2, opacity: 0.7 }),
    svg('path', { d: 'M22 3V25', stroke: '#4a3520', 'stroke-width': 2 }),
    svg('path', { d: 'M23.5 5L38 22H23.5Z', fill: '#fffdf4', stroke: dark, 'stroke-width': 1.2, 'stroke-linejoin': 'round' }),
    svg('path', { d: 'M20.5 9L8 22H20.5Z', fill: '#fffdf4', stroke: dark, 'stroke-width': 1.2, 'stroke-linejoin': 'round' }),
    seatMark(seat, 28.5, 17, 3.2, dark),
    homeward
      ? svg('path', { d: 'M22 3L31 6L22 9Z', fill: '#f2b705', stroke: '#8a6400', 'stroke-width': 0.8 })
      : svg('path', { d: 'M22 3L28 5L22 7Z', fill: colour }));
}

// The barge: a flat boat loaded with crates of equipment.
function bargePiece(label, cls = 'river-piece river-barge') {
  return svg('svg', { class: cls, viewBox: '0 0 56 32', role: 'img', 'aria-label': label },
    svg('title', {}, label),
    svg('ellipse', { cx: 28, cy: 28.5, rx: 24, ry: 3, fill: '#1b4e75', opacity: 0.35 }),
    svg('path', { d: 'M2 17H54L49 27H7Z', fill: '#8f3b2a', stroke: '#4e1c12', 'stroke-width': 1.6, 'stroke-linejoin': 'round' }),
    svg('path', { d: 'M5 20.5H51', stroke: '#f0c46a', 'stroke-width': 1.4 }),
    svg('rect', { x: 8, y: 8, width: 11, height: 9, fill: '#d9a441', stroke: '#6d4a12', 'stroke-width': 1 }),
    svg('rect', { x: 20, y: 10, width: 10, height: 7, fill: '#5f95c9', stroke: '#254d75', 'stroke-width': 1 }),
    svg('rect', { x: 13, y: 2, width: 10, height: 6, fill: '#7fb069', stroke: '#3e6430', 'stroke-width': 1 }),
    svg('path', { d: 'M35 17V7H47V17', fill: '#efe3c8', stroke: '#4e1c12', 'stroke-width': 1.4 }),
    svg('path', { d: 'M33 7.5L41 3L49 7.5Z', fill: '#4e1c12' }),
    svg('rect', { x: 38, y: 10, width: 6, height: 4, fill: '#8fc6ea' }));
}

function buoyMark(x, y) {
  return svg('g', { class: 'river-buoy' },
    svg('title', {}, gettext('Buoy: a ship that stops here explores')),
    svg('path', { d: `M${x} ${y - 14}V${y - 6}`, stroke: '#333', 'stroke-width': 1.2 }),
    svg('path', { d: `M${x} ${y - 14}L${x + 6} ${y - 12}L${x} ${y - 10}Z`, fill: '#ffd43b' }),
    svg('path', { d: `M${x - 6} ${y + 4}L${x - 3.5} ${y - 7}H${x + 3.5}L${x + 6} ${y + 4}Z`, fill: '#e8421c', stroke: '#7a1d08', 'stroke-width': 1 }),
    svg('rect', { x: x - 4.8, y: y - 2.5, width: 9.6, height: 2.6, fill: '#ffffff' }),
    svg('ellipse', { cx: x, cy: y + 4.5, rx: 8, ry: 2, fill: '#1b4e75', opacity: 0.3 }));
}

// An anchor for the Harbour's stop.
function anchorMark(x, y) {
  return svg('path', {
    d: `M${x} ${y - 8}V${y + 8}M${x - 5} ${y - 4}H${x + 5}M${x - 8} ${y + 2}Q${x - 7} ${y + 9} ${x} ${y + 8}Q${x + 7} ${y + 9} ${x + 8} ${y + 2}`,
    fill: 'none', stroke: '#1f4e6e', 'stroke-width': 2, 'stroke-linecap': 'round',
  });
}

// ---- names and small things ----------------------------------------------------------------------------------------

function frontName(cat, f) {
  const name = (cat.fronts || [])[f];
  return name ? gettext(name) : '?';
}

function frontIcon(cat, f) {
  return icon(FRONT_ICONS[f] || 'cards', { title: frontName(cat, f) });
}

function isStar(cat, t) {
  return t === cat.star;
}

// A token's face inside a sentence: the number, or the drawn star.
function tokenFace(cat, t) {
  return isStar(cat, t) ? icon('star', { title: gettext('star'), cls: 'river-star' }) : String(t);
}

// A movement token: the star is drawn, numbers are written.
function moveToken(cat, t, colour, cls) {
  return token(isStar(cat, t) ? icon('star') : String(t), { colour, cls: ['river-token', cls], title: isStar(cat, t) ? gettext('star token') : gettext('token {n}', { n: t }) });
}

function lastStop(cat) {
  return Number.isInteger(cat.bay) ? cat.bay : 17;
}

function place(cat, p) {
  if (p === 0) return gettext('Harbour');
  if (p === lastStop(cat)) return gettext('Bay');
  return gettext('Section {section}', { section: p });
}

// "Your ship" / "Ann's ship" in English; other languages name every player, the viewer too.
function shipOf(ctx, seat) {
  if (lang === 'en') return `${ctx.possessive(seat, { capital: true })} ship`;
  return gettext("{player}'s ship", { player: ctx.name(seat, { capital: true }) });
}

// A translated sentence with one element inside it, where its `{hole}` stands: [before, node, after].
function around(text, hole, node) {
  const at = text.indexOf(`{${hole}}`);
  if (at < 0) return [text, ' ', node];
  return [text.slice(0, at), node, text.slice(at + hole.length + 2)].filter((part) => part !== '');
}

// Letters in the longest word of a name: a discovery card sets the name small enough for that word (river.css).
const longestWord = (name) => Math.max(0, ...name.split(/[\s-]+/).map((word) => word.length));

function creatureName(info) {
  return info.creature && info.creature !== '?' ? gettext(info.creature) : '?';
}

function discoveryCard(cat, id, cls) {
  const info = (cat.cards || {})[String(id)] || { front: cat.clover, creature: '?', value: 0 };
  return el('div', {
    class: ['river-disc', cls],
    title: gettext('{creature}: value {value} (found with: {equipment})', { creature: creatureName(info), value: info.value, equipment: frontName(cat, info.front) }),
  },
    el('div', { class: 'river-disc-value' }, String(info.value)),
    el('div', { class: 'river-disc-name', style: { '--longest-word': longestWord(creatureName(info)) } }, creatureName(info)),
    el('div', { class: 'river-disc-front' }, frontIcon(cat, info.front)));
}

// A player inside a sentence, as the server writes one: ctx.say turns it into a name (or "you" in English).
const seatRef = (seat) => `@${seat}`;

function statusLine(view, ctx) {
  const g = view.game;
  if (view.result) return gettext('Game over.');
  if (g.phase === 'draft') {
    if (g.turn === view.seat) return gettext('Set-up');
    const drafting = ctx.say(gettext('{player} chooses a starting tool.', { player: seatRef(g.turn) }));
    return gettext('Set-up: {what}', { what: drafting });
  }
  if (g.phase === 'choose') {
    const waiting = g.players.filter((p) => p.waiting).map((p) => p.seat);
    const players = waiting.length ? capitalise(ctx.list(waiting)) : gettext('nobody');
    return gettext('Round {round}: everybody picks a movement token in secret. Still choosing: {players}.', { round: g.round, players });
  }
  if (g.phase === 'act') {
    const acting = ctx.say(gettext('{player} is acting.', { player: seatRef(g.sub ? g.sub.seat : g.turn) }));
    return gettext('Round {round}: {what}', { round: g.round, what: acting });
  }
  return '';
}

function orderRow(view, ctx, cat) {
  const g = view.game;
  if (g.phase !== 'act' || !g.order.length) return null;
  return el('div', { class: 'river-order' }, el('span', { class: 'river-order-title' }, gettext('Order:')),
    g.order.map((s, i) => el('span', {
      class: ['river-order-chip', i === g.order_index && 'river-current', i < g.order_index && 'river-done'],
      style: { 'border-color': SEAT_COLOURS[s] },
    }, `${ctx.name(s, { capital: true })} `, tokenFace(cat, g.players[s].token))),
    g.low !== null && g.order.some((s) => isStar(cat, g.players[s].token))
      ? el('span', { class: 'river-low' }, icon('star', { title: gettext('star'), cls: 'river-star' }), ' ',
        gettext('moves the barge {steps}', { steps: g.low })) : null);
}

// ---- the map -------------------------------------------------------------------------------------------------------

// Offsets (in map units) of the ships sharing a stop, so each stays visible.
// None goes lower than a lone ship, so the stop's number stays readable; the back row is drawn first.
const FANS = [[[0, 0]], [[-11, 0], [11, 0]], [[0, -10], [-15, 2], [15, 2]], [[-15, -13], [15, -13], [-15, 2], [15, 2]]];

function fan(count, spread) {
  const row = FANS[Math.min(count, FANS.length) - 1];
  return Array.from({ length: count }, (_, i) => {
    const [dx, dy] = row[i % row.length];
    return [dx * spread, dy * spread];
  });
}

const SHIP_LIFT = 19;  // map units
const BARGE_ASIDE = 40;  // from the middle of its stop to the bank opposite the buoys, in map units

const pct = (v, of) => `${round1((v / of) * 1000) / 10}%`;

function mapKind(root) {
  const width = root.clientWidth || (root.parentElement && root.parentElement.clientWidth) || window.innerWidth;
  return width >= WIDE_FROM ? 'wide' : 'tall';
}

function riverMap(view, ctx, cat, kind) {
  const g = view.game;
  const bayAt = lastStop(cat);
  const geo = geometry(kind, bayAt + 1);
  const { shape, stops } = geo;
  const { width: W, height: H } = shape;
  const at = (x, y) => ({ left: pct(x, W), top: pct(y, H) });

  // Static landscape, then what a game changes: buoys, the stop markers and their numbers.
  const marks = [];
  for (let i = 0; i < bayAt; i++) {
    const s = stops[i];
    const buoy = g.buoys.includes(i);
    if (buoy) marks.push(buoyMark(round1(s.x + s.nx * 27), round1(s.y + s.ny * 27)));
    marks.push(svg('g', { class: ['river-stop', buoy && 'river-stop-buoy'], 'data-pos': i },
      svg('title', {}, buoy ? gettext('{place}: buoy', { place: place(cat, i) }) : place(cat, i)),
      svg('circle', { cx: round1(s.x), cy: round1(s.y), r: shape.stopRadius }),
      i === 0 ? anchorMark(round1(s.x), round1(s.y))
        : svg('text', { x: round1(s.x), y: round1(s.y + shape.font * 0.36), 'text-anchor': 'middle', 'font-size': shape.font }, String(i))));
  }
  const bay = stops[bayAt];
  marks.push(svg('text', { class: 'river-place-name', x: round1(bay.x), y: round1(bay.y + shape.bayRadius[1] * 0.72), 'text-anchor': 'middle', 'font-size': shape.font + 3 }, gettext('Bay')));
  marks.push(svg('text', { class: 'river-place-name', x: shape.harbourLabel[0], y: shape.harbourLabel[1], 'font-size': shape.font + 1 }, gettext('Harbour')));
  const buoyList = g.buoys.length ? gettext('buoys at sections {sections}', { sections: g.buoys.join(', ') }) : gettext('no buoys');
  const land = svg('svg', {
    class: 'river-land', viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: 'xMidYMid meet', role: 'img',
    'aria-label': gettext('River map: the Harbour, sections 1 to {last} and the Bay; {buoys}; the barge at {place}.', {
      last: bayAt - 1, buoys: buoyList, place: place(cat, g.barge).toLowerCase(),
    }),
  }, geo.land.map((n) => n.cloneNode(true)), marks);

  // Pieces: the barge beside its stop, the ships on theirs.
  const scale = shape.pieceScale;
  const pieces = [];
  if (g.barge !== null && g.barge !== undefined && stops[g.barge]) {
    const s = stops[g.barge];
    const barge = bargePiece(gettext('The barge, at {place}: a ship stopping there must buy equipment', { place: place(cat, g.barge).toLowerCase() }));
    barge.dataset.flip = 'barge';
    barge.dataset.pos = g.barge;
    Object.assign(barge.style, at(s.x - s.nx * BARGE_ASIDE, s.y - s.ny * BARGE_ASIDE));
    pieces.push(barge);
  }
  const byStop = new Map();
  for (const p of g.players) byStop.set(p.pos, [...(byStop.get(p.pos) || []), p]);
  for (const [pos, here] of byStop) {
    const s = stops[pos];
    if (!s) continue;
    const offsets = fan(here.length, pos === bayAt ? 2.2 : pos === 0 ? 1.8 : 1.25);  // the Harbour and the Bay have room
    here.forEach((p, i) => {
      const where = p.in_bay ? gettext('in the Bay') : place(cat, p.pos).toLowerCase();
      const ship = shipOf(ctx, p.seat);
      const label = p.homeward && !p.in_bay ? gettext('{ship}, {where}, heading home to the Bay', { ship, where })
        : gettext('{ship}, {where}', { ship, where });
      const piece = shipPiece(p.seat, { label, homeward: p.homeward });
      piece.dataset.seat = p.seat;
      piece.dataset.pos = p.pos;
      piece.dataset.flip = `ship-${p.seat}`;
      if (p.seat === view.seat) piece.classList.add('river-mine');
      // A ship stands on the upper half of a numbered stop, so the number stays readable.
      const lift = pos === bayAt ? SHIP_LIFT / 2 : pos === 0 ? 0 : SHIP_LIFT;
      Object.assign(piece.style, at(s.x + offsets[i][0] * scale, s.y - lift * scale + offsets[i][1] * scale));
      pieces.push(piece);
    });
  }

  // Where a move lands, as the server says (`to`): a ring to tap on that stop.
  const targets = [];
  if (view.seat !== null && view.seat !== undefined) {
    for (const a of view.legal.filter((x) => x.type === 'move')) {
      const s = stops[a.to];
      if (!s) continue;
      const target = el('div', {
        class: ['river-target', `river-target-${a.piece}`], dataset: { pos: a.to, piece: a.piece }, style: at(s.x, s.y),
      }, el('span', { class: 'river-go' }, a.piece === 'barge' ? gettext('barge') : gettext('go')));
      targets.push(bindAction(target, a, ctx));
    }
  }
  return el('div', {
    class: ['river-map', `river-map-${kind}`], role: 'group', 'aria-label': gettext('The river'),
    style: { 'aspect-ratio': `${W} / ${H}` },
  }, land, el('div', { class: 'river-pieces' }, pieces), targets);
}

// ---- supplies: the barge's cargo and the discoveries ---------------------------------------------------------------

function supplies(view, ctx, cat) {
  const g = view.game;
  const buys = view.legal.filter((a) => a.type === 'buy' || a.type === 'draft');
  const cargo = Object.entries(g.cargo).filter(([, n]) => n).map(([t, n]) => {
    const f = Number(t);
    const node = el('div', {
      class: 'river-equip', title: gettext('{equipment}: lets you take discoveries showing this tool. {n} left.', { equipment: frontName(cat, f), n }),
    },
      el('div', { class: 'river-equip-icon' }, frontIcon(cat, f)),
      el('div', { class: 'river-equip-name' }, frontName(cat, f)),
      el('div', { class: 'river-equip-count' }, `×${n}`));
    const a = buys.find((x) => x.equip === f);
    return a ? bindAction(node, a, ctx) : node;
  });
  const aside = {};
  g.aside.forEach((f) => { aside[f] = (aside[f] || 0) + 1; });
  return el('div', { class: 'river-supplies' },
    el('div', { class: 'river-cargo' },
      el('div', { class: 'river-section-title' }, bargePiece(gettext('The barge'), 'river-barge-badge'), ' ', gettext('Barge cargo (equipment)')),
      el('div', { class: 'river-row' }, cargo.length ? cargo : el('div', { class: 'river-empty' }, gettext('empty')))),
    el('div', { class: 'river-deckarea' }, el('div', { class: 'river-section-title' }, gettext('Discoveries')),
      el('div', { class: 'river-row' },
        g.deck_top !== null
          ? el('div', {
            class: 'river-back river-deck',
            title: ngettext('Discovery deck: {n} card. The top card needs: {equipment}', 'Discovery deck: {n} cards. The top card needs: {equipment}',
              g.deck_count, { equipment: frontName(cat, g.deck_top) }),
          },
            el('div', { class: 'river-back-icon' }, frontIcon(cat, g.deck_top)),
            el('div', { class: 'river-back-name' }, frontName(cat, g.deck_top)),
            el('div', { class: 'river-deck-count' }, ngettext('{n} card', '{n} cards', g.deck_count)))
          : el('div', { class: 'river-empty' }, gettext('deck empty')),
        el('div', { class: 'river-aside' }, el('div', { class: 'river-small' }, gettext('Set aside ({n}):', { n: g.aside.length })),
          Object.entries(aside).map(([f, n]) => el('span', {
            class: 'river-aside-chip',
            title: ngettext('{n} set-aside card needing: {equipment}', '{n} set-aside cards needing: {equipment}', n, { equipment: frontName(cat, Number(f)) }),
          }, frontIcon(cat, Number(f)), `×${n}`))))));
}

// ---- a player's area -----------------------------------------------------------------------------------------------

function playerBox(view, ctx, cat, s) {
  const g = view.game;
  const p = g.players[s];
  const mine = s === view.seat;
  const colour = SEAT_COLOURS[s % SEAT_COLOURS.length];
  let where = place(cat, p.pos);
  if (p.in_bay) where = g.bay[0] === s ? gettext('in the Bay (first! +2)') : gettext('in the Bay');
  else if (p.homeward) where = gettext('{place} · heading home', { place: where });
  let choice;
  if (g.phase === 'choose' && !p.in_bay) {
    if (!p.chosen) choice = el('div', { class: 'river-choice river-choosing' }, gettext('choosing…'));
    else if (mine && g.my_choice !== null) {
      choice = el('div', { class: 'river-choice river-chosen' }, around(gettext('You chose {token} (hidden from others)'), 'token', tokenFace(cat, g.my_choice)));
    } else choice = el('div', { class: 'river-choice river-chosen' }, icon('check'), ' ', gettext('has chosen (hidden)'));
  } else if (g.phase === 'act' && p.token !== null) {
    choice = el('div', { class: 'river-choice' }, around(gettext('Played token {token}'), 'token', tokenFace(cat, p.token)));
  } else choice = el('div', { class: 'river-choice' });
  const tokenActs = mine ? view.legal.filter((a) => a.type === 'token' || a.type === 'pay') : [];
  const sorted = (list) => list.slice().sort((a, b) => (isStar(cat, a) - isStar(cat, b)) || a - b);
  const hand = sorted(p.hand).map((t) => {
    const tk = moveToken(cat, t, colour, mine && g.my_choice === t && g.phase === 'choose' ? 'river-picked' : null);
    const a = tokenActs.find((x) => x.token === t);
    if (a) bindAction(tk, a, ctx);
    if (a && a.only) tk.classList.add('river-only');  // the one token left: one obvious click
    else if (!a) tk.title = gettext('In hand');
    return tk;
  });
  const used = sorted(p.used).map((t) => Object.assign(moveToken(cat, t, colour, 'river-used'), { title: gettext('Used: comes back when all others are used') }));
  const spent = sorted(p.spent).map((t) => Object.assign(moveToken(cat, t, colour, 'river-spent'), { title: gettext('Spent on equipment: gone for the rest of the game') }));
  const replaces = mine ? view.legal.filter((a) => a.type === 'replace') : [];
  const slots = [];
  for (let i = 0; i < cat.article_slots; i++) {
    if (i < p.article.length) {
      const d = discoveryCard(cat, p.article[i]);
      const a = actionWhere(replaces, { slot: i });
      slots.push(a ? bindAction(d, a, ctx) : d);
    } else slots.push(el('div', { class: 'river-disc river-slot-empty' }, gettext('picture {n}', { n: i + 1 })));
  }
  const found = g.sub && g.sub.kind === 'replace' && g.sub.seat === s
    ? el('div', { class: 'river-holding' }, el('span', { class: 'river-small' }, gettext('{player} found:', { player: ctx.name(s, { capital: true }) })), discoveryCard(cat, g.sub.card, 'river-new'))
    : null;
  return el('div', {
    class: ['river-player', mine && 'river-me', (view.waiting || []).includes(s) && 'river-awaited'],
    dataset: { seat: s }, style: { '--seat-colour': colour },
  },
  el('div', { class: 'river-player-head' },
    shipPiece(s, { label: shipOf(ctx, s), homeward: p.homeward, cls: 'river-ship-badge' }),
    el('span', { class: 'river-player-name' }, ctx.name(s, { capital: true })),
    el('span', { class: 'river-player-where' }, where),
    el('span', { class: 'river-score', title: gettext('Pictures in the newspaper, +2 for the first into the Bay, −2 while the replacements are not done') },
      view.result ? gettext('final: {score}', { score: p.score }) : gettext('score: {score}', { score: p.score }))),
  choice,
  el('div', { class: 'river-rack' }, el('span', { class: 'river-small' }, gettext('Tokens')), hand,
    used.length ? [el('span', { class: 'river-small' }, gettext('used')), used] : null,
    spent.length ? [el('span', { class: 'river-small' }, gettext('spent')), spent] : null),
  el('div', { class: 'river-equiprow' }, el('span', { class: 'river-small' }, gettext('Equipment')),
    p.equipment.map((t) => el('span', {
      class: 'river-equip-chip',
      title: gettext('Can take discoveries showing: {equipment} (and any {clover})', { equipment: frontName(cat, t), clover: frontName(cat, cat.clover) }),
    },
      frontIcon(cat, t), ' ', frontName(cat, t)))),
  el('div', { class: 'river-paper' },
    el('div', { class: 'river-paper-title' }, icon('newspaper'), el('span', { class: 'river-paper-name' }, gettext('The River Gazette')),
      el('span', { class: 'river-paper-count' }, gettext('replacements {done}/{needed}', { done: p.replaced.length, needed: cat.replacements }))),
    found,
    el('div', { class: 'river-slots' }, slots),
    p.replaced.length ? el('div', { class: 'river-replaced' }, el('span', { class: 'river-small' }, gettext('Replaced (no points):')),
      p.replaced.map((c) => {
        const info = (cat.cards || {})[String(c)] || {};
        return el('span', { class: 'river-rep-chip' }, `${creatureName(info)} ${info.value}`);
      })) : null));
}

// ---- the board -----------------------------------------------------------------------------------------------------

// The table page's scoreboard: the score now, and where the ship is.
export function summary(view, ctx) {
  const cat = ctx.catalogue || {};
  return view.game.players.map((p) => [ngettext('{n} point', '{n} points', p.score), p.in_bay ? gettext('in the Bay') : place(cat, p.pos)]);
}

// The map's shape follows the board's width: a resize across the threshold redraws the last view.
let drawn = null;  // {root, view, ctx, kind}

// Redrawn for a new shape, every piece changes place on the screen without having moved in the game: no glide,
// no highlight.
function onResize() {
  if (drawn && mapKind(drawn.root) !== drawn.kind) draw(drawn.root, drawn.view, drawn.ctx, { reshaped: true });
}

export function dispose() {
  window.removeEventListener('resize', onResize);
  drawn = null;
}

export function render(root, view, ctx) {
  draw(root, view, ctx, { reshaped: false });
}

function draw(root, view, ctx, { reshaped }) {
  const g = view.game;
  const cat = ctx.catalogue || {};
  const me = view.seat;
  const seated = me !== null && me !== undefined && me >= 0 && me < g.players.length;
  const others = g.players.map((p) => p.seat).filter((s) => !seated || s !== me);
  const kind = mapKind(root);
  if (!drawn) window.addEventListener('resize', onResize);
  drawn = { root, view, ctx, kind };
  flip(root, () => root.replaceChildren(el('div', { class: 'river-root' },
    // The map comes first on the board, so nothing above it can shift it between two drawings: only pieces
    // that really moved glide. The status strip under it may change height freely.
    el('div', { class: 'river-chart' },
      riverMap(view, ctx, cat, kind),
      el('div', { class: 'river-status' }, el('div', { class: 'river-status-line' }, statusLine(view, ctx)), orderRow(view, ctx, cat))),
    el('div', { class: ['river-desk', !seated && 'river-desk-watching'] }, seated ? playerBox(view, ctx, cat, me) : null, supplies(view, ctx, cat)),
    el('div', { class: 'river-players' }, others.map((s) => playerBox(view, ctx, cat, s))),
    el('div', { class: 'river-foot river-small' },
      gettext("Tie order (replaces 'youngest first'): {players}", { players: g.tiebreak.map((s) => ctx.name(s, { capital: true })).join(' → ') }),
      ' · ', gettext('Game ends after the round in which the first ship reaches the Bay (at most {rounds} rounds).', { rounds: g.round_cap })))),
  reshaped ? { duration: 0, byOthers: false } : { byOthers: ctx.othersMoved });
}

// ---- pictures for the rules page ----------------------------------------------------------------------------------

// The rules page (an element with the class rules-page) draws the pieces with the table's own code; tool and creature
// names come from the catalogue, fetched once before the page asks for a picture.
const RULES_PAGE = typeof document !== 'undefined' && document.querySelector('.rules-page');
const rulesCatalogue = RULES_PAGE
  ? await fetch('/api/games/river/catalogue').then((r) => (r.ok ? r.json() : {}), () => ({})) : {};
const seatWord = (seat) => gettext('player {n}', { n: seat + 1 });
const pictureCtx = {
  get catalogue() { return rulesCatalogue; },
  name: (seat) => capitalise(seatWord(seat)),
  possessive: (seat) => `${capitalise(seatWord(seat))}'s`,  // shipOf asks for it in English only
};

function framed(nodes, cls = '') {
  return el('span', { class: ['river-picture', cls] }, nodes);
}

// A sample river: buoys and the barge where a game could have put them, four ships in the Harbour and on the way.
function sampleMap() {
  const players = [{ seat: 0, pos: 3 }, { seat: 1, pos: 0 }, { seat: 2, pos: 9 }, { seat: 3, pos: 9, homeward: true }];
  const view = { seat: null, legal: [], game: { buoys: [2, 4, 6, 9, 11, 12, 14, 16], barge: 7, players } };
  const kind = window.innerWidth >= 700 ? 'wide' : 'tall';
  return el('div', { class: 'river-picture river-picture-map' }, riverMap(view, pictureCtx, rulesCatalogue, kind));
}

function sampleDiscovery(front, value) {
  const id = Object.entries(rulesCatalogue.cards || {}).find(([, c]) => c.front === front && c.value === value);
  return discoveryCard(rulesCatalogue, id ? id[0] : -1);
}

export const pictures = {
  map: sampleMap,
  ship: () => framed(shipPiece(0, { label: shipOf(pictureCtx, 0) })),
  ships: () => framed([0, 1, 2, 3].map((s) => el('span', { class: 'river-picture-ship' },
    shipPiece(s, { label: shipOf(pictureCtx, s) }), ' ', pictureCtx.name(s)))),
  homeward: () => framed(shipPiece(0, {
    label: gettext('{ship}, heading home to the Bay', { ship: shipOf(pictureCtx, 0) }), homeward: true })),
  barge: () => framed(bargePiece(gettext('The barge'))),
  buoy: () => framed(svg('svg', {
    class: 'river-picture-buoy', viewBox: '-10 -16 20 24', role: 'img',
    'aria-label': gettext('Buoy: a ship that stops here explores'),
  }, buoyMark(0, 0))),
  tokens: () => framed((rulesCatalogue.tokens || [1, 2, 3, 4, 5, 0])
    .map((t) => moveToken(rulesCatalogue, t, SEAT_COLOURS[0]))),
  equipment: () => framed((rulesCatalogue.fronts || []).slice(0, 6).map((name, f) => el('div', { class: 'river-equip' },
    el('div', { class: 'river-equip-icon' }, frontIcon(rulesCatalogue, f)),
    el('div', { class: 'river-equip-name' }, frontName(rulesCatalogue, f))))),
  discoveries: () => framed([sampleDiscovery(2, 5), sampleDiscovery(4, 3), sampleDiscovery(6, 2)]),
};
