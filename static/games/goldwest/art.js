// Gold West's drawings: the five resources, each with its own outline (no two share a shape or a letter), the
// players' pieces (influence token, camp, settlement, stagecoach) in the seat's colour with the seat's own mark,
// the Wanted token, a victory point and a Boomtown office front. Each drawing is a list of [tag, attrs] shapes in
// its own box, so the map's SVG places them directly and the rest of the page (and the rules page) shows them as
// small inline SVGs.
import { svg } from '/static/js/ui.js';

export const PLAYER_COLOURS = ['#e07b20', '#7b4bb0', '#2f6fd6', '#f2f2f2'];
export const RESOURCE_COLOURS = { gold: '#f2c633', silver: '#c9d3dc', copper: '#cf7c45', wood: '#8b5a2b',
  stone: '#7a7a7a' };
const INK = '#222';

const path = (d, fill, extra = {}) => ['path', { d, fill, stroke: INK, 'stroke-width': 1, 'stroke-linejoin': 'round',
  ...extra }];
const mark = (d, colour, width = 1) => ['path', { d, fill: 'none', stroke: colour, 'stroke-width': width,
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round' }];

// Resources in a 20 x 18 box: gold an ingot, silver a coin, copper a cut nugget, wood a log, stone a rough block.
const RESOURCE_SHAPES = {
  gold: () => [path('M1.5 14.5 L5 4 H15 L18.5 14.5 Z', RESOURCE_COLOURS.gold), mark('M6 6.5 H14', '#fff6c2', 1.3),
    mark('M5 14.5 L7 6.5 M15 14.5 L13 6.5', '#b08a12', 0.7)],
  silver: () => [['circle', { cx: 10, cy: 9, r: 7.5, fill: RESOURCE_COLOURS.silver, stroke: INK, 'stroke-width': 1 }],
    ['circle', { cx: 10, cy: 9, r: 4.5, fill: 'none', stroke: '#7d8b97', 'stroke-width': 1.2 }],
      mark('M7.5 6.5 L9 5.5', '#fff', 1.2)],
  copper: () => [path('M10 1.2 L18.5 9 L10 16.8 L1.5 9 Z', RESOURCE_COLOURS.copper),
    mark('M1.5 9 H18.5 M10 1.2 L7 9 L10 16.8 L13 9 Z',
    '#8a4a22', 0.7)],
  wood: () => [path('M3 5 H15 V13 H3 Z', RESOURCE_COLOURS.wood), ['ellipse', { cx: 15, cy: 9, rx: 3, ry: 4,
    fill: '#d8ab72', stroke: INK,
    'stroke-width': 1 }], ['ellipse', { cx: 15, cy: 9, rx: 1.3, ry: 1.8, fill: 'none', stroke: '#8b5a2b',
      'stroke-width': 0.7 }],
  ['ellipse', { cx: 3, cy: 9, rx: 1.6, ry: 4, fill: RESOURCE_COLOURS.wood, stroke: INK, 'stroke-width': 1 }],
    mark('M5 7.3 H12 M6 10.7 H13', '#5a3a1a', 0.7)],
  stone: () => [path('M3 15.5 L1.5 8 L6.5 2.5 L14.5 3 L18.5 9.5 L15 15.5 Z', RESOURCE_COLOURS.stone),
    mark('M6.5 2.5 L9 8 L15 9 M9 8 L7 15.5',
    '#4a4a4a', 0.8), mark('M4 7 L6 4.5', '#b0b0b0', 1)],
};

export function resourceShapes(res) {
  return (RESOURCE_SHAPES[res] || RESOURCE_SHAPES.stone)();
}

// A seat's mark inside its pieces, centred on (x, y) within a radius r: a star, a triangle, a ring, a cross.
export function seatMark(seat, x, y, r) {
  const colour = seat === 3 ? INK : '#fff';
  const f = (v) => v.toFixed(2);
  switch (seat % 4) {
    case 0: {
      const points = [];
      for (let i = 0; i < 10; i += 1) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const d = i % 2 ? r * 0.45 : r;
        points.push(`${f(x + d * Math.cos(a))},${f(y + d * Math.sin(a))}`);
      }
      return ['polygon', { points: points.join(' '), fill: colour }];
    }
    case 1: return ['path',
      { d: `M${f(x)} ${f(y - r)} L${f(x + r * 0.95)} ${f(y + r * 0.7)} L${f(x - r * 0.95)} ${f(y + r * 0.7)} Z`,
        fill: colour }];
    case 2: return ['circle', { cx: x, cy: y, r: r * 0.62, fill: 'none', stroke: colour, 'stroke-width': r * 0.42 }];
    default: return mark(`M${f(x - r * 0.8)} ${f(y)} H${f(x + r * 0.8)} M${f(x)} ${f(y - r * 0.8)} V${f(y + r * 0.8)}`,
      colour, r * 0.42);
  }
}

const colourOf = (seat) => PLAYER_COLOURS[seat % PLAYER_COLOURS.length];

// The players' pieces, in a 20 x 20 box (the stagecoach 24 x 18).
const PIECES = {
  influence: (seat) => [['rect', { x: 2, y: 2, width: 16, height: 16, rx: 4, fill: colourOf(seat), stroke: INK,
    'stroke-width': 1.1 }],
    seatMark(seat, 10, 10.4, 5.2)],
  camp: (seat) => [path('M1.5 18.5 L10 2.5 L18.5 18.5 Z', colourOf(seat), { 'stroke-width': 1.1 }), seatMark(seat, 10,
    13, 3.6)],
  settlement: (seat) => [path('M1.5 19 V9 L10 1.5 L18.5 9 V19 Z', colourOf(seat), { 'stroke-width': 1.1 }),
    path('M13.5 5 V2 H16 V7.2', colourOf(seat), { 'stroke-width': 0.9 }), seatMark(seat, 10, 12.6, 4.4)],
  stagecoach: (seat) => [path('M3 3 H21 V12.5 H3 Z', colourOf(seat), { 'stroke-width': 1.1 }), mark('M1 4 Q12 0 23 4',
    INK, 1),
    ['circle', { cx: 7, cy: 14, r: 3.2, fill: '#5a3a1a', stroke: INK, 'stroke-width': 0.8 }],
    ['circle', { cx: 17, cy: 14, r: 3.2, fill: '#5a3a1a', stroke: INK, 'stroke-width': 0.8 }], seatMark(seat, 12, 7.8,
      3.6)],
};
const PIECE_BOX = { stagecoach: [24, 18] };

export function pieceShapes(kind, seat) {
  return PIECES[kind](seat);
}

export function pieceBox(kind) {
  return PIECE_BOX[kind] || [20, 20];
}

// The Wanted token: a poster with a black star.
export function wantedShapes() {
  return [path('M3 1.5 H17 V18.5 H3 Z', '#f3e1b5'), mark('M6 5 H14', '#6b4f2e', 1.4),
    ['polygon', { points: '10,7.5 11.3,10.6 14.5,10.8 12,12.9 12.8,16 10,14.3 7.2,16 8,12.9 5.5,10.8 8.7,10.6',
      fill: '#5a1010' }]];
}

// A victory point: a sheriff's star.
export function vpShapes() {
  return [['polygon', { points: '10,1.5 12.3,6.8 18,7.3 13.7,11.1 15,16.8 10,13.8 5,16.8 6.3,11.1 2,7.3 7.7,6.8',
    fill: '#e0b93e',
    stroke: INK, 'stroke-width': 1 }], ['circle', { cx: 10, cy: 10, r: 2.2, fill: '#fff6c2' }]];
}

// A Boomtown office front (40 x 26): a false-front building, its sign in the office's colour.
export function officeShapes(colour) {
  return [path('M3 25 V8 H9 V3 H31 V8 H37 V25 Z', '#e9d6b0'), path('M11 5 H29 V10 H11 Z', colour,
    { 'stroke-width': 0.8 }),
    path('M9 14 H15 V20 H9 Z', '#9cc3d9', { 'stroke-width': 0.7 }), path('M25 14 H31 V20 H25 Z', '#9cc3d9',
      { 'stroke-width': 0.7 }),
    path('M17.5 14 H22.5 V25 H17.5 Z', '#7a5230', { 'stroke-width': 0.8 }), mark('M2 25 H38', INK, 1.2)];
}

// Shapes as an inline SVG element (for HTML): `title` is its tooltip and accessible name.
export function inline(shapes, w, h, cls, title) {
  return svg('svg', { class: ['goldwest-art', cls], viewBox: `0 0 ${w} ${h}`, role: title ? 'img' : null,
    'aria-hidden': title ? null : 'true' },
    title ? svg('title', {}, title) : null, shapes.map(([tag, attrs, text]) => svg(tag, attrs,
      text === undefined ? null : text)));
}

// Shapes placed inside an SVG drawing: a group centred on (x, y), `size` wide.
export function placed(shapes, w, h, x, y, size, attrs = {}) {
  const k = size / w;
  return svg('g',
    { transform: `translate(${(x - (w * k) / 2).toFixed(2)} ${(y - (h * k) / 2).toFixed(2)}) scale(${k.toFixed(3)})`,
      ...attrs },
    shapes.map(([tag, a, text]) => svg(tag, a, text === undefined ? null : text)));
}
