// Gold West: the board renderer. An SVG hex map (terrain colours, token faces, camps and settlements), the
// Boomtown grid, the investments, the shipping tracks, and each player's supply track and influence rows; at the
// end, every player's score line by line. Legal actions sit on the things they act on (a hex, a cell, a card, a
// track, a section); the table page's prompt bar lists them all as well. Geometry and texts come from the catalogue.

import { gettext, ngettext, shown } from '/static/js/i18n.js';
import { actButton, actionsWhere, bindOnly, cardFace, el, section, svg, token } from '/static/js/ui.js';

const PLAYER_COLOURS = ['#e07b20', '#7b4bb0', '#2f6fd6', '#f2f2f2'];
const TERRAIN_COLOURS = { forest: '#4c8a3f', gold: '#e0b93e', silver: '#aab6c2', copper: '#c0703e' };
const RESOURCE_COLOURS = { gold: '#f2c633', silver: '#dfe5ea', copper: '#cf7c45', wood: '#8b5a2b', stone: '#6e6e6e' };
// The letters on resource pieces, in the reader's language (Silver and Stone need two letters in English).
const RESOURCE_MARKS = { gold: gettext('G'), silver: gettext('S'), copper: gettext('C'), wood: gettext('W'), stone: gettext('St') };

// A seat's piece shows a letter of its colour's name: the first one no earlier seat shows (French "Bleu" and "Blanc"
// would both be B).
const PLAYER_MARKS = (() => {
  const used = new Set();
  return [gettext('Orange'), gettext('Purple'), gettext('Blue'), gettext('White')].map((name) => {
    const letters = [...name.toUpperCase()].filter((c) => /\p{L}/u.test(c));
    const mark = letters.find((c) => !used.has(c)) || letters[0];
    used.add(mark);
    return mark;
  });
})();
const HEX = 20;  // hex radius in SVG units
const ROOT3 = Math.sqrt(3);

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

function resourcePiece(res, cat, extra = {}) {
  return token(RESOURCE_MARKS[res], { colour: RESOURCE_COLOURS[res], title: gettext(cat.resource_names[res]), cls: `goldwest-res goldwest-res-${res}`, ...extra });
}

function resourceRow(list, cat) {
  return el('span', { class: 'goldwest-res-row' }, list.map((res) => resourcePiece(res, cat)));
}

function countsToList(counts) {
  return Object.entries(counts || {}).flatMap(([res, n]) => Array(n).fill(res));
}

function playerPiece(seat, ctx, text) {
  return token(text || PLAYER_MARKS[seat], { colour: PLAYER_COLOURS[seat], title: ctx.name(seat, { capital: true }), shape: 'square', cls: `goldwest-player-piece goldwest-seat-${seat}` });
}

// ---- the map -------------------------------------------------------------------------------------------------------

function tokenFace(group, x, y, resources) {
  const n = resources.length;
  resources.forEach((res, i) => {
    const dx = (i - (n - 1) / 2) * 9.5;
    group.append(svg('circle', { cx: x + dx, cy: y + 2, r: 4.6, fill: RESOURCE_COLOURS[res], stroke: '#222', 'stroke-width': 0.7 }),
      svg('text', { x: x + dx, y: y + 4.6, class: 'goldwest-face-letter' }, RESOURCE_MARKS[res][0]));
  });
}

