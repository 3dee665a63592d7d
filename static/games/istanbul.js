// Istanbul: the bazaar board. The grid of places shows everything standing on each place (merchants, companions,
// family members, assistants, Governor, Smuggler, Courier, neutral merchants) and what each place holds now
// (rubies and prices, mosque tiles, demand tile, post office reward, kiosk tiles, secret society lira). A place is
// clicked to move the merchant there (or for the place-bound choice the prompt asks: police destination, fountain
// call-back). Below: every player's wheelbarrow, tiles and letters, and the viewer's own bonus cards.
// The Grand Bazaar variant (house rules) adds a 5x5 board with the Roasting Plant, Guild Hall, Tavern, Coffee House and
// Catacombs, the Coffee Trader, every player's coffee and Tavern tiles, and the viewer's guild cards; its label and the
// sentence on which rules are ours sit above the board.
import { el, actionsWhere, bindOnly, token, coin, cardFace, cardBack, section } from '/static/js/ui.js';
import { gettext, ngettext } from '/static/js/i18n.js';

const SEAT_COLOURS = ['#c0392b', '#2e6fd6', '#d4a017', '#27ae60', '#8e44ad'];
// The table page names each player (seats, scoreboard, log) in the colour of their merchant.
export const seatColours = SEAT_COLOURS;
const GOOD_COLOURS = { red: '#c0392b', green: '#27ae60', yellow: '#e5b900', blue: '#2e6fd6' };
// One letter on each piece, as the reader's language abbreviates it.
const TOKEN_LETTERS = { governor: gettext('G'), smuggler: gettext('S'), courier: gettext('C'), coffee_trader: gettext('T') };
const TOKEN_TITLES = { governor: gettext('Governor'), smuggler: gettext('Smuggler'), courier: gettext('Courier'),
  coffee_trader: gettext('Coffee Trader') };

function coffeeChip(n, title) {
  return el('span', { class: 'istanbul-coffee', title }, String(n));
}

// Grand Bazaar texts replace a few catalogue texts (coffee counts there, never elsewhere).
function bazaarText(view, ctx, group, key, text) {
  const extra = view.game.variant ? ((ctx.catalogue || {}).grand_bazaar || {})[group] : null;
  return gettext((extra && extra[key]) || text);
}

// `title` writes whose piece it is: title(owner) with the owner as "Your" / "Ann's" (English) or the name.
function seatToken(seat, ctx, text, cls, title) {
  return token(text, { colour: SEAT_COLOURS[seat % SEAT_COLOURS.length], cls: `istanbul-piece ${cls}`,
    title: title(ctx.possessive(seat, { capital: true })) });
}

function goodName(cat, g) {
  return gettext((cat.goods || {})[g] || g);
}

function goodsChips(goods, cat, cls) {
  return Object.entries(goods).filter(([, n]) => n).map(([g, n]) => el('span', {
    class: ['istanbul-good', cls], style: { '--good': GOOD_COLOURS[g] || '#777' }, title: gettext('{n} {good}', { n, good: goodName(cat, g) }),
  }, g === 'any' ? `${n}?` : String(n)));
}

