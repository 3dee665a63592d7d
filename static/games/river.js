// The River renderer: the river of sections with the ships, buoys and the barge, the barge's cargo, the
// discovery deck, and each player's tokens, equipment and newspaper. Legal actions sit on what they act on (a
// move on the section it lands on, a token on the token, a purchase on the equipment); names, counts and the
// board's length come from the catalogue, and where a move lands from the action's `to`.
import { el, icon, token, bindAction, actionWhere, capitalise, flip } from '/static/js/ui.js';

// Drawn icons for the six equipment fronts and the clover, in the catalogue's front order.
const FRONT_ICONS = ['net', 'lantern', 'telescope', 'magnifier', 'mask', 'camera', 'clover'];
const SEAT_COLOURS = ['#2f6fd6', '#2e9d4a', '#c77700', '#8a3fc2'];

function frontName(cat, f) {
  return (cat.fronts || [])[f] || '?';
}

function frontIcon(cat, f) {
  return icon(FRONT_ICONS[f] || 'cards', { title: frontName(cat, f) });
}

function isStar(cat, t) {
  return t === cat.star;
}

// A token's face inside a sentence: the number, or the drawn star.
function tokenFace(cat, t) {
  return isStar(cat, t) ? icon('star', { title: 'star', cls: 'river-star' }) : String(t);
}

// A movement token: the star is drawn, numbers are written.
function moveToken(cat, t, colour, cls) {
  const node = token(isStar(cat, t) ? icon('star') : String(t), { colour, cls: ['river-token', cls], title: isStar(cat, t) ? 'star token' : `token ${t}` });
  return node;
}

// A ship shows its owner's initial (and their colour).
function initial(ctx, seat) {
  const player = ctx.players.find((x) => x.seat === seat);
  return ((player && player.name) || '?').slice(0, 1).toUpperCase();
}

function place(cat, p) {
  if (p === 0) return 'Harbour';
  if (p === cat.bay) return 'Bay';
  return `Section ${p}`;
}

function discoveryCard(cat, id, cls) {
  const info = (cat.cards || {})[String(id)] || { front: cat.clover, creature: '?', value: 0 };
  return el('div', { class: ['river-disc', cls], dataset: { flip: `disc-${id}` }, title: `${info.creature}: value ${info.value} (found with: ${frontName(cat, info.front)})` },
    el('div', { class: 'river-disc-value' }, String(info.value)),
    el('div', { class: 'river-disc-name' }, info.creature),
    el('div', { class: 'river-disc-front' }, frontIcon(cat, info.front), ' ', frontName(cat, info.front)));
}

function statusLine(view, ctx) {
  const g = view.game;
  if (view.result) return 'Game over.';
  if (g.phase === 'draft') return g.turn === view.seat ? 'Set-up' : `Set-up: ${ctx.say(`@${g.turn} chooses a starting tool.`)}`;
  if (g.phase === 'choose') {
    const waiting = g.players.filter((p) => p.waiting).map((p) => p.seat);
    return `Round ${g.round}: everybody picks a movement token in secret. Still choosing: ${waiting.length ? capitalise(ctx.list(waiting)) : 'nobody'}.`;
  }
  if (g.phase === 'act') return `Round ${g.round}: ${ctx.say(`@${g.sub ? g.sub.seat : g.turn} is acting.`)}`;
  return '';
}

function orderRow(view, ctx, cat) {
  const g = view.game;
  if (g.phase !== 'act' || !g.order.length) return null;
  return el('div', { class: 'river-order' }, el('span', { class: 'river-order-title' }, 'Order this round:'),
    g.order.map((s, i) => el('span', {
      class: ['river-order-chip', i === g.order_index && 'river-current', i < g.order_index && 'river-done'],
      style: { 'border-color': SEAT_COLOURS[s] },
    }, `${ctx.name(s, { capital: true })} `, tokenFace(cat, g.players[s].token))),
    g.low !== null && g.order.some((s) => isStar(cat, g.players[s].token))
      ? el('span', { class: 'river-low' }, icon('star', { title: 'star', cls: 'river-star' }), ` moves the barge ${g.low}`) : null);
}

