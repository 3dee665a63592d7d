// Jambo renderer: draws the view (both market areas, piles, the viewer's hand, the current sub-step) and makes
// legal actions clickable on the cards and ware tokens they act on. Rules live on the server only.

const WARE_LETTERS = ['K', 'H', 'T', 'L', 'F', 'S'];

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function words(ctx, text) {
  return String(text || '').replace(/@(\d+)/g, (_, n) => ctx.nameOf(Number(n)));
}

function kindOf(ctx, card) {
  const cat = ctx.catalogue || {};
  const k = cat.cards ? cat.cards[card] : null;
  return k && cat.kinds ? { key: k, ...cat.kinds[k] } : { key: '?', name: `Card ${card}`, type: 'unknown', text: '' };
}

function wareName(ctx, t) {
  const names = (ctx.catalogue && ctx.catalogue.wares) || ['trinkets', 'hides', 'tea', 'silk', 'fruit', 'salt'];
  return names[t];
}

function actButton(ctx, action, text, extraClass = '') {
  return el('button', {
    type: 'button', class: `act jambo-btn ${extraClass}`, 'data-label': action.label, title: action.label,
    onclick: (ev) => { ev.stopPropagation(); ctx.act(action); },
  }, text || action.label);
}

function wareToken(ctx, t, attrs = {}) {
  return el('span', { class: `jambo-ware jambo-ware-${t}`, title: wareName(ctx, t), ...attrs }, WARE_LETTERS[t]);
}

// A card face. `actions`: legal actions on this card (one: the card itself is the button; more: small buttons).
function cardFace(ctx, card, actions = [], opts = {}) {
  const k = kindOf(ctx, card);
  const title = `${k.name} (${k.type})\n${k.text}`;
  const body = [];
  body.push(el('div', { class: 'jambo-card-type' }, k.type === 'ware' ? 'ware card' : k.type));
  if (k.type === 'ware') {
    body.push(el('div', { class: 'jambo-card-wares' }, ...(k.wares || []).map((t) => wareToken(ctx, t))));
    body.push(el('div', { class: 'jambo-card-prices' },
      el('span', { class: 'jambo-buy', title: 'buy price (bottom left)' }, `buy ${k.buy}`),
      el('span', { class: 'jambo-sell', title: 'sell price (bottom right)' }, `sell ${k.sell}`)));
  } else {
    body.push(el('div', { class: 'jambo-card-name' }, k.name));
    body.push(el('div', { class: 'jambo-card-text' }, k.text));
  }
  const classes = ['jambo-card', `jambo-type-${k.type}`];
  if (opts.used) classes.push('jambo-used');
  if (opts.small) classes.push('jambo-small');
  const attrs = { class: classes.join(' '), title, tabindex: '0' };
  if (actions.length === 1) {
    attrs.class += ' act jambo-clickable';
    attrs['data-label'] = actions[0].label;
    attrs.title = `${actions[0].label}\n\n${title}`;
    attrs.onclick = () => ctx.act(actions[0]);
  } else {
    attrs.onclick = (ev) => ev.currentTarget.classList.toggle('jambo-zoom');
  }
  const node = el('div', attrs, ...body);
  if (opts.used) node.append(el('div', { class: 'jambo-badge' }, 'used'));
  if (actions.length > 1) {
    node.append(el('div', { class: 'jambo-card-actions' }, ...actions.map((a) => actButton(ctx, a, shortLabel(a)))));
  }
  return node;
}

function shortLabel(a) {
  if (a.type === 'buy') return a.label.replace(/^Buy .* for /, 'Buy ');
  if (a.type === 'sell') return a.label.replace(/^Sell .* for /, 'Sell ');
  if (a.type === 'pick' && a.use === true) return 'Use, then discard';
  if (a.type === 'pick' && a.use === false) return 'Discard unused';
  return a.label;
}

function cardBack(text) {
  return el('div', { class: 'jambo-card jambo-back', title: text }, el('div', { class: 'jambo-back-mark' }, 'JAMBO'));
}

// Which area the ware choices of each sub-step point at.
const WARE_AREA = {
  drums: 'mine', throne_give: 'mine', dancer_ware: 'mine', portuguese: 'mine', shaman_from: 'mine',
  throne_take: 'theirs', parrot: 'theirs', elephant: 'pool',
  boat_ware: 'supply', leopard: 'supply', basket: 'supply', travel1: 'supply', travel2: 'supply',
  carrier_ware: 'supply', carrier_opp: 'supply', shaman_to: 'supply',
};

function byCard(legal) {
  const map = new Map();
  for (const a of legal) {
    if (a.card === undefined) continue;
    if (!map.has(a.card)) map.set(a.card, []);
    map.get(a.card).push(a);
  }
  return map;
}

