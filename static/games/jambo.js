// Jambo renderer: draws the view (both market areas, the piles and supply, the viewer's hand, what the current
// sub-step shows) and puts legal actions on the cards and ware tokens they act on. Moves that belong to no card
// (end the turn, go to phase 2, answer a reaction, bid) are the table page's prompt buttons, never repeated here.
// Rules live on the server only; counts and names come from the catalogue. Every word is written in the page's
// language: the names and card texts through the game's catalogue (the rules code marks them), the server's
// prompts and labels through shown().
import { el, bindAction, bindOnly, cardFace, cardBack, token, flip } from '/static/js/ui.js';
import { gettext, ngettext, shown, joinWords } from '/static/js/i18n.js';

const WARE_COLOURS = ['#b08a12', '#7a4b1e', '#2e7d4f', '#7d3c98', '#c0501a', '#5f6b6d'];

function rulesOf(ctx) {
  return (ctx.catalogue || {}).rules || {};
}

function goldText(n) {
  return ngettext('{n} gold', '{n} gold', n);
}

// Card types as the page names them (the catalogue's keys are English words the rules code uses).
function typeName(type) {
  return { ware: gettext('ware'), stand: gettext('stand'), utility: gettext('utility'), person: gettext('person'),
    animal: gettext('animal') }[type] || type;
}

// A card kind from the catalogue, its name and text in the page's language. A ware card's name and text are made
// of its wares and prices, so they are written here from those (in English exactly as the catalogue has them).
function kindOf(ctx, card) {
  const cat = ctx.catalogue || {};
  const key = cat.cards ? cat.cards[card] : null;
  if (!key || !cat.kinds) return { key: '?', name: gettext('Card {card}', { card }), type: 'unknown', text: '' };
  const k = { key, ...cat.kinds[key] };
  if (k.type === 'ware') {
    const wares = joinWords((k.wares || []).map((t) => wareName(ctx, t)), ',');
    return { ...k, name: gettext('Wares: {wares}', { wares }),
      text: gettext('Buy {wares} for {buy} gold, or sell them for {sell} gold. Discard after use.', { wares, buy: k.buy, sell: k.sell }) };
  }
  return { ...k, name: gettext(k.name), text: gettext(k.text) };
}

function wareName(ctx, t) {
  const name = ((ctx.catalogue || {}).wares || [])[t];
  return name ? gettext(name) : gettext('ware {number}', { number: t });
}

// The letter on each ware's token in the reader's language: one per ware, all different, in the catalogue's order
// (trinkets, hides, tea, silk, fruit, salt). A translation that is not six letters falls back to the catalogue's.
const WARE_LETTERS = [...gettext('KHTLFS')];

function wareToken(ctx, t) {
  const letters = WARE_LETTERS.length === 6 ? WARE_LETTERS : [...((ctx.catalogue || {}).ware_codes || '??????')];
  const letter = letters[t];
  return token(letter, { colour: WARE_COLOURS[t], cls: ['jambo-ware', `jambo-ware-${t}`], title: wareName(ctx, t) });
}

// A card face. One legal action: the card is the button. Several (use or discard a utility, buy or sell): small
// buttons on the card, each showing the action's label.
function cardOf(ctx, card, actions = [], { used = false, small = false } = {}) {
  const k = kindOf(ctx, card);
  const body = k.type === 'ware'
    ? [el('div', { class: 'jambo-card-wares' }, (k.wares || []).map((t) => wareToken(ctx, t))),
      el('div', { class: 'jambo-card-prices' },
        el('span', { class: 'jambo-buy', title: gettext('buy price') }, gettext('buy {price}', { price: k.buy })),
        el('span', { class: 'jambo-sell', title: gettext('sell price') }, gettext('sell {price}', { price: k.sell })))]
    : [el('div', { class: 'jambo-card-text' }, k.text)];
  const node = cardFace({
    name: k.type === 'ware' ? '' : el('span', { class: 'jambo-card-name' }, k.name),
    kind: k.type === 'ware' ? gettext('ware card') : typeName(k.type),
    body, small, badge: used ? gettext('used') : null,
    title: `${k.name} (${typeName(k.type)})\n${k.text}`,
    cls: ['jambo-card', `jambo-type-${k.type}`, used && 'jambo-used', small && 'jambo-small'],
  });
  node.dataset.flip = `card-${card}`;
  if (actions.length === 1) bindAction(node, actions[0], ctx, { title: node.title });
  else if (actions.length > 1) {
    node.append(el('div', { class: 'jambo-card-actions' }, actions.map((a) =>
      bindAction(el('button', { type: 'button', class: 'jambo-btn' }, shortLabel(a, ctx)), a, ctx))));
  }
  return node;
}

