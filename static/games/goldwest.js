// Gold West: the board renderer. An SVG hex map (terrain colours, token faces, camps and settlements), the
// Boomtown grid, the investments, the shipping tracks, and each player's supply track and influence rows; at the
// end, every player's score line by line. Legal actions sit on the things they act on (a hex, a cell, a card, a
// track, a section); the table page's prompt bar lists them all as well. Geometry and texts come from the catalogue.

import { gettext, ngettext, shown } from '/static/js/i18n.js';
import { actButton, actionsWhere, bindOnly, cardFace, el, flip, section, svg } from '/static/js/ui.js';
import * as art from '/static/games/goldwest/art.js';
import { fitWords } from '/static/js/fit.js';

const PLAYER_COLOURS = art.PLAYER_COLOURS;
const TERRAIN_COLOURS = { forest: '#4c8a3f', gold: '#e0b93e', silver: '#aab6c2', copper: '#c0703e' };
const HEX = 20;  // hex radius in SVG units
const ROOT3 = Math.sqrt(3);
const PIECE_WORDS = {
  influence: (player) => gettext('influence token of {player}', { player }),
  stagecoach: (player) => gettext('stagecoach of {player}', { player }),
};

// Pointy-top hexes on a wide screen; on a narrow one the map is turned a quarter (flat-top hexes, rows running down)
// so that its long side runs along the phone's long side and the hexes are big enough to tap.
function centre(q, r, upright) {
  const across = HEX * ROOT3 * (q + r / 2);
  const down = HEX * 1.5 * r;
  return upright ? [-down, across] : [across, down];
}

