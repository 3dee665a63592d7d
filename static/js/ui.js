// The renderer kit: the few things every game's board needs, written once. Building elements (`el`, `svg`),
// binding an element to one legal action (compared by value, never by key order), drawing cards, tokens, coins
// and icons without emoji fonts, and naming players: "@<seat>" in the server's third-person texts becomes the
// player's name, or "you" with the verb, capital and possessive put right ("@0 takes 2 coins" -> "You take
// 2 coins"), with `sayParts` giving the names apart so a page can colour them; and the zoom that shows any card
// enlarged. A renderer draws the view and reports clicks; it never works out a rule or reads a label.
// The interface a renderer module exports is described in docs/games.md ("The renderer kit").

import { gettext, joinWords, lang, shown } from '/static/js/i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

// ---- elements --------------------------------------------------------------------------------------------------

function setAttributes(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') {
      const names = Array.isArray(value) ? value.flat(Infinity).filter(Boolean).join(' ') : String(value);
      if (names) node.setAttribute('class', names);
    } else if (key === 'style' && typeof value === 'object') {
      for (const [prop, v] of Object.entries(value)) if (v !== null && v !== undefined) node.style.setProperty(prop, String(v));
    } else if (key === 'dataset') {
      for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) node.dataset[k] = String(v);
    } else if (key.startsWith('on') && typeof value === 'function') {
      node.addEventListener(key.slice(2), value);
    } else {
      node.setAttribute(key, value === true ? '' : String(value));
    }
  }
}

function appendChildren(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false || child === true) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// el('div', {class: ['card', small && 'small'], dataset: {seat: 1}, onclick: fn}, 'text', child, [more])
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttributes(node, attrs);
  appendChildren(node, children);
  return node;
}

// The same for SVG elements (which need their namespace).
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttributes(node, attrs);
  appendChildren(node, children);
  return node;
}

// ---- actions -----------------------------------------------------------------------------------------------------

// JSON with sorted keys: two actions are the same when their values are, whatever order their keys came in
// (views rebuilt from JSON patches do not keep the server's order).
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value === undefined ? null : value);
}

export function sameAction(a, b) {
  return a !== null && b !== null && a !== undefined && b !== undefined && canonical(a) === canonical(b);
}

function fieldsMatch(action, fields) {
  return Object.entries(fields).every(([k, v]) => canonical(action[k]) === canonical(v));
}

// Every legal action whose listed fields have the given values: actionsWhere(view.legal, {type: 'buy', card: 7}).
export function actionsWhere(legal, fields) {
  return (legal || []).filter((a) => fieldsMatch(a, fields));
}

// The one legal action with these fields, or null (none, or several: then no single click can mean it).
export function actionWhere(legal, fields) {
  const found = actionsWhere(legal, fields);
  return found.length === 1 ? found[0] : null;
}

// Make `node` play `action` (one element of view.legal) on click, Enter or Space. It gets the class "act", its
// label as data-label and tooltip, and a button role for keyboards and screen readers.
export function bindAction(node, action, ctx, { title } = {}) {
  if (!action) return node;
  const label = ctx.say ? ctx.say(shown(action)) : shown(action);
  node.classList.add('act');
  node.dataset.label = action.label || canonical(action);
  node.title = title ? `${label}\n\n${title}` : label;
  if (node.tagName !== 'BUTTON') {
    node.tabIndex = 0;
    node.setAttribute('role', 'button');
  }
  node.setAttribute('aria-label', label);
  const go = (ev) => {
    ev.preventDefault();
    ev.stopPropagation();
    ctx.act(action);
  };
  node.addEventListener('click', go);
  node.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') go(ev); });
  return node;
}

// Bind only when exactly one action fits; with several the node stays passive (the prompt bar lists them).
export function bindOnly(node, actions, ctx, opts) {
  return actions && actions.length === 1 ? bindAction(node, actions[0], ctx, opts) : node;
}

// A button that plays `action`; `text` defaults to the action's label.
export function actButton(action, ctx, text, cls) {
  const button = el('button', { type: 'button', class: ['act-button', cls] }, text || (ctx.say ? ctx.say(shown(action)) : shown(action)));
  return bindAction(button, action, ctx);
}

// ---- motion ------------------------------------------------------------------------------------------------------

