// Istanbul: the bazaar board. The grid of places shows everything standing on each place (merchants, companions,
// family members, assistants, Governor, Smuggler, Courier, neutral merchants) and what each place holds now
// (rubies and prices, mosque tiles, demand tile, post office reward, kiosk tiles, secret society lira). A place is
// clicked to move the merchant there (or for the place-bound choice the prompt asks: police destination, fountain
// call-back). Below: every player's wheelbarrow, tiles and letters, and the viewer's own bonus cards.
import { el, actionsWhere, actionWhere, bindAction, bindOnly, token, coin, cardFace, cardBack, section, plural } from '/static/js/ui.js';

const SEAT_COLOURS = ['#c0392b', '#2e6fd6', '#d4a017', '#27ae60', '#8e44ad'];
const GOOD_COLOURS = { red: '#c0392b', green: '#27ae60', yellow: '#e5b900', blue: '#2e6fd6' };
const TOKEN_LETTERS = { governor: 'G', smuggler: 'S', courier: 'C' };

function seatToken(seat, ctx, text, cls, what) {
  return token(text, { colour: SEAT_COLOURS[seat % SEAT_COLOURS.length], cls: `istanbul-piece ${cls}`,
    title: `${ctx.possessive(seat, { capital: true })} ${what}` });
}

function goodsChips(goods, cat, cls) {
  return Object.entries(goods).filter(([, n]) => n).map(([g, n]) => el('span', {
    class: ['istanbul-good', cls], style: { '--good': GOOD_COLOURS[g] || '#777' }, title: `${n} ${(cat.goods || {})[g] || g}`,
  }, g === 'any' ? `${n}?` : String(n)));
}

function placeInfo(p, cat) {
  const bits = [];
  if (p.rubies !== undefined) bits.push(el('span', { class: 'istanbul-rubies', title: `${plural(p.rubies, 'ruby', 'rubies')} here` }, `${p.rubies}R`));
  if (p.price !== undefined) bits.push(coin(p.price, { title: 'price of the next ruby' }));
  if (p.cost) bits.push(...goodsChips(p.cost, cat));
  if (p.extensions !== undefined) bits.push(el('span', { title: 'extensions left' }, `+${p.extensions}`));
  if (p.tiles && typeof p.tiles === 'object') {
    for (const [colour, values] of Object.entries(p.tiles)) {
      bits.push(el('span', { class: 'istanbul-mosque-tile', style: { '--good': GOOD_COLOURS[colour] },
        title: `${(cat.goods || {})[colour]} tiles left: ${values.join(', ') || 'none'}` }, values.length ? String(values[0]) : '-'));
    }
  }
  if (p.demand) bits.push(el('span', { class: 'istanbul-demand', title: 'demand tile' }, goodsChips(p.demand, cat)));
  if (p.reward) {
    const { lira, ...goods } = p.reward;
    bits.push(...goodsChips(goods, cat), coin(lira));
  }
  if (typeof p.tiles === 'number') bits.push(el('span', { title: 'kiosk tiles in the stacks' }, `${p.tiles} tiles`));
  if (p.lira) bits.push(el('span', { title: 'lira left for the first members' }, p.lira.join('/')));
  if (p.discard !== undefined) bits.push(el('span', { title: 'cards in the discard pile' }, `${p.discard} up`));
  return el('div', { class: 'istanbul-place-info' }, bits);
}

function placeCell(p, view, ctx) {
  const cat = ctx.catalogue || {};
  const info = (cat.places || {})[String(p.place)] || { name: `Place ${p.place}`, text: '' };
  const me = view.seat;
  const pieces = [];
  for (const s of p.merchants) pieces.push(seatToken(s, ctx, 'M', 'istanbul-merchant', 'merchant'));
  for (const s of p.companions) pieces.push(seatToken(s, ctx, 'c', 'istanbul-companion', 'companion'));
  for (const s of p.family) pieces.push(seatToken(s, ctx, 'F', 'istanbul-family', 'family member'));
  const helpers = p.tokens.map((t) => token(TOKEN_LETTERS[t], { shape: 'square', cls: `istanbul-${t}`, title: t[0].toUpperCase() + t.slice(1) }));
  for (let i = 0; i < p.neutrals; i += 1) helpers.push(token('N', { cls: 'istanbul-neutral', title: 'neutral merchant' }));
  const assistants = p.assistants.map((s) => el('span', { class: 'istanbul-assistant',
    style: { '--seat': SEAT_COLOURS[s % SEAT_COLOURS.length] }, title: `${ctx.possessive(s, { capital: true })} assistant` }));
  const cell = el('div', {
    class: ['istanbul-place', me !== null && p.merchants.includes(me) && 'istanbul-here'],
    dataset: { place: p.place }, style: { 'grid-row': p.row + 1, 'grid-column': p.col + 1 },
  },
  el('div', { class: 'istanbul-place-head' }, el('span', { class: 'istanbul-place-no' }, String(p.place)),
    el('span', { class: 'istanbul-place-name' }, info.name)),
  placeInfo(p, cat),
  el('div', { class: 'istanbul-pieces' }, pieces, helpers),
  assistants.length ? el('div', { class: 'istanbul-assistants' }, assistants) : null);
  // One click on the place: the plain merchant move, else the one place-bound choice the prompt asks for.
  const legal = view.legal || [];
  const plain = actionsWhere(legal, { type: 'move', to: p.place }).filter((a) => !a.card && !a.token);
  const placed = plain.length ? plain : legal.filter((a) => (a.to === p.place && !a.card && !a.token)
    || (a.type === 'recall' && a.from === p.place));
  bindOnly(cell, placed, ctx, { title: info.text });
  if (!cell.classList.contains('act')) cell.title = `${info.name}: ${info.text}`;
  return cell;
}