// A button on a card says only what differs between the card's moves: the gold it costs or brings (with the 6th
// space's fee), or whether a utility is used first. The full label stays in the tooltip.
function shortLabel(a, ctx) {
  if (a.type === 'buy' && a.price !== undefined) {
    return a.fee ? gettext('Buy: {gold} + {fee} fee', { gold: goldText(a.price), fee: a.fee })
      : gettext('Buy: {gold}', { gold: goldText(a.price) });
  }
  if (a.type === 'sell' && a.gain !== undefined) return gettext('Sell: +{gold}', { gold: goldText(a.gain) });
  if (a.type === 'pick' && a.use === true) return gettext('Use, then discard');
  if (a.type === 'pick' && a.use === false) return gettext('Discard unused');
  return ctx.say(shown(a));
}

function backOf(title) {
  return cardBack({ label: 'JAMBO', title, cls: ['jambo-card', 'jambo-back'] });
}

function actionsByCard(legal) {
  const map = new Map();
  for (const a of legal) {
    if (a.card === undefined || a.card === null) continue;
    if (!map.has(a.card)) map.set(a.card, []);
    map.get(a.card).push(a);
  }
  return map;
}

// Identical cards in hand are interchangeable: the server lists one action per kind; offer it on every copy.
function handActions(ctx, hand, byCard) {
  const byKind = new Map();
  for (const c of hand) if (byCard.has(c)) byKind.set(kindOf(ctx, c).key, byCard.get(c));
  return (c) => byCard.get(c) || byKind.get(kindOf(ctx, c).key) || [];
}

function wareActions(view) {
  // Each ware choice names the area it is picked from (`area`: mine, theirs, supply or pool).
  const list = view.legal.filter((a) => a.type === 'ware');
  return { list, in: (area, t) => list.find((a) => a.ware === t && a.area === area) || null };
}

function space(ctx, t, sixth, action, sixthFee) {
  const cls = ['jambo-space', sixth && 'jambo-sixth'];
  if (t === undefined || t === null || t < 0) {
    const title = sixth ? gettext('6th space: {gold} when you put a ware here', { gold: goldText(sixthFee) }) : gettext('free space');
    return el('span', { class: cls, title }, sixth ? String(sixthFee) : '');
  }
  const node = el('span', { class: cls }, wareToken(ctx, t));
  if (action) bindAction(node, action, ctx);
  return node;
}

function stands(ctx, p, wares, area) {
  const fee = rulesOf(ctx).sixth_fee;
  const ordinary = [];
  p.ordinary.forEach((n, t) => { for (let i = 0; i < n; i++) ordinary.push(t); });
  const at = (t) => (t === undefined ? null : wares.in(area, t));
  const large = [];
  // Stand sizes come from the catalogue: the large stand's plain spaces are all but its 6th (fee) space.
  const largePlain = (rulesOf(ctx).large_stand_spaces || 6) - 1;
  const smallSpaces = rulesOf(ctx).small_stand_spaces || 3;
  for (let i = 0; i < largePlain; i++) large.push(space(ctx, ordinary[i], false, at(ordinary[i]), fee));
  large.push(space(ctx, p.sixth, true, at(p.sixth), fee));
  const rows = [el('div', { class: 'jambo-stand jambo-large', title: gettext('Large market stand') }, large)];
  p.stands.forEach((card, i) => {
    const row = [];
    for (let j = 0; j < smallSpaces; j++) {
      const t = ordinary[largePlain + smallSpaces * i + j];
      row.push(space(ctx, t, false, at(t), fee));
    }
    rows.push(el('div', { class: 'jambo-stand jambo-smallstand', title: gettext('Small market stand') }, row));
  });
  return el('div', { class: 'jambo-stands' }, rows);
}

