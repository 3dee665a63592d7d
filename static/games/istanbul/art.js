// Istanbul's drawings: the pieces (merchants, assistants, family members, companions, the Governor, Smuggler,
// Courier and Coffee Trader), the goods, rubies, lira, coffee, letters and tiles, and a symbol for every place.
// Each is a small inline SVG sized by CSS; the board and the rules page's pictures both draw with these.
import { svg } from '/static/js/ui.js';

export const GOOD_COLOURS = { red: '#c0392b', green: '#27ae60', yellow: '#e5b900', blue: '#2e6fd6' };
const INK = '#2b2118';

// One inline SVG: `shapes` are [tag, attrs] pairs in a `w` x `h` box; `title` is its tooltip and accessible name.
function picture(cls, w, h, shapes, title) {
  return svg('svg', { class: ['istanbul-art', cls], viewBox: `0 0 ${w} ${h}`, role: title ? 'img' : null,
    'aria-hidden': title ? null : 'true' },
  title ? svg('title', {}, title) : null,
  shapes.filter(Boolean).map(([tag, attrs, text]) => svg(tag, attrs, text === undefined ? null : text)));
}

const line = (d, extra = {}) => ['path', { d, fill: 'none', stroke: INK, 'stroke-width': 1.2, 'stroke-linecap': 'round',
  'stroke-linejoin': 'round', ...extra }];
const shape = (d, fill, extra = {}) => ['path', { d, fill, stroke: INK, 'stroke-width': 1, 'stroke-linejoin': 'round',
  ...extra }];

// ---- pieces: each kind has its own outline, so colour never tells them apart alone -------------------------------

// A merchant: a tall pawn, round head over a bell-shaped robe.
export function merchantShapes(colour) {
  return [shape('M4 23 Q4 15 8 12.5 Q6 10 6.5 7.5 A3.6 3.6 0 1 1 13.5 7.5 Q14 10 12 12.5 Q16 15 16 23 Z', colour),
    shape('M3 22.5 H17 V24.5 H3 Z', colour)];
}

// An assistant: a flat disc seen from the side.
export function assistantShapes(colour) {
  return [shape('M1.5 4.5 V8 A6.5 3 0 0 0 14.5 8 V4.5', colour), ['ellipse', { cx: 8, cy: 4.5, rx: 6.5, ry: 3,
    fill: colour,
    stroke: INK, 'stroke-width': 1 }]];
}

// A family member: a figure with arms held out.
export function familyShapes(colour) {
  return [shape('M5 23 L7 13 L2.5 14.5 L2.5 11 L10 9 L17.5 11 L17.5 14.5 L13 13 L15 23 Z', colour),
    ['circle', { cx: 10, cy: 5, r: 3.6, fill: colour, stroke: INK, 'stroke-width': 1 }]];
}

// A companion (Letters & Seals): a small square-shouldered pawn with a white star.
export function companionShapes(colour) {
  return [shape('M4 23 V14 Q4 11 7 11 H13 Q16 11 16 14 V23 Z', colour),
    ['circle', { cx: 10, cy: 7, r: 3.4, fill: colour, stroke: INK, 'stroke-width': 1 }],
    shape('M10 14 L11 16.6 L13.6 16.6 L11.5 18.2 L12.3 20.8 L10 19.2 L7.7 20.8 L8.5 18.2 L6.4 16.6 L9 16.6 Z', '#fff',
      { 'stroke-width': 0.5 })];
}

// The Governor: a purple robe under a white turban with a red jewel.
function governorShapes() {
  return [shape('M3.5 23 Q4 14 10 11.5 Q16 14 16.5 23 Z', '#6c3483'),
    ['circle', { cx: 10, cy: 8, r: 3.4, fill: '#e8c9a0', stroke: INK, 'stroke-width': 1 }],
    shape('M5.5 6 Q10 0.5 14.5 6 Q10 4.5 5.5 6 Z', '#fff'), ['circle', { cx: 10, cy: 4.2, r: 1, fill: '#c0392b' }],
    line('M10 13 V22', { stroke: '#f5d76e', 'stroke-width': 1.4 })];
}

// The Smuggler: a black hooded figure with a sack on his back.
function smugglerShapes() {
  return [shape('M13 12 Q19 11 18.5 17 Q18 20 14 19 Z', '#a0784a'),
    shape('M3.5 23 Q4 13 7 9 Q8 3 10 2.5 Q12 3 13 9 Q16 13 16.5 23 Z', '#222'),
    ['circle', { cx: 10, cy: 8.5, r: 2.2, fill: '#5a4636' }]];
}