function corners(x, y, radius, upright) {
  const points = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = (Math.PI / 180) * (60 * i - (upright ? 0 : 30));
    points.push(`${(x + radius * Math.cos(angle)).toFixed(1)},${(y + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(' ');
}

function resourceName(cat, res) {
  return gettext(((cat || {}).resource_names || {})[res] || res);
}

// A resource as its drawn shape (each resource its own outline and colour, never a letter).
function resourcePiece(res, cat, extra = {}) {
  const name = resourceName(cat, res);
  return el('span', { class: ['goldwest-res', `goldwest-res-${res}`], title: name, role: 'img', 'aria-label': name,
    ...extra },
    art.inline(art.resourceShapes(res), 20, 18));
}

function resourceRow(list, cat) {
  return el('span', { class: 'goldwest-res-row' }, list.map((res) => resourcePiece(res, cat)));
}

function countsToList(counts) {
  return Object.entries(counts || {}).flatMap(([res, n]) => Array(n).fill(res));
}

// A player's piece: its colour and the seat's own mark (a star, a triangle, a ring, a cross), so two players are
// never told apart by colour alone nor by a letter that could be another player's initial.
function playerPiece(seat, ctx, kind = 'influence') {
  const name = ctx.name(seat, { capital: true });
  const words = PIECE_WORDS[kind] ? PIECE_WORDS[kind](name) : name;
  const [w, h] = art.pieceBox(kind);
  return el('span', { class: `goldwest-player-piece goldwest-${kind}-piece goldwest-seat-${seat}`, title: words,
    role: 'img',
    'aria-label': words }, art.inline(art.pieceShapes(kind, seat), w, h));
}

// ---- the map -------------------------------------------------------------------------------------------------------

function tokenFace(group, x, y, resources) {
  const n = resources.length;
  resources.forEach((res, i) => {
    const dx = (i - (n - 1) / 2) * 10.2;
    group.append(art.placed(art.resourceShapes(res), 20, 18, x + dx, y + 2, 10.4,
      { class: `goldwest-face goldwest-face-${res}` }));
  });
}

// What stands on one hex: a camp or settlement, a loot mark, a token (face up, or the one you peeked at) or its back.
function hexContent(group, hx, x, y, cat, ctx, face) {
  const title = [gettext(cat.terrain_names[hx.terrain])];
  if (hx.camp !== null && hx.camp !== undefined) {
    const kind = hx.settlement ? 'settlement' : 'camp';
    group.append(art.placed(art.pieceShapes(kind, hx.camp), 20, 20, x, y, hx.settlement ? 21 : 19,
      { class: `goldwest-${kind}`, dataset: { seat: hx.camp } }));
    const player = ctx.name(hx.camp);
    title.push(hx.settlement ? gettext('settlement of {player}', { player }) : gettext('camp of {player}', { player }));
  } else if (hx.looted) {
    group.append(svg('path', { d: `M${x - 7} ${y - 7}l14 14M${x + 7} ${y - 7}l-14 14`, stroke: '#5a1010',
      'stroke-width': 3, class: 'goldwest-loot' }));
    title.push(gettext('looted'));
  } else if (face) {
    group.append(svg('rect', { x: x - 16.5, y: y - 5.5, width: 33, height: 15, rx: 6,
      class: hx.face_up ? 'goldwest-token' : 'goldwest-token goldwest-seen' }));
    tokenFace(group, x, y, face);
    const resources = face.map((r) => resourceName(cat, r)).join(' + ');
    title.push(hx.face_up ? resources : gettext('face down, you looked: {resources}', { resources }));
  } else if (hx.face_up === false) {
    group.append(svg('rect', { x: x - 9, y: y - 7, width: 18, height: 14, rx: 4, class: 'goldwest-token-back' }),
      svg('text', { x, y: y + 4, class: 'goldwest-back-letter' }, '?'));
    title.push(gettext('face-down token'));
  }
  group.append(svg('title', {}, title.join(', ')));
}

function hexGroup(hx, x, y, cat, ctx, { upright = false, taken = false } = {}) {
  const group = svg('g', { class: ['goldwest-hex', `goldwest-${hx.terrain}`, taken && 'goldwest-taken'],
    dataset: { hex: hx.id } },
    svg('polygon', { points: corners(x, y, HEX - 0.6, upright), fill: TERRAIN_COLOURS[hx.terrain] }));
  const known = hx.token !== null && hx.token !== undefined;
  const face = known ? (hx.resources || cat.tokens[String(hx.token)].resources) : null;
  hexContent(group, hx, x, y, cat, ctx, face);
  return group;
}

function drawMap(game, view, ctx, upright) {
  const cat = ctx.catalogue;
  const where = Object.fromEntries(cat.hexes.map((h) => [h.id, h]));
  const points = [...game.map.map((h) => where[h.id]), ...cat.water].map((h) => centre(h.q, h.r, upright));
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const pad = HEX + 2;
  const box = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad,
    Math.max(...ys) - Math.min(...ys) + 2 * pad];
  // A group, not an image: an image's insides are hidden from assistive technology, and hexes can be moves.
  const board = svg('svg', { class: 'goldwest-map', viewBox: box.map((v) => v.toFixed(1)).join(' '), role: 'group',
    'aria-label': gettext('Map') });
  for (const w of cat.water) {
    const [x, y] = centre(w.q, w.r, upright);
    board.append(svg('polygon', { points: corners(x, y, HEX - 0.6, upright), class: 'goldwest-water' }));
  }
  for (const hx of game.map) {
    const [x, y] = centre(where[hx.id].q, where[hx.id].r, upright);
    const group = hexGroup(hx, x, y, cat, ctx, { upright, taken: hx.id === game.turn.hex });
    const action = [...actionsWhere(view.legal, { type: 'build', hex: hx.id }), ...actionsWhere(view.legal,
      { type: 'peek', hex: hx.id }),
      ...actionsWhere(view.legal, { type: 'upgrade', hex: hx.id })];
    bindOnly(group, action, ctx);
    board.append(group);
  }
  return el('div', { class: 'goldwest-map-wrap' }, board);
}

// ---- Boomtown, investments, shipping --------------------------------------------------------------------------------

// The two cells of one office share a colour: the sign on their fronts and their outline.
const DOMINO_COLOURS = ['#b04a4a', '#3b7a3b', '#3a5fa0', '#8a5a9a'];

// The single cell's tile: a victory point star, or the Trading Post's resource(s).
function singleArt(tile) {
  if (tile === 'vp4') return art.inline(art.vpShapes(), 20, 20, 'goldwest-single-art');
  const shapes = tile === 'wood_or_stone' ? [...art.resourceShapes('wood').map(([t, a]) => [t, { ...a,
    transform: 'translate(0 -4) scale(.8)' }]),
    ...art.resourceShapes('stone').map(([t, a]) => [t, { ...a,
      transform: 'translate(8 6) scale(.7)' }])] : art.resourceShapes(tile);
  return art.inline(shapes, 20, 18, 'goldwest-single-art');
}

function drawBoomtown(game, view, ctx) {
  const cat = ctx.catalogue;
  const town = game.boomtown;
  const grid = el('div', { class: 'goldwest-town', role: 'group', 'aria-label': gettext('Boomtown') });
  const dominoOf = {};
  town.offices.forEach((office, i) => office.cells.forEach((c) => { dominoOf[c] = i; }));
  grid.append(el('span', { class: 'goldwest-town-corner' }));
  for (const metal of cat.boomtown.columns) grid.append(el('span', { class: 'goldwest-town-head' },
    resourcePiece(metal, cat)));
  cat.boomtown.rows.forEach((rowMetal, row) => {
    grid.append(el('span', { class: 'goldwest-town-head' }, resourcePiece(rowMetal, cat)));
    for (let column = 0; column < 3; column += 1) {
      const index = row * 3 + column;
      const cell = town.cells[index];
      const office = cell.office !== null ? cat.offices[String(cell.office)] : null;
      const single = cell.office === null;
      const name = office ? gettext(office.name) : (town.single_tile === 'vp4' ? gettext('4 VP')
        : gettext('Trading Post: {resource}', { resource: gettext(cat.trading_post[town.single_tile]) }));
      const node = el('div', { class: ['goldwest-cell', single && 'goldwest-single',
        office && `goldwest-office-${cell.office}`], dataset: { cell: index },
          title: office ? gettext('{place}: {text}', { place: name, text: gettext(office.text) }) : name },
        office ? art.inline(art.officeShapes(DOMINO_COLOURS[dominoOf[index] % DOMINO_COLOURS.length]), 40, 26,
          'goldwest-office-art')
          : singleArt(town.single_tile),
        el('span', { class: 'goldwest-cell-name' }, name),
        el('span', { class: 'goldwest-cell-tokens' }, cell.token !== null ? playerPiece(cell.token, ctx) : null,
          cell.shared !== null ? playerPiece(cell.shared, ctx) : null));
      const action = ['boomtown', 'free_office', 'shared_office'].flatMap((type) => actionsWhere(view.legal, { type,
        cell: index }));
      bindOnly(node, action, ctx);
      grid.append(node);
    }
  });
  // Tell the offices apart: the two cells of one office share an outline colour.
  town.offices.forEach((office,
    i) => office.cells.forEach((c) => grid.querySelector(`[data-cell="${c}"]`).classList.add(`goldwest-domino-${i}`)));
  const legend = el('ul', { class: 'goldwest-office-legend' }, town.offices.map((o, i) => {
    const office = cat.offices[String(o.office)];
    return el('li', { class: `goldwest-domino-${i}` }, el('b', {}, gettext(office.name)), gettext(': {text}',
      { text: gettext(office.text) }));
  }));
  return section(gettext('Boomtown'), [grid, legend], { cls: 'goldwest-town-section' });
}

function drawInvestments(game, view, ctx) {
  const cat = ctx.catalogue;
  const cards = game.investments.map((id) => {
    const card = cat.investments[String(id)];
    const cost = countsToList(card.cost);
    const effect = card.effect ? gettext(card.effect, { terrain: gettext(card.terrain_name) }) : '';
    const corner = el('span', { class: 'goldwest-vp' }, art.inline(art.vpShapes(), 20, 20), String(card.vp));
    const node = cardFace({ name: gettext('No. {number}', { number: id }), corner, small: true,
      cls: 'goldwest-investment',
      body: [resourceRow(cost, cat), effect ? el('div', { class: 'goldwest-effect' }, effect) : null],
        title: gettext('{vp} VP. {effect}', { vp: card.vp, effect }).trim() });
    node.dataset.card = id;
    bindOnly(node, actionsWhere(view.legal, { type: 'invest', card: id }), ctx);
    return node;
  });
  const bonus = game.investment_bonus.length ? gettext('bonus tiles left: {tiles} VP',
    { tiles: game.investment_bonus.join(', ') })
    : gettext('no bonus tile left');
  return section(gettext('Investments ({bonus})', { bonus }), cards, { cls: 'goldwest-investments' });
}

function drawShipping(game, view, ctx) {
  const cat = ctx.catalogue;
  const ship = cat.shipping;
  const rows = ['copper', 'silver', 'gold'].map((metal, m) => {
    const spaces = [];
    for (let space = 0; space <= ship.end; space += 1) {
      const bonus = ship.bonus_spaces.indexOf(space);
      const here = game.players.filter((p) => p.ship[metal] === space).map((p) => {
        const coach = playerPiece(p.seat, ctx, 'stagecoach');
        coach.dataset.flip = `coach-${metal}-${p.seat}`;
        return coach;
      });
      const vp = ship.vp[String(space)];
      const text = bonus >= 0 ? (game.ship_bonus[metal][bonus].join('/') || '-') : (vp ? `+${vp}` : String(space));
      spaces.push(el('span', { class: ['goldwest-space', bonus >= 0 && 'goldwest-bonus',
        ship.vp[String(space)] && 'goldwest-scoring'],
          title: bonus >= 0 ? gettext('bonus space (never stopped on): tiles left') : gettext('space {space}',
            { space }) },
        el('span', { class: 'goldwest-space-text' }, text), here));
    }
    const row = el('div', { class: 'goldwest-track', dataset: { metal } }, el('span', { class: 'goldwest-track-head' },
      resourcePiece(metal, cat)), spaces);
    const mine = [...actionsWhere(view.legal, { type: 'ship', metal }), ...actionsWhere(view.legal,
      { type: 'free_ship', metal })];
    bindOnly(row, mine, ctx);
    return row;
  });
  return section(gettext('Shipping'), [el('div', { class: 'goldwest-tracks' }, rows)], { cls: 'goldwest-shipping' });
}

// ---- players -------------------------------------------------------------------------------------------------------

// The supply track: four sections, 3 (where a token's resources arrive, worth 3 VP) down to 0 (used this turn).
function drawSupply(player, game, view, ctx, mine) {
  const cat = ctx.catalogue;
  const sections = [3, 2, 1, 0].map((s) => {
    const node = el('div', { class: 'goldwest-section', dataset: { section: s } },
      el('span', { class: 'goldwest-section-number',
        title: gettext("section {section}: {vp} VP when a token's resources go here", { section: s, vp: s }) },
        art.inline(art.vpShapes(), 20, 20), String(s)),
      el('span', { class: 'goldwest-section-cubes' }, player.supply[s].map((res) => resourcePiece(res, cat))));
    if (mine) {
      const actions = ['activate', 'place', 'trade'].flatMap((type) => actionsWhere(view.legal, { type, section: s }));
      bindOnly(node, actions, ctx);
    }
    return node;
  });
  return el('div', { class: 'goldwest-supply', title: gettext('Supply track: resources move from 3 towards 0') },
    sections);
}

function drawInfluence(player, ctx) {
  const cat = ctx.catalogue;
  return el('div', { class: 'goldwest-influence' }, cat.terrains.map((t) => el('div',
    { class: 'goldwest-influence-row', dataset: { terrain: t } },
    el('span', { class: 'goldwest-swatch', style: { background: TERRAIN_COLOURS[t] } }),
    el('span', { class: 'goldwest-influence-name' }, gettext(cat.terrain_names[t])),
    el('b', {}, String(player.influence[t])),
    player.settlements[t] ? el('span', { class: 'goldwest-muted' }, ' ', ngettext('({n} settlement)',
      '({n} settlements)', player.settlements[t])) : null)));
}

function drawPlayer(player, game, view, ctx, followUp = null) {
  const seat = player.seat;
  const mine = seat === view.seat;
  const active = game.turn.seat === seat && !view.result;
  const vp = scoreOf(view, player);
  const facts = [
    el('span', {}, el('b', {}, String(vp)), ' ', gettext('VP')),
    el('span', {}, ngettext('{n} camp left', '{n} camps left', player.camps)),
    el('span', {}, ngettext('{n} influence token', '{n} influence tokens', player.influence_tokens)),
    player.wanted ? el('span', { class: 'goldwest-wanted' }, art.inline(art.wantedShapes(), 20, 20),
      ngettext('{n} Wanted', '{n} Wanted', player.wanted)) : null,
    player.investments.length ? el('span', {}, gettext('investments {cards}',
      { cards: player.investments.join(', ') })) : null,
    player.ship_tiles.length ? el('span', {}, gettext('shipping tiles {tiles}',
      { tiles: player.ship_tiles.join(', ') })) : null,
  ];
  return el('div', { class: ['goldwest-player', mine && 'goldwest-me', active && 'goldwest-active'],
    dataset: { seat } },
    el('div', { class: 'goldwest-player-head' }, playerPiece(seat, ctx), el('b', {}, ctx.name(seat,
      { capital: true })), facts),
    followUp,
    el('div', { class: 'goldwest-player-body' }, drawSupply(player, game, view, ctx, mine), drawInfluence(player,
      ctx)));
}

// Once the game is over the result's total is the score (the track showed only points scored during play).
function scoreOf(view, player) {
  return view.result && view.result.scores ? view.result.scores[player.seat] : player.vp;
}

// ---- this turn -----------------------------------------------------------------------------------------------------

function drawRound(game, view, ctx) {
  const turn = game.turn;
  const who = ctx.name(turn.seat, { capital: true });
  const round = turn.final ? gettext('Round {round} (last turns): {player}', { round: game.round, player: who })
    : gettext('Round {round}: {player}', { round: game.round, player: who });
  return el('div', { class: 'goldwest-round' }, el('b', {}, view.result ? gettext('Game over') : round),
    el('span', { class: 'goldwest-muted goldwest-order' }, gettext('Turn order: {players}',
      { players: game.order.map((s) => ctx.name(s)).join(', ') })));
}

// The turn's follow-up questions (the resource to leave behind, what is to be stored, what was activated, the end
// of a phase): drawn right above the player's own supply track, where the tap that started them was.
function drawTurn(game, view, ctx) {
  const cat = ctx.catalogue;
  const turn = game.turn;
  const lines = [];
  if (turn.hand.length) {
    const drops = turn.hand.map((res) => {
      const piece = resourcePiece(res, cat);
      const action = actionsWhere(view.legal, { type: 'drop', resource: res });
      return bindOnly(piece, action, ctx);
    });
    const drop = view.legal.find((a) => a.type === 'drop');
    lines.push(el('span', {}, drop ? gettext('Leave one in section {section}:',
      { section: drop.section }) : gettext('In hand:'), ' ', drops));
  }
  const placing = view.prompt && view.prompt.data && view.prompt.data.resources;
  if (placing) lines.push(el('span', {}, gettext('To store:'), ' ', resourceRow(placing, cat)));
  const held = countsToList(turn.held);
  if (held.length) lines.push(el('span', {}, gettext('Activated:'), ' ', resourceRow(held, cat)));
  const done = view.legal.find((a) => a.type === 'done');
  if (done) lines.push(actButton(done, ctx, null, 'goldwest-done'));
  const trade = actionsWhere(view.legal, { type: 'trade', section: null });
  for (const action of trade) lines.push(actButton(action, ctx, null, 'goldwest-trade'));
  return lines.length ? el('div', { class: 'goldwest-turn' }, lines) : null;
}

function drawBreakdown(view, game, ctx) {
  const r = view.result;
  return el('div', { class: 'goldwest-breakdown' }, game.players.map((p) => el('div',
    { class: 'goldwest-breakdown-player' },
    el('div', { class: 'goldwest-player-head' }, playerPiece(p.seat, ctx), el('b', {}, ctx.name(p.seat,
      { capital: true })), ' ', gettext('{vp} VP', { vp: r.scores[p.seat] })),
    el('table', {}, el('tbody', {}, r.breakdown[p.seat].map((line) => el('tr', {}, el('td', {}, shown(line)), el('td',
      { class: 'goldwest-num' }, String(line.points)))))))));
}

export function render(root, view, ctx) {
  const game = view.game;
  const me = game.players.find((p) => p.seat === view.seat);
  const others = game.players.filter((p) => p.seat !== view.seat);
  const upright = (root.clientWidth || window.innerWidth) < 560;
  const followUp = drawTurn(game, view, ctx);
  const parts = [drawRound(game, view, ctx)];
  if (view.result && view.result.breakdown) parts.push(section(gettext('Final scoring, line by line'),
    [drawBreakdown(view, game, ctx)]));
  // The map and the player's own supply track side by side where there is room: what a turn taps is in one view.
  parts.push(el('div', { class: 'goldwest-table' }, drawMap(game, view, ctx, upright),
    me ? drawPlayer(me, game, view, ctx, followUp) : followUp));
  parts.push(el('div', { class: 'goldwest-middle' }, drawBoomtown(game, view, ctx), drawShipping(game, view, ctx)));
  parts.push(drawInvestments(game, view, ctx));
  parts.push(el('div', { class: 'goldwest-players' }, others.map((p) => drawPlayer(p, game, view, ctx))));
  // The stagecoaches glide along the shipping tracks.
  flip(root, () => root.replaceChildren(el('div', { class: 'goldwest' }, parts)), { byOthers: ctx.othersMoved });
  fitWords(root, '.goldwest-cell-name, .goldwest-investment .ui-card-name, .goldwest-effect');
  showQuestion(root);
}

// A follow-up question appears where the player's attention is: when nothing the player can tap is wholly on screen
// (the map was tapped, and the question is about the supply track below it, say), the page scrolls the first such
// thing into view, the follow-up box first.
function showQuestion(root) {
  const target = root.querySelector('.goldwest-turn .act') || root.querySelector('.act');
  if (!target) return;
  const top = promptBottom();
  // Wholly in view between the prompt bar and the bottom of the window (partly, for a thing taller than that).
  const seen = (node) => {
    const box = node.getBoundingClientRect();
    if (box.height > window.innerHeight - top) return box.bottom > top && box.top < window.innerHeight;
    return box.height > 0 && box.top >= top - 1 && box.bottom <= window.innerHeight + 1;
  };
  if ([...root.querySelectorAll('.act')].some(seen)) return;
  const box = target.getBoundingClientRect();
  window.scrollBy({ top: box.top - top - Math.max(0, (window.innerHeight - top - box.height) / 3),
    behavior: 'instant' });
}

// Where the sticky prompt bar ends: what lies under it is not in view.
function promptBottom() {
  const bar = document.getElementById('prompt');
  return bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
}

export function dispose(root) {
  root.replaceChildren();
}

// Seat colours for the table page's log and scoreboard (white pieces are named in grey, which shows on white).
export const seatColours = PLAYER_COLOURS.map((c) => (c === '#f2f2f2' ? '#8c8c8c' : c));

// The table page's scoreboard: victory points (the final total once the game is over), then camps left.
export function summary(view) {
  return view.game.players.map((p) => [gettext('{vp} VP', { vp: scoreOf(view, p) }),
    ngettext('{n} camp left', '{n} camps left', p.camps)]);
}

// ---- pictures for the rules page ----------------------------------------------------------------------------------

// The rules page draws the pieces with the table's own code; names and texts come from the catalogue, fetched once
// before the page asks for a picture.
const RULES_PAGE = typeof document !== 'undefined' && document.querySelector('.rules-page');
const rulesCatalogue = RULES_PAGE ? await fetch('/api/games/goldwest/catalogue').then((r) => (r.ok ? r.json() : {}),
  () => ({})) : {};
const SEAT_NAMES = [gettext('Orange'), gettext('Purple'), gettext('Blue'), gettext('White')];
const pictureCtx = {
  get catalogue() { return rulesCatalogue; },
  name: (seat) => SEAT_NAMES[seat] || gettext('a player'),
};
const ONE_RESOURCE = ['gold', 'silver', 'copper', 'wood', 'stone'];

function framed(nodes, cls = '') {
  return el('span', { class: ['goldwest', 'goldwest-picture', cls] }, nodes);
}

// One hex of the map, alone in its own small drawing.
function hexPicture(hx) {
  const cat = { terrain_names: {}, tokens: {}, ...rulesCatalogue };
  const board = svg('svg', { class: 'goldwest-map goldwest-hex-picture',
    viewBox: `${-HEX} ${-HEX} ${2 * HEX} ${2 * HEX}`, role: 'img',
    'aria-label': gettext(cat.terrain_names[hx.terrain] || hx.terrain) });
  board.append(hx.terrain === 'water' ? svg('polygon', { points: corners(0, 0, HEX - 0.6, false),
    class: 'goldwest-water' })
    : hexGroup({ id: 0, camp: null, looted: false, token: null, face_up: null, ...hx }, 0, 0, cat, pictureCtx));
  return framed(board, 'goldwest-picture-hex');
}

function samplePlayer() {
  return { seat: 0, supply: { 3: ['gold', 'wood'], 2: ['silver'], 1: ['stone', 'copper'], 0: [] } };
}

function sampleGame() {
  const town = { cells: Array.from({ length: 9 }, (_, i) => ({ office: i === 4 ? null : [2, 2, 11, 11, 0, 3, 3, 0,
    9][i], token: i === 1 ? 0 : (i === 5 ? 2 : null), shared: null })),
    single_tile: 'vp4', offices: [{ office: 2, cells: [0, 1] }, { office: 11, cells: [2, 3] }, { office: 3, cells: [5,
      6] }, { office: 0, cells: [7, 8] }] };
  return { boomtown: town, players: [0, 1, 2].map((seat) => ({ seat, ship: { copper: seat, silver: 2 + seat,
    gold: 0 } })),
    ship_bonus: { copper: [[7], [4]], silver: [[8], [5]], gold: [[9], [6]] } };
}

const noView = { legal: [], seat: null };
export const pictures = {
  ...Object.fromEntries(ONE_RESOURCE.map((res) => [res, () => framed(resourcePiece(res, rulesCatalogue))])),
  resources: () => framed(ONE_RESOURCE.map((res) => resourcePiece(res, rulesCatalogue))),
  ...Object.fromEntries(['forest', 'gold', 'silver', 'copper', 'water'].map((t) => [`hex-${t}`,
    () => hexPicture({ terrain: t })])),
  'mining-token': () => hexPicture({ terrain: 'gold', token: 0, face_up: true, resources: ['gold', 'gold', 'copper'] }),
  'token-back': () => hexPicture({ terrain: 'silver', face_up: false }),
  looted: () => hexPicture({ terrain: 'copper', looted: true }),
  camp: () => hexPicture({ terrain: 'forest', camp: 2 }),
  settlement: () => hexPicture({ terrain: 'forest', camp: 2, settlement: true }),
  'seat-marks': () => framed([0, 1, 2, 3].map((seat) => playerPiece(seat, pictureCtx))),
  'influence-token': () => framed(playerPiece(2, pictureCtx)),
  stagecoach: () => framed(playerPiece(2, pictureCtx, 'stagecoach')),
  wanted: () => framed(art.inline(art.wantedShapes(), 20, 20, 'goldwest-picture-piece', gettext('Wanted'))),
  vp: () => framed(art.inline(art.vpShapes(), 20, 20, 'goldwest-picture-piece', gettext('VP'))),
  investment: () => {
    const id = Object.keys(rulesCatalogue.investments || {})[0];
    return framed(id ? drawInvestments({ investments: [Number(id)], investment_bonus: [] }, noView,
      pictureCtx).querySelector('.goldwest-investment')
      : art.inline(art.vpShapes(), 20, 20));
  },
  'boomtown-office': () => {
    const node = drawBoomtown(sampleGame(), noView, pictureCtx);
    return framed([...node.querySelectorAll('[data-cell="0"], [data-cell="1"]')], 'goldwest-picture-office');
  },
  boomtown: () => framed(drawBoomtown(sampleGame(), noView, pictureCtx).querySelector('.goldwest-town')),
  'supply-track': () => framed(drawSupply(samplePlayer(), null, noView, pictureCtx, false), 'goldwest-picture-wide'),
  'shipping-track': () => framed(drawShipping(sampleGame(), noView, pictureCtx).querySelector('.goldwest-track'),
    'goldwest-picture-wide'),
};