function playerArea(ctx, view, seat, byCard, wares) {
  const g = view.game;
  const p = g.players[seat];
  const mine = seat === view.seat;
  const turn = g.turn === seat && !view.result;
  const rules = rulesOf(ctx);
  const head = el('div', { class: 'jambo-player-head' },
    el('span', { class: 'jambo-name' }, ctx.name(seat, { capital: true }), turn ? gettext(' — to play') : ''),
    el('span', { class: 'jambo-gold', title: gettext('gold') }, goldText(p.gold)),
    el('span', { class: 'jambo-handcount', title: gettext('cards in hand') }, gettext('{n} in hand', { n: p.hand_count })),
    el('span', { class: 'jambo-free', title: gettext('free ware spaces') }, gettext('{free}/{spaces} free', { free: p.free, spaces: p.spaces })),
    g.ender === seat ? el('span', { class: 'jambo-flag' }, gettext('reached {gold}', { gold: rules.end_gold })) : null);
  const utils = el('div', { class: 'jambo-utils' },
    el('div', { class: 'jambo-label' }, gettext('Utilities ({n}/{max})', { n: p.utils.length, max: rules.max_utilities })),
    el('div', { class: 'jambo-row' }, p.utils.map((u) => cardOf(ctx, u.card, byCard.get(u.card) || [], { used: u.used, small: true }))));
  const parts = [head, el('div', { class: 'jambo-market' }, stands(ctx, p, wares, mine ? 'mine' : 'theirs'), utils)];
  if (mine && p.hand) {
    const actsFor = handActions(ctx, p.hand, byCard);
    parts.push(el('div', { class: 'jambo-hand' }, el('div', { class: 'jambo-label' }, gettext('Your hand')),
      el('div', { class: 'jambo-row' }, p.hand.map((c) => cardOf(ctx, c, actsFor(c))))));
  } else {
    const backs = [];
    for (let i = 0; i < Math.min(p.hand_count, 12); i++) backs.push(backOf(gettext('hidden hand card')));
    parts.push(el('div', { class: 'jambo-hand jambo-hidden' }, el('div', { class: 'jambo-row jambo-fan' }, backs)));
  }
  return el('section', { class: ['jambo-player', turn && 'jambo-active', mine && 'jambo-me'], dataset: { seat } }, parts);
}

function statusRow(ctx, view) {
  const g = view.game;
  const rules = rulesOf(ctx);
  const markers = [];
  for (let i = 0; i < rules.actions; i++) {
    const spent = i < g.actions_used;
    markers.push(el('span', { class: ['jambo-marker', spent && 'jambo-spent'], title: spent ? gettext('action used') : gettext('action left') }));
  }
  return el('div', { class: 'jambo-status' },
    view.result ? null : el('span', {}, gettext('{player}: phase {phase}', { player: ctx.name(g.turn, { capital: true }), phase: g.phase })),
    el('span', { class: 'jambo-markers', title: gettext('{used} of {actions} actions used', { used: g.actions_used, actions: rules.actions }) },
      markers, ' ', gettext('{n} left', { n: g.actions_left })),
    g.wise ? el('span', { class: 'jambo-flag', title: gettext('Wise Man from Afar') }, gettext('Wise Man: buy −{n}, sell +{n}', { n: 2 * g.wise })) : null,
    g.final_turn ? el('span', { class: 'jambo-flag' }, gettext('Last turn!')) : null,
    el('span', { title: gettext('cost of the next small stand') }, gettext('Next small stand: {gold}', { gold: goldText(g.next_stand_cost) })),
    el('span', { class: 'jambo-tie', title: gettext('table option: who wins a tie in gold') },
      g.tie_goes_to === 'last_player' ? gettext('Tie: the last player wins') : gettext('Tie: first to {gold} wins', { gold: rules.end_gold })),
    view.seat !== null && view.seat !== undefined && !view.result ? autoAllowToggle() : null);
}

