// Istanbul: the bazaar board. The grid of places shows everything standing on each place (merchants, companions,
// family members, assistants, Governor, Smuggler, Courier, neutral merchants) and what each place holds now
// (rubies and prices, mosque tiles, demand tile, post office reward, kiosk tiles, secret society lira). A place is
// clicked to move the merchant there (or for the place-bound choice the prompt asks: police destination, fountain
// call-back). Below: every player's wheelbarrow, tiles and letters, and the viewer's own bonus cards.
// The Grand Bazaar variant (house rules) adds a 5x5 board with the Roasting Plant, Guild Hall, Tavern, Coffee House and
// Catacombs, the Coffee Trader, every player's coffee and Tavern tiles, and the viewer's guild cards; its label and the
// sentence on which rules are ours sit above the board.
import { el, actionsWhere, bindOnly, cardFace, cardBack, flip, section } from '/static/js/ui.js';
import * as art from '/static/games/istanbul/art.js';
import { fitWords } from '/static/js/fit.js';
import { gettext, ngettext } from '/static/js/i18n.js';

const SEAT_COLOURS = ['#c0392b', '#2e6fd6', '#d4a017', '#27ae60', '#8e44ad'];
// The table page names each player (seats, scoreboard, log) in the colour of their merchant.
export const seatColours = SEAT_COLOURS;
const TOKEN_TITLES = { governor: gettext('Governor'), smuggler: gettext('Smuggler'), courier: gettext('Courier'),
  coffee_trader: gettext('Coffee Trader') };
const GOODS = ['red', 'green', 'yellow', 'blue'];

function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

// A drawing with its words: the tooltip and accessible name sit on the wrapper, the number (if any) beside it.
function chip(art, text, title, cls) {
  return el('span', { class: ['istanbul-chip', cls], title, role: title ? 'img' : null, 'aria-label': title },
    art, text === null || text === undefined ? null : el('span', { class: 'istanbul-chip-n' }, String(text)));
}

function coffeeChip(n, title) {
  return el('span', { class: 'istanbul-coffee', title }, art.coffee(), String(n));
}

// Grand Bazaar texts replace a few catalogue texts (coffee counts there, never elsewhere).
function bazaarText(view, ctx, group, key, text) {
  const extra = view.game.variant ? ((ctx.catalogue || {}).grand_bazaar || {})[group] : null;
  return gettext((extra && extra[key]) || text);
}

// A player's piece on the board: its pawn in the seat's colour; `title` writes whose piece it is: title(owner) with
// the owner as "Your" / "Ann's" (English) or the name.
function seatPiece(seat, ctx, kind, title) {
  const words = title(ctx.possessive(seat, { capital: true }));
  return el('span', { class: `istanbul-piece istanbul-${kind}`, title: words, role: 'img', 'aria-label': words,
    dataset: { flip: `${kind}-${seat}` } }, art.pawn(kind, seatColour(seat)));
}

function goodName(cat, g) {
  return g === 'any' ? gettext('any good') : gettext((cat.goods || {})[g] || g);
}

// Goods as their drawn shapes, a count beside each kind when more than one.
function goodsChips(goods, cat) {
  return Object.entries(goods).filter(([, n]) => n).map(([g, n]) => chip(art.good(g), n > 1 ? n : null,
    gettext('{n} {good}', { n, good: goodName(cat, g) }), 'istanbul-good'));
}