function drawMap(game, view, ctx, upright) {
  const cat = ctx.catalogue;
  const where = Object.fromEntries(cat.hexes.map((h) => [h.id, h]));
  const points = [...game.map.map((h) => where[h.id]), ...cat.water].map((h) => centre(h.q, h.r, upright));
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const pad = HEX + 2;
  const box = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad, Math.max(...ys) - Math.min(...ys) + 2 * pad];
  const board = svg('svg', { class: 'goldwest-map', viewBox: box.map((v) => v.toFixed(1)).join(' '), role: 'img', 'aria-label': gettext('Map') });
  for (const w of cat.water) {
    const [x, y] = centre(w.q, w.r, upright);
    board.append(svg('polygon', { points: corners(x, y, HEX - 0.6, upright), class: 'goldwest-water' }));
  }
  const turnHex = game.turn.hex;
  for (const hx of game.map) {
    const [x, y] = centre(where[hx.id].q, where[hx.id].r, upright);
    const group = svg('g', { class: ['goldwest-hex', `goldwest-${hx.terrain}`, hx.id === turnHex && 'goldwest-taken'], dataset: { hex: hx.id } },
      svg('polygon', { points: corners(x, y, HEX - 0.6, upright), fill: TERRAIN_COLOURS[hx.terrain] }));
    const title = [gettext(cat.terrain_names[hx.terrain])];
    if (hx.camp !== null) {
      const colour = PLAYER_COLOURS[hx.camp];
      if (hx.settlement) group.append(svg('circle', { cx: x, cy: y, r: 11, fill: 'none', stroke: '#fff', 'stroke-width': 2.2 }));
      group.append(svg('path', { d: `M${x - 8} ${y + 6}h16v-7l-8-6-8 6z`, fill: colour, stroke: '#222', 'stroke-width': 1, class: hx.settlement ? 'goldwest-settlement' : 'goldwest-camp', dataset: { seat: hx.camp } }));
      const player = ctx.name(hx.camp);
      title.push(hx.settlement ? gettext('settlement of {player}', { player }) : gettext('camp of {player}', { player }));
    } else if (hx.looted) {
      group.append(svg('path', { d: `M${x - 7} ${y - 7}l14 14M${x + 7} ${y - 7}l-14 14`, stroke: '#5a1010', 'stroke-width': 3, class: 'goldwest-loot' }));
      title.push(gettext('looted'));
    } else if (hx.token !== null && hx.token !== undefined) {
      const face = cat.tokens[String(hx.token)].resources;
      group.append(svg('rect', { x: x - 14, y: y - 5, width: 28, height: 14, rx: 6, class: hx.face_up ? 'goldwest-token' : 'goldwest-token goldwest-seen' }));
      tokenFace(group, x, y, face);
      const resources = face.map((r) => gettext(cat.resource_names[r])).join(' + ');
      title.push(hx.face_up ? resources : gettext('face down, you looked: {resources}', { resources }));
    } else if (hx.face_up === false) {
      group.append(svg('rect', { x: x - 9, y: y - 7, width: 18, height: 14, rx: 4, class: 'goldwest-token-back' }),
        svg('text', { x, y: y + 4, class: 'goldwest-back-letter' }, '?'));
      title.push(gettext('face-down token'));
    }
    group.append(svg('title', {}, title.join(', ')));
    const action = [...actionsWhere(view.legal, { type: 'build', hex: hx.id }), ...actionsWhere(view.legal, { type: 'peek', hex: hx.id }),
      ...actionsWhere(view.legal, { type: 'upgrade', hex: hx.id })];
    bindOnly(group, action, ctx);
    board.append(group);
  }
  return el('div', { class: 'goldwest-map-wrap' }, board);
}

// ---- Boomtown, investments, shipping --------------------------------------------------------------------------------

function drawBoomtown(game, view, ctx) {
  const cat = ctx.catalogue;
  const town = game.boomtown;
  const grid = el('div', { class: 'goldwest-town', role: 'group', 'aria-label': gettext('Boomtown') });
  grid.append(el('span', { class: 'goldwest-town-corner' }));
  for (const metal of cat.boomtown.columns) grid.append(el('span', { class: 'goldwest-town-head' }, resourcePiece(metal, cat)));
  cat.boomtown.rows.forEach((rowMetal, row) => {
    grid.append(el('span', { class: 'goldwest-town-head' }, resourcePiece(rowMetal, cat)));
    for (let column = 0; column < 3; column += 1) {
      const index = row * 3 + column;
      const cell = town.cells[index];
      const office = cell.office !== null ? cat.offices[String(cell.office)] : null;
      const single = cell.office === null;
      const name = office ? gettext(office.name) : (town.single_tile === 'vp4' ? gettext('4 VP')
        : gettext('Trading Post: {resource}', { resource: gettext(cat.trading_post[town.single_tile]) }));
      const node = el('div', { class: ['goldwest-cell', single && 'goldwest-single', office && `goldwest-office-${cell.office}`], dataset: { cell: index }, title: office ? gettext('{place}: {text}', { place: name, text: gettext(office.text) }) : name },
        el('span', { class: 'goldwest-cell-name' }, name),
        el('span', { class: 'goldwest-cell-tokens' }, cell.token !== null ? playerPiece(cell.token, ctx) : null, cell.shared !== null ? playerPiece(cell.shared, ctx) : null));
      const action = ['boomtown', 'free_office', 'shared_office'].flatMap((type) => actionsWhere(view.legal, { type, cell: index }));
      bindOnly(node, action, ctx);
      grid.append(node);
    }
  });
  // Tell the offices apart: the two cells of one office share an outline colour.
  town.offices.forEach((office, i) => office.cells.forEach((c) => grid.querySelector(`[data-cell="${c}"]`).classList.add(`goldwest-domino-${i}`)));
  const legend = el('ul', { class: 'goldwest-office-legend' }, town.offices.map((o, i) => {
    const office = cat.offices[String(o.office)];
    return el('li', { class: `goldwest-domino-${i}` }, el('b', {}, gettext(office.name)), gettext(': {text}', { text: gettext(office.text) }));
  }));
  return section(gettext('Boomtown'), [grid, legend], { cls: 'goldwest-town-section' });
}