// Identical cards in hand are interchangeable: the server lists one action per kind; offer it on every copy.
function handActions(ctx, hand, cardActs) {
  const byKind = new Map();
  for (const c of hand) if (cardActs.has(c)) byKind.set(kindOf(ctx, c).key, cardActs.get(c));
  return (c) => cardActs.get(c) || byKind.get(kindOf(ctx, c).key) || [];
}

function wareActions(view) {
  const st = view.game.stage;
  const area = st ? WARE_AREA[st.kind] : null;
  const map = new Map();
  for (const a of view.legal) if (a.type === 'ware') map.set(a.ware, a);
  return { area, map };
}

function stands(ctx, p, wareAct, area) {
  // Large stand: ordinary spaces (5) then the 6th space; small stands: 3 spaces each.
  const ordinary = [];
  p.ordinary.forEach((n, t) => { for (let i = 0; i < n; i++) ordinary.push(t); });
  const spaces = [];
  const makeSpace = (t, sixth) => {
    const cls = `jambo-space${sixth ? ' jambo-sixth' : ''}`;
    if (t === undefined || t < 0) return el('span', { class: cls, title: sixth ? '6th space: 2 gold each time a ware is put here' : 'free space' }, sixth ? '2' : '');
    const a = wareAct && wareAct.area === area ? wareAct.map.get(t) : null;
    const tok = wareToken(ctx, t);
    if (a) return el('span', { class: `${cls} act jambo-clickable`, 'data-label': a.label, title: a.label, onclick: () => ctx.act(a) }, tok);
    return el('span', { class: cls }, tok);
  };
  const large = [];
  for (let i = 0; i < 5; i++) large.push(makeSpace(ordinary[i], false));
  large.push(makeSpace(p.sixth, true));
  spaces.push(el('div', { class: 'jambo-stand jambo-large', title: 'Large market stand (6 spaces)' }, ...large));
  p.stands.forEach((card, i) => {
    const row = [];
    for (let j = 0; j < 3; j++) row.push(makeSpace(ordinary[5 + 3 * i + j], false));
    spaces.push(el('div', { class: 'jambo-stand jambo-smallstand', title: 'Small market stand (3 spaces)' }, ...row));
  });
  return el('div', { class: 'jambo-stands' }, ...spaces);
}

function playerArea(ctx, view, seat, cardActs, wareAct) {
  const g = view.game;
  const p = g.players[seat];
  const mine = seat === view.seat;
  const area = mine ? 'mine' : 'theirs';
  const turn = g.turn === seat;
  const header = el('div', { class: 'jambo-player-head' },
    el('span', { class: 'jambo-name' }, ctx.nameOf(seat), turn ? ' — to play' : ''),
    el('span', { class: 'jambo-gold', title: 'gold' }, `${p.gold} gold`),
    el('span', { class: 'jambo-handcount', title: 'cards in hand' }, `${p.hand_count} in hand`),
    el('span', { class: 'jambo-free', title: 'free ware spaces' }, `${p.free}/${p.spaces} free`),
    g.ender === seat ? el('span', { class: 'jambo-flag' }, 'reached 60') : null);
  const utils = el('div', { class: 'jambo-utils' },
    el('div', { class: 'jambo-label' }, `Utilities (${p.utils.length}/3)`),
    el('div', { class: 'jambo-row' }, ...p.utils.map((u) => cardFace(ctx, u.card, cardActs.get(u.card) || [], { used: u.used, small: true }))));
  const parts = [header, el('div', { class: 'jambo-market' }, stands(ctx, p, wareAct, area), utils)];
  if (mine && p.hand) {
    const actsFor = handActions(ctx, p.hand, cardActs);
    parts.push(el('div', { class: 'jambo-hand' },
      el('div', { class: 'jambo-label' }, 'Your hand'),
      el('div', { class: 'jambo-row' }, ...p.hand.map((c) => cardFace(ctx, c, actsFor(c))))));
  } else {
    const backs = [];
    for (let i = 0; i < Math.min(p.hand_count, 12); i++) backs.push(cardBack('hidden hand card'));
    parts.push(el('div', { class: 'jambo-hand jambo-hidden' }, el('div', { class: 'jambo-row jambo-fan' }, ...backs)));
  }
  return el('section', { class: `jambo-player${turn ? ' jambo-active' : ''}${mine ? ' jambo-me' : ''}` }, ...parts);
}