function placeInfo(p, cat, view, ctx) {
  const bits = [];
  if (p.rubies !== undefined) {
    bits.push(chip(art.ruby(), p.rubies, ngettext('{n} ruby here', '{n} rubies here', p.rubies), 'istanbul-rubies'));
  }
  if (p.price !== undefined) bits.push(chip(art.lira(p.price), null, gettext('price of the next ruby: {n} lira',
    { n: p.price })));
  if (p.cost) bits.push(el('span', { class: 'istanbul-cost' }, goodsChips(p.cost, cat)));
  if (p.extensions !== undefined) {
    bits.push(chip(null, `+${p.extensions}`, gettext('extensions left'), 'istanbul-extensions'));
  }
  if (p.tiles && typeof p.tiles === 'object') {
    for (const [colour, values] of Object.entries(p.tiles)) {
      bits.push(chip(art.mosqueTile(colour, values.length ? values[0] : null), null,
        gettext('{good} tiles left: {values}', { good: goodName(cat, colour),
          values: values.join(', ') || gettext('none') }),
        'istanbul-mosque-tile'));
    }
  }
  if (p.demand) {
    bits.push(chip(art.demandTile(p.demand, p.place === 10), null,
      gettext('demand tile: {goods}', { goods: Object.entries(p.demand).map(([g,
        n]) => `${n} ${goodName(cat, g)}`).join(', ') }),
      'istanbul-demand'));
  }
  if (p.reward) {
    const { lira, ...goods } = p.reward;
    bits.push(...goodsChips(goods, cat), chip(art.lira(lira), null, ngettext('{n} lira', '{n} lira', lira)));
  }
  if (typeof p.tiles === 'number') {
    bits.push(chip(art.smallCard('kiosk'), p.tiles, ngettext('{n} kiosk tile in the stacks',
      '{n} kiosk tiles in the stacks', p.tiles)));
  }
  if (p.lira) {
    bits.push(chip(art.lira(p.lira[0] || 0), p.lira.length > 1 ? `/${p.lira.slice(1).join('/')}` : null,
      gettext('lira left for the first members: {values}', { values: p.lira.join(', ') })));
  }
  if (p.discard !== undefined) {
    bits.push(chip(art.smallCard('bonus'), p.discard, gettext('cards in the discard pile: {n}', { n: p.discard })));
  }
  if (p.coffee !== undefined) bits.push(coffeeChip(`+${p.coffee}`, gettext('coffee taken here: {n}', { n: p.coffee })));
  if (p.coffee_price !== undefined) {
    bits.push(coffeeChip(p.coffee_price, gettext('coffee for the next ruby: {n}', { n: p.coffee_price })));
  }
  if (p.guild_deck !== undefined) {
    bits.push(chip(art.smallCard('guild'), p.guild_deck,
      gettext('guild cards: {deck} in the deck, {up} face up', { deck: p.guild_deck, up: p.guild_discard })));
  }
  if (p.tavern) {
    const legal = view.legal || [];
    for (const [series, values] of Object.entries(p.tavern)) {
      const node = el('span', { class: 'istanbul-tavern-tile',
        title: gettext('Tavern tiles {series} ({name}) left: {values}', { series,
          name: gettext((((cat.grand_bazaar || {}).tavern) || {})[series] || ''),
            values: values.join(', ') || gettext('none') }) },
      tavernTile(series, values.length ? values[0] : '–'));
      bindOnly(node, actionsWhere(legal, { type: 'act', series }).filter((a) => !a.card), ctx);
      bits.push(node);
    }
    bits.push(el('span', { class: 'istanbul-baksheesh', title: gettext('Baksheesh: each Tavern tile costs {n} coffee',
      { n: p.baksheesh }) },
      gettext('tip')));
  }
  return el('div', { class: 'istanbul-place-info' }, bits);
}