// The Courier (Letters & Seals): an ochre runner with a letter.
function courierShapes() {
  return [shape('M4 23 Q4 15 10 12 Q16 15 16 23 Z', '#b9770e'),
    ['circle', { cx: 10, cy: 7.5, r: 3.5, fill: '#b9770e', stroke: INK, 'stroke-width': 1 }],
    shape('M6.5 15.5 H13.5 V20.5 H6.5 Z', '#fff', { 'stroke-width': 0.8 }), line('M6.5 15.5 L10 18.5 L13.5 15.5',
      { 'stroke-width': 0.8 })];
}

// The Coffee Trader (Grand Bazaar): a brown figure carrying a coffee cup.
function coffeeTraderShapes() {
  return [shape('M4 23 Q4 15 10 12 Q16 15 16 23 Z', '#6f4e37'),
    ['circle', { cx: 10, cy: 7.5, r: 3.5, fill: '#6f4e37', stroke: INK, 'stroke-width': 1 }],
    shape('M6.5 15 H13 V18.5 Q13 21 9.75 21 Q6.5 21 6.5 18.5 Z', '#fff', { 'stroke-width': 0.8 }),
    line('M13 16 Q15 16.5 13 18.5', { 'stroke-width': 0.8 })];
}

const PAWNS = {
  merchant: merchantShapes, assistant: assistantShapes, family: familyShapes, companion: companionShapes,
  governor: governorShapes, smuggler: smugglerShapes, courier: courierShapes, coffee_trader: coffeeTraderShapes,
};
const PAWN_BOX = { assistant: [16, 12] };

// A piece as an inline SVG: pawn('merchant', '#c0392b', "Ann's merchant").
export function pawn(kind, colour, title) {
  const [w, h] = PAWN_BOX[kind] || [20, 25];
  return picture(`istanbul-pawn istanbul-pawn-${kind}`, w, h, PAWNS[kind](colour), title);
}

// A merchant with its stack of assistants under it (the player's supply on the board).
export function merchantStack(colour, assistants, title) {
  const shapes = [];
  for (let i = assistants - 1; i >= 0; i -= 1) {
    const y = 22 + i * 3.2;
    shapes.push(shape(`M3.5 ${y} V${y + 2.6} A6.5 2.6 0 0 0 16.5 ${y + 2.6} V${y}`, colour),
      ['ellipse', { cx: 10, cy: y, rx: 6.5, ry: 2.6, fill: colour, stroke: INK, 'stroke-width': 1 }]);
  }
  const h = 25 + assistants * 3.2;
  return picture('istanbul-pawn istanbul-stack', 20, h, [...shapes, ...merchantShapes(colour)], title);
}

// ---- goods and money ---------------------------------------------------------------------------------------------

// Each good has its own outline: fabric a striped bolt, spice a tied sack, fruit a round fruit with a leaf, jewelry
// a cut gem; "any" is a plain crate with a question mark.
const GOOD_SHAPES = {
  red: () => [shape('M2 4.5 Q2 3 3.5 3 H12.5 Q14 3 14 4.5 V11.5 Q14 13 12.5 13 H3.5 Q2 13 2 11.5 Z', GOOD_COLOURS.red),
    line('M5.5 3.2 V12.8 M10.5 3.2 V12.8', { stroke: '#f6d0c8', 'stroke-width': 1 })],
  green: () => [shape('M4 14.5 Q1.5 9 5.5 6 L4.5 3.5 Q8 2 11.5 3.5 L10.5 6 Q14.5 9 12 14.5 Z', GOOD_COLOURS.green),
    line('M5 6 H11', { stroke: '#d9f2c4' })],
  yellow: () => [['circle', { cx: 8, cy: 9.5, r: 5.3, fill: GOOD_COLOURS.yellow, stroke: INK, 'stroke-width': 1 }],
    shape('M8 4.3 Q9 1.2 12.5 1.8 Q11 4.6 8 4.3 Z', '#4f8a2b', { 'stroke-width': 0.7 })],
  blue: () => [shape('M2 6 L5 2.5 H11 L14 6 L8 14.5 Z', GOOD_COLOURS.blue),
    line('M2 6 H14 M5 2.5 L6.5 6 L8 14.5 L9.5 6 L11 2.5', { stroke: '#cfe0fb', 'stroke-width': 0.7 })],
  any: () => [shape('M2.5 2.5 H13.5 V13.5 H2.5 Z', '#fff'), ['text', { x: 8, y: 12, class: 'istanbul-art-text' }, '?']],
};