function drawInvestments(game, view, ctx) {
  const cat = ctx.catalogue;
  const cards = game.investments.map((id) => {
    const card = cat.investments[String(id)];
    const cost = countsToList(card.cost);
    const effect = card.effect ? gettext(card.effect, { terrain: gettext(card.terrain_name) }) : '';
    const node = cardFace({ name: gettext('No. {number}', { number: id }), corner: `${card.vp}`, small: true, cls: 'goldwest-investment',
      body: [resourceRow(cost, cat), effect ? el('div', { class: 'goldwest-effect' }, effect) : null], title: gettext('{vp} VP. {effect}', { vp: card.vp, effect }).trim() });
    node.dataset.card = id;
    bindOnly(node, actionsWhere(view.legal, { type: 'invest', card: id }), ctx);
    return node;
  });
  const bonus = game.investment_bonus.length ? gettext('bonus tiles left: {tiles} VP', { tiles: game.investment_bonus.join(', ') })
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
      const here = game.players.filter((p) => p.ship[metal] === space).map((p) => playerPiece(p.seat, ctx));
      const text = bonus >= 0 ? (game.ship_bonus[metal][bonus].join('/') || '-') : (ship.vp[String(space)] ? `+${ship.vp[String(space)]}` : String(space));
      spaces.push(el('span', { class: ['goldwest-space', bonus >= 0 && 'goldwest-bonus', ship.vp[String(space)] && 'goldwest-scoring'], title: bonus >= 0 ? gettext('bonus space (never stopped on): tiles left') : gettext('space {space}', { space }) },
        el('span', { class: 'goldwest-space-text' }, text), here));
    }
    const row = el('div', { class: 'goldwest-track', dataset: { metal } }, el('span', { class: 'goldwest-track-head' }, resourcePiece(metal, cat)), spaces);
    const mine = [...actionsWhere(view.legal, { type: 'ship', metal }), ...actionsWhere(view.legal, { type: 'free_ship', metal })];
    bindOnly(row, mine, ctx);
    return row;
  });
  return section(gettext('Shipping'), [el('div', { class: 'goldwest-tracks' }, rows)], { cls: 'goldwest-shipping' });
}

// ---- players -------------------------------------------------------------------------------------------------------

function drawSupply(player, game, view, ctx, mine) {
  const cat = ctx.catalogue;
  const sections = [3, 2, 1, 0].map((s) => {
    const node = el('div', { class: 'goldwest-section', dataset: { section: s } },
      el('span', { class: 'goldwest-section-number', title: gettext("section {section}: {vp} VP when a token's resources go here", { section: s, vp: s }) }, String(s)),
      el('span', { class: 'goldwest-section-cubes' }, player.supply[s].map((res) => resourcePiece(res, cat))));
    if (mine) {
      const actions = ['activate', 'place', 'trade'].flatMap((type) => actionsWhere(view.legal, { type, section: s }));
      bindOnly(node, actions, ctx);
    }
    return node;
  });
  return el('div', { class: 'goldwest-supply', title: gettext('Supply track: resources move from 3 towards 0') }, sections);
}

function drawInfluence(player, ctx) {
  const cat = ctx.catalogue;
  return el('div', { class: 'goldwest-influence' }, cat.terrains.map((t) => el('div', { class: 'goldwest-influence-row', dataset: { terrain: t } },
    el('span', { class: 'goldwest-swatch', style: { background: TERRAIN_COLOURS[t] } }),
    el('span', { class: 'goldwest-influence-name' }, gettext(cat.terrain_names[t])),
    el('b', {}, String(player.influence[t])),
    player.settlements[t] ? el('span', { class: 'goldwest-muted' }, ' ', ngettext('({n} settlement)', '({n} settlements)', player.settlements[t])) : null)));
}