function placeCell(p, view, ctx, { grid = true } = {}) {
  const cat = ctx.catalogue || {};
  const base = (cat.places || {})[String(p.place)];
  const info = base ? { name: gettext(base.name), text: bazaarText(view, ctx, 'places', String(p.place), base.text) }
    : { name: gettext('Place {number}', { number: p.place }), text: '' };
  const me = view.seat;
  const pieces = [];
  for (const s of p.merchants) pieces.push(seatPiece(s, ctx, 'merchant', (owner) => gettext('{owner} merchant',
    { owner })));
  for (const s of p.companions) pieces.push(seatPiece(s, ctx, 'companion', (owner) => gettext('{owner} companion',
    { owner })));
  for (const s of p.family) pieces.push(seatPiece(s, ctx, 'family', (owner) => gettext('{owner} family member',
    { owner })));
  const helpers = p.tokens.map((t) => el('span', { class: `istanbul-piece istanbul-${t}`, title: TOKEN_TITLES[t],
    role: 'img',
    'aria-label': TOKEN_TITLES[t], dataset: { flip: t } }, art.pawn(t)));
  for (let i = 0; i < p.neutrals; i += 1) {
    helpers.push(el('span', { class: 'istanbul-piece istanbul-neutral', title: gettext('neutral merchant'), role: 'img',
      'aria-label': gettext('neutral merchant') }, art.pawn('merchant', '#9a9a9a')));
  }
  if (p.barrier !== undefined && p.barrier !== null) {
    // Grand Bazaar: a bar across the tile in its owner's colour; other players' merchants may not stop or pass here.
    const words = gettext('{owner} barrier: no other merchant stops here or passes through',
      { owner: ctx.possessive(p.barrier, { capital: true }) });
    helpers.push(el('span', { class: 'istanbul-piece istanbul-barrier', style: { '--seat': seatColour(p.barrier) },
      title: words, role: 'img', 'aria-label': words }));
  }
  const assistants = p.assistants.map((s) => {
    const words = gettext('{owner} assistant', { owner: ctx.possessive(s, { capital: true }) });
    return el('span', { class: 'istanbul-assistant', style: { '--seat': seatColour(s) }, title: words, role: 'img',
      'aria-label': words },
      art.pawn('assistant', seatColour(s)));
  });
  const cell = el('div', {
    class: ['istanbul-place', me !== null && me !== undefined && p.merchants.includes(me) && 'istanbul-here',
      p.barrier !== undefined && p.barrier !== null && 'istanbul-barred'],
    dataset: { place: p.place },
    style: { 'grid-row': grid ? p.row + 1 : null, 'grid-column': grid ? p.col + 1 : null,
      '--tint': art.PLACE_TINTS[p.place] || null,
      '--seat-barrier': p.barrier !== undefined && p.barrier !== null ? seatColour(p.barrier) : null },
  },
  art.placeSymbol(p.place),
  el('div', { class: 'istanbul-place-head' }, el('span', { class: 'istanbul-place-no' }, String(p.place)),
    el('span', { class: 'istanbul-place-name' }, info.name)),
  placeInfo(p, cat, view, ctx),
  el('div', { class: 'istanbul-pieces' }, pieces, helpers, assistants));
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
  const colour = seatColour(p.seat);
  const tiles = Object.entries(p.mosque).map(([colour, v]) => chip(art.mosqueTile(colour, v), null,
    gettext('{good} mosque tile', { good: goodName(cat, colour) }), 'istanbul-mosque-tile'));
  const letters = p.letters.map((l) => el('span', {
    class: ['istanbul-letter', l.delivered && 'istanbul-delivered'],
    title: l.delivered ? gettext('delivered letter ({place}): 2 seals', { place: l.place })
      : gettext('letter for place {place}: 1 seal', { place: l.place }),
  }, art.letter(l.delivered), String(l.place)));
  const companion = p.companion === 'supply' ? gettext('companion in supply')
    : (typeof p.companion === 'number' ? gettext('companion at {place}', { place: p.companion }) : null);
  const bazaar = p.coffee === undefined ? null : el('div', { class: 'istanbul-player-line' },
    el('span', {}, coffeeChip(p.coffee, gettext('coffee')), ' ', gettext('coffee')),
    el('span', { title: gettext('guild cards in hand') }, ngettext('{n} guild card', '{n} guild cards', p.guild)),
    Object.entries(p.tavern).map(([series, v]) => el('span', { class: 'istanbul-tavern-tile',
      title: gettext('Tavern tile {series}', { series }) }, tavernTile(series, v))));
  const stackWords = p.spare ? gettext('stack {n} (+1 in supply)', { n: p.stack }) : gettext('stack {n}',
    { n: p.stack });
  return el('div', {
    class: ['istanbul-player', g.turn === p.seat && 'istanbul-turn',
      (view.waiting || []).includes(p.seat) && 'istanbul-waiting'],
    dataset: { seat: p.seat }, style: { '--seat': colour },
  },
  el('div', { class: 'istanbul-player-head' },
    chip(art.merchantStack(colour, Math.min(p.stack, 5)), null, gettext('assistants under the merchant: {n}',
      { n: p.stack }),
      'istanbul-player-pawn'),
    el('span', { class: 'istanbul-player-name' }, ctx.name(p.seat, { capital: true })),
    chip(art.ruby(), gettext('{n}/{target}', { n: p.rubies, target: g.target }), gettext('rubies'), 'istanbul-rubies'),
    chip(art.lira(p.lira), null, liraWords(p.lira), 'istanbul-purse'),
    chip(art.smallCard('bonus'), p.cards, ngettext('{n} bonus card', '{n} bonus cards', p.cards))),
  barrow(p, cat),
  el('div', { class: 'istanbul-player-line' },
    el('span', { title: gettext('assistants under the merchant') }, stackWords),
    tiles.length ? el('span', { class: 'istanbul-tiles' }, tiles) : null,
    companion ? el('span', {}, companion) : null,
    p.double_used ? el('span', { title: gettext('double turn used this round') }, gettext('double used')) : null),
  bazaar,
  letters.length ? el('div', { class: 'istanbul-letters' }, chip(art.seal(), p.seals, ngettext('{n} seal', '{n} seals',
    p.seals)),
    letters) : null);
}