function centre(ctx, view, cardActs, wareAct) {
  const g = view.game;
  const markers = [];
  for (let i = 0; i < 5; i++) markers.push(el('span', { class: `jambo-marker${i < g.actions_used ? ' jambo-spent' : ''}`, title: i < g.actions_used ? 'action used' : 'action left' }));
  const status = el('div', { class: 'jambo-status' },
    el('span', {}, `${ctx.nameOf(g.turn)}: phase ${g.phase}`),
    el('span', { class: 'jambo-markers', title: `${g.actions_used} of 5 actions used` }, ...markers, ` ${g.actions_left} left`),
    g.wise ? el('span', { class: 'jambo-flag', title: 'Wise Man from Afar' }, `Wise Man: buy −${2 * g.wise}, sell +${2 * g.wise}`) : null,
    g.final_turn ? el('span', { class: 'jambo-flag' }, 'Last turn!') : null,
    el('span', { title: 'cost of the next small stand' }, `Next small stand: ${g.next_stand_cost} gold`),
    el('span', { class: 'jambo-tie', title: 'table option: who wins a tie in gold' },
      g.tie_goes_to === 'last_player' ? 'Tie: the last player wins' : 'Tie: first to 60 wins'),
    turnButtons(ctx, view));
  // Supply
  const supply = el('div', { class: 'jambo-supply' }, el('div', { class: 'jambo-label' }, 'Supply (6 per type)'),
    ...g.supply.map((n, t) => {
      const a = wareAct.area === 'supply' ? wareAct.map.get(t) : null;
      const attrs = { class: 'jambo-supply-slot', title: `${wareName(ctx, t)}: ${n} left` };
      if (a) Object.assign(attrs, { class: 'jambo-supply-slot act jambo-clickable', 'data-label': a.label, title: a.label, onclick: () => ctx.act(a) });
      return el('span', attrs, wareToken(ctx, t), ` ${wareName(ctx, t)}: ${n}`);
    }));
  // Piles
  const drawActs = view.legal.filter((a) => a.type === 'draw');
  const deck = el('div', { class: `jambo-pile${drawActs.length ? ' act jambo-clickable' : ''}`, title: drawActs.length ? drawActs[0].label : 'draw pile',
    'data-label': drawActs.length ? drawActs[0].label : null, onclick: drawActs.length ? () => ctx.act(drawActs[0]) : null },
  cardBack('draw pile'), el('div', { class: 'jambo-count' }, `${g.deck_count} cards`));
  const discard = el('div', { class: 'jambo-pile' },
    g.discard_top !== null ? cardFace(ctx, g.discard_top, cardActs.get(g.discard_top) || [], { small: true }) : el('div', { class: 'jambo-card jambo-empty' }, 'empty'),
    el('div', { class: 'jambo-count' }, `discard: ${g.discard_count}`));
  const piles = [deck, discard];
  if (g.drawn !== null) {
    if (g.drawn === true) piles.push(el('div', { class: 'jambo-pile' }, cardBack('card being looked at'), el('div', { class: 'jambo-count' }, 'drawn card')));
    else {
      const acts = view.legal.filter((a) => a.type === 'keep' || a.type === 'reject');
      piles.push(el('div', { class: 'jambo-pile jambo-drawn' }, cardFace(ctx, g.drawn, []),
        el('div', { class: 'jambo-card-actions' }, ...acts.map((a) => actButton(ctx, a, a.type === 'keep' ? 'Keep' : 'Discard')))));
    }
  }
  return el('section', { class: 'jambo-centre' }, status, el('div', { class: 'jambo-row' }, el('div', { class: 'jambo-piles' }, ...piles), supply),
    stagePanel(ctx, view, cardActs, wareAct));
}

// Moves that belong to no card: leaving phase 1 and ending the turn (with the 1-gold bonus when it applies).
function turnButtons(ctx, view) {
  const acts = (view.legal || []).filter((a) => a.type === 'phase2' || a.type === 'end');
  if (!acts.length) return null;
  const bonus = view.game.actions_left >= 2;
  return el('span', { class: 'jambo-turn-actions' }, ...acts.map((a) => actButton(ctx, a,
    a.type === 'end' && bonus ? `${a.label} (+1 gold)` : a.label, a.type === 'end' ? 'jambo-end' : '')));
}

