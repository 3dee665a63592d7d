// Gold Rush: board renderer (ES module, no dependencies).
// render(root, view, ctx) redraws everything from the view envelope {seat, waiting, prompt, legal, result, game}.
// Legal actions are made clickable on the thing they act on (class "act", data-label = the action's label);
// the platform's prompt bar lists every label as a fallback.

// Icons are plain symbols that common text fonts carry (DejaVu has them all): colour-emoji fonts are missing
// on many Linux machines, where emoji show as empty boxes.
const TYPE_ICON = {
  trading: "⚖", infra: "⌂", entre: "⚜", mine: "⚒", science: "⚗", lost: "✖",
  ach: "⚑", action: "⚡", event: "☼", special: "♛",
};
const DECK_ORDER = ["g", "x", "m", "e"];

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

function who(ctx, seat) {
  return ctx.nameOf ? ctx.nameOf(seat) : "Player " + (seat + 1);
}

function names(text, ctx) {
  return String(text || "").replace(/@(\d+)/g, (_, s) => who(ctx, Number(s)));
}

// Sentences whose verb agrees with a third person ("@1 wins") read badly as "You wins": use plain names.
function plainNames(text, ctx) {
  return ctx.words ? ctx.words(String(text || "")) : names(text, ctx);
}

function plural(n, word) {
  return n + " " + word + (n === 1 ? "" : "s");
}

// A coin drawn in CSS (a gold disc), so amounts read the same with or without emoji fonts.
function coins(text, cls) {
  const c = el("span", "goldrush-coin" + (cls ? " " + cls : ""), String(text));
  return c;
}

// "Condition: you own at least 3 Trading enterprises. Reward: 1 VP." -> "at least 3 Trading enterprises"
function condition(text) {
  return String(text || "").replace(/^Condition:\s*(you own )?/, "").replace(/\s*Reward: 1 VP\.?$/, "").replace(/\.$/, "");
}

function clickable(node, action, ctx) {
  node.classList.add("act");
  node.dataset.label = action.label;
  node.title = names(action.label, ctx) + (node.title ? "\n\n" + node.title : "");
  node.tabIndex = 0;
  const go = (ev) => {
    ev.preventDefault();
    ev.stopPropagation();
    ctx.act(action);
  };
  node.addEventListener("click", go);
  node.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") go(ev);
  });
}

function design(cat, id) {
  const key = (cat.cards || [])[id];
  return { key, ...(((cat.designs || {})[key]) || { name: "?", type: "lost", type_line: "", text: "" }) };
}

// Index the legal actions so a card element can find "its" action: exact card id first, then same design.
function indexActions(legal, cat) {
  const byId = {};
  const byKey = {};
  for (const a of legal || []) {
    if (a.card === undefined || a.card === null) continue;
    const k1 = a.type + ":" + a.card;
    (byId[k1] = byId[k1] || []).push(a);
    const k2 = a.type + ":" + (cat.cards || [])[a.card];
    (byKey[k2] = byKey[k2] || []).push(a);
  }
  return (type, id) => byId[type + ":" + id] || byKey[type + ":" + (cat.cards || [])[id]] || [];
}

function cardTitle(d, price) {
  const bits = [d.name + (d.ru ? " (" + d.ru + ")" : ""), d.type_line];
  if (d.cost !== null && d.cost !== undefined) bits.push("Price: " + d.cost + (price !== undefined && price !== d.cost ? " (you pay " + price + ")" : ""));
  else if (["trading", "infra", "entre"].includes(d.type)) bits.push("Free");
  if (d.income) bits.push("Income: " + d.income);
  if (d.ingots) bits.push("Ingots: " + d.ingots);
  if (d.vp) bits.push("★ " + d.vp + " VP");
  if (d.text) bits.push(d.text);
  return bits.join("\n");
}

function cardEl(cat, id, opts = {}) {
  const d = design(cat, id);
  const c = el("div", "goldrush-card goldrush-t-" + d.type + (opts.small ? " goldrush-small" : ""));
  c.title = cardTitle(d, opts.price);
  const head = el("div", "goldrush-card-head");
  head.appendChild(el("span", "goldrush-card-icon", TYPE_ICON[d.type] || ""));
  head.appendChild(el("span", "goldrush-card-name", d.name));
  c.appendChild(head);
  c.appendChild(el("div", "goldrush-card-type", d.type_line));
  const stats = el("div", "goldrush-card-stats");
  // The price only matters on the market (owned, drawn and discarded cards do not show it).
  if (!opts.owned && d.cost !== null && d.cost !== undefined) {
    const p = opts.price !== undefined ? opts.price : d.cost;
    const cost = coins(p, "goldrush-cost");
    cost.title = "price " + p + (p !== d.cost ? " (printed " + d.cost + ")" : "");
    if (p !== d.cost) cost.classList.add("goldrush-changed");
    stats.appendChild(cost);
  } else if (!opts.owned && ["trading", "infra", "entre"].includes(d.type)) {
    stats.appendChild(el("span", "goldrush-free", "free"));
  }
  if (d.income) {
    const inc = el("span", "goldrush-income", "+" + d.income);
    inc.appendChild(coins("", "goldrush-coin-mini"));
    inc.title = "income " + d.income;
    stats.appendChild(inc);
  }
  if (d.ingots) {
    const ing = el("span", "goldrush-ingots", d.ingots + "▰");
    ing.title = plural(d.ingots, "ingot");
    stats.appendChild(ing);
  }
  if (d.vp) stats.appendChild(el("span", "goldrush-vp", "★" + d.vp));
  if (stats.childNodes.length) c.appendChild(stats);
  if (d.text && !opts.small) c.appendChild(el("div", "goldrush-card-text", d.text));
  else if (d.text && d.type === "ach" && opts.condition) c.appendChild(el("div", "goldrush-card-text", condition(d.text)));
  return c;
}

