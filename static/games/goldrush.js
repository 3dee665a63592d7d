// Gold Rush renderer: the decks and discards, this turn's event, the market, the achievements, the viewer's hand
// or secret achievement, and every player's play area. Legal actions sit on the cards they act on; moves with no
// card (end the turn, pay, put the surveyed cards back) are the table page's prompt buttons. Card data and the
// deck names come from the catalogue; prices from the view. Every word is written in the page's language: card names,
// types, effects and deck names through the game's catalogue (they are marked in data.py), labels from the server
// through shown().
import { el, icon, coin, bindOnly, bindAction, flip } from '/static/js/ui.js';
import { gettext, ngettext, shown, lang } from '/static/js/i18n.js';

const TYPE_ICONS = {
  trading: 'scale', infra: 'house', entre: 'people', mine: 'pick', science: 'flask', lost: 'cross',
  ach: 'flag', action: 'bolt', event: 'sun', special: 'crown',
};
const DECK_ORDER = ['g', 'x', 'm', 'e'];
const FREE_TYPES = ['trading', 'infra', 'entre'];

// A card design with its words in the page's language (`name` translated, `english` kept for the Russian hint).
function design(cat, id) {
  const key = (cat.cards || [])[id];
  const d = ((cat.designs || {})[key]) || { name: '?', type: 'lost', type_line: '', text: '', tags: [] };
  const type = (cat.types || {})[d.type];
  const tags = (d.tags || []).map((t) => gettext(((cat.tags || {})[t]) || t));
  return {
    key, ...d, english: d.name, name: gettext(d.name), text: d.text ? gettext(d.text) : '', brief: d.brief ? gettext(d.brief) : '',
    type_line: type ? [gettext(type), ...(tags.length ? [tags.join(', ')] : [])].join(' — ') : d.type_line,
  };
}

// The legal actions of one type about one card: that very card first, else any card of the same design.
function indexActions(legal, cat) {
  const byId = {};
  const byDesign = {};
  for (const a of legal || []) {
    if (a.card === undefined || a.card === null) continue;
    (byId[`${a.type}:${a.card}`] = byId[`${a.type}:${a.card}`] || []).push(a);
    const k = `${a.type}:${(cat.cards || [])[a.card]}`;
    (byDesign[k] = byDesign[k] || []).push(a);
  }
  return (type, id) => byId[`${type}:${id}`] || byDesign[`${type}:${(cat.cards || [])[id]}`] || [];
}

function cardTitle(d, price) {
  // The Russian edition's name beside the card's own, unless the page already shows it (the Russian catalogue's
  // names may carry soft hyphens, where a long word may break on a small card).
  const bits = [d.name + (d.ru && d.ru !== d.name.replace(/\u00ad/g, '') ? ` (${d.ru})` : ''), d.type_line];
  if (d.cost !== null && d.cost !== undefined) {
    bits.push(price !== undefined && price !== d.cost ? gettext('Price: {cost} (you pay {price})', { cost: d.cost, price })
      : gettext('Price: {cost}', { cost: d.cost }));
  } else if (FREE_TYPES.includes(d.type)) bits.push(gettext('Free'));
  if (d.income) bits.push(gettext('Income: {n}', { n: d.income }));
  if (d.ingots) bits.push(gettext('Ingots: {n}', { n: d.ingots }));
  if (d.vp) bits.push(gettext('{n} VP', { n: d.vp }));
  if (d.text) bits.push(d.text);
  return bits.join('\n');
}

function cardOf(cat, id, { small = false, owned = false, price } = {}) {
  const d = design(cat, id);
  const stats = [];
  // The price only matters on the market (owned, drawn and discarded cards do not show it).
  if (!owned && d.cost !== null && d.cost !== undefined) {
    const p = price !== undefined ? price : d.cost;
    const title = p !== d.cost ? gettext('price {price} (printed {cost})', { price: p, cost: d.cost }) : gettext('price {price}', { price: p });
    stats.push(coin(p, { cls: ['goldrush-cost', p !== d.cost && 'goldrush-changed'], title }));
  } else if (!owned && FREE_TYPES.includes(d.type)) stats.push(el('span', { class: 'goldrush-free' }, gettext('free')));
  if (d.income) stats.push(el('span', { class: 'goldrush-income', title: gettext('income {n}', { n: d.income }) }, `+${d.income}`, icon('coin')));
  if (d.ingots) stats.push(el('span', { class: 'goldrush-ingots', title: ngettext('{n} ingot', '{n} ingots', d.ingots) }, String(d.ingots), icon('ingot')));
  if (d.vp) stats.push(el('span', { class: 'goldrush-vp', title: ngettext('{n} victory point', '{n} victory points', d.vp) }, icon('star'), String(d.vp)));
  return el('div', { class: ['goldrush-card', `goldrush-t-${d.type}`, small && 'goldrush-small'], title: cardTitle(d, price), tabindex: 0,
    role: 'group', 'aria-label': `${d.name}, ${d.type_line}`, dataset: { flip: `card-${id}` } },
  el('div', { class: 'goldrush-card-head' },
    el('span', { class: 'goldrush-card-icon' }, icon(TYPE_ICONS[d.type] || 'cards')),
    el('span', { class: 'goldrush-card-name' }, d.name)),
  el('div', { class: 'goldrush-card-type' }, d.type_line),
  stats.length ? el('div', { class: 'goldrush-card-stats' }, stats) : null,
  // An achievement says what it asks for even on a small card (the full wording is in its zoom and tooltip).
  d.brief && small ? el('div', { class: 'goldrush-card-cond' }, icon('flag'), ' ', d.brief) : null,
  d.text && !small ? el('div', { class: 'goldrush-card-text' }, d.text) : null);
}