export function good(colour, title) {
  return picture(`istanbul-good-art istanbul-good-${colour}`, 16, 16, (GOOD_SHAPES[colour] || GOOD_SHAPES.any)(),
    title);
}

export function ruby(title) {
  return picture('istanbul-ruby', 16, 16, [shape('M8 14.5 L1.5 6.5 L4.5 2 H11.5 L14.5 6.5 Z', '#d0103a'),
    line('M1.5 6.5 H14.5 M4.5 2 L6 6.5 L8 14.5 L10 6.5 L11.5 2', { stroke: '#ffb3c1', 'stroke-width': 0.7 })], title);
}

// A lira coin with its amount written on it.
export function lira(amount, title) {
  return picture('istanbul-lira', 18, 18, [['circle', { cx: 9, cy: 9, r: 8, fill: '#e8c547', stroke: '#8a6d1b',
    'stroke-width': 1 }],
    ['circle', { cx: 9, cy: 9, r: 6.2, fill: 'none', stroke: '#b8962b', 'stroke-width': 0.6 }],
    ['text', { x: 9, y: 12.4, class: 'istanbul-art-text' }, String(amount)]], title);
}

export function coffee(title) {
  return picture('istanbul-coffee-art', 16, 16, [['ellipse', { cx: 8, cy: 8, rx: 5, ry: 6.5, fill: '#6f4e37',
    stroke: INK,
    'stroke-width': 1, transform: 'rotate(25 8 8)' }], line('M6 3.5 Q10 8 9.5 13', { stroke: '#d8b48c' })], title);
}

// A mosque (or Tavern) tile: a small dome in the good's colour with its number.
export function mosqueTile(colour, value, title) {
  return picture('istanbul-mosque-art', 18, 18, [shape('M1.5 16.5 V9 Q1.5 2 9 2 Q16.5 2 16.5 9 V16.5 Z',
    GOOD_COLOURS[colour] || colour),
    ['text', { x: 9, y: 13.5, class: 'istanbul-art-text istanbul-art-light' }, value === null ? '–' : String(value)]],
      title);
}

// A letter (Letters & Seals): an envelope with one wax seal, or two once delivered.
export function letter(delivered, title) {
  return picture(`istanbul-letter-art${delivered ? ' istanbul-letter-done' : ''}`, 20, 16, [
    shape('M1.5 3 H18.5 V14 H1.5 Z', delivered ? '#e9d9b8' : '#fff'), line('M1.5 3 L10 9.5 L18.5 3',
      { 'stroke-width': 0.9 }),
    ['circle', { cx: delivered ? 7 : 10, cy: 11, r: 2.6, fill: '#b0182a', stroke: '#6e0f1a', 'stroke-width': 0.6 }],
    delivered ? ['circle', { cx: 13, cy: 11, r: 2.6, fill: '#b0182a', stroke: '#6e0f1a',
      'stroke-width': 0.6 }] : null], title);
}

export function seal(title) {
  return picture('istanbul-seal', 16, 16,
    [shape('M8 1.5 L10 3 L12.6 2.8 L13 5.4 L15 7.2 L13.8 9.6 L14.4 12.2 L11.8 12.8 L10.2 15 '
    + 'L8 13.6 L5.8 15 L4.2 12.8 L1.6 12.2 L2.2 9.6 L1 7.2 L3 5.4 L3.4 2.8 L6 3 Z', '#b0182a'),
  ['circle', { cx: 8, cy: 8.3, r: 3.4, fill: 'none', stroke: '#f3b0b8', 'stroke-width': 0.8 }]], title);
}