function placeInfo(p, cat, view, ctx) {
  const bits = [];
  if (p.rubies !== undefined) {
    bits.push(el('span', { class: 'istanbul-rubies', title: ngettext('{n} ruby here', '{n} rubies here', p.rubies) },
      gettext('{n}R', { n: p.rubies })));
  }
  if (p.price !== undefined) bits.push(coin(p.price, { title: gettext('price of the next ruby') }));
  if (p.cost) bits.push(...goodsChips(p.cost, cat));
  if (p.extensions !== undefined) bits.push(el('span', { title: gettext('extensions left') }, `+${p.extensions}`));
  if (p.tiles && typeof p.tiles === 'object') {
    for (const [colour, values] of Object.entries(p.tiles)) {
      bits.push(el('span', { class: 'istanbul-mosque-tile', style: { '--good': GOOD_COLOURS[colour] },
        title: gettext('{good} tiles left: {values}', { good: goodName(cat, colour), values: values.join(', ') || gettext('none') }) },
      values.length ? String(values[0]) : '-'));
    }
  }
  if (p.demand) bits.push(el('span', { class: 'istanbul-demand', title: gettext('demand tile') }, goodsChips(p.demand, cat)));
  if (p.reward) {
    const { lira, ...goods } = p.reward;
    bits.push(...goodsChips(goods, cat), coin(lira));
  }
  if (typeof p.tiles === 'number') {
    bits.push(el('span', { title: gettext('kiosk tiles in the stacks') }, ngettext('{n} tile', '{n} tiles', p.tiles)));
  }
  if (p.lira) bits.push(el('span', { title: gettext('lira left for the first members') }, p.lira.join('/')));
  if (p.discard !== undefined) {
    bits.push(el('span', { title: gettext('cards in the discard pile') }, gettext('{n} up', { n: p.discard })));
  }
  if (p.coffee !== undefined) bits.push(coffeeChip(`+${p.coffee}`, gettext('coffee taken here: {n}', { n: p.coffee })));
  if (p.coffee_price !== undefined) {
    bits.push(coffeeChip(p.coffee_price, gettext('coffee for the next ruby: {n}', { n: p.coffee_price })));
  }
  if (p.guild_deck !== undefined) {
    bits.push(el('span', { title: gettext('guild cards: {deck} in the deck, {up} face up', { deck: p.guild_deck, up: p.guild_discard }) },
      gettext('{n} guild', { n: p.guild_deck })));
  }
  if (p.tavern) {
    const legal = view.legal || [];
    for (const [series, values] of Object.entries(p.tavern)) {
      const chip = el('span', { class: 'istanbul-tavern-tile',
        title: gettext('Tavern tiles {series} ({name}) left: {values}', { series,
          name: gettext((((cat.grand_bazaar || {}).tavern) || {})[series] || ''), values: values.join(', ') || gettext('none') }) },
      `${series}${values.length ? values[0] : '-'}`);
      bindOnly(chip, actionsWhere(legal, { type: 'act', series }).filter((a) => !a.card), ctx);
      bits.push(chip);
    }
    bits.push(el('span', { class: 'istanbul-baksheesh', title: gettext('Baksheesh: each Tavern tile costs {n} coffee', { n: p.baksheesh }) },
      gettext('tip')));
  }
  return el('div', { class: 'istanbul-place-info' }, bits);
}

function placeCell(p, view, ctx) {
  const cat = ctx.catalogue || {};
  const base = (cat.places || {})[String(p.place)];
  const info = base ? { name: gettext(base.name), text: bazaarText(view, ctx, 'places', String(p.place), base.text) }
    : { name: gettext('Place {number}', { number: p.place }), text: '' };
  const me = view.seat;
  const pieces = [];
  for (const s of p.merchants) {
    pieces.push(seatToken(s, ctx, gettext('M'), 'istanbul-merchant', (owner) => gettext('{owner} merchant', { owner })));
  }
  for (const s of p.companions) {
    pieces.push(seatToken(s, ctx, gettext('c'), 'istanbul-companion', (owner) => gettext('{owner} companion', { owner })));
  }
  for (const s of p.family) {
    pieces.push(seatToken(s, ctx, gettext('F'), 'istanbul-family', (owner) => gettext('{owner} family member', { owner })));
  }
  const helpers = p.tokens.map((t) => token(TOKEN_LETTERS[t], { shape: 'square', cls: `istanbul-${t}`, title: TOKEN_TITLES[t] }));
  for (let i = 0; i < p.neutrals; i += 1) helpers.push(token(gettext('N'), { cls: 'istanbul-neutral', title: gettext('neutral merchant') }));
  const assistants = p.assistants.map((s) => el('span', { class: 'istanbul-assistant',
    style: { '--seat': SEAT_COLOURS[s % SEAT_COLOURS.length] },
    title: gettext('{owner} assistant', { owner: ctx.possessive(s, { capital: true }) }) }));
  const cell = el('div', {
    class: ['istanbul-place', me !== null && p.merchants.includes(me) && 'istanbul-here'],
    dataset: { place: p.place }, style: { 'grid-row': p.row + 1, 'grid-column': p.col + 1 },
  },
  el('div', { class: 'istanbul-place-head' }, el('span', { class: 'istanbul-place-no' }, String(p.place)),
    el('span', { class: 'istanbul-place-name' }, info.name)),
  placeInfo(p, cat, view, ctx),
  el('div', { class: 'istanbul-pieces' }, pieces, helpers),
  assistants.length ? el('div', { class: 'istanbul-assistants' }, assistants) : null);
  // One click on the place: the plain merchant move, else the one place-bound choice the prompt asks for.
  const legal = view.legal || [];
  const plain = actionsWhere(legal, { type: 'move', to: p.place }).filter((a) => !a.card && !a.token && !a.guild);
  const placed = plain.length ? plain : legal.filter((a) => (a.to === p.place && !a.card && !a.token && !a.guild)
    || (a.type === 'recall' && a.from === p.place));
  bindOnly(cell, placed, ctx, { title: info.text });
  if (!cell.classList.contains('act')) cell.title = `${info.name}: ${info.text}`;
  return cell;
}