function stagePanel(ctx, view, cardActs, wareAct) {
  const g = view.game;
  const st = g.stage;
  if (!st) return null;
  const parts = [el('div', { class: 'jambo-stage-text' }, `${ctx.nameOf(st.seat)} — ${words(ctx, st.text)}`)];
  if ((st.kind === 'guard' || st.kind === 'rain') && st.card !== undefined) parts.push(el('div', { class: 'jambo-row' }, cardFace(ctx, st.card, [], { small: true })));
  const shown = st.cards || st.their_hand || st.pool && Array.isArray(st.pool) && st.kind !== 'elephant' && st.pool || (st.what === 'cards' ? st.items : null);
  if (shown) parts.push(el('div', { class: 'jambo-row' }, ...shown.map((c) => cardFace(ctx, c, cardActs.get(c) || [], { small: true }))));
  if (st.kind === 'drummer') {
    const picks = view.legal.filter((a) => a.card !== undefined);
    parts.push(el('div', { class: 'jambo-row' }, ...picks.map((a) => cardFace(ctx, a.card, [a], { small: true }))));
  }
  if (st.kind === 'elephant') {
    parts.push(el('div', { class: 'jambo-row jambo-pool' }, ...st.pool.flatMap((n, t) => {
      const a = wareAct.map.get(t);
      const out = [];
      for (let i = 0; i < n; i++) {
        out.push(a ? el('span', { class: 'act jambo-clickable jambo-pooltok', 'data-label': a.label, title: a.label, onclick: () => ctx.act(a) }, wareToken(ctx, t))
          : el('span', { class: 'jambo-pooltok' }, wareToken(ctx, t)));
      }
      return out;
    })));
  }
  if (st.kind === 'auction') {
    parts.push(el('div', { class: 'jambo-auction' },
      st.what === 'wares' ? el('span', {}, 'Wares: ', ...st.items.map((t) => wareToken(ctx, t))) : null,
      el('span', {}, st.leader === null || st.leader === undefined ? ' No bid yet' : ` High bid: ${st.high} gold by ${ctx.nameOf(st.leader)}`)));
  }
  const buttons = view.legal.filter((a) => ['opt', 'stop', 'gold', 'allow', 'guard', 'rain', 'pass'].includes(a.type));
  const bids = view.legal.filter((a) => a.type === 'bid');
  if (bids.length) buttons.unshift(...bids.slice(0, 3));  // the usual raises as buttons, any amount from the list
  const row = el('div', { class: 'jambo-row jambo-stage-buttons' }, ...buttons.map((a) => actButton(ctx, a)));
  if (bids.length > 3) {
    const choice = el('select', { class: 'jambo-bid-amount', 'aria-label': 'Bid amount' },
      ...bids.map((a, i) => el('option', { value: String(i) }, a.label)));
    row.append(choice, el('button', { type: 'button', class: 'jambo-bid-go', onclick: () => ctx.act(bids[Number(choice.value)]) }, 'Bid'));
  }
  if (buttons.length || bids.length) parts.push(row);
  return el('div', { class: 'jambo-stage' }, ...parts);
}

// Opt-in, per browser: answer "No reaction" for me when I hold no Guard / Rain Maker. The server still asks
// every time (so the question itself reveals nothing); the answer comes after a human-like pause.
const AUTO_ALLOW_KEY = 'boardhall.jambo.autoAllow';
let autoAllowTimer = null;

function autoAllowOn() {
  try { return localStorage.getItem(AUTO_ALLOW_KEY) === '1'; } catch { return false; }
}

function scheduleAutoAllow(view, ctx) {
  clearTimeout(autoAllowTimer);
  autoAllowTimer = null;
  const only = view.legal.length === 1 && view.legal[0].type === 'allow' ? view.legal[0] : null;
  if (!only || !autoAllowOn()) return;
  autoAllowTimer = setTimeout(() => { autoAllowTimer = null; ctx.act(only); }, 800 + Math.random() * 1700);
}

function autoAllowToggle(view, ctx) {
  const box = el('input', { type: 'checkbox', class: 'jambo-auto-allow' });
  box.checked = autoAllowOn();
  box.addEventListener('change', () => {
    try { localStorage.setItem(AUTO_ALLOW_KEY, box.checked ? '1' : '0'); } catch { /* private mode: stays off */ }
    scheduleAutoAllow(view, ctx);
  });
  return el('label', { class: 'jambo-auto-label' }, box,
    ' Answer "No reaction" for me when I hold no Guard or Rain Maker');
}

export function render(root, view, ctx) {
  const g = view.game;
  const me = view.seat === null || view.seat === undefined ? null : view.seat;
  const bottom = me === null ? 0 : me;
  const top = 1 - bottom;
  const cardActs = byCard(view.legal || []);
  const wareAct = wareActions(view);
  const board = el('div', { class: 'jambo-board' },
    playerArea(ctx, view, top, cardActs, wareAct),
    centre(ctx, view, cardActs, wareAct),
    playerArea(ctx, view, bottom, cardActs, wareAct));
  if (view.result) board.prepend(el('div', { class: 'jambo-result' }, words(ctx, view.result.text)));
  if (me !== null && !view.result) board.append(autoAllowToggle(view, ctx));
  root.replaceChildren(board);
  scheduleAutoAllow(view, ctx);
  void g;
}