function centre(ctx, view, byCard, wares) {
  const g = view.game;
  const supply = el('div', { class: 'jambo-supply' }, el('div', { class: 'jambo-label' }, gettext('Supply')),
    g.supply.map((n, t) => {
      const node = el('span', { class: 'jambo-supply-slot', title: gettext('{ware}: {n} left', { ware: wareName(ctx, t), n }) },
        wareToken(ctx, t), ' ', gettext('{ware}: {n}', { ware: wareName(ctx, t), n }));
      const a = wares.in('supply', t);
      return a ? bindAction(node, a, ctx) : node;
    }));
  const deck = el('div', { class: 'jambo-pile' }, backOf(gettext('draw pile')),
    el('div', { class: 'jambo-count' }, ngettext('{n} card', '{n} cards', g.deck_count)));
  bindOnly(deck, view.legal.filter((a) => a.type === 'draw'), ctx);
  const discard = el('div', { class: 'jambo-pile' },
    g.discard_top !== null ? cardOf(ctx, g.discard_top, byCard.get(g.discard_top) || [], { small: true })
      : el('div', { class: 'jambo-card jambo-empty' }, gettext('no cards')),
    el('div', { class: 'jambo-count' }, gettext('discard: {n}', { n: g.discard_count })));
  const piles = [deck, discard];
  if (g.drawn === true) {
    piles.push(el('div', { class: 'jambo-pile' }, backOf(gettext('card being looked at')), el('div', { class: 'jambo-count' }, gettext('drawn card'))));
  } else if (g.drawn !== null && g.drawn !== undefined) {
    const choices = view.legal.filter((a) => a.type === 'keep' || a.type === 'reject');
    piles.push(el('div', { class: 'jambo-pile jambo-drawn' }, cardOf(ctx, g.drawn, []),
      el('div', { class: 'jambo-card-actions' }, choices.map((a) =>
        bindAction(el('button', { type: 'button', class: 'jambo-btn' }, a.type === 'keep' ? gettext('Keep') : gettext('Discard')), a, ctx)))));
  }
  return el('section', { class: 'jambo-centre' }, statusRow(ctx, view),
    el('div', { class: 'jambo-row' }, el('div', { class: 'jambo-piles' }, piles), supply),
    stagePanel(ctx, view, byCard, wares));
}

// What the current sub-step puts on the table: the cards offered, the pool, the auctioned lot. Its question is the
// prompt bar's (for the player asked); the others read who is deciding.
function stagePanel(ctx, view, byCard, wares) {
  const st = view.game.stage;
  if (!st || view.result) return null;
  const asked = st.seat === view.seat;
  const parts = [];
  if (!asked) {
    parts.push(el('div', { class: 'jambo-stage-text' },
      gettext('{player} is deciding: {question}', { player: ctx.name(st.seat, { capital: true }), question: ctx.say(shown(st)) })));
  }
  if ((st.kind === 'guard' || st.kind === 'rain') && st.card !== undefined) parts.push(el('div', { class: 'jambo-row' }, cardOf(ctx, st.card, [], { small: true })));
  const faces = st.cards || st.their_hand || (Array.isArray(st.pool) && st.kind !== 'elephant' ? st.pool : null)
    || (st.what === 'cards' ? st.items : null);
  if (faces) parts.push(el('div', { class: 'jambo-row' }, faces.map((c) => cardOf(ctx, c, byCard.get(c) || [], { small: true }))));
  if (st.kind === 'drummer') {
    const picks = view.legal.filter((a) => a.card !== undefined);
    parts.push(el('div', { class: 'jambo-row' }, picks.map((a) => cardOf(ctx, a.card, [a], { small: true }))));
  }
  if (st.kind === 'elephant') {
    parts.push(el('div', { class: 'jambo-row jambo-pool' }, st.pool.flatMap((n, t) => {
      const a = wares.in('pool', t);
      return Array.from({ length: n }, () => {
        const node = el('span', { class: 'jambo-pooltok' }, wareToken(ctx, t));
        return a ? bindAction(node, a, ctx) : node;
      });
    })));
  }
  if (st.kind === 'auction') {
    parts.push(el('div', { class: 'jambo-auction' },
      st.what === 'wares' ? el('span', {}, gettext('Wares:'), ' ', st.items.map((t) => wareToken(ctx, t))) : null,
      el('span', {}, ' ', st.leader === null || st.leader === undefined ? gettext('No bid yet')
        : gettext('High bid: {gold} by {player}', { gold: goldText(st.high), player: ctx.name(st.leader) }))));
  }
  return parts.length ? el('div', { class: 'jambo-stage' }, parts) : null;
}