function backOf(label, count, title) {
  return el('div', { class: 'goldrush-back', title: title || ngettext('{deck}: {n} card, face down', '{deck}: {n} cards, face down', count, { deck: label }) },
    el('div', { class: 'goldrush-back-name' }, label),
    el('div', { class: 'goldrush-back-count' }, String(count)));
}

function statusRow(view, ctx) {
  const g = view.game;
  const badge = [g.variant === 'basic' ? gettext('Basic game') : gettext('Full game'), gettext('first to {n} VP', { n: g.target })];
  if (g.equal_turns) badge.push(gettext('equal turns'));
  let round = g.round_cap === null || g.round_cap === undefined ? gettext('Round {round}', { round: g.round })
    : gettext('Round {round} of at most {cap}', { round: g.round, cap: g.round_cap });
  if (g.final_round) round += ' ' + gettext('(last round)');
  // English says "Your turn" / "Ann's turn"; the other languages name the player (the page names everyone).
  const turn = lang === 'en' ? `${ctx.possessive(g.turn, { capital: true })} turn` : gettext('Turn: {player}', { player: ctx.name(g.turn) });
  return el('div', { class: 'goldrush-status' },
    el('span', { class: 'goldrush-badge' }, badge.join(' · ')),
    el('span', { class: 'goldrush-round' }, round),
    view.result ? null : el('span', { class: 'goldrush-turn' }, turn));
}

function centre(view, ctx, cat, find) {
  const g = view.game;
  const explore = view.legal.filter((a) => a.type === 'explore');
  const decks = DECK_ORDER.filter((k) => g.variant !== 'basic' || k === 'g').map((k) => {
    const disc = (g.discards || {})[k] || { count: 0, top: null };
    const back = backOf(gettext((cat.decks || {})[k] || k), (g.decks || {})[k] || 0);
    if (k === (g.variant === 'basic' ? 'g' : 'x')) bindOnly(back, explore, ctx);
    let top;
    if (disc.top !== null && disc.top !== undefined) {
      top = cardOf(cat, disc.top, { small: true, owned: true });
      top.classList.add('goldrush-discard');
      top.title = ngettext('Discard pile ({n} card); top card:', 'Discard pile ({n} cards); top card:', disc.count) + '\n' + top.title;
    } else top = el('div', { class: 'goldrush-empty' }, gettext('discard: empty'));
    return el('div', { class: 'goldrush-pile' }, back, top);
  });
  const pool = el('div', { class: 'goldrush-pool', title: gettext('Gold ingot tokens, face down') }, icon('ingot'),
    ' ' + ngettext('{n} ingot', '{n} ingots', g.ingot_pool || 0));
  const parts = [el('div', { class: 'goldrush-decks' }, decks, pool)];
  if (g.event !== null && g.event !== undefined) {
    parts.push(el('div', { class: 'goldrush-event' }, el('div', { class: 'goldrush-label' }, gettext("This turn's event")), cardOf(cat, g.event)));
  }
  parts.push(el('div', { class: 'goldrush-market' }, el('div', { class: 'goldrush-label' }, gettext('Market')),
    el('div', { class: 'goldrush-row' }, (g.market || []).map((id, i) =>
      bindOnly(cardOf(cat, id, { price: (g.prices || [])[i] }), find('buy', id), ctx)))));
  const industrialist = cardOf(cat, (cat.cards || []).indexOf('S01'), { small: true, owned: true });
  industrialist.append(el('div', { class: 'goldrush-holder' },
    g.industrialist === null || g.industrialist === undefined ? gettext('on the table') : gettext('held by {player}', { player: ctx.name(g.industrialist) })));
  parts.push(el('div', { class: 'goldrush-achievements' },
    el('div', { class: 'goldrush-label' }, g.variant === 'basic' ? gettext('Achievements') : gettext('Special achievement')),
    el('div', { class: 'goldrush-row' }, industrialist,
      (g.row || []).map((id) => bindOnly(cardOf(cat, id, { small: true }), find('claim', id), ctx)))));
  return el('div', { class: 'goldrush-centre' }, parts);
}