function backEl(label, count, title) {
  const b = el("div", "goldrush-back");
  b.appendChild(el("div", "goldrush-back-name", label));
  b.appendChild(el("div", "goldrush-back-count", String(count)));
  b.title = title || label + ": " + count + " cards, face down";
  return b;
}

function attach(node, actions, ctx) {
  if (actions && actions.length === 1) clickable(node, actions[0], ctx);
  return node;
}

export function render(root, view, ctx) {
  root.innerHTML = "";
  const g = view.game || {};
  const cat = ctx.catalogue || {};
  const legal = view.legal || [];
  const find = indexActions(legal, cat);
  const byType = (t) => legal.filter((a) => a.type === t);
  const me = view.seat;
  const wrap = el("div", "goldrush");
  root.appendChild(wrap);

  // ---- status line
  const status = el("div", "goldrush-status");
  const variant = g.variant === "basic" ? "Basic game" : "Full game";
  status.appendChild(el("span", "goldrush-badge", variant + " · first to " + g.target + " VP" + (g.equal_turns ? " · equal turns" : "")));
  status.appendChild(el("span", "goldrush-round", "Round " + g.round + " of at most " + g.round_cap + (g.final_round ? " (last round)" : "")));
  const turnText = view.result ? "" : (g.turn === me ? "Your turn" : who(ctx, g.turn) + "'s turn");
  if (turnText) status.appendChild(el("span", "goldrush-turn", turnText));
  if (view.prompt) status.appendChild(el("span", "goldrush-prompt", names(view.prompt.text, ctx)));
  wrap.appendChild(status);
  if (view.result) {
    const r = el("div", "goldrush-result", plainNames(view.result.text, ctx));
    wrap.appendChild(r);
  }

  // ---- table centre: decks, discards, event, market, achievements
  const centre = el("div", "goldrush-centre");
  const decks = el("div", "goldrush-decks");
  for (const k of DECK_ORDER) {
    const n = (g.decks || {})[k] || 0;
    const disc = (g.discards || {})[k] || { count: 0, top: null };
    if (g.variant === "basic" && k !== "g") continue;
    const pile = el("div", "goldrush-pile");
    const back = backEl((cat.decks || {})[k] || k, n);
    if (k === (g.variant === "basic" ? "g" : "x")) {
      attach(back, byType("explore"), ctx);
    }
    pile.appendChild(back);
    if (disc.top !== null && disc.top !== undefined) {
      const top = cardEl(cat, disc.top, { small: true, owned: true });
      top.classList.add("goldrush-discard");
      top.title = "Discard pile (" + disc.count + " cards); top card:\n" + top.title;
      pile.appendChild(top);
    } else {
      pile.appendChild(el("div", "goldrush-empty", "discard: empty"));
    }
    decks.appendChild(pile);
  }
  const pool = el("div", "goldrush-pool", "▰ " + (g.ingot_pool || 0) + " ingots");
  pool.title = "Gold ingot tokens, face down: 8 × 1, 8 × 2, 4 × 3 coins";
  decks.appendChild(pool);
  centre.appendChild(decks);

  if (g.event !== null && g.event !== undefined) {
    const evBox = el("div", "goldrush-event");
    evBox.appendChild(el("div", "goldrush-label", "This turn's event"));
    evBox.appendChild(cardEl(cat, g.event));
    centre.appendChild(evBox);
  }

  const market = el("div", "goldrush-market");
  market.appendChild(el("div", "goldrush-label", "Market"));
  const row = el("div", "goldrush-row");
  (g.market || []).forEach((id, i) => {
    const price = (g.prices || [])[i];
    row.appendChild(attach(cardEl(cat, id, { price }), find("buy", id), ctx));
  });
  market.appendChild(row);
  centre.appendChild(market);

  const ach = el("div", "goldrush-achievements");
  ach.appendChild(el("div", "goldrush-label", g.variant === "basic" ? "Achievements" : "Special achievement"));
  const arow = el("div", "goldrush-row");
  const gi = cardEl(cat, (cat.cards || []).indexOf("S01"), { small: true, owned: true });
  gi.appendChild(el("div", "goldrush-holder", g.industrialist === null || g.industrialist === undefined ? "on the table" : "held by " + who(ctx, g.industrialist)));
  arow.appendChild(gi);
  for (const id of g.row || []) arow.appendChild(attach(cardEl(cat, id, { small: true, condition: true }), find("claim", id), ctx));
  ach.appendChild(arow);
  centre.appendChild(ach);
  wrap.appendChild(centre);

  // ---- sub-step choices (Bazanov keep, exploration payment, survey)
  if (g.sub && g.sub.cards && g.turn === me) {
    const box = el("div", "goldrush-sub");
    box.appendChild(el("div", "goldrush-label", g.sub.kind === "keep" ? "Keep one card" : "Top of the Exploration deck (top first)"));
    const r = el("div", "goldrush-row");
    for (const id of g.sub.cards) r.appendChild(attach(cardEl(cat, id, { owned: true }), find("keep", id), ctx));
    box.appendChild(r);
    wrap.appendChild(box);
  }

  // ---- players
  const players = el("div", "goldrush-players");
  (g.players || []).forEach((p, s) => {
    const panel = el("div", "goldrush-player" + (s === g.turn ? " goldrush-active" : "") + (s === me ? " goldrush-me" : ""));
    const head = el("div", "goldrush-player-head");
    head.appendChild(el("span", "goldrush-player-name", who(ctx, s) + (s === g.first ? " (first)" : "")));
    head.appendChild(el("span", "goldrush-stat goldrush-vp", "★ " + p.vp + " VP"));
    const money = el("span", "goldrush-stat goldrush-coins");
    money.appendChild(coins(p.coins));
    money.appendChild(document.createTextNode(p.coins === 1 ? " coin" : " coins"));
    head.appendChild(money);
    head.appendChild(el("span", "goldrush-stat", "⚒ " + plural(p.mines, "mine") + " · " + plural(p.ingots, "ingot")));
    head.appendChild(el("span", "goldrush-stat", "income " + p.income));
    if (g.variant === "full") head.appendChild(el("span", "goldrush-stat goldrush-handsize", plural(p.hand, "card") + " in hand"));
    if (g.variant === "basic" && p.secret) head.appendChild(el("span", "goldrush-stat", "⚑ secret achievement"));
    if (p.industrialist) head.appendChild(el("span", "goldrush-stat goldrush-gi", "♛ Gold Industrialist"));
    panel.appendChild(head);
    const area = el("div", "goldrush-area");
    const sorted = [...(p.area || [])].sort((a, b) => {
      const da = design(cat, a), db = design(cat, b);
      return (da.type + da.key).localeCompare(db.type + db.key);
    });
    for (const id of sorted) {
      const c = cardEl(cat, id, { small: true, owned: true });
      if (s === me) attach(c, find("drop", id), ctx);
      else {
        const poach = legal.filter((a) => a.type === "play" && a.ent === id && a.target === s);
        attach(c, poach, ctx);
      }
      area.appendChild(c);
    }
    for (const id of p.achievements || []) {
      const c = cardEl(cat, id, { small: true, owned: true });
      c.classList.add("goldrush-claimed");
      area.appendChild(c);
    }
    if (!area.childNodes.length) area.appendChild(el("div", "goldrush-empty", "no cards yet"));
    panel.appendChild(area);
    if (s !== me) {
      const fire = legal.filter((a) => a.type === "play" && a.target === s && a.ent === undefined);
      if (fire.length === 1) {
        const b = el("button", "goldrush-target", names(fire[0].label, ctx));
        clickable(b, fire[0], ctx);
        panel.appendChild(b);
      }
    }
    players.appendChild(panel);
  });

  // ---- my hand and secret
  if (me !== null && me !== undefined && (g.hand || g.my_secret !== null && g.my_secret !== undefined)) {
    const mine = el("div", "goldrush-hand");
    const label = g.variant === "basic" ? "Your secret achievement" : "Your hand (limit " + (g.hand_limit || 4) + ")";
    mine.appendChild(el("div", "goldrush-label", label));
    const r = el("div", "goldrush-row");
    if (g.my_secret !== null && g.my_secret !== undefined) {
      r.appendChild(attach(cardEl(cat, g.my_secret), find("claim", g.my_secret), ctx));
    }
    const picked = (g.sub && g.sub.picked) || [];
    for (const id of g.hand || []) {
      const c = cardEl(cat, id);
      if (picked.includes(id)) c.classList.add("goldrush-picked");
      const acts = [...find("xpay", id), ...find("discard", id)];
      const plays = find("play", id).filter((a) => a.target === undefined);
      if (acts.length) attach(c, acts, ctx);
      else attach(c, plays, ctx);
      r.appendChild(c);
    }
    if (!r.childNodes.length) r.appendChild(el("div", "goldrush-empty", "empty"));
    mine.appendChild(r);
    wrap.appendChild(mine);
  }

  // ---- turn buttons that have no natural place on the board
  const bar = el("div", "goldrush-buttons");
  for (const a of legal) {
    if (["end", "pay", "explore_cards", "cancel", "order"].includes(a.type)) {
      const b = el("button", "goldrush-button", names(a.label, ctx));
      clickable(b, a, ctx);
      bar.appendChild(b);
    }
  }
  if (bar.childNodes.length) wrap.appendChild(bar);

  // Everybody's play area last: the active player's choices (hand, buttons) stay close to the market.
  wrap.appendChild(players);
}