// A small card or tile seen from the back (bonus cards, kiosk tiles, guild cards), with a mark of its kind.
export function smallCard(kind, title) {
  const marks = {
    bonus: [shape('M10 6 L11.5 10 L15.5 10 L12.3 12.4 L13.5 16.4 L10 14 L6.5 16.4 L7.7 12.4 L4.5 10 L8.5 10 Z',
      '#f5d76e')],
    kiosk: [shape('M5 10 L10 5 L15 10 Z', '#e8c547'), shape('M6 10 H14 V17 H6 Z', '#f3e3c3')],
    guild: [shape('M5 17 V9 L10 5.5 L15 9 V17 Z', '#d7c2e6'), line('M8 17 V12 M12 17 V12', { stroke: '#4a235a' })],
  };
  const fill = { bonus: '#7d5e38', kiosk: '#2e7d6f', guild: '#4a235a' }[kind] || '#7d5e38';
  return picture(`istanbul-small-card istanbul-small-card-${kind}`, 20, 22, [
    ['rect', { x: 1, y: 1, width: 18, height: 20, rx: 2.5, fill, stroke: INK, 'stroke-width': 1 }],
      ...(marks[kind] || [])], title);
}

// A market's demand tile: the goods it buys, in a row.
export function demandTile(goods, dark, title) {
  const list = Object.entries(goods).flatMap(([g, n]) => Array(n).fill(g));
  const w = 4 + list.length * 11;
  const shapes = [['rect', { x: 0.5, y: 0.5, width: w - 1, height: 15, rx: 3, fill: dark ? '#5b3a1e' : '#e9d3a8',
    stroke: INK,
    'stroke-width': 1 }]];
  list.forEach((g, i) => shapes.push(['g', { transform: `translate(${2 + i * 11} 2.5) scale(0.7)` }]));
  const node = picture('istanbul-demand-art', w, 16, shapes, title);
  node.querySelectorAll('g').forEach((group, i) => {
    for (const [tag, attrs, text] of (GOOD_SHAPES[list[i]] || GOOD_SHAPES.any)()) group.append(svg(tag, attrs,
      text === undefined ? null : text));
  });
  return node;
}

// A wheelbarrow: one bin per good, each showing how many of its `capacity` the player holds.
export function wheelbarrow(goods, capacity, title) {
  const order = ['red', 'green', 'yellow', 'blue'];
  const shapes = [shape('M4 6 H60 L56 20 H8 Z', '#a0784a'), line('M60 6 L68 2', { 'stroke-width': 2 }),
    ['circle', { cx: 32, cy: 24, r: 4.5, fill: '#5a4636', stroke: INK, 'stroke-width': 1 }]];
  order.forEach((g, i) => {
    const x = 9 + i * 12.5;
    const n = goods[g] || 0;
    const full = capacity ? Math.min(1, n / capacity) : 0;
    shapes.push(['rect', { x, y: 8, width: 10, height: 10, fill: '#f3e3c3', stroke: INK, 'stroke-width': 0.6 }],
      full ? ['rect', { x, y: 18 - 10 * full, width: 10, height: 10 * full, fill: GOOD_COLOURS[g] }] : null);
  });
  return picture('istanbul-barrow-art', 70, 29, shapes, title);
}

// ---- place symbols -------------------------------------------------------------------------------------------------

// The warehouses show a building holding their good; the rest one symbol each, in a 40 x 40 box.
function warehouse(good) {
  return () => [shape('M4 36 V16 L20 6 L36 16 V36 Z', '#d8b483'), shape('M15 36 V30 H25 V36 Z', '#7a5230'),
    ...GOOD_SHAPES[good]().map(([tag, attrs, text]) => [tag, { ...attrs, transform: 'translate(12 12)' }, text])];
}

function dome(x, w) {
  return shape(`M${x} 24 Q${x} ${24 - w * 0.9} ${x + w / 2} ${24 - w} Q${x + w} ${24 - w * 0.9} ${x + w} 24 Z`,
    '#4d9c8c');
}

function minaret(x) {
  return shape(`M${x} 36 V12 L${x + 2} 6 L${x + 4} 12 V36 Z`, '#e9e1cf');
}

function stall(stripe) {
  return () => [shape('M6 20 H34 V36 H6 Z', '#e9d3a8'), shape('M3 20 L8 9 H32 L37 20 Z', stripe),
    line('M10 9 L8.5 20 M16 9 L15.5 20 M24 9 L24.5 20 M30 9 L31.5 20', { stroke: '#fff', 'stroke-width': 2 }),
    shape('M12 26 H28 V36 H12 Z', '#c8a877')];
}

