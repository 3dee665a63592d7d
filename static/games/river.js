// The River: board renderer (ES module, no dependencies).
// render(root, view, ctx) redraws everything from the view envelope {seat, waiting, prompt, legal, result, game}.

const ICONS = ["🦋", "🏮", "🔭", "🔍", "🤿", "📷", "🍀"];
const COLOURS = ["#2f6fd6", "#2e9d4a", "#e08a00", "#8a3fc2"];
const STAR = 0;

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

function tokName(t) {
  return t === STAR ? "★" : String(t);
}

function where(p, bay) {
  if (p === 0) return "Harbour";
  if (p === bay) return "Bay";
  return "Section " + p;
}

// The action as the server lists it: type first, label last (app/games/river/rules.py builds every action so).
// The shared client resends a secret pick that lost a version race only when JSON.stringify of the pick equals
// that of a fresh legal action, key order included, while views rebuilt from JSON patches carry their keys in
// another order (a "token" action patched over a "move" one reads {type, label, token}). Sending the server's
// order keeps the automatic resend working for clicks on the board.
function serverOrder(action) {
  const out = { type: action.type };
  for (const k of Object.keys(action)) if (k !== "type" && k !== "label") out[k] = action[k];
  if ("label" in action) out.label = action.label;
  return out;
}

function clickable(node, action, ctx) {
  node.classList.add("act");
  node.dataset.label = action.label;
  node.title = action.label;
  node.tabIndex = 0;
  const go = (ev) => {
    ev.preventDefault();
    ev.stopPropagation();
    ctx.act(serverOrder(action));
  };
  node.addEventListener("click", go);
  node.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") go(ev);
  });
}

function frontName(cat, f) {
  return (cat.fronts || [])[f] || "?";
}

function discoveryCard(cat, id, extra) {
  const info = (cat.cards || {})[String(id)] || { front: 6, creature: "?", value: 0 };
  const c = el("div", "river-disc" + (extra ? " " + extra : ""));
  c.title = `${info.creature}: value ${info.value} (found with: ${frontName(cat, info.front)})`;
  c.appendChild(el("div", "river-disc-value", String(info.value)));
  c.appendChild(el("div", "river-disc-name", info.creature));
  c.appendChild(el("div", "river-disc-front", ICONS[info.front] + " " + frontName(cat, info.front)));
  return c;
}

function frontCard(cat, f, cls, title) {
  const c = el("div", "river-back " + (cls || ""));
  c.appendChild(el("div", "river-back-icon", ICONS[f]));
  c.appendChild(el("div", "river-back-name", frontName(cat, f)));
  c.title = title || `Face down; the visible side shows: ${frontName(cat, f)}`;
  return c;
}

