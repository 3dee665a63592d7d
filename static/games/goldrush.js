// Gold Rush renderer: the decks and discards, this turn's event, the market, the achievements, the viewer's hand
// or secret achievement, and every player's play area. Legal actions sit on the cards they act on; moves with no
// card (end the turn, pay, put the surveyed cards back) are the table page's prompt buttons. Card data and the
// deck names come from the catalogue; prices from the view.
import { el, icon, coin, bindOnly, bindAction, plural, flip } from '/static/js/ui.js';

const TYPE_ICONS = {
  trading: 'scale', infra: 'house', entre: 'people', mine: 'pick', science: 'flask', lost: 'cross',
  ach: 'flag', action: 'bolt', event: 'sun', special: 'crown',
};
const DECK_ORDER = ['g', 'x', 'm', 'e'];
const FREE_TYPES = ['trading', 'infra', 'entre'];

function design(cat, id) {
  const key = (cat.cards || [])[id];
  return { key, ...(((cat.designs || {})[key]) || { name: '?', type: 'lost', type_line: '', text: '' }) };
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
  const bits = [d.name + (d.ru ? ` (${d.ru})` : ''), d.type_line];
  if (d.cost !== null && d.cost !== undefined) bits.push(`Price: ${d.cost}${price !== undefined && price !== d.cost ? ` (you pay ${price})` : ''}`);
  else if (FREE_TYPES.includes(d.type)) bits.push('Free');
  if (d.income) bits.push(`Income: ${d.income}`);
  if (d.ingots) bits.push(`Ingots: ${d.ingots}`);
  if (d.vp) bits.push(`${d.vp} VP`);
  if (d.text) bits.push(d.text);
  return bits.join('\n');
}

function cardOf(cat, id, { small = false, owned = false, price } = {}) {
  const d = design(cat, id);
  const stats = [];
  // The price only matters on the market (owned, drawn and discarded cards do not show it).
  if (!owned && d.cost !== null && d.cost !== undefined) {
    const p = price !== undefined ? price : d.cost;
    stats.push(coin(p, { cls: ['goldrush-cost', p !== d.cost && 'goldrush-changed'], title: `price ${p}${p !== d.cost ? ` (printed ${d.cost})` : ''}` }));
  } else if (!owned && FREE_TYPES.includes(d.type)) stats.push(el('span', { class: 'goldrush-free' }, 'free'));
  if (d.income) stats.push(el('span', { class: 'goldrush-income', title: `income ${d.income}` }, `+${d.income}`, icon('coin')));
  if (d.ingots) stats.push(el('span', { class: 'goldrush-ingots', title: plural(d.ingots, 'ingot') }, String(d.ingots), icon('ingot')));
  if (d.vp) stats.push(el('span', { class: 'goldrush-vp', title: plural(d.vp, 'victory point') }, icon('star'), String(d.vp)));
  return el('div', { class: ['goldrush-card', `goldrush-t-${d.type}`, small && 'goldrush-small'], title: cardTitle(d, price), tabindex: 0,
    role: 'group', 'aria-label': `${d.name}, ${d.type_line}`, dataset: { flip: `card-${id}` } },
  el('div', { class: 'goldrush-card-head' },
    el('span', { class: 'goldrush-card-icon' }, icon(TYPE_ICONS[d.type] || 'cards')),
    el('span', { class: 'goldrush-card-name' }, d.name)),
  el('div', { class: 'goldrush-card-type' }, d.type_line),
  stats.length ? el('div', { class: 'goldrush-card-stats' }, stats) : null,
  d.text && !small ? el('div', { class: 'goldrush-card-text' }, d.text) : null);
}

function backOf(label, count, title) {
  return el('div', { class: 'goldrush-back', title: title || `${label}: ${count} cards, face down` },
    el('div', { class: 'goldrush-back-name' }, label),
    el('div', { class: 'goldrush-back-count' }, String(count)));
}

function statusRow(view, ctx) {
  const g = view.game;
  return el('div', { class: 'goldrush-status' },
    el('span', { class: 'goldrush-badge' }, `${g.variant === 'basic' ? 'Basic game' : 'Full game'} · first to ${g.target} VP${g.equal_turns ? ' · equal turns' : ''}`),
    el('span', { class: 'goldrush-round' }, `Round ${g.round} of at most ${g.round_cap}${g.final_round ? ' (last round)' : ''}`),
    view.result ? null : el('span', { class: 'goldrush-turn' }, `${ctx.possessive(g.turn, { capital: true })} turn`));
}