const PLACE_SYMBOLS = {
  1: () => [['circle', { cx: 20, cy: 22, r: 13, fill: '#c79a5b', stroke: INK, 'stroke-width': 1.5 }],
    ['circle', { cx: 20, cy: 22, r: 9.5, fill: '#f3e3c3', stroke: INK, 'stroke-width': 1 }],
    line('M20 12.5 V31.5 M10.5 22 H29.5 M13.3 15.3 L26.7 28.7 M26.7 15.3 L13.3 28.7', { 'stroke-width': 1.6 }),
    ['circle', { cx: 20, cy: 22, r: 2.6, fill: '#7a5230', stroke: INK, 'stroke-width': 1 }]],
  2: warehouse('red'),
  3: warehouse('green'),
  4: warehouse('yellow'),
  5: () => [shape('M4 10 H36 V32 H4 Z', '#fff'), line('M4 10 L20 23 L36 10'), line('M4 32 L15 19 M36 32 L25 19'),
    ['circle', { cx: 20, cy: 26, r: 3.5, fill: '#b0182a' }]],
  6: () => [shape('M5 36 V18 Q5 8 20 8 Q35 8 35 18 V36 Z', '#d8b483'),
    shape('M13 36 V23 Q13 16 20 16 Q27 16 27 23 V36 Z', '#6b4a2b'),
    shape('M14 30 Q16 24 19 27 Q21 22 24 26 L26 25 V30 Z', '#e0c090', { 'stroke-width': 0.8 })],
  7: () => [shape('M6 30 H34 L30 37 H10 Z', '#9cb8c9'), shape('M18 30 V16 H22 V30 Z', '#d8d0c0'),
    line('M20 16 Q12 10 9 24 M20 16 Q28 10 31 24 M20 16 V7', { stroke: '#2e86c1', 'stroke-width': 1.8 }),
    ['ellipse', { cx: 20, cy: 30, rx: 14, ry: 3, fill: '#5dade2', stroke: INK, 'stroke-width': 1 }]],
  8: () => [shape('M6 37 Q7 20 20 8 Q33 20 34 37 Z', '#3a3a3a'), ['circle', { cx: 20, cy: 23, r: 5, fill: '#5a4636' }],
    ...GOOD_SHAPES.blue().map(([tag, attrs]) => [tag, { ...attrs, transform: 'translate(23 24) scale(0.9)' }])],
  9: () => [shape('M13 10 H27 Q27 16 24 20 Q27 26 26 33 H14 Q13 26 16 20 Q13 16 13 10 Z', '#c0392b',
    { 'fill-opacity': 0.85 }),
    ['ellipse', { cx: 20, cy: 34.5, rx: 10, ry: 2.4, fill: '#e8c547', stroke: INK, 'stroke-width': 1 }],
    line('M17 6 Q19 3 17 1 M22 7 Q24 4 22 2', { stroke: '#9a8a7a' })],
  10: stall('#7a2e1a'),
  11: stall('#d98b3a'),
  12: () => [shape('M20 4 L33 9 V19 Q33 30 20 36 Q7 30 7 19 V9 Z', '#2c3e70'),
    shape('M20 11 L22.4 17 L28.6 17 L23.6 20.8 L25.5 27 L20 23.2 L14.5 27 L16.4 20.8 L11.4 17 L17.6 17 Z', '#f5d76e')],
  13: () => [shape('M4 36 V22 H36 V36 Z', '#efe3c8'), shape('M10 22 Q10 9 20 7 Q30 9 30 22 Z', '#d4a017'),
    line('M20 7 V3'), ['circle', { cx: 20, cy: 2.6, r: 1.5, fill: '#d4a017', stroke: INK, 'stroke-width': 0.8 }],
    shape('M16 36 V29 Q16 25 20 25 Q24 25 24 29 V36 Z', '#7a5230')],
  14: () => [shape('M5 36 V24 H31 V36 Z', '#efe3c8'), dome(9, 16), minaret(32)],
  15: () => [shape('M8 36 V24 H32 V36 Z', '#efe3c8'), dome(11, 18), minaret(2), minaret(34)],
  16: () => [shape('M20 36 L4 16 L11 6 H29 L36 16 Z', '#d0103a'),
    line('M4 16 H36 M11 6 L15 16 L20 36 L25 16 L29 6', { stroke: '#ffb3c1', 'stroke-width': 1 })],
  17: () => [['ellipse', { cx: 15, cy: 20, rx: 8, ry: 11, fill: '#6f4e37', stroke: INK, 'stroke-width': 1.2,
    transform: 'rotate(25 15 20)' }], line('M11 11 Q19 20 17 30', { stroke: '#d8b48c', 'stroke-width': 1.6 }),
  ['ellipse', { cx: 28, cy: 24, rx: 6, ry: 8.5, fill: '#8b5e3c', stroke: INK, 'stroke-width': 1,
    transform: 'rotate(-20 28 24)' }]],
  18: () => [shape('M4 14 L20 4 L36 14 Z', '#b39bc8'), shape('M4 34 H36 V37 H4 Z', '#b39bc8'),
    line('M9 15 V33 M16 15 V33 M24 15 V33 M31 15 V33', { 'stroke-width': 3, stroke: '#7d5a9e' }), line('M4 14 H36')],
  19: () => [shape('M9 10 H26 V34 H9 Z', '#e8c547'), shape('M9 10 Q9 5 17.5 5 Q26 5 26 10 Z', '#fff'),
    line('M26 15 Q34 15 34 21 Q34 27 26 27', { 'stroke-width': 2.4 })],
  20: () => [shape('M8 16 H28 V25 Q28 33 18 33 Q8 33 8 25 Z', '#fff'), line('M28 19 Q34 19 33 24 Q32 27 27 27',
    { 'stroke-width': 1.6 }),
    ['ellipse', { cx: 18, cy: 16.5, rx: 9.5, ry: 2, fill: '#6f4e37' }], ['ellipse', { cx: 18, cy: 35, rx: 14, ry: 2.4,
      fill: '#efe3c8',
      stroke: INK, 'stroke-width': 1 }], line('M14 12 Q16 9 14 6 M20 12 Q22 9 20 6', { stroke: '#9a8a7a' })],
  21: () => [line('M9 37 V4', { 'stroke-width': 2 }), shape('M10 5 H33 L28 12 L33 19 H10 Z', '#c0392b'),
    ['circle', { cx: 19, cy: 12, r: 3.5, fill: 'none', stroke: '#fff', 'stroke-width': 1.4 }]],
  22: () => [shape('M5 16 L20 5 L35 16 Z', '#2e7d6f'), shape('M8 16 H32 V36 H8 Z', '#e9d3a8'),
    shape('M12 20 H28 V29 H12 Z', '#fff'),
    line('M12 24.5 H28 M20 20 V29', { 'stroke-width': 0.8 })],
  23: () => [shape('M6 9 L18 3 L22 11 L10 17 Z', '#8b5a2b'), line('M16 12 L31 33', { 'stroke-width': 3.4,
    stroke: '#6b4a2b' }),
    shape('M4 34 H24 V37 H4 Z', '#8b5a2b')],
  24: () => [['circle', { cx: 20, cy: 20, r: 15, fill: '#2c2c3a', stroke: INK, 'stroke-width': 1 }],
    shape('M8 20 Q20 9 32 20 Q20 31 8 20 Z', '#f3e3c3'), ['circle', { cx: 20, cy: 20, r: 4.5, fill: '#b0182a' }],
    ['circle', { cx: 20, cy: 20, r: 1.8, fill: '#111' }]],
  25: () => [shape('M4 36 V16 Q4 4 20 4 Q36 4 36 16 V36 Z', '#8a8378'),
    shape('M11 36 V19 Q11 11 20 11 Q29 11 29 19 V36 Z', '#1f1b16'),
    line('M13 36 H27 M15 32 H25 M17 28 H23', { stroke: '#8a8378', 'stroke-width': 1.6 })],
};

export function placeSymbol(place) {
  const draw = PLACE_SYMBOLS[place];
  return picture('istanbul-place-art', 40, 40, draw ? draw() : []);
}

// The tile's ground: warehouses take their good's tint, the mosques green, the ruby places rose, the rest sand.
export const PLACE_TINTS = { 2: '#f6d5cf', 3: '#d6efd8', 4: '#fbefb8', 10: '#f1dcc0', 11: '#f7e6cc', 13: '#f6dbe0',
  14: '#d9ece6', 15: '#d9ece6', 16: '#f6dbe0', 17: '#eadccd', 18: '#e9def0', 19: '#e9def0', 20: '#eadccd',
  21: '#e3e7f3', 22: '#dcefe9', 23: '#f1dcc0', 24: '#e3e0ea', 25: '#e4e1dc' };