export function render(root, view, ctx) {
  const g = view.game;
  const cat = ctx.catalogue || {};
  const bay = cat.bay ?? 17;
  const me = view.seat;
  const legal = view.legal || [];
  const kind = view.prompt ? view.prompt.kind : null;
  const byType = (t) => legal.filter((a) => a.type === t);
  root.innerHTML = "";
  const wrap = el("div", "river-root");
  root.appendChild(wrap);

  // ------------------------------------------------------------ status line
  const status = el("div", "river-status");
  let line = "";
  if (view.result) {
    line = "Game over. " + view.result.text.replace(/@(\d+)/g, (_, s) => ctx.nameOf(Number(s)));
  } else if (g.phase === "draft") {
    line = `Set-up: ${ctx.nameOf(g.turn)} choose${g.turn === me ? "" : "s"} a starting tool.`;
  } else if (g.phase === "choose") {
    const waiting = g.players.filter((p) => p.waiting).map((p) => ctx.nameOf(p.seat));
    line = `Round ${g.round}: everybody picks a movement token in secret. Still choosing: ${waiting.join(", ") || "nobody"}.`;
  } else if (g.phase === "act") {
    const who = g.sub ? g.sub.seat : g.turn;
    line = `Round ${g.round}: ${ctx.nameOf(who)} ${who === me ? "are" : "is"} acting.`;
  }
  status.appendChild(el("div", "river-status-line", line));
  if (view.prompt) status.appendChild(el("div", "river-ask", view.prompt.text));
  wrap.appendChild(status);

  // ------------------------------------------------------------ acting order after the reveal
  if (g.phase === "act" && g.order.length) {
    const ord = el("div", "river-order");
    ord.appendChild(el("span", "river-order-title", "Order this round:"));
    g.order.forEach((s, i) => {
      const p = g.players[s];
      const chip = el("span", "river-order-chip" + (i === g.order_index ? " river-current" : "") + (i < g.order_index ? " river-done" : ""));
      chip.style.borderColor = COLOURS[s];
      chip.textContent = `${ctx.nameOf(s)} ${tokName(p.token)}`;
      ord.appendChild(chip);
    });
    if (g.low !== null && g.order.some((s) => g.players[s].token === STAR)) ord.appendChild(el("span", "river-low", `★ moves the barge ${g.low}`));
    wrap.appendChild(ord);
  }

  // ------------------------------------------------------------ the river
  const moveActs = byType("move");
  const destOf = {};
  if (moveActs.length && me !== null) {
    const p = g.players[me];
    for (const a of moveActs) {
      let d;
      if (p.token === STAR) d = a.dir === "forward" ? g.barge + g.low : g.barge - g.low;
      else if (a.dir === "forward") d = Math.min(p.pos + p.token, p.homeward ? bay : bay - 1);
      else d = p.pos - p.token;
      destOf[d] = a;
    }
  }
  const river = el("div", "river-river");
  for (let i = 0; i <= bay; i++) {
    const card = el("div", "river-tile" + (i === 0 ? " river-harbour" : i === bay ? " river-bay" : ""));
    card.dataset.pos = String(i);
    card.appendChild(el("div", "river-tile-name", i === 0 ? "Harbour" : i === bay ? "Bay" : String(i)));
    const marks = el("div", "river-tile-marks");
    if (g.buoys.includes(i)) {
      const b = el("span", "river-buoy", "●");
      b.title = "Buoy: stop here to explore";
      marks.appendChild(b);
    }
    if (g.barge === i) {
      const b = el("span", "river-barge", "🚢 barge");
      b.title = "The barge: a ship here must buy equipment";
      marks.appendChild(b);
    }
    card.appendChild(marks);
    const ships = el("div", "river-ships");
    g.players.filter((p) => p.pos === i).forEach((p) => {
      const s = el("span", "river-ship", (ctx.nameOf(p.seat) || "?").slice(0, 1).toUpperCase());
      s.style.background = COLOURS[p.seat];
      s.dataset.seat = String(p.seat);
      s.title = ctx.nameOf(p.seat) + (p.homeward ? " (heading home)" : "");
      ships.appendChild(s);
    });
    card.appendChild(ships);
    let t = `${where(i, bay)}`;
    if (g.buoys.includes(i)) t += " · buoy";
    if (g.barge === i) t += " · barge";
    card.title = t;
    if (destOf[i]) {
      card.appendChild(el("div", "river-go", "go here"));
      clickable(card, destOf[i], ctx);
    }
    river.appendChild(card);
  }
  wrap.appendChild(river);

  // ------------------------------------------------------------ barge cargo and discovery deck
  const middle = el("div", "river-middle");
  const cargo = el("div", "river-cargo");
  cargo.appendChild(el("div", "river-section-title", "Barge cargo (equipment)"));
  const cargoRow = el("div", "river-row");
  const buyActs = byType("buy").concat(byType("draft"));
  for (let t = 0; t < 6; t++) {
    const n = g.cargo[String(t)] || 0;
    if (!n) continue;
    const c = el("div", "river-equip");
    c.appendChild(el("div", "river-equip-icon", ICONS[t]));
    c.appendChild(el("div", "river-equip-name", frontName(cat, t)));
    c.appendChild(el("div", "river-equip-count", "×" + n));
    c.title = `${frontName(cat, t)}: lets you take discoveries showing this tool. ${n} left.`;
    const a = buyActs.find((x) => x.equip === t);
    if (a) clickable(c, a, ctx);
    cargoRow.appendChild(c);
  }
  if (!cargoRow.childNodes.length) cargoRow.appendChild(el("div", "river-empty", "empty"));
  cargo.appendChild(cargoRow);
  middle.appendChild(cargo);

  const deck = el("div", "river-deckarea");
  deck.appendChild(el("div", "river-section-title", "Discoveries"));
  const drow = el("div", "river-row");
  if (g.deck_top !== null) {
    const top = frontCard(cat, g.deck_top, "river-deck", `Discovery deck: ${g.deck_count} cards. The top card needs: ${frontName(cat, g.deck_top)}`);
    top.appendChild(el("div", "river-deck-count", g.deck_count + " cards"));
    drow.appendChild(top);
  } else {
    drow.appendChild(el("div", "river-empty", "deck empty"));
  }
  const aside = el("div", "river-aside");
  aside.appendChild(el("div", "river-small", `Set aside (${g.aside.length}):`));
  const counts = {};
  g.aside.forEach((f) => (counts[f] = (counts[f] || 0) + 1));
  Object.keys(counts).forEach((f) => {
    const a = el("span", "river-aside-chip", `${ICONS[f]}×${counts[f]}`);
    a.title = `${counts[f]} set-aside card(s) needing: ${frontName(cat, Number(f))}`;
    aside.appendChild(a);
  });
  drow.appendChild(aside);
  deck.appendChild(drow);
  middle.appendChild(deck);

  // the card being placed (replacement choice)
  if (g.sub && g.sub.kind === "replace") {
    const hold = el("div", "river-holding");
    hold.appendChild(el("div", "river-section-title", `${ctx.nameOf(g.sub.seat)} found:`));
    hold.appendChild(discoveryCard(cat, g.sub.card, "river-new"));
    middle.appendChild(hold);
  }
  wrap.appendChild(middle);

  // ------------------------------------------------------------ players
  const players = el("div", "river-players");
  const seats = g.players.map((p) => p.seat);
  if (me !== null && me >= 0) seats.sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
  for (const s of seats) {
    const p = g.players[s];
    const box = el("div", "river-player" + (s === me ? " river-me" : "") + ((view.waiting || []).includes(s) ? " river-awaited" : ""));
    box.style.borderColor = COLOURS[s];
    box.dataset.seat = String(s);
    const head = el("div", "river-player-head");
    const dot = el("span", "river-dot");
    dot.style.background = COLOURS[s];
    head.appendChild(dot);
    head.appendChild(el("span", "river-player-name", ctx.nameOf(s)));
    let st = where(p.pos, bay);
    if (p.in_bay) st = "in the Bay" + (g.bay[0] === s ? " (first! +2)" : "");
    else if (p.homeward) st += " · heading home";
    head.appendChild(el("span", "river-player-where", st));
    const sc = el("span", "river-score", `${view.result ? "final score" : "score now"}: ${p.score}`);
    sc.title = "Pictures in the newspaper, +2 for the first into the Bay, −2 while the 4 replacements are not done";
    head.appendChild(sc);
    box.appendChild(head);

    // choice status
    const choice = el("div", "river-choice");
    if (g.phase === "choose" && !p.in_bay) {
      if (p.chosen) choice.textContent = s === me && g.my_choice !== null ? `You chose ${tokName(g.my_choice)} (hidden from others)` : "✓ has chosen (hidden)";
      else choice.textContent = "… choosing";
      choice.classList.add(p.chosen ? "river-chosen" : "river-choosing");
    } else if (g.phase === "act" && p.token !== null) {
      choice.textContent = "Played token " + tokName(p.token);
    }
    box.appendChild(choice);

    // tokens
    const rack = el("div", "river-rack");
    rack.appendChild(el("span", "river-small", "Tokens:"));
    const tokenActs = s === me ? byType("token").concat(byType("pay")) : [];
    const order = (arr) => arr.slice().sort((a, b) => (a === STAR) - (b === STAR) || a - b);
    order(p.hand).forEach((t) => {
      const tk = el("span", "river-token", tokName(t));
      tk.style.borderColor = COLOURS[s];
      if (s === me && g.my_choice === t && g.phase === "choose") tk.classList.add("river-picked");
      const a = tokenActs.find((x) => x.token === t);
      if (a) clickable(tk, a, ctx);
      else tk.title = "In hand";
      rack.appendChild(tk);
    });
    if (p.used.length) {
      rack.appendChild(el("span", "river-small", "used:"));
      order(p.used).forEach((t) => {
        const tk = el("span", "river-token river-used", tokName(t));
        tk.title = "Used: comes back when all others are used";
        rack.appendChild(tk);
      });
    }
    if (p.spent.length) {
      rack.appendChild(el("span", "river-small", "spent:"));
      order(p.spent).forEach((t) => {
        const tk = el("span", "river-token river-spent", tokName(t));
        tk.title = "Spent on equipment: gone for the rest of the game";
        rack.appendChild(tk);
      });
    }
    box.appendChild(rack);

    // equipment
    const eq = el("div", "river-equiprow");
    eq.appendChild(el("span", "river-small", "Equipment:"));
    p.equipment.forEach((t) => {
      const chip = el("span", "river-equip-chip", ICONS[t] + " " + frontName(cat, t));
      chip.title = `Can take discoveries showing: ${frontName(cat, t)} (and any 🍀 clover)`;
      eq.appendChild(chip);
    });
    box.appendChild(eq);

    // newspaper
    const paper = el("div", "river-paper");
    paper.appendChild(el("div", "river-paper-title", `📰 Newspaper · replacements ${p.replaced.length}/${cat.replacements || 4}`));
    const slots = el("div", "river-slots");
    const replActs = s === me ? byType("replace") : [];
    for (let i = 0; i < (cat.article_slots || 4); i++) {
      if (i < p.article.length) {
        const d = discoveryCard(cat, p.article[i]);
        const a = replActs.find((x) => x.slot === i);
        if (a) clickable(d, a, ctx);
        slots.appendChild(d);
      } else {
        const empty = el("div", "river-disc river-slot-empty", "empty picture");
        slots.appendChild(empty);
      }
    }
    paper.appendChild(slots);
    if (p.replaced.length) {
      const rep = el("div", "river-replaced");
      rep.appendChild(el("span", "river-small", "Replaced (no points):"));
      p.replaced.forEach((c) => {
        const info = (cat.cards || {})[String(c)] || {};
        const chip = el("span", "river-rep-chip", `${info.creature} ${info.value}`);
        rep.appendChild(chip);
      });
      paper.appendChild(rep);
    }
    box.appendChild(paper);
    players.appendChild(box);
  }
  wrap.appendChild(players);

  const foot = el("div", "river-foot river-small");
  foot.textContent = "Tie order (replaces 'youngest first'): " + g.tiebreak.map((s) => ctx.nameOf(s)).join(" → ") +
    ` · Game ends after the round in which the first ship reaches the Bay (at most ${g.round_cap} rounds).`;
  wrap.appendChild(foot);
}