function riverRow(view, ctx, cat) {
  const g = view.game;
  const moves = new Map();
  if (view.seat !== null && view.seat !== undefined) {
    for (const a of view.legal.filter((x) => x.type === 'move')) moves.set(a.to, a);  // where it lands, as the server says
  }
  const tiles = [];
  for (let i = 0; i <= cat.bay; i++) {
    const marks = [];
    if (g.buoys.includes(i)) marks.push(el('span', { class: 'river-buoy', title: 'Buoy: stop here to explore' }, icon('buoy')));
    if (g.barge === i) marks.push(el('span', { class: 'river-barge', title: 'The barge: a ship here must buy equipment', dataset: { flip: 'barge' } }, icon('barge'), ' barge'));
    const ships = g.players.filter((p) => p.pos === i).map((p) => el('span', {
      class: 'river-ship', dataset: { seat: p.seat, flip: `ship-${p.seat}` }, style: { background: SEAT_COLOURS[p.seat] },
      title: ctx.name(p.seat, { capital: true }) + (p.homeward ? ' (heading home)' : ''),
    }, initial(ctx, p.seat)));
    const tile = el('div', {
      class: ['river-tile', i === 0 && 'river-harbour', i === cat.bay && 'river-bay'], dataset: { pos: i },
      title: [place(cat, i), g.buoys.includes(i) && 'buoy', g.barge === i && 'barge'].filter(Boolean).join(' · '),
    }, el('div', { class: 'river-tile-name' }, i === 0 ? 'Harbour' : i === cat.bay ? 'Bay' : String(i)),
    el('div', { class: 'river-tile-marks' }, marks), el('div', { class: 'river-ships' }, ships));
    if (moves.has(i)) {
      tile.append(el('div', { class: 'river-go' }, 'go here'));
      bindAction(tile, moves.get(i), ctx);
    }
    tiles.push(tile);
  }
  return el('div', { class: 'river-river', style: { '--sections': cat.bay + 1 } }, tiles);
}

function middle(view, ctx, cat) {
  const g = view.game;
  const buys = view.legal.filter((a) => a.type === 'buy' || a.type === 'draft');
  const cargo = Object.entries(g.cargo).filter(([, n]) => n).map(([t, n]) => {
    const f = Number(t);
    const node = el('div', { class: 'river-equip', title: `${frontName(cat, f)}: lets you take discoveries showing this tool. ${n} left.` },
      el('div', { class: 'river-equip-icon' }, frontIcon(cat, f)),
      el('div', { class: 'river-equip-name' }, frontName(cat, f)),
      el('div', { class: 'river-equip-count' }, `×${n}`));
    const a = buys.find((x) => x.equip === f);
    return a ? bindAction(node, a, ctx) : node;
  });
  const aside = {};
  g.aside.forEach((f) => { aside[f] = (aside[f] || 0) + 1; });
  const parts = [
    el('div', { class: 'river-cargo' }, el('div', { class: 'river-section-title' }, icon('barge'), ' Barge cargo (equipment)'),
      el('div', { class: 'river-row' }, cargo.length ? cargo : el('div', { class: 'river-empty' }, 'empty'))),
    el('div', { class: 'river-deckarea' }, el('div', { class: 'river-section-title' }, 'Discoveries'),
      el('div', { class: 'river-row' },
        g.deck_top !== null
          ? el('div', { class: 'river-back river-deck', title: `Discovery deck: ${g.deck_count} cards. The top card needs: ${frontName(cat, g.deck_top)}` },
            el('div', { class: 'river-back-icon' }, frontIcon(cat, g.deck_top)),
            el('div', { class: 'river-back-name' }, frontName(cat, g.deck_top)),
            el('div', { class: 'river-deck-count' }, `${g.deck_count} cards`))
          : el('div', { class: 'river-empty' }, 'deck empty'),
        el('div', { class: 'river-aside' }, el('div', { class: 'river-small' }, `Set aside (${g.aside.length}):`),
          Object.entries(aside).map(([f, n]) => el('span', {
            class: 'river-aside-chip', title: `${n} set-aside card(s) needing: ${frontName(cat, Number(f))}`,
          }, frontIcon(cat, Number(f)), `×${n}`))))),
  ];
  if (g.sub && g.sub.kind === 'replace') {
    parts.push(el('div', { class: 'river-holding' }, el('div', { class: 'river-section-title' }, `${ctx.name(g.sub.seat, { capital: true })} found:`),
      discoveryCard(cat, g.sub.card, 'river-new')));
  }
  return el('div', { class: 'river-middle' }, parts);
}