function playerPanel(p, view, ctx) {
  const cat = ctx.catalogue || {};
  const g = view.game;
  const goods = Object.entries(p.goods).map(([good, n]) => el('span', {
    class: 'istanbul-barrow-slot', style: { '--good': GOOD_COLOURS[good] }, title: `${(cat.goods || {})[good]}: ${n} of ${p.capacity}`,
  }, `${n}/${p.capacity}`));
  const tiles = Object.entries(p.mosque).map(([colour, v]) => el('span', { class: 'istanbul-mosque-tile',
    style: { '--good': GOOD_COLOURS[colour] }, title: `${(cat.goods || {})[colour]} mosque tile` }, String(v)));
  const letters = p.letters.map((l) => el('span', {
    class: ['istanbul-letter', l.delivered && 'istanbul-delivered'],
    title: l.delivered ? `delivered letter (${l.place}): 2 seals` : `letter for place ${l.place}: 1 seal`,
  }, l.delivered ? `${l.place}**` : `${l.place}*`));
  const companion = p.companion === 'supply' ? 'companion in supply' : (typeof p.companion === 'number' ? `companion at ${p.companion}` : null);
  return el('div', {
    class: ['istanbul-player', g.turn === p.seat && 'istanbul-turn', (view.waiting || []).includes(p.seat) && 'istanbul-waiting'],
    dataset: { seat: p.seat }, style: { '--seat': SEAT_COLOURS[p.seat % SEAT_COLOURS.length] },
  },
  el('div', { class: 'istanbul-player-head' },
    el('span', { class: 'istanbul-player-name' }, ctx.name(p.seat, { capital: true })),
    el('span', { class: 'istanbul-rubies', title: 'rubies' }, `${p.rubies}/${g.target}R`),
    coin(p.lira, { title: 'lira' }),
    el('span', { title: 'bonus cards' }, plural(p.cards, 'card'))),
  el('div', { class: 'istanbul-barrow' }, goods),
  el('div', { class: 'istanbul-player-line' },
    el('span', { title: 'assistants under the merchant' }, `stack ${p.stack}${p.spare ? ' (+1 in supply)' : ''}`),
    tiles.length ? el('span', { class: 'istanbul-tiles' }, tiles) : null,
    companion ? el('span', {}, companion) : null,
    p.double_used ? el('span', { title: 'double turn used this round' }, 'double used') : null),
  letters.length ? el('div', { class: 'istanbul-letters' }, el('span', {}, `${p.seals} seals:`), letters) : null);
}

function handCards(view, ctx) {
  const me = view.seat === null ? null : view.game.players[view.seat];
  if (!me || !me.hand) return null;
  const cat = ctx.catalogue || {};
  return section('Your bonus cards', me.hand.map((kind) => {
    const info = (cat.cards || {})[kind] || { name: kind, text: '' };
    const node = cardFace({ name: info.name, body: [info.text], small: true, cls: 'istanbul-card' });
    bindOnly(node, actionsWhere(view.legal || [], { card: kind }).filter((a) => !a.via), ctx);
    return node;
  }), { cls: 'istanbul-hand' });
}

function kioskRow(view, ctx) {
  const g = view.game;
  if (!g.kiosk.revealed.length) return null;
  const cat = ctx.catalogue || {};
  const used = (g.step && g.step.used) || [];
  return section('Kiosk tiles', g.kiosk.revealed.map((t) => {
    const node = cardFace({ name: `Tile ${t}`, body: [(cat.kiosk || {})[String(t)] || ''], small: true,
      cls: used.includes(t) ? 'istanbul-kiosk-tile istanbul-used' : 'istanbul-kiosk-tile' });
    const take = actionWhere(view.legal || [], { type: 'kiosk', tile: t, choice: 'take' });
    if (take) bindAction(node, take, ctx);
    return node;
  }));
}

function statusLine(view, ctx) {
  const g = view.game;
  const parts = [`Round ${g.round}`, `${ctx.possessive(g.turn, { capital: true })} turn`, `first to ${g.target} rubies`];
  if (g.ending) parts.push('last round');
  const step = g.step;
  if (step && step.step === 'auction') {
    parts.push(step.leader === null ? 'auction: no bid yet' : `auction: ${ctx.name(step.leader)} bids ${step.bid}`);
  }
  if (step && step.dice) parts.push(`dice ${step.dice.join('+')}`);
  return el('div', { class: 'istanbul-status' }, parts.join(' · '));
}

function piles(view, ctx) {
  const g = view.game;
  const cat = ctx.catalogue || {};
  const top = g.bonus.discard[g.bonus.discard.length - 1];
  const topInfo = top ? (cat.cards || {})[top] : null;
  return el('div', { class: 'istanbul-piles' },
    cardBack({ label: 'Bonus deck', count: g.bonus.deck, cls: 'istanbul-pile' }),
    topInfo ? cardFace({ name: topInfo.name, kind: 'discard pile', body: [topInfo.text], small: true, cls: 'istanbul-card' }) : null,
    g.expansion ? cardBack({ label: 'Letters', count: g.letters.deck, cls: 'istanbul-pile' }) : null);
}

export function render(root, view, ctx) {
  const g = view.game;
  const board = el('div', { class: 'istanbul-board', style: { '--cols': g.cols } },
    g.board.map((p) => placeCell(p, view, ctx)));
  root.replaceChildren(el('div', { class: 'istanbul-root' },
    statusLine(view, ctx),
    board,
    kioskRow(view, ctx),
    handCards(view, ctx),
    el('div', { class: 'istanbul-players' }, g.players.map((p) => playerPanel(p, view, ctx))),
    piles(view, ctx)));
}