function drawPlayer(player, game, view, ctx) {
  const seat = player.seat;
  const mine = seat === view.seat;
  const active = game.turn.seat === seat && !view.result;
  // Once the game is over the result's total is the score (the track showed only points scored during play).
  const vp = view.result && view.result.scores ? view.result.scores[seat] : player.vp;
  const facts = [
    el('span', {}, el('b', {}, String(vp)), ' ', gettext('VP')),
    el('span', {}, ngettext('{n} camp left', '{n} camps left', player.camps)),
    el('span', {}, ngettext('{n} influence token', '{n} influence tokens', player.influence_tokens)),
    player.wanted ? el('span', { class: 'goldwest-wanted' }, ngettext('{n} Wanted', '{n} Wanted', player.wanted)) : null,
    player.investments.length ? el('span', {}, gettext('investments {cards}', { cards: player.investments.join(', ') })) : null,
    player.ship_tiles.length ? el('span', {}, gettext('shipping tiles {tiles}', { tiles: player.ship_tiles.join(', ') })) : null,
  ];
  return el('div', { class: ['goldwest-player', mine && 'goldwest-me', active && 'goldwest-active'], dataset: { seat } },
    el('div', { class: 'goldwest-player-head' }, playerPiece(seat, ctx), el('b', {}, ctx.name(seat, { capital: true })), facts),
    el('div', { class: 'goldwest-player-body' }, drawSupply(player, game, view, ctx, mine), drawInfluence(player, ctx)));
}

// ---- this turn -----------------------------------------------------------------------------------------------------

function drawTurn(game, view, ctx) {
  const cat = ctx.catalogue;
  const turn = game.turn;
  const who = ctx.name(turn.seat, { capital: true });
  const round = turn.final ? gettext('Round {round} (last turns): {player}', { round: game.round, player: who })
    : gettext('Round {round}: {player}', { round: game.round, player: who });
  const lines = [el('b', {}, view.result ? gettext('Game over') : round),
    el('span', { class: 'goldwest-muted goldwest-order' }, gettext('Turn order: {players}', { players: game.order.map((s) => ctx.name(s)).join(', ') }))];
  if (turn.hand.length) {
    const drops = turn.hand.map((res) => {
      const piece = resourcePiece(res, cat);
      const action = actionsWhere(view.legal, { type: 'drop', resource: res });
      return bindOnly(piece, action, ctx);
    });
    const drop = view.legal.find((a) => a.type === 'drop');
    lines.push(el('span', {}, drop ? gettext('Leave one in section {section}:', { section: drop.section }) : gettext('In hand:'), ' ', drops));
  }
  const placing = view.prompt && view.prompt.data && view.prompt.data.resources;
  if (placing) lines.push(el('span', {}, gettext('To store:'), ' ', resourceRow(placing, cat)));
  const held = countsToList(turn.held);
  if (held.length) lines.push(el('span', {}, gettext('Activated:'), ' ', resourceRow(held, cat)));
  const done = view.legal.find((a) => a.type === 'done');
  if (done) lines.push(actButton(done, ctx, null, 'goldwest-done'));
  const trade = actionsWhere(view.legal, { type: 'trade', section: null });
  for (const action of trade) lines.push(actButton(action, ctx, null, 'goldwest-trade'));
  return el('div', { class: 'goldwest-turn' }, lines);
}

function drawBreakdown(view, game, ctx) {
  const r = view.result;
  return el('div', { class: 'goldwest-breakdown' }, game.players.map((p) => el('div', { class: 'goldwest-breakdown-player' },
    el('div', { class: 'goldwest-player-head' }, playerPiece(p.seat, ctx), el('b', {}, ctx.name(p.seat, { capital: true })), ' ', gettext('{vp} VP', { vp: r.scores[p.seat] })),
    el('table', {}, el('tbody', {}, r.breakdown[p.seat].map((line) => el('tr', {}, el('td', {}, shown(line)), el('td', { class: 'goldwest-num' }, String(line.points)))))))));
}

export function render(root, view, ctx) {
  const game = view.game;
  const parts = [drawTurn(game, view, ctx)];
  if (view.result && view.result.breakdown) parts.push(section(gettext('Final scoring, line by line'), [drawBreakdown(view, game, ctx)]));
  const me = game.players.find((p) => p.seat === view.seat);
  const others = game.players.filter((p) => p.seat !== view.seat);
  const upright = (root.clientWidth || window.innerWidth) < 560;
  parts.push(drawMap(game, view, ctx, upright));
  if (me) parts.push(drawPlayer(me, game, view, ctx));
  parts.push(el('div', { class: 'goldwest-middle' }, drawBoomtown(game, view, ctx), drawShipping(game, view, ctx)));
  parts.push(drawInvestments(game, view, ctx));
  parts.push(el('div', { class: 'goldwest-players' }, others.map((p) => drawPlayer(p, game, view, ctx))));
  root.replaceChildren(el('div', { class: 'goldwest' }, parts));
}

export function dispose(root) {
  root.replaceChildren();
}

// Seat colours for the table page's log and scoreboard (white pieces are named in grey, which shows on white).
export const seatColours = PLAYER_COLOURS.map((c) => (c === '#f2f2f2' ? '#8c8c8c' : c));