// A Tavern tile (Grand Bazaar): its series and number on a purple dome.
function tavernTile(series, value) {
  return art.mosqueTile('#4a235a', `${series}${value}`);
}

// A player's wheelbarrow: drawn with each good's fill, then each good's count out of the capacity.
function barrow(p, cat) {
  return el('div', { class: 'istanbul-barrow' },
    chip(art.wheelbarrow(p.goods, p.capacity), null, gettext('wheelbarrow'), 'istanbul-barrow-cart'),
    GOODS.filter((good) => good in p.goods).map((good) => el('span', {
      class: 'istanbul-barrow-slot', style: { '--good': art.GOOD_COLOURS[good] },
      title: gettext('{good}: {n} of {capacity}', { good: goodName(cat, good), n: p.goods[good],
        capacity: p.capacity }),
    }, art.good(good), `${p.goods[good]}/${p.capacity}`)));
}

function handCards(view, ctx) {
  const me = view.seat === null ? null : view.game.players[view.seat];
  if (!me || !me.hand || !me.hand.length) return null;  // no heading over an empty hand
  const cat = ctx.catalogue || {};
  return section(gettext('Your bonus cards'), me.hand.map((kind) => {
    const info = (cat.cards || {})[kind] || { name: kind, text: '' };
    const node = cardFace({ name: gettext(info.name), body: [bazaarText(view, ctx, 'cards', kind, info.text)],
      small: true, cls: 'istanbul-card' });
    bindOnly(node, actionsWhere(view.legal || [], { card: kind }).filter((a) => !a.via), ctx);
    return node;
  }), { cls: 'istanbul-hand' });
}

// Grand Bazaar: the viewer's guild cards; a card replaces the whole turn with its place's action, so clicking one plays
// it when that is the one such action on offer (a place with several choices leaves them to the prompt).
function guildCards(view, ctx) {
  const me = view.seat === null ? null : view.game.players[view.seat];
  if (!me || !me.guild_hand || !me.guild_hand.length) return null;
  const cat = ctx.catalogue || {};
  return section(gettext('Your guild cards'), me.guild_hand.map((place) => {
    const known = ((cat.places || {})[String(place)] || {}).name;
    const name = known ? gettext(known) : gettext('Place {number}', { number: place });
    const node = cardFace({ name: `${place} ${name}`, kind: gettext('guild card'), small: true,
      cls: 'istanbul-card istanbul-guild-card',
      body: [gettext('Instead of your turn: this place\'s action, without moving.')] });
    bindOnly(node, actionsWhere(view.legal || [], { type: 'guild', guild: place }), ctx);
    return node;
  }), { cls: 'istanbul-guild-hand' });
}