function playerPanel(p, view, ctx) {
  const cat = ctx.catalogue || {};
  const g = view.game;
  const goods = Object.entries(p.goods).map(([good, n]) => el('span', {
    class: 'istanbul-barrow-slot', style: { '--good': GOOD_COLOURS[good] },
    title: gettext('{good}: {n} of {capacity}', { good: goodName(cat, good), n, capacity: p.capacity }),
  }, `${n}/${p.capacity}`));
  const tiles = Object.entries(p.mosque).map(([colour, v]) => el('span', { class: 'istanbul-mosque-tile',
    style: { '--good': GOOD_COLOURS[colour] }, title: gettext('{good} mosque tile', { good: goodName(cat, colour) }) }, String(v)));
  const letters = p.letters.map((l) => el('span', {
    class: ['istanbul-letter', l.delivered && 'istanbul-delivered'],
    title: l.delivered ? gettext('delivered letter ({place}): 2 seals', { place: l.place })
      : gettext('letter for place {place}: 1 seal', { place: l.place }),
  }, l.delivered ? `${l.place}**` : `${l.place}*`));
  const companion = p.companion === 'supply' ? gettext('companion in supply')
    : (typeof p.companion === 'number' ? gettext('companion at {place}', { place: p.companion }) : null);
  const bazaar = p.coffee === undefined ? null : el('div', { class: 'istanbul-player-line' },
    el('span', {}, coffeeChip(p.coffee, gettext('coffee')), ' ', gettext('coffee')),
    el('span', { title: gettext('guild cards in hand') }, ngettext('{n} guild card', '{n} guild cards', p.guild)),
    Object.entries(p.tavern).map(([series, v]) => el('span', { class: 'istanbul-tavern-tile',
      title: gettext('Tavern tile {series}', { series }) }, `${series}${v}`)));
  return el('div', {
    class: ['istanbul-player', g.turn === p.seat && 'istanbul-turn', (view.waiting || []).includes(p.seat) && 'istanbul-waiting'],
    dataset: { seat: p.seat }, style: { '--seat': SEAT_COLOURS[p.seat % SEAT_COLOURS.length] },
  },
  el('div', { class: 'istanbul-player-head' },
    el('span', { class: 'istanbul-player-name' }, ctx.name(p.seat, { capital: true })),
    el('span', { class: 'istanbul-rubies', title: gettext('rubies') }, gettext('{n}/{target}R', { n: p.rubies, target: g.target })),
    coin(p.lira, { title: gettext('lira') }),
    el('span', { title: gettext('bonus cards') }, ngettext('{n} card', '{n} cards', p.cards))),
  el('div', { class: 'istanbul-barrow' }, goods),
  el('div', { class: 'istanbul-player-line' },
    el('span', { title: gettext('assistants under the merchant') },
      p.spare ? gettext('stack {n} (+1 in supply)', { n: p.stack }) : gettext('stack {n}', { n: p.stack })),
    tiles.length ? el('span', { class: 'istanbul-tiles' }, tiles) : null,
    companion ? el('span', {}, companion) : null,
    p.double_used ? el('span', { title: gettext('double turn used this round') }, gettext('double used')) : null),
  bazaar,
  letters.length ? el('div', { class: 'istanbul-letters' }, el('span', {}, ngettext('{n} seal:', '{n} seals:', p.seals)), letters) : null);
}

function handCards(view, ctx) {
  const me = view.seat === null ? null : view.game.players[view.seat];
  if (!me || !me.hand || !me.hand.length) return null;  // no heading over an empty hand
  const cat = ctx.catalogue || {};
  return section(gettext('Your bonus cards'), me.hand.map((kind) => {
    const info = (cat.cards || {})[kind] || { name: kind, text: '' };
    const node = cardFace({ name: gettext(info.name), body: [bazaarText(view, ctx, 'cards', kind, info.text)], small: true, cls: 'istanbul-card' });
    bindOnly(node, actionsWhere(view.legal || [], { card: kind }).filter((a) => !a.via), ctx);
    return node;
  }), { cls: 'istanbul-hand' });
}