function playerPanel(view, ctx, cat, find, s) {
  const g = view.game;
  const p = g.players[s];
  const me = view.seat;
  const sorted = [...(p.area || [])].sort((a, b) => {
    const da = design(cat, a);
    const db = design(cat, b);
    return (da.type + da.key).localeCompare(db.type + db.key);
  });
  const area = sorted.map((id) => {
    const c = cardOf(cat, id, { small: true, owned: true });
    if (s === me) return bindOnly(c, find('drop', id), ctx);
    return bindOnly(c, view.legal.filter((a) => a.type === 'play' && a.ent === id && a.target === s), ctx);
  });
  // At the end of a basic game every unclaimed secret achievement is shown face up.
  if (p.secret_card !== null && p.secret_card !== undefined) {
    const c = cardOf(cat, p.secret_card, { small: true, owned: true });
    c.classList.add('goldrush-secret-shown');
    c.title = gettext('Secret achievement (not claimed)') + '\n' + c.title;
    area.push(c);
  }
  for (const id of p.achievements || []) {
    const c = cardOf(cat, id, { small: true, owned: true });
    c.classList.add('goldrush-claimed');
    area.push(c);
  }
  const fire = s === me ? [] : view.legal.filter((a) => a.type === 'play' && a.target === s && a.ent === undefined);
  return el('div', { class: ['goldrush-player', s === g.turn && !view.result && 'goldrush-active', s === me && 'goldrush-me'], dataset: { seat: s } },
    el('div', { class: 'goldrush-player-head' },
      el('span', { class: 'goldrush-player-name' }, ctx.name(s, { capital: true }) + (s === g.first ? ' ' + gettext('(first)') : '')),
      el('span', { class: 'goldrush-stat goldrush-vp' }, icon('star'), ' ' + gettext('{n} VP', { n: p.vp })),
      el('span', { class: 'goldrush-stat goldrush-coins' }, coin(p.coins, { cls: 'goldrush-coin' }), ' ' + ngettext('coin', 'coins', p.coins)),
      el('span', { class: 'goldrush-stat' }, icon('pick'), ' ' + ngettext('{n} mine', '{n} mines', p.mines) + ' · ' + ngettext('{n} ingot', '{n} ingots', p.ingots)),
      el('span', { class: 'goldrush-stat' }, gettext('income {n}', { n: p.income })),
      g.variant === 'full' ? el('span', { class: 'goldrush-stat goldrush-handsize' }, ngettext('{n} card in hand', '{n} cards in hand', p.hand)) : null,
      g.variant === 'basic' && p.secret ? el('span', { class: 'goldrush-stat' }, icon('flag'), ' ' + gettext('secret achievement')) : null,
      p.industrialist ? el('span', { class: 'goldrush-stat goldrush-gi' }, icon('crown'), ' ' + gettext('Gold Industrialist')) : null),
    el('div', { class: 'goldrush-area' }, area.length ? area : el('div', { class: 'goldrush-empty' }, gettext('no cards yet'))),
    fire.length === 1 ? bindAction(el('button', { type: 'button', class: 'goldrush-target' }, ctx.say(shown(fire[0]))), fire[0], ctx) : null);
}

function myHand(view, ctx, cat, find) {
  const g = view.game;
  const me = view.seat;
  const hasSecret = g.my_secret !== null && g.my_secret !== undefined;
  if (me === null || me === undefined || !(g.hand || hasSecret)) return null;
  const cards = [];
  if (hasSecret) cards.push(bindOnly(cardOf(cat, g.my_secret), find('claim', g.my_secret), ctx));
  const picked = (g.sub && g.sub.picked) || [];
  for (const id of g.hand || []) {
    const c = cardOf(cat, id);
    if (picked.includes(id)) c.classList.add('goldrush-picked');
    const payOrDiscard = [...find('xpay', id), ...find('discard', id)];
    bindOnly(c, payOrDiscard.length ? payOrDiscard : find('play', id).filter((a) => a.target === undefined), ctx);
    cards.push(c);
  }
  return el('div', { class: 'goldrush-hand' },
    el('div', { class: 'goldrush-label' }, g.variant === 'basic' ? gettext('Your secret achievement') : gettext('Your hand (limit {n})', { n: g.hand_limit })),
    el('div', { class: 'goldrush-row' }, cards.length ? cards : el('div', { class: 'goldrush-empty' }, gettext('empty'))));
}