// Redraw `root` with `draw()` and let every piece that changed place glide from where it was (FLIP: first, last,
// invert, play). Pieces are matched by their data-flip key ("card-12", "ship-2"), so a renderer that redraws
// everything still shows what moved. Skipped when the player asked for reduced motion.
// Pieces that others moved since the viewer's last action keep the class "ui-moved" (a highlight) until then.
const movedByOthers = new Set();

// The table client calls this when the viewer acts: their own moves are not highlighted.
export function forgetMoves() {
  movedByOthers.clear();
}

export function flip(root, draw, { duration = 280, byOthers = true } = {}) {
  const before = new Map();
  for (const node of root.querySelectorAll('[data-flip]')) before.set(node.dataset.flip, node.getBoundingClientRect());
  draw();
  const still = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const nodes = root.querySelectorAll('[data-flip]');
  for (const node of nodes) {
    const was = before.get(node.dataset.flip);
    if (!was) continue;
    const now = node.getBoundingClientRect();
    const dx = was.left - now.left;
    const dy = was.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    if (byOthers) movedByOthers.add(node.dataset.flip);
    if (!still && typeof node.animate === 'function') {
      // A gliding piece passes over other things: it takes no taps on its way (they reach what is under it) and
      // stays under the prompt bar and its menus.
      node.style.pointerEvents = 'none';
      const glide = node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], { duration, easing: 'ease-out' });
      const done = () => { node.style.pointerEvents = ''; };
      glide.finished.then(done, done);
    }
  }
  for (const node of nodes) if (movedByOthers.has(node.dataset.flip)) node.classList.add('ui-moved');
}

// ---- naming ------------------------------------------------------------------------------------------------------

const TO_BE_AND_HAVE = { is: 'are', has: 'have', was: 'were', does: 'do', goes: 'go' };
// Words that may stand between a subject and its verb ("@0 already holds 5 cards").
const ADVERBS = new Set(['already', 'also', 'still', 'then', 'now', 'never', 'only', 'just', 'again', 'first', 'finally']);
// Words ending in s that are not verbs but can follow a name.
const NOT_VERBS = new Set(['its', 'his', 'hers', 'this', 'thus', 'plus', 'less', 'as', 'us', 'yes', 'was']);
// Second verbs of the same subject after "and"/"but" are changed only when known to be verbs: "buys tea and
// hides" must keep its hides. Games add their verbs here when a text coordinates one that is missing.
const COORDINATED_VERBS = new Set(['takes', 'gives', 'discards', 'keeps', 'goes', 'wins', 'gains', 'sets', 'does',
  'has', 'is', 'discovers', 'draws', 'pays', 'plays', 'puts', 'moves', 'loses', 'receives', 'returns', 'sails',
  'claims', 'buys', 'sells', 'uses', 'reveals', 'ends', 'explores', 'places', 'builds', 'scores', 'passes',
  'chooses', 'bids', 'gets', 'must', 'cannot', 'may', 'can', 'reaches', 'lets', 'swaps', 'trades', 'ships',
  'delivers', 'collects', 'spends', 'owns', 'holds', 'meets', 'waits', 'finishes', 'starts', 'skips', 'invests',
  'hires', 'visits', 'sends', 'brings', 'exchanges', 'auctions', 'marks', 'poaches', 'replaces', 'chooses']);

// "takes" -> "take", "passes" -> "pass", "carries" -> "carry", "is" -> "are"; null when it is no present verb.
export function baseForm(word) {
  const lower = word.toLowerCase();
  if (TO_BE_AND_HAVE[lower] !== undefined) return matchCase(TO_BE_AND_HAVE[lower], word);
  if (NOT_VERBS.has(lower) || lower.length < 3 || !/^[a-z]+s$/.test(lower) || lower.endsWith('ss')) return null;
  if (/[^aeiou]ies$/.test(lower)) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z|o)es$/.test(lower)) return word.slice(0, -2);
  return word.slice(0, -1);
}

function matchCase(replacement, original) {
  return original[0] === original[0].toUpperCase() ? capitalise(replacement) : replacement;
}

export function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function atSentenceStart(before) {
  return before.trim() === '' || /[.!?]\s*$/.test(before) || /\n\s*$/.test(before);
}