function variantNote(view) {
  const g = view.game;
  if (!g.variant) return null;
  return el('div', { class: 'istanbul-variant' }, el('strong', { class: 'istanbul-variant-label' },
    gettext(g.variant_label)),
    ` ${gettext(g.variant_note)}`);
}

function kioskRow(view, ctx) {
  const g = view.game;
  if (!g.kiosk.revealed.length) return null;
  const cat = ctx.catalogue || {};
  const used = (g.step && g.step.used) || [];
  return section(gettext('Kiosk tiles'), g.kiosk.revealed.map((t) => {
    const node = cardFace({ name: gettext('Tile {tile}', { tile: t }), body: [bazaarText(view, ctx, 'kiosk', String(t),
      (cat.kiosk || {})[String(t)] || '')],
      small: true, cls: used.includes(t) ? 'istanbul-kiosk-tile istanbul-used' : 'istanbul-kiosk-tile' });
    // One click takes a tile with a single plain effect; tiles with a choice (lira or coffee) use the prompt.
    bindOnly(node, actionsWhere(view.legal || [], { type: 'kiosk', tile: t, choice: 'take' }), ctx);
    return node;
  }));
}

// Whose turn it is, and who is asked now when that is someone else (the Kiosk asks every player in turn, an
// auction every bidder): the page never calls another player's turn yours while asking you to choose.
function whoseTurn(view, ctx) {
  const g = view.game;
  const me = view.seat;
  const asked = (view.waiting || []).filter((s) => s !== g.turn);
  if (!asked.length) return gettext('{owner} turn', { owner: ctx.possessive(g.turn, { capital: true }) });
  if (asked.includes(me)) return gettext('{player} waits for your choice', { player: ctx.name(g.turn,
    { capital: true }) });
  if (g.turn === me) return gettext('Your turn: you wait for {players}', { players: ctx.list(asked) });
  return gettext('{player} waits for {players}', { player: ctx.name(g.turn, { capital: true }),
    players: ctx.list(asked) });
}

function statusLine(view, ctx) {
  const g = view.game;
  const parts = [gettext('Round {round}', { round: g.round }), view.result ? null : whoseTurn(view, ctx),
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
    g.guild && g.guild.discard.length ? el('div', { class: 'istanbul-guild-discard',
      title: gettext('guild cards face up') },
      gettext('Guild cards up: {places}', { places: g.guild.discard.join(', ') })) : null);
}

export function render(root, view, ctx) {
  const g = view.game;
  const board = el('div', { class: 'istanbul-board', style: { '--cols': g.cols } },
    g.board.map((p) => placeCell(p, view, ctx)));
  // Merchants, family members, companions and the Governor, Smuggler, Courier and Coffee Trader glide to where
  // they went.
  flip(root, () => root.replaceChildren(el('div', { class: 'istanbul-root' },
    statusLine(view, ctx),
    variantNote(view),
    board,
    kioskRow(view, ctx),
    handCards(view, ctx),
    guildCards(view, ctx),
    el('div', { class: 'istanbul-players' }, g.players.map((p) => playerPanel(p, view, ctx))),
    piles(view, ctx))), { byOthers: ctx.othersMoved });
  fitWords(root, '.istanbul-place-name, .istanbul-root .ui-card-name');
}

// An amount of lira on its own, as a score reads ("5 lira"; the sentences' "{n} lira" is written in the case a verb
// asks for, "pays 1 lira").
function liraWords(n) {
  const word = ngettext('lira', 'lira', n);
  return [n, word].join(' ');
}

// The table page's scoreboard: rubies (the score), then lira.
export function summary(view) {
  return view.game.players.map((p) => [ngettext('{n} ruby', '{n} rubies', p.rubies), liraWords(p.lira)]);
}

// ---- pictures for the rules page ----------------------------------------------------------------------------------

// The rules page (an element with data-game-id and the rules) draws the pieces with the table's own code; the place
// tiles need the catalogue's names, fetched once before the page asks for a picture.
const RULES_PAGE = typeof document !== 'undefined' && document.querySelector('.rules-page');
const rulesCatalogue = RULES_PAGE ? await fetch('/api/games/istanbul/catalogue').then((r) => (r.ok ? r.json() : {}),
  () => ({})) : {};