function playerBox(view, ctx, cat, s) {
  const g = view.game;
  const p = g.players[s];
  const me = view.seat;
  const mine = s === me;
  const colour = SEAT_COLOURS[s];
  let where = place(cat, p.pos);
  if (p.in_bay) where = `in the Bay${g.bay[0] === s ? ' (first! +2)' : ''}`;
  else if (p.homeward) where += ' · heading home';
  let choice = null;
  if (g.phase === 'choose' && !p.in_bay) {
    if (!p.chosen) choice = el('div', { class: 'river-choice river-choosing' }, '… choosing');
    else if (mine && g.my_choice !== null) choice = el('div', { class: 'river-choice river-chosen' }, 'You chose ', tokenFace(cat, g.my_choice), ' (hidden from others)');
    else choice = el('div', { class: 'river-choice river-chosen' }, icon('check'), ' has chosen (hidden)');
  } else if (g.phase === 'act' && p.token !== null) {
    choice = el('div', { class: 'river-choice' }, 'Played token ', tokenFace(cat, p.token));
  } else choice = el('div', { class: 'river-choice' });
  const tokenActs = mine ? view.legal.filter((a) => a.type === 'token' || a.type === 'pay') : [];
  const sorted = (list) => list.slice().sort((a, b) => (isStar(cat, a) - isStar(cat, b)) || a - b);
  const hand = sorted(p.hand).map((t) => {
    const tk = moveToken(cat, t, colour, mine && g.my_choice === t && g.phase === 'choose' ? 'river-picked' : null);
    const a = tokenActs.find((x) => x.token === t);
    if (a) bindAction(tk, a, ctx);
    if (a && a.only) tk.classList.add('river-only');  // the one token left: one obvious click
    else tk.title = 'In hand';
    return tk;
  });
  const used = sorted(p.used).map((t) => Object.assign(moveToken(cat, t, colour, 'river-used'), { title: 'Used: comes back when all others are used' }));
  const spent = sorted(p.spent).map((t) => Object.assign(moveToken(cat, t, colour, 'river-spent'), { title: 'Spent on equipment: gone for the rest of the game' }));
  const replaces = mine ? view.legal.filter((a) => a.type === 'replace') : [];
  const slots = [];
  for (let i = 0; i < cat.article_slots; i++) {
    if (i < p.article.length) {
      const d = discoveryCard(cat, p.article[i]);
      const a = actionWhere(replaces, { slot: i });
      slots.push(a ? bindAction(d, a, ctx) : d);
    } else slots.push(el('div', { class: 'river-disc river-slot-empty' }, 'empty picture'));
  }
  return el('div', {
    class: ['river-player', mine && 'river-me', (view.waiting || []).includes(s) && 'river-awaited'],
    dataset: { seat: s }, style: { 'border-color': colour },
  },
  el('div', { class: 'river-player-head' },
    el('span', { class: 'river-dot', style: { background: colour } }),
    el('span', { class: 'river-player-name' }, ctx.name(s, { capital: true })),
    el('span', { class: 'river-player-where' }, where),
    el('span', { class: 'river-score', title: 'Pictures in the newspaper, +2 for the first into the Bay, −2 while the replacements are not done' },
      `${view.result ? 'final score' : 'score now'}: ${p.score}`)),
  choice,
  el('div', { class: 'river-rack' }, el('span', { class: 'river-small' }, 'Tokens:'), hand,
    used.length ? [el('span', { class: 'river-small' }, 'used:'), used] : null,
    spent.length ? [el('span', { class: 'river-small' }, 'spent:'), spent] : null),
  el('div', { class: 'river-equiprow' }, el('span', { class: 'river-small' }, 'Equipment:'),
    p.equipment.map((t) => el('span', { class: 'river-equip-chip', title: `Can take discoveries showing: ${frontName(cat, t)} (and any ${frontName(cat, cat.clover)})` },
      frontIcon(cat, t), ' ', frontName(cat, t)))),
  el('div', { class: 'river-paper' },
    el('div', { class: 'river-paper-title' }, icon('newspaper'), ` Newspaper · replacements ${p.replaced.length}/${cat.replacements}`),
    el('div', { class: 'river-slots' }, slots),
    p.replaced.length ? el('div', { class: 'river-replaced' }, el('span', { class: 'river-small' }, 'Replaced (no points):'),
      p.replaced.map((c) => {
        const info = (cat.cards || {})[String(c)] || {};
        return el('span', { class: 'river-rep-chip' }, `${info.creature} ${info.value}`);
      })) : null));
}

// The table page's scoreboard: the score now, and where the ship is.
export function summary(view, ctx) {
  const cat = ctx.catalogue || {};
  return view.game.players.map((p) => [`${p.score} points`, p.in_bay ? 'in the Bay' : place(cat, p.pos)]);
}

export function render(root, view, ctx) {
  const g = view.game;
  const cat = ctx.catalogue || {};
  const me = view.seat;
  const seats = g.players.map((p) => p.seat);
  if (me !== null && me !== undefined && me >= 0) seats.sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
  flip(root, () => root.replaceChildren(el('div', { class: 'river-root' },
    el('div', { class: 'river-status' }, el('div', { class: 'river-status-line' }, statusLine(view, ctx))),
    orderRow(view, ctx, cat),
    riverRow(view, ctx, cat),
    middle(view, ctx, cat),
    el('div', { class: 'river-players' }, seats.map((s) => playerBox(view, ctx, cat, s))),
    el('div', { class: 'river-foot river-small' },
      `Tie order (replaces 'youngest first'): ${g.tiebreak.map((s) => ctx.name(s, { capital: true })).join(' → ')}`,
      ` · Game ends after the round in which the first ship reaches the Bay (at most ${g.round_cap} rounds).`))), { byOthers: ctx.othersMoved });
}