// Turn the rest of a sentence whose subject became "you" into the second person: the verb right after the
// subject (past a few adverbs), then known verbs coordinated with "and"/"but" up to the end of the clause.
function secondPerson(rest) {
  const clauseEnd = rest.search(/[.;:!?—]/);
  const clause = clauseEnd < 0 ? rest : rest.slice(0, clauseEnd);
  const tail = clauseEnd < 0 ? '' : rest.slice(clauseEnd);
  const first = /^(\s+(?:(?:already|also|still|then|now|never|only|just|again|first|finally)\s+)*)([A-Za-z]+)/.exec(clause);
  if (!first || !baseForm(first[2])) return null;  // not a verb: the name is no subject here
  let out = first[1] + baseForm(first[2]);
  out += clause.slice(first[0].length).replace(/\b(and|but|then)(\s+)([a-z]+)\b/g, (whole, joint, space, verb) =>
    (COORDINATED_VERBS.has(verb) && baseForm(verb) ? `${joint}${space}${baseForm(verb)}` : whole));
  return out + tail;
}

// The seat references of a server text, in the viewer's words. `names.nameOf(seat)` gives a plain name;
// `names.me` is the viewer's seat (null for spectators, who see names only).
export function say(text, names) {
  const source = String(text === null || text === undefined ? '' : text);
  const wrap = names.wrap || ((seat, words) => words);  // sayParts marks where each name stands
  const pattern = /@(\d+)('s\b)?/g;
  let out = '';
  let last = 0;
  let match;
  while ((match = pattern.exec(source)) !== null) {
    const seat = Number(match[1]);
    const before = source.slice(last, match.index);
    out += before;
    const startsSentence = atSentenceStart(out);
    const after = source.slice(match.index + match[0].length);
    if (names.me === null || names.me === undefined || seat !== names.me) {
      out += wrap(seat, names.nameOf(seat) + (match[2] ? "'s" : ''));
      last = match.index + match[0].length;
      continue;
    }
    if (match[2]) {
      out += wrap(seat, startsSentence ? 'Your' : 'your');
      last = match.index + match[0].length;
      continue;
    }
    out += wrap(seat, startsSentence ? 'You' : 'you');
    const changed = secondPerson(after);
    if (changed !== null) {
      // Re-scan the changed rest for further seat references.
      return out + say(changed, names);
    }
    last = match.index + match[0].length;
  }
  return out + source.slice(last);
}

// The same sentence in pieces: plain strings, and {seat, text} where a player is named, so a page can draw each
// name in its seat's colour. Control characters mark the names while say() works on the text as one string.
const NAME_START = '\u0001';
const NAME_TEXT = '\u0002';
const NAME_END = '\u0003';
const NAME_MARK = /\u0001(\d+)\u0002([^\u0003]*)\u0003/g;

export function sayParts(text, names) {
  const marked = say(text, { ...names, wrap: (seat, words) => `${NAME_START}${seat}${NAME_TEXT}${words}${NAME_END}` });
  const parts = [];
  let last = 0;
  for (const match of marked.matchAll(NAME_MARK)) {
    if (match.index > last) parts.push(marked.slice(last, match.index));
    parts.push({ seat: Number(match[1]), text: match[2] });
    last = match.index + match[0].length;
  }
  if (last < marked.length) parts.push(marked.slice(last));
  return parts;
}

// "Ann", "Ann and you", "Ann, Bo and you".
export function listNames(seats, names) {
  const words = seats.map((s) => (names.me !== null && names.me !== undefined && s === names.me ? 'you' : names.nameOf(s)));
  if (lang !== 'en') return joinWords(words, 'and');
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

// Bots are named "Ada (bot)" in the API, which every language shares; a page says "(bot)" in its reader's language.
const BOT_SUFFIX = ' (bot)';

export function playerName(name, bot) {
  return bot && name && name.endsWith(BOT_SUFFIX)
    ? gettext('{name} (bot)', { name: name.slice(0, -BOT_SUFFIX.length) }) : name;
}

// A bot's level in the reader's words (the API's codes: easy, medium, hard); unknown codes are shown as they are.
export function levelName(level) {
  const words = { easy: gettext('easy'), medium: gettext('medium'), hard: gettext('hard') };
  return words[level] || level || '';
}

// How strongly a seat's bot plays, as a small tag beside its name (templates/lobby/_bot_level.html draws the same).
export function levelTag(level) {
  return el('span', { class: ['bot-level', `bot-level-${level}`], title: gettext('how strongly this bot plays') },
    levelName(level));
}

// Naming helpers bound to one table: name(seat) is "you" for the viewer, capitalised on request.
export function namer(players, viewer) {
  const nameOf = (seat) => {
    const p = (players || []).find((x) => x.seat === seat);
    return (p && playerName(p.name, p.bot)) || gettext('Seat {number}', { number: Number(seat) + 1 });
  };
  // English turns the viewer into "you" and mends the verbs; other languages name every player, the viewer too,
  // so the translated sentences (written in the third person) stay grammatical.
  const me = lang === 'en' ? viewer : null;
  const isMe = (seat) => me !== null && me !== undefined && seat === me;
  return {
    me,
    nameOf,
    name: (seat, { capital = false } = {}) => (isMe(seat) ? (capital ? 'You' : 'you') : nameOf(seat)),
    possessive: (seat, { capital = false } = {}) => (isMe(seat) ? (capital ? 'Your' : 'your')
      : (lang === 'en' ? `${nameOf(seat)}'s` : gettext("{name}'s", { name: nameOf(seat) }))),
    say: (text) => say(text, { me, nameOf }),
    parts: (text) => sayParts(text, { me, nameOf }),
    list: (seats) => listNames(seats, { me, nameOf }),
  };
}

// ---- icons -------------------------------------------------------------------------------------------------------

// Icons drawn as inline SVG on a 24x24 grid (our own drawings), so they show on machines without emoji fonts.
const ICON_SHAPES = {
  star: [['path', { d: 'M12 2l2.9 6.6 7.1.6-5.4 4.7 1.6 7-6.2-3.7-6.2 3.7 1.6-7L2 9.2l7.1-.6z' }]],
  coin: [['circle', { cx: 12, cy: 12, r: 9 }], ['circle', { cx: 12, cy: 12, r: 5.5, fill: 'none', 'stroke-width': 1.5 }]],
  check: [['path', { d: 'M4 12.5l5 5L20 6.5', fill: 'none', 'stroke-width': 3 }]],
  cross: [['path', { d: 'M5 5l14 14M19 5L5 19', fill: 'none', 'stroke-width': 3 }]],
  ship: [['path', { d: 'M3 14h18l-3 6H6z' }], ['path', { d: 'M11 3v10h-6zM13 5v8h5z' }]],
  barge: [['path', { d: 'M2 13h20l-2.5 5h-15z' }], ['rect', { x: 6, y: 8, width: 5, height: 4 }], ['rect', { x: 13, y: 9, width: 5, height: 3 }]],
  buoy: [['path', { d: 'M8 20h8l-2-9h-4z' }], ['circle', { cx: 12, cy: 7, r: 3 }], ['path', { d: 'M5 21h14', fill: 'none', 'stroke-width': 2 }]],
  newspaper: [['path', { d: 'M3 4h15v16H5a2 2 0 0 1-2-2z', fill: 'none', 'stroke-width': 2 }], ['path', { d: 'M18 8h3v10a2 2 0 0 1-2 2h-1', fill: 'none', 'stroke-width': 2 }],
    ['rect', { x: 6, y: 7, width: 9, height: 4 }], ['path', { d: 'M6 14h9M6 17h9', fill: 'none', 'stroke-width': 1.6 }]],
  net: [['circle', { cx: 9, cy: 9, r: 6, fill: 'none', 'stroke-width': 2 }], ['path', { d: 'M13.5 13.5L21 21', fill: 'none', 'stroke-width': 2.5 }],
    ['path', { d: 'M5 7l8 4M5 11l8-4M9 3v12', fill: 'none', 'stroke-width': 1 }]],
  lantern: [['rect', { x: 7, y: 7, width: 10, height: 12, rx: 3 }], ['path', { d: 'M9 7V5h6v2M12 2v3', fill: 'none', 'stroke-width': 2 }], ['path', { d: 'M8 20h8', fill: 'none', 'stroke-width': 2 }]],
  telescope: [['path', { d: 'M3 13l13-6 2 4-13 6z' }], ['path', { d: 'M17 6l3-1 1.5 3.5-3 1.3z' }], ['path', { d: 'M10 15l-3 6M10 15l3 6', fill: 'none', 'stroke-width': 2 }]],
  magnifier: [['circle', { cx: 10, cy: 10, r: 6, fill: 'none', 'stroke-width': 2.5 }], ['path', { d: 'M14.5 14.5L21 21', fill: 'none', 'stroke-width': 3 }]],
  mask: [['rect', { x: 3, y: 7, width: 18, height: 9, rx: 4 }], ['path', { d: 'M12 16v4M9 20h6', fill: 'none', 'stroke-width': 2 }]],
  camera: [['path', { d: 'M3 8h4l2-3h6l2 3h4v11H3z' }], ['circle', { cx: 12, cy: 13, r: 3.5, fill: '#fff' }]],
  clover: [['circle', { cx: 8.5, cy: 8.5, r: 3.5 }], ['circle', { cx: 15.5, cy: 8.5, r: 3.5 }], ['circle', { cx: 8.5, cy: 15.5, r: 3.5 }],
    ['circle', { cx: 15.5, cy: 15.5, r: 3.5 }], ['path', { d: 'M12 12l5 9', fill: 'none', 'stroke-width': 2 }]],
  pick: [['path', { d: 'M4 7c4-4 12-4 16 0-4-2-12-2-16 0z' }], ['path', { d: 'M12 5v16', fill: 'none', 'stroke-width': 2.5 }]],
  scale: [['path', { d: 'M12 3v17M6 20h12M4 7h16', fill: 'none', 'stroke-width': 2 }], ['path', { d: 'M2 13l3-6 3 6zM16 13l3-6 3 6z' }]],
  house: [['path', { d: 'M3 11l9-8 9 8v10H3z' }], ['rect', { x: 10, y: 14, width: 4, height: 7, fill: '#fff' }]],
  people: [['circle', { cx: 8, cy: 7, r: 3.5 }], ['circle', { cx: 16.5, cy: 8, r: 3 }], ['path', { d: 'M2 20c0-5 3-7 6-7s6 2 6 7zM13 20c0-3 1-6 4-6s5 2 5 6z' }]],
  flask: [['path', { d: 'M9 3h6M10 3v6l-6 11h16L14 9V3', fill: 'none', 'stroke-width': 2 }], ['path', { d: 'M6.5 16h11l2 4h-15z' }]],
  flag: [['path', { d: 'M5 3v18', fill: 'none', 'stroke-width': 2 }], ['path', { d: 'M6 4h12l-3 4 3 4H6z' }]],
  bolt: [['path', { d: 'M13 2L4 14h7l-2 8 9-12h-7z' }]],
  sun: [['circle', { cx: 12, cy: 12, r: 5 }], ['path', { d: 'M12 1v4M12 19v4M1 12h4M19 12h4M4 4l3 3M17 17l3 3M4 20l3-3M17 7l3-3', fill: 'none', 'stroke-width': 2 }]],
  crown: [['path', { d: 'M3 18L2 7l5 4 5-7 5 7 5-4-1 11z' }], ['rect', { x: 3, y: 19, width: 18, height: 2 }]],
  ingot: [['path', { d: 'M2 18l4-9h12l4 9z' }], ['path', { d: 'M7 11h10', fill: 'none', 'stroke-width': 1, stroke: '#fff' }]],
  cards: [['rect', { x: 3, y: 5, width: 12, height: 16, rx: 2, fill: 'none', 'stroke-width': 2 }], ['path', { d: 'M9 3h10a2 2 0 0 1 2 2v13', fill: 'none', 'stroke-width': 2 }]],
  log: [['path', { d: 'M5 5h14M5 10h14M5 15h14M5 20h9', fill: 'none', 'stroke-width': 2 }]],
  chat: [['path', { d: 'M3 4h18v12H10l-5 4v-4H3z' }]],
  link: [['path', { d: 'M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1', fill: 'none', 'stroke-width': 2 }]],
  robot: [['rect', { x: 4, y: 7, width: 16, height: 12, rx: 3 }], ['circle', { cx: 9, cy: 13, r: 1.8, fill: '#fff' }], ['circle', { cx: 15, cy: 13, r: 1.8, fill: '#fff' }],
    ['path', { d: 'M12 3v4', fill: 'none', 'stroke-width': 2 }]],
  clock: [['circle', { cx: 12, cy: 12, r: 9, fill: 'none', 'stroke-width': 2 }], ['path', { d: 'M12 7v5l3 3', fill: 'none', 'stroke-width': 2 }]],
  arrow: [['path', { d: 'M4 12h14M13 6l6 6-6 6', fill: 'none', 'stroke-width': 2.5 }]],
};

export const ICON_NAMES = Object.keys(ICON_SHAPES);

// icon('star', {title: 'victory points'}) -> an inline SVG coloured by the surrounding text (currentColor).
export function icon(name, { title = null, cls = null } = {}) {
  const shapes = ICON_SHAPES[name];
  if (!shapes) throw new Error(`no icon named ${name}`);
  const node = svg('svg', {
    class: ['icon', `icon-${name}`, cls], viewBox: '0 0 24 24', width: '1em', height: '1em',
    fill: 'currentColor', stroke: 'currentColor', 'stroke-width': 0, 'stroke-linecap': 'round', 'stroke-linejoin': 'round',
    'aria-hidden': title ? null : 'true', role: title ? 'img' : null,
  }, title ? svg('title', {}, title) : null,
  ...shapes.map(([tag, attrs]) => svg(tag, attrs)));
  return node;
}

// ---- pieces ------------------------------------------------------------------------------------------------------

// A round or square token with a letter or number; colour never carries the meaning alone (the text does).
export function token(text, { colour = null, shape = 'round', title = null, cls = null } = {}) {
  return el('span', {
    class: ['piece-token', `piece-${shape}`, cls], title,
    style: colour ? { '--piece-colour': colour } : null,
  }, text);
}

// An amount of coins: a drawn coin and the number.
export function coin(amount, { title = null, cls = null } = {}) {
  return el('span', { class: ['piece-coin', cls], title }, icon('coin'), el('span', { class: 'piece-coin-amount' }, String(amount)));
}

// A card face: `head` (name line), `kind` (type line), `body` (any nodes), `corner` (a cost or value shown big),
// `foot` (stats). Hovering, a long press or (when it plays nothing) a tap shows it enlarged (see installZoom).
export function cardFace({ name = '', kind = null, corner = null, body = [], foot = [], title = null, cls = null, small = false, badge = null } = {}) {
  const node = el('div', { class: ['ui-card', small && 'ui-card-small', cls], title: title || name, tabindex: 0,
    role: 'group', 'aria-label': [name, kind].filter(Boolean).join(', ') || title || 'card' },
    el('div', { class: 'ui-card-head' }, corner !== null ? el('span', { class: 'ui-card-corner' }, corner) : null,
      el('span', { class: 'ui-card-name' }, name)),
    kind ? el('div', { class: 'ui-card-kind' }, kind) : null,
    el('div', { class: 'ui-card-body' }, body),
    foot && foot.length ? el('div', { class: 'ui-card-foot' }, foot) : null,
    badge ? el('div', { class: 'ui-card-badge' }, badge) : null);
  return node;
}

// A face-down card or pile: a label and, for piles, how many cards.
export function cardBack({ label = '', count = null, title = null, cls = null } = {}) {
  return el('div', { class: ['ui-card', 'ui-card-back', cls], title: title || label, role: 'img', 'aria-label': title || label || 'a face-down card' },
    el('div', { class: 'ui-card-back-mark' }, label),
    count !== null ? el('div', { class: 'ui-card-count' }, String(count)) : null);
}

// A labelled group of things (a hand, a row, a market).
export function section(label, children, { cls = null } = {}) {
  return el('div', { class: ['ui-section', cls] }, label ? el('div', { class: 'ui-section-label' }, label) : null,
    el('div', { class: 'ui-row' }, children));
}

// "3 coins", "1 coin".
export function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

// ---- zoom --------------------------------------------------------------------------------------------------------

// Every card of every game can be read enlarged: a copy shown beside it while the mouse rests on it or the keyboard
// focus is on it, and on a touch screen after a long press (or a tap on a card that plays nothing). The copy takes no
// pointer events and a long press swallows the click that follows, so zooming never plays a card by accident.
export const ZOOMABLE = '.ui-card:not(.ui-card-back), .goldrush-card, .river-disc:not(.river-slot-empty), [data-zoom]';
const LONG_PRESS_MS = 450;

// Would a box at (x, y) of w x h cover a button or a field (a card to play may lie under the copy: it takes no taps)?
function coversControl(x, y, w, h) {
  for (const node of document.querySelectorAll('button, select, input')) {
    if (node.closest('.ui-zoom')) continue;
    const r = node.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    if (r.left < x + w && r.right > x && r.top < y + h && r.bottom > y) return true;
  }
  return false;
}

export function installZoom(root) {
  const panel = el('div', { class: 'ui-zoom', 'aria-hidden': 'true', hidden: true });
  document.body.append(panel);
  let shown = null;
  let pressTimer = null;
  let swallowClick = false;
  const zoomable = (target) => {
    const node = target instanceof Element ? target.closest(ZOOMABLE) : null;
    return node && root.contains(node) ? node : null;
  };
  const hide = () => {
    shown = null;
    panel.hidden = true;
    panel.replaceChildren();
  };
  const show = (node) => {
    if (shown === node && !panel.hidden) return;
    shown = node;
    const copy = node.cloneNode(true);
    for (const n of [copy, ...copy.querySelectorAll('*')]) {
      for (const attr of ['id', 'tabindex', 'role', 'aria-label', 'title']) n.removeAttribute(attr);
      n.classList.remove('act', 'zoomed', 'ui-moved', 'log-ref');
    }
    panel.replaceChildren(el('div', { class: 'ui-zoom-inner' }, copy));
    panel.hidden = false;
    // Beside the card where there is room (right, else left), within the window; a phone shows it at the bottom.
    const r = node.getBoundingClientRect();
    const w = panel.offsetWidth;
    const h = panel.offsetHeight;
    if (innerWidth < 700) {
      panel.style.left = `${Math.max(4, (innerWidth - w) / 2)}px`;
      panel.style.top = `${Math.max(4, innerHeight - h - 12)}px`;
      return;
    }
    const top = Math.min(Math.max(4, r.top - 10), Math.max(4, innerHeight - h - 4));
    const right = r.right + 12;
    const left = Math.max(4, r.left - 12 - w);
    // Beside the card on the side where it covers no control (a move, a button); with controls on both sides, none.
    const sides = (right + w <= innerWidth ? [right, left] : [left, right]).filter((x) => !coversControl(x, top, w, h));
    if (!sides.length) { hide(); return; }
    panel.style.left = `${sides[0]}px`;
    panel.style.top = `${top}px`;
  };
  // Only a moving mouse opens the copy: a redraw that puts a new card (or a new button) under a resting pointer
  // fires "pointerover" without a move, and the copy would then cover what just appeared.
  root.addEventListener('pointermove', (ev) => {
    if (ev.pointerType !== 'mouse') return;
    const node = zoomable(ev.target);
    if (node) show(node);
  });
  root.addEventListener('pointerout', (ev) => {
    if (ev.pointerType !== 'mouse') return;
    const node = zoomable(ev.target);
    if (node && !(ev.relatedTarget instanceof Node && node.contains(ev.relatedTarget))) hide();
  });
  root.addEventListener('pointerdown', (ev) => {
    clearTimeout(pressTimer);
    swallowClick = false;
    if (ev.pointerType === 'mouse') return;
    const node = zoomable(ev.target);
    if (!node) { hide(); return; }
    pressTimer = setTimeout(() => { swallowClick = true; show(node); }, LONG_PRESS_MS);
  });
  for (const type of ['pointerup', 'pointercancel']) root.addEventListener(type, () => clearTimeout(pressTimer));
  root.addEventListener('click', (ev) => {
    if (swallowClick) {  // the end of a long press: it zoomed, it must not also play the card
      swallowClick = false;
      ev.preventDefault();
      ev.stopPropagation();
      return;
    }
    const node = zoomable(ev.target);
    if (!node || ev.pointerType === 'mouse' || ev.target.closest('.act, button, a, input, select')) return;
    if (shown === node && !panel.hidden) hide(); else show(node);  // a tap or click on a card that plays nothing
  }, true);
  root.addEventListener('contextmenu', (ev) => { if (zoomable(ev.target)) ev.preventDefault(); });
  root.addEventListener('focusin', (ev) => {
    const node = zoomable(ev.target);
    if (node && node === ev.target && node.matches(':focus-visible')) show(node);
  });
  root.addEventListener('focusout', () => { if (shown && !root.contains(document.activeElement)) hide(); });
  document.addEventListener('pointerdown', (ev) => { if (!root.contains(ev.target)) hide(); });
  document.addEventListener('keydown', (ev) => { if (ev.key === 'Escape') hide(); });
  // A redraw replaces the card the copy was made from: the copy goes with it.
  new MutationObserver(() => { if (shown && !shown.isConnected) hide(); }).observe(root, { childList: true, subtree: true });
  return { show, hide };
}


// The names drawn on cards, tiles and places of every game (a class ending in "-name"): the table and the replay
// shrink those that do not fit (static/js/fit.js) rather than let a word break in two.
export const CARD_NAMES = '.ui-card-name, [class$="-name"], [class*="-name "]';