// Grand Bazaar: the viewer's guild cards; clicking one moves the merchant to its place using the card, when that is
// the one such move on offer.
function guildCards(view, ctx) {
  const me = view.seat === null ? null : view.game.players[view.seat];
  if (!me || !me.guild_hand || !me.guild_hand.length) return null;
  const cat = ctx.catalogue || {};
  return section(gettext('Your guild cards'), me.guild_hand.map((place) => {
    const known = ((cat.places || {})[String(place)] || {}).name;
    const name = known ? gettext(known) : gettext('Place {number}', { number: place });
    const node = cardFace({ name: `${place} ${name}`, kind: gettext('guild card'), small: true, cls: 'istanbul-card istanbul-guild-card',
      body: [gettext('Arriving here: play it instead of the assistant step.')] });
    bindOnly(node, actionsWhere(view.legal || [], { type: 'move', guild: place }).filter((a) => !a.card), ctx);
    return node;
  }), { cls: 'istanbul-guild-hand' });
}

function variantNote(view) {
  const g = view.game;
  if (!g.variant) return null;
  return el('div', { class: 'istanbul-variant' }, el('strong', { class: 'istanbul-variant-label' }, gettext(g.variant_label)),
    ` ${gettext(g.variant_note)}`);
}

function kioskRow(view, ctx) {
  const g = view.game;
  if (!g.kiosk.revealed.length) return null;
  const cat = ctx.catalogue || {};
  const used = (g.step && g.step.used) || [];
  return section(gettext('Kiosk tiles'), g.kiosk.revealed.map((t) => {
    const node = cardFace({ name: gettext('Tile {tile}', { tile: t }), body: [bazaarText(view, ctx, 'kiosk', String(t), (cat.kiosk || {})[String(t)] || '')],
      small: true, cls: used.includes(t) ? 'istanbul-kiosk-tile istanbul-used' : 'istanbul-kiosk-tile' });
    // One click takes a tile with a single plain effect; tiles with a choice (lira or coffee) use the prompt.
    bindOnly(node, actionsWhere(view.legal || [], { type: 'kiosk', tile: t, choice: 'take' }), ctx);
    return node;
  }));
}

function statusLine(view, ctx) {
  const g = view.game;
  const parts = [gettext('Round {round}', { round: g.round }),
    view.result ? null : gettext('{owner} turn', { owner: ctx.possessive(g.turn, { capital: true }) }),
    ngettext('first to {n} ruby', 'first to {n} rubies', g.target)].filter(Boolean);
  if (g.ending) parts.push(gettext('last round'));
  const step = g.step;
  if (step && step.step === 'auction') {
    parts.push(step.leader === null ? gettext('auction: no bid yet')
      : gettext('auction: {player} bids {bid}', { player: ctx.name(step.leader), bid: step.bid }));
  }
  if (step && step.dice) parts.push(gettext('dice {dice}', { dice: step.dice.join('+') }));
  return el('div', { class: 'istanbul-status' }, parts.join(' · '));
}

function piles(view, ctx) {
  const g = view.game;
  const cat = ctx.catalogue || {};
  const top = g.bonus.discard[g.bonus.discard.length - 1];
  const topInfo = top ? (cat.cards || {})[top] : null;
  return el('div', { class: 'istanbul-piles' },
    cardBack({ label: gettext('Bonus deck'), count: g.bonus.deck, cls: 'istanbul-pile' }),
    topInfo ? cardFace({ name: gettext(topInfo.name), kind: gettext('discard pile'),
      body: [gettext(topInfo.text)], small: true, cls: 'istanbul-card' }) : null,
    g.expansion ? cardBack({ label: gettext('Letters'), count: g.letters.deck, cls: 'istanbul-pile' }) : null,
    g.guild ? cardBack({ label: gettext('Guild cards'), count: g.guild.deck, cls: 'istanbul-pile' }) : null,
    g.guild && g.guild.discard.length ? el('div', { class: 'istanbul-guild-discard', title: gettext('guild cards face up') },
      gettext('Guild cards up: {places}', { places: g.guild.discard.join(', ') })) : null);
}

export function render(root, view, ctx) {
  const g = view.game;
  const board = el('div', { class: 'istanbul-board', style: { '--cols': g.cols } },
    g.board.map((p) => placeCell(p, view, ctx)));
  root.replaceChildren(el('div', { class: 'istanbul-root' },
    statusLine(view, ctx),
    variantNote(view),
    board,
    kioskRow(view, ctx),
    handCards(view, ctx),
    guildCards(view, ctx),
    el('div', { class: 'istanbul-players' }, g.players.map((p) => playerPanel(p, view, ctx))),
    piles(view, ctx)));
}