// On by default, per browser: answer "No reaction" for me when it is my only answer (I hold no Guard or Rain
// Maker). The server still asks every time, so the question reveals nothing. The table page takes the answer in
// its "Taking … Cancel" bar, so the player sees it will be answered (issue #26: a player who saw only the question
// answered it by hand every time), after a human-like random pause, so its speed reveals nothing either; the pause
// goes on across redraws of the same question.
const AUTO_ALLOW_KEY = 'boardhall.jambo.autoAllow';

function autoAllowOn() {
  try { return localStorage.getItem(AUTO_ALLOW_KEY) !== '0'; } catch { return true; }
}

function autoAllowToggle() {
  const box = el('input', { type: 'checkbox', class: 'jambo-auto-allow' });
  box.checked = autoAllowOn();
  box.addEventListener('change', () => {
    try { localStorage.setItem(AUTO_ALLOW_KEY, box.checked ? '1' : '0'); } catch { /* private mode: stays on */ }
  });
  return el('label', { class: 'jambo-auto-label', title: gettext('When you hold no Guard or Rain Maker, answer "No reaction" for you') },
    box, ' ', gettext('Auto "No reaction"'));
}

// "No reaction" only when the player's switch is on; every other one-answer decision as the table page does.
export function takesAlone(action) {
  return action.type !== 'allow' || autoAllowOn();
}

export function autoTakePause(action) {
  return action.type === 'allow' ? 800 + Math.random() * 1700 : null;
}

// The table page's scoreboard: gold is the score.
export function summary(view) {
  return view.game.players.map((p) => [goldText(p.gold), gettext('{n} in hand', { n: p.hand_count })]);
}

export function render(root, view, ctx) {
  const me = view.seat === null || view.seat === undefined ? null : view.seat;
  const bottom = me === null ? 0 : me;
  const byCard = actionsByCard(view.legal || []);
  const wares = wareActions(view);
  // Your own area first: it is what you act on most, and it stays in view without scrolling.
  flip(root, () => root.replaceChildren(el('div', { class: 'jambo-board' },
    playerArea(ctx, view, bottom, byCard, wares),
    centre(ctx, view, byCard, wares),
    playerArea(ctx, view, 1 - bottom, byCard, wares))), { byOthers: ctx.othersMoved });
}

// ---- pictures for the rules page ----------------------------------------------------------------------------------

// The rules page (an element with the class rules-page) draws the pieces with the table's own code; names and card
// texts come from the catalogue, fetched once before the page asks for a picture.
const RULES_PAGE = typeof document !== 'undefined' && document.querySelector('.rules-page');
const rulesCatalogue = RULES_PAGE
  ? await fetch('/api/games/jambo/catalogue').then((r) => (r.ok ? r.json() : {}), () => ({})) : {};
const pictureCtx = { get catalogue() { return rulesCatalogue; } };
const noWares = { in: () => null };

function framed(nodes) {
  return el('span', { class: 'jambo-picture' }, nodes);
}

// The first card of a kind ("well", "W08") as the table draws it.
function cardOfKind(key) {
  return cardOf(pictureCtx, (rulesCatalogue.cards || []).indexOf(key), []);
}

export const pictures = {
  wares: () => framed([0, 1, 2, 3, 4, 5].map((t) => el('span', { class: 'jambo-picture-ware' },
    wareToken(pictureCtx, t), ' ', wareName(pictureCtx, t)))),
  // A large market stand with 3 wares and its empty 6th space (which shows its fee), and one small stand.
  stands: () => {
    const small = (rulesCatalogue.cards || []).indexOf('stand');
    return framed(stands(pictureCtx, { ordinary: [2, 0, 1, 0, 0, 0], sixth: -1, stands: [small] }, noWares, 'mine'));
  },
  'ware-card': () => framed(cardOfKind('W08')),
  'small-stand': () => framed(cardOfKind('stand')),
  utility: () => framed(cardOfKind('well')),
  // The same utility in play, then once used this turn.
  'utility-used': () => {
    const well = (rulesCatalogue.cards || []).indexOf('well');
    return framed([cardOf(pictureCtx, well, []), cardOf(pictureCtx, well, [], { used: true })]);
  },
  person: () => framed(cardOfKind('guard')),
  animal: () => framed(cardOfKind('crocodile')),
  back: () => framed(backOf(gettext('draw pile'))),
  cards: () => framed(['W08', 'stand', 'well', 'guard', 'crocodile'].map(cardOfKind)),
};