// Bazanov's keep, the exploration payment, the survey: the cards the current sub-step shows its player.
function subChoices(view, ctx, cat, find) {
  const g = view.game;
  if (!(g.sub && g.sub.cards && g.turn === view.seat)) return null;
  return el('div', { class: 'goldrush-sub' },
    el('div', { class: 'goldrush-label' }, g.sub.kind === 'keep' ? gettext('Keep one card') : gettext('Top of the Exploration deck (top first)')),
    el('div', { class: 'goldrush-row' }, g.sub.cards.map((id) => bindOnly(cardOf(cat, id, { owned: true }), find('keep', id), ctx))));
}

// The table page's scoreboard: victory points, coins.
export function summary(view) {
  // "coin" alone: the sentences' "{n} coin" is written in the case a verb asks for ("pays 1 coin"), a score is not.
  return view.game.players.map((p) => [gettext('{n} VP', { n: p.vp }), `${p.coins} ` + ngettext('coin', 'coins', p.coins)]);
}

export function render(root, view, ctx) {
  const g = view.game || {};
  const cat = ctx.catalogue || {};
  const find = indexActions(view.legal, cat);
  const me = view.seat;
  const seats = (g.players || []).map((p, s) => s);
  if (me !== null && me !== undefined) seats.sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
  const [mine, ...others] = me !== null && me !== undefined ? seats : [null, ...seats];
  // What you choose from (the sub-step's cards, the market), then your hand and play area, then the others.
  flip(root, () => root.replaceChildren(el('div', { class: 'goldrush' },
    statusRow(view, ctx),
    subChoices(view, ctx, cat, find),
    centre(view, ctx, cat, find),
    myHand(view, ctx, cat, find),
    mine !== null ? el('div', { class: 'goldrush-players' }, playerPanel(view, ctx, cat, find, mine)) : null,
    el('div', { class: 'goldrush-players' }, others.map((s) => playerPanel(view, ctx, cat, find, s))))), { byOthers: ctx.othersMoved });
}

// ---- the rules page's pictures: cards and pieces drawn by the code above ------------------------------------------
// The catalogue is fetched once, only on the rules page (the table page hands the renderer its own).
const RULES_PAGE = typeof document !== 'undefined' && document.querySelector('.rules-page');
const rulesCatalogue = RULES_PAGE
  ? await fetch('/api/games/goldrush/catalogue').then((r) => (r.ok ? r.json() : {}), () => ({})) : {};

function sampleCard(key, opts) {
  const id = (rulesCatalogue.cards || []).indexOf(key);
  return id < 0 ? el('span', {}, key) : cardOf(rulesCatalogue, id, opts);
}

function pictureRow(...nodes) {
  return el('span', { class: 'goldrush-picture' }, nodes);
}

const SAMPLE_CARDS = {
  'card-trading': 'G03', 'card-infrastructure': 'G06', 'card-star': 'G10', 'card-entrepreneur': 'G17',
  'card-mine': 'X01', 'card-expedition': 'X03', 'card-lost': 'X04', 'card-action': 'M20', 'card-event': 'V01',
};

export const pictures = {
  ...Object.fromEntries(Object.entries(SAMPLE_CARDS).map(([name, key]) => [name, () => pictureRow(sampleCard(key, { small: true }))])),
  achievement: () => pictureRow(sampleCard('M07'), sampleCard('M07', { small: true })),
  industrialist: () => pictureRow(sampleCard('S01', { small: true, owned: true })),
  market: () => pictureRow(['G01', 'G18', 'X01', 'G09'].map((key) => sampleCard(key))),
  decks: () => pictureRow(DECK_ORDER.map((k) => backOf(gettext((rulesCatalogue.decks || {})[k] || k),
    Object.values(rulesCatalogue.designs || {}).reduce((n, d) => n + (d.deck === k ? d.count : 0), 0)))),
  coins: () => pictureRow(coin(3, { cls: 'goldrush-coin' })),
  ingots: () => pictureRow(el('span', { class: 'goldrush-pool' }, icon('ingot'), ' 1 · 2 · 3')),
  vp: () => pictureRow(el('span', { class: 'goldrush-stat goldrush-vp' }, icon('star'), ' ' + gettext('{n} VP', { n: 1 }))),
};