const SAMPLE_SEAT = 1;  // the pieces in the pictures are blue, like the second player's
const pictureCtx = {
  get catalogue() { return rulesCatalogue; },
  possessive: () => gettext("A player's"),
  name: () => gettext('a player'),
};

function sampleTile(place) {
  const p = { place, row: 0, col: 0, merchants: [], companions: [], family: [], assistants: [], neutrals: 0,
    tokens: [] };
  return el('div', { class: 'istanbul-picture istanbul-picture-tile' },
    placeCell(p, { legal: [], seat: null,
      game: { variant: place === 17 || place === 18 || place === 19 || place === 20 || place === 25 } },
      pictureCtx, { grid: false }));
}

function framed(node, cls = '') {
  return el('span', { class: `istanbul-picture ${cls}` }, node);
}

const blue = seatColour(SAMPLE_SEAT);
export const pictures = {
  ...Object.fromEntries([...Array(25).keys()].map((i) => [`place-${i + 1}`, () => sampleTile(i + 1)])),
  merchant: () => framed(art.pawn('merchant', blue, gettext('merchant'))),
  assistant: () => framed(art.pawn('assistant', blue, gettext('assistant'))),
  'merchant-stack': () => framed(art.merchantStack(blue, 4, gettext('merchant with its stack of assistants'))),
  'family-member': () => framed(art.pawn('family', blue, gettext('family member'))),
  companion: () => framed(art.pawn('companion', blue, gettext('companion'))),
  governor: () => framed(art.pawn('governor', null, TOKEN_TITLES.governor)),
  smuggler: () => framed(art.pawn('smuggler', null, TOKEN_TITLES.smuggler)),
  courier: () => framed(art.pawn('courier', null, TOKEN_TITLES.courier)),
  'coffee-trader': () => framed(art.pawn('coffee_trader', null, TOKEN_TITLES.coffee_trader)),
  'neutral-merchant': () => framed(art.pawn('merchant', '#9a9a9a', gettext('neutral merchant'))),
  fabric: () => framed(art.good('red', goodName(rulesCatalogue, 'red'))),
  spice: () => framed(art.good('green', goodName(rulesCatalogue, 'green'))),
  fruit: () => framed(art.good('yellow', goodName(rulesCatalogue, 'yellow'))),
  jewelry: () => framed(art.good('blue', goodName(rulesCatalogue, 'blue'))),
  goods: () => framed(GOODS.map((g) => art.good(g, goodName(rulesCatalogue, g))), 'istanbul-picture-row'),
  lira: () => framed(art.lira(5, liraWords(5))),
  ruby: () => framed(art.ruby(gettext('ruby'))),
  'mosque-tile': () => framed(art.mosqueTile('red', 3, gettext('mosque tile'))),
  wheelbarrow: () => framed(barrow({ goods: { red: 2, green: 1, yellow: 0, blue: 1 }, capacity: 3 }, rulesCatalogue),
    'istanbul-picture-wide'),
  'bonus-card': () => framed(art.smallCard('bonus', gettext('bonus card'))),
  'demand-tile': () => framed(art.demandTile({ red: 1, green: 1, yellow: 1, blue: 2 }, true, gettext('demand tile'))),
  letter: () => framed(art.letter(false, gettext('letter'))),
  'letter-delivered': () => framed(art.letter(true, gettext('delivered letter'))),
  seal: () => framed(chip(art.seal(), null, gettext('seal'))),
  'kiosk-tile': () => framed(art.smallCard('kiosk', gettext('kiosk tile'))),
  coffee: () => framed(art.coffee(gettext('coffee'))),
  'tavern-tile': () => framed(el('span', { class: 'istanbul-tavern-tile', title: gettext('Tavern tile') },
    tavernTile('A', 3))),
  'guild-card': () => framed(art.smallCard('guild', gettext('guild card'))),
};