function centre(view, ctx, cat, find) {
  const g = view.game;
  const explore = view.legal.filter((a) => a.type === 'explore');
  const decks = DECK_ORDER.filter((k) => g.variant !== 'basic' || k === 'g').map((k) => {
    const disc = (g.discards || {})[k] || { count: 0, top: null };
    const back = backOf((cat.decks || {})[k] || k, (g.decks || {})[k] || 0);
    if (k === (g.variant === 'basic' ? 'g' : 'x')) bindOnly(back, explore, ctx);
    let top;
    if (disc.top !== null && disc.top !== undefined) {
      top = cardOf(cat, disc.top, { small: true, owned: true });
      top.classList.add('goldrush-discard');
      top.title = `Discard pile (${disc.count} cards); top card:\n${top.title}`;
    } else top = el('div', { class: 'goldrush-empty' }, 'discard: empty');
    return el('div', { class: 'goldrush-pile' }, back, top);
  });
  const pool = el('div', { class: 'goldrush-pool', title: 'Gold ingot tokens, face down' }, icon('ingot'), ` ${g.ingot_pool || 0} ingots`);
  const parts = [el('div', { class: 'goldrush-decks' }, decks, pool)];
  if (g.event !== null && g.event !== undefined) {
    parts.push(el('div', { class: 'goldrush-event' }, el('div', { class: 'goldrush-label' }, "This turn's event"), cardOf(cat, g.event)));
  }
  parts.push(el('div', { class: 'goldrush-market' }, el('div', { class: 'goldrush-label' }, 'Market'),
    el('div', { class: 'goldrush-row' }, (g.market || []).map((id, i) =>
      bindOnly(cardOf(cat, id, { price: (g.prices || [])[i] }), find('buy', id), ctx)))));
  const industrialist = cardOf(cat, (cat.cards || []).indexOf('S01'), { small: true, owned: true });
  industrialist.append(el('div', { class: 'goldrush-holder' },
    g.industrialist === null || g.industrialist === undefined ? 'on the table' : `held by ${ctx.name(g.industrialist)}`));
  parts.push(el('div', { class: 'goldrush-achievements' },
    el('div', { class: 'goldrush-label' }, g.variant === 'basic' ? 'Achievements' : 'Special achievement'),
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
    c.title = `Secret achievement (not claimed)\n${c.title}`;
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
      el('span', { class: 'goldrush-player-name' }, ctx.name(s, { capital: true }) + (s === g.first ? ' (first)' : '')),
      el('span', { class: 'goldrush-stat goldrush-vp' }, icon('star'), ` ${p.vp} VP`),
      el('span', { class: 'goldrush-stat goldrush-coins' }, coin(p.coins, { cls: 'goldrush-coin' }), p.coins === 1 ? ' coin' : ' coins'),
      el('span', { class: 'goldrush-stat' }, icon('pick'), ` ${plural(p.mines, 'mine')} · ${plural(p.ingots, 'ingot')}`),
      el('span', { class: 'goldrush-stat' }, `income ${p.income}`),
      g.variant === 'full' ? el('span', { class: 'goldrush-stat goldrush-handsize' }, `${plural(p.hand, 'card')} in hand`) : null,
      g.variant === 'basic' && p.secret ? el('span', { class: 'goldrush-stat' }, icon('flag'), ' secret achievement') : null,
      p.industrialist ? el('span', { class: 'goldrush-stat goldrush-gi' }, icon('crown'), ' Gold Industrialist') : null),
    el('div', { class: 'goldrush-area' }, area.length ? area : el('div', { class: 'goldrush-empty' }, 'no cards yet')),
    fire.length === 1 ? bindAction(el('button', { type: 'button', class: 'goldrush-target' }, ctx.say(fire[0].label)), fire[0], ctx) : null);
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
    el('div', { class: 'goldrush-label' }, g.variant === 'basic' ? 'Your secret achievement' : `Your hand (limit ${g.hand_limit})`),
    el('div', { class: 'goldrush-row' }, cards.length ? cards : el('div', { class: 'goldrush-empty' }, 'empty')));
}

// Bazanov's keep, the exploration payment, the survey: the cards the current sub-step shows its player.
function subChoices(view, ctx, cat, find) {
  const g = view.game;
  if (!(g.sub && g.sub.cards && g.turn === view.seat)) return null;
  return el('div', { class: 'goldrush-sub' },
    el('div', { class: 'goldrush-label' }, g.sub.kind === 'keep' ? 'Keep one card' : 'Top of the Exploration deck (top first)'),
    el('div', { class: 'goldrush-row' }, g.sub.cards.map((id) => bindOnly(cardOf(cat, id, { owned: true }), find('keep', id), ctx))));
}

// The table page's scoreboard: victory points, coins.
export function summary(view) {
  return view.game.players.map((p) => [`${p.vp} VP`, plural(p.coins, 'coin')]);
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
