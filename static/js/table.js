// The table client: keeps one websocket, applies snapshots and JSON patches to the view, and hands
// the view to the game's renderer. It never decides rules: it offers the legal actions the view lists.
import { applyPatch } from '/static/vendor/fast-json-patch-3.1.1/core.mjs';
import { el, icon, canonical, namer, forgetMoves, installZoom, playerName, levelName, levelTag, CARD_NAMES } from '/static/js/ui.js';
import { fitWords } from '/static/js/fit.js';
import * as clocks from '/static/js/clocks.js';
import { gettext, lang, refusalText, shown } from '/static/js/i18n.js';

const app = document.getElementById('table-app');
const tableId = app.dataset.tableId;
const gameId = app.dataset.gameId;
const userId = app.dataset.userId ? Number(app.dataset.userId) : null;
const invite = app.dataset.invite;
const $ = (id) => document.getElementById(id);

const MAX_PROMPT_BUTTONS = 24;
const AUTO_TAKE_MS = 1000;   // the pause before the page takes a decision that has one answer
const LOG_PAGE = 200;        // moves fetched per "Load earlier"
// Moves that pass or close a turn: never the default (never first, never focused for Enter).
const CLOSING_MOVES = new Set(['end', 'done', 'pass', 'skip', 'stop']);
// Seat colours for pages whose renderer names none (a renderer may export `seatColours`).
const SEAT_COLOURS = ['#2f6fd6', '#c0392b', '#2e9d4a', '#c77700', '#8a3fc2', '#16868c'];
let table = null;       // public table info (seats, status)
let view = null;        // the current view envelope
let version = null;     // the game version of `view`
let socket = null;
let renderer = null;
let catalogue = {};
let nextId = 1;
let retry = 0;
let unread = 0;           // chat lines that arrived while the chat was not in view
let inviteOpened = false; // the invite box opened by its button during play
let moreOpen = false;     // the prompt bar's "More": the moves that did not fit its row, and the whole question
let tabChosen = false;    // the player picked the log or the chat tab themselves
let ownMovePending = false; // we sent a move and its patch has not come yet
let othersMoved = false;  // the view being drawn comes from someone else's move
let sawPlay = false;      // this page showed the game before it ended (then the end scrolls to the scores)
let autoTake = null;      // {key, timer}: the one-answer decision the page is about to take
let keptByPlayer = null;  // the key of a decision whose automatic answer the player cancelled
let autoTaken = 0;        // decisions the page took by itself (tests and bench/bench_clicks.py read it)
let logFirst = null;      // the version of the earliest log line shown
let logMore = false;      // older lines wait on the server
const logEl = $('log');
const baseTitle = document.title;

function players() {
  return table ? table.seats.map((s) => ({ seat: s.index, name: s.name, bot: s.bot })) : [];
}

// Names as this viewer reads them: "you" for their own seat, with the grammar of every sentence put right.
function names() {
  return namer(players(), view ? view.seat : null);
}

function nameOf(seat) {
  if (seat === null || seat === undefined) return gettext('nobody');
  return names().name(seat, { capital: true });
}

function say(text) {
  return names().say(text);
}

// What a renderer gets besides the view (docs/games.md, "The renderer kit").
const ctx = {
  get seat() { return view ? view.seat : null; },
  get players() { return players(); },
  get catalogue() { return catalogue; },
  get othersMoved() { return othersMoved; },
  act,
  name: (seat, opts) => names().name(seat, opts),
  possessive: (seat, opts) => names().possessive(seat, opts),
  list: (seats) => names().list(seats),
  say,
  nameOf,
  words: say,
  el,
};

function send(msg) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
}

let lastAction = null;   // the last action sent, for one retry after a lost version race
let retryAfterSnapshot = false;

// `automatic`: the page answered by itself (Jambo's "No reaction"); what others did stays highlighted.
function act(action, { automatic = false } = {}) {
  $('play-error').textContent = '';
  cancelAutoTake();
  if (automatic) app.dataset.autoTaken = String(++autoTaken);
  if (!automatic) forgetMoves();  // what others did stays highlighted until the viewer's own move
  moreOpen = false;
  ownMovePending = true;
  lastAction = action;
  // The ack rides in our move's patch (one frame instead of two); this page reads no acks, only the patch.
  send({ type: 'act', id: nextId++, version, action, ack_in_patch: true });
}

// In a simultaneous secret choice another player's pick often lands between our view and our click.
// The server refuses the stale version (moves are compare-and-set); we resend once if the same choice
// is still offered, so picking at the same time as others just works.
function retryLostRace() {
  if (!retryAfterSnapshot) return;
  retryAfterSnapshot = false;
  const wanted = canonical(lastAction);
  const still = view && view.prompt && view.prompt.secret && view.legal.find((a) => canonical(a) === wanted);
  if (still) act(still);
  else $('play-error').textContent = gettext('Someone moved first: the board has changed, choose again.');
}

const CLOSED_FOR_GOOD = {
  4401: () => gettext('signed out: reload the page'),
  4403: () => gettext('private table: you need the invite link'),
  4404: () => gettext('there is no such table'),
};

// A page in another language shows the common refusals in words of its own, by their stable code (shorter and
// friendlier than the server's sentence), and the server's sentence written in its language (`say`) for the rest.
const ERROR_TEXTS = {
  not_started: () => gettext('The game has not started.'),
  not_seated: () => gettext('You are watching this table: only players can act.'),
  game_over: () => gettext('The game is over.'),
  illegal_action: () => gettext('That move is not allowed now.'),
  not_your_turn: () => gettext('It is not your move.'),
  not_undoable: () => gettext('There is no move of yours to take back now.'),
  not_open: () => gettext('The game has already started.'),
  already_seated: () => gettext('You already have a seat at this table.'),
  seat_taken: () => gettext('That seat is taken.'),
  table_full: () => gettext('Every seat is taken.'),
  not_host: () => gettext('Only the host can do that.'),
  seats_empty: () => gettext('Every seat needs a player or a bot.'),
  nickname_taken: () => gettext('Someone else already uses that nickname.'),
  not_signed_in: () => gettext('Pick a nickname or sign in first.'),
  private_table: () => gettext('This table is private: you need the invite link.'),
  not_absent: () => gettext('That player is connected.'),
  too_soon: () => gettext('That player may still come back: the vote opens soon.'),
  try_again: () => gettext('The server is busy: try again in a moment.'),
};

function errorText(refusal) {
  return lang !== 'en' && ERROR_TEXTS[refusal.code] ? ERROR_TEXTS[refusal.code]() : refusalText(refusal);
}

function connect() {
  const params = new URLSearchParams();
  if (version !== null) params.set('v', version);
  if (invite) params.set('invite', invite);
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  socket = new WebSocket(`${proto}://${location.host}/ws/tables/${tableId}?${params}`);
  socket.onopen = () => { $('connection').textContent = gettext('live'); $('connection').className = 'connection live'; };
  socket.onclose = (ev) => {
    // Refused handshakes are accepted, then closed with a code (docs/protocol.md); the final ones are not retried.
    $('connection').textContent = ev.code in CLOSED_FOR_GOOD ? CLOSED_FOR_GOOD[ev.code]() : gettext('reconnecting…');
    $('connection').className = 'connection down';
    if (ev.code in CLOSED_FOR_GOOD) return;
    setTimeout(connect, Math.min(5000, 250 * 2 ** retry++));
  };
  // The back-off restarts only once the server really serves us (a refused socket opens too, then closes).
  socket.onmessage = (ev) => { retry = 0; const msg = JSON.parse(ev.data); clocks.onMessage(msg, send); onMessage(msg); };
}

function onMessage(msg) {
  switch (msg.type) {
    case 'table': {
      const before = table && table.status;
      table = msg.table;
      renderTable();
      // The game just started: this socket had no game version yet, so it asks for its first view. (A seat that
      // changes hands during play needs nothing: the server sends the moved socket a snapshot by itself.)
      if (before && before !== table.status && table.status !== 'open') send({ type: 'sync' });
      if (view) renderView();
      break;
    }
    case 'snapshot':
      othersMoved = false;
      version = msg.version;
      view = msg.view;
      logEl.replaceChildren();
      logFirst = null;
      (msg.log || []).forEach((e) => addLog(e, e.v));
      // The snapshot brings the recent lines; those before version 1 (or the deal's) are a click away.
      logMore = version !== null && (logFirst === null ? version > 0 : logFirst > 1);
      renderLogMore();
      renderView();
      retryLostRace();
      break;
    case 'patch':
      if (version === null || msg.version !== version + 1) { send({ type: 'sync' }); return; }
      view = applyPatch(view, msg.ops, false, false).newDocument;
      version = msg.version;
      othersMoved = !ownMovePending;  // the first move after our action is ours
      ownMovePending = false;
      (msg.events || []).forEach((e) => addLog(e, msg.version));
      renderView();
      break;
    case 'error':
      if (msg.code === 'stale_version') { retryAfterSnapshot = true; return; }
      if (unsentChat.has(msg.id)) {  // a refused chat line: said beside the chat, and its text given back
        $('chat-error').textContent = errorText(msg);
        if (!$('chat-input').value) $('chat-input').value = unsentChat.get(msg.id);
        unsentChat.delete(msg.id);
        return;
      }
      $('play-error').textContent = errorText(msg);
      $('room-error').textContent = errorText(msg);
      break;
    case 'chat_history':
      $('chat').replaceChildren();
      msg.messages.forEach(addChat);
      break;
    case 'chat':
      addChat(msg);
      break;
    default:
      break;
  }
}

// ---- the log: each line numbered by the move it came from, players named in their seat's colour; pointing at a
// line highlights what it talks about on the board and in the scoreboard.
function seatColour(seat) {
  const own = renderer && renderer.seatColours;
  return (own && own[seat]) || SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

// The seat's colour beside a name, or the renderer's own mark for it (The River: the mark on the player's sail).
function seatSwatch(seat) {
  const own = renderer && typeof renderer.seatSwatch === 'function' ? renderer.seatSwatch(seat) : null;
  return own || el('span', { class: 'seat-swatch', style: { '--seat': seatColour(seat) } });
}

function seatName(seat, text) {
  return el('span', { class: 'seat-name', style: { '--seat': seatColour(seat) } }, text);
}

function logLine(event, v) {
  const parts = names().parts(shown(event) || event.type || '');
  const refs = event.refs || {};
  const seats = new Set([...parts.filter((p) => typeof p !== 'string').map((p) => p.seat), ...(refs.seats || [])]);
  return el('li', {
    class: ['log-line', `log-${event.type || 'event'}`],
    dataset: { v: v ?? '', seats: [...seats].join(' '), pieces: (refs.pieces || []).join(' ') },
  }, el('span', { class: 'log-v', title: v === 0 ? gettext('the deal') : gettext('move {number}', { number: v }) }, v === undefined || v === null ? '' : String(v)),
  el('span', { class: 'log-text' }, parts.map((p) => (typeof p === 'string' ? p : seatName(p.seat, p.text)))));
}

function addLog(event, v) {
  logEl.append(logLine(event, v));
  if (logFirst === null && v !== undefined && v !== null) logFirst = v;
  logEl.scrollTop = logEl.scrollHeight;
}

function renderLogMore() {
  $('log-more').hidden = !logMore;
}

// Older lines come from the server a page at a time; the lines of the earliest version shown come again whole
// (the snapshot may have cut that move's lines short), so they are replaced.
async function loadEarlier() {
  const button = $('log-more');
  button.disabled = true;
  const params = new URLSearchParams({ limit: String(LOG_PAGE) });
  if (logFirst !== null) params.set('before', String(logFirst + 1));
  if (invite) params.set('invite', invite);
  try {
    const res = await fetch(`/api/tables/${tableId}/log?${params}`);
    if (!res.ok) throw new Error(gettext('the server answered {status}', { status: res.status }));
    const page = await res.json();
    const height = logEl.scrollHeight;
    for (const li of [...logEl.children]) if (logFirst !== null && Number(li.dataset.v) === logFirst) li.remove();
    logEl.prepend(...page.lines.map((e) => logLine(e, e.v)));
    if (page.lines.length) logFirst = page.lines[0].v;
    logMore = page.more;
    logEl.scrollTop += logEl.scrollHeight - height;  // the lines read so far stay where they were
  } catch (err) {
    $('play-error').textContent = gettext('The earlier log could not be loaded ({reason}).', { reason: err.message });
  } finally {
    button.disabled = false;
    renderLogMore();
  }
}

function highlightRefs(line) {
  for (const node of document.querySelectorAll('.log-ref')) node.classList.remove('log-ref');
  if (!line) return;
  const targets = [];
  for (const seat of (line.dataset.seats || '').split(' ').filter(Boolean)) {
    targets.push(...document.querySelectorAll(`#board [data-seat="${seat}"], #players [data-seat="${seat}"], #players-strip [data-seat="${seat}"]`));
  }
  for (const key of (line.dataset.pieces || '').split(' ').filter(Boolean)) {
    targets.push(...document.querySelectorAll(`#board [data-flip="${CSS.escape(key)}"]`));
  }
  for (const node of targets) node.classList.add('log-ref');
}

function addChat(m) {
  const list = $('chat');
  list.append(el('li', {}, el('b', {}, m.from), ': ', m.text));
  list.scrollTop = list.scrollHeight;
  if ($('chat-panel').hidden || !sideOpen()) showUnread(unread + 1);
}

async function api(path, body) {
  const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body || {}) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const d = data.detail;
    $('room-error').textContent = (d && d.message && errorText(d))
      || (Array.isArray(d) ? d.map((e) => e.msg).join('; ') : gettext('failed'));
  } else $('room-error').textContent = '';
  return data;
}

// The status a player should read: "finished" as soon as the last move's view carries the result, before the
// table's own message arrives.
function shownStatus() {
  return view && view.result ? 'finished' : table.status;
}

function renderStatus() {
  const status = shownStatus();
  $('table-status').textContent = { open: gettext('waiting for players'), playing: gettext('in play'), finished: gettext('finished') }[status];
  $('table-status').className = `status status-${status}`;
  app.dataset.status = status;
}

function renderTable() {
  const open = table.status === 'open';
  // Until the player picks a tab: the chat while people gather, the log once the game runs.
  if (!tabChosen) showTab(open ? 'chat' : 'log');
  renderStatus();
  $('waiting-room').hidden = !open;
  $('play-area').hidden = open;
  $('players').hidden = open;
  const isHost = userId !== null && table.host_id === userId;
  const mySeat = userId === null ? null : table.seats.find((s) => s.user_id === userId);
  if (table.invite) $('invite-url').value = `${location.origin}/tables/${table.id}?invite=${table.invite}`;
  // The waiting room shows the invite; during play and after it waits behind a button.
  const hasInvite = Boolean($('invite-url').value);
  $('invite-toggle').hidden = open || !hasInvite;
  $('invite-box').hidden = !hasInvite || (!open && !inviteOpened);
  const seats = $('seats');
  seats.replaceChildren(...table.seats.map((s) => {
    const li = el('li', { class: 'seat', 'data-seat': s.index });
    const label = !s.name ? gettext('empty') : s.user_id === table.host_id ? gettext('{name} (host)', { name: s.name }) : playerName(s.name, s.bot);
    li.append(el('span', { class: s.name ? 'seat-name' : 'seat-empty' }, gettext('Seat {number}: {player}', { number: s.index + 1, player: label })));
    if (s.bot && s.level) li.append(' ', botLevel(s));
    if (!open) return li;
    const empty = !s.user_id && !s.bot;
    if (empty && userId !== null && !mySeat) {
      li.append(el('button', { type: 'button', class: 'take-seat', onclick: () => api(`/api/tables/${tableId}/join`, { seat: s.index, invite: invite || null }) }, gettext('Take this seat')));
    }
    if (empty && isHost) li.append(addBotControl(s.index));
    const own = userId !== null && s.user_id === userId;  // a bot's seat has no user: it is nobody's own
    if (!empty && (isHost || own)) {
      li.append(el('button', { type: 'button', class: 'free-seat', onclick: () => api(`/api/tables/${tableId}/leave`, { seat: s.index }) }, own ? gettext('Leave') : gettext('Free seat')));
    }
    return li;
  }));
  const full = table.seats.every((s) => s.user_id || s.bot);
  takeSeatOnArrival(open, isHost, mySeat);
  $('start-button').hidden = !(open && isHost);
  $('start-button').disabled = !full;
  $('start-button').title = full ? '' : gettext('Every seat needs a player or a bot');
}

// The host fills an empty seat with a bot of the level chosen beside the button (medium unless changed).
const chosenLevels = {};  // seat -> level, kept while the waiting room redraws
function addBotControl(seat) {
  const select = el('select', {
    class: 'bot-level-choice', 'aria-label': gettext('Level of the bot for seat {number}', { number: seat + 1 }),
    onchange: () => { chosenLevels[seat] = select.value; },
  }, ['easy', 'medium', 'hard'].map((level) => el('option', { value: level }, levelName(level))));
  select.value = chosenLevels[seat] || 'medium';
  const add = () => api(`/api/tables/${tableId}/bots`, { seat, level: select.value });
  return el('span', { class: 'add-bot-control' }, select,
    el('button', { type: 'button', class: 'add-bot', onclick: add }, gettext('Add a bot')));
}

// How strongly a seat's bot plays, in words (the waiting room and the players panel).
const botLevel = (s) => levelTag(s.level);

// A friend who came by the invite link and has just chosen a nickname (the form brings them back with `seat=1`)
// sits down at once when a seat is free, instead of looking for "Take this seat".
let seatTaken = false;
function takeSeatOnArrival(open, isHost, mySeat) {
  if (seatTaken || !open || isHost || mySeat || userId === null || !invite) return;
  if (new URLSearchParams(location.search).get('seat') !== '1') return;
  if (!table.seats.some((s) => !s.user_id && !s.bot)) return;
  seatTaken = true;
  api(`/api/tables/${tableId}/join`, { seat: null, invite });
}

// After the end: the host opens a rematch (same game, options, bots); everyone else gets a link to it.
function rematchControl() {
  if (table.rematch_id) {
    return el('p', { class: 'rematch' }, el('a', { href: `/tables/${tableId}/rematch`, class: 'rematch-link' }, gettext('Play again: join the rematch')));
  }
  if (userId !== null && table.host_id === userId) {
    return el('button', {
      type: 'button', class: 'rematch-button',
      onclick: async () => {
        const data = await api(`/api/tables/${tableId}/rematch`);
        if (data.invite_url) location.href = data.invite_url;
      },
    }, gettext('Rematch'));
  }
  return null;
}

// A seat's rating at this game (docs/ratings.md), unless the viewer switched ratings off on their page.
// Shown only for a registered player rated from games already played: a guest has none, a bot's is a fixed anchor.
function ratingOf(s) {
  if (app.dataset.showRatings === '0' || typeof s.rating !== 'number' || !s.rated_games) return null;
  return el('span', { class: 'player-rating', title: gettext('rating at this game') },
    gettext('rating {rating}', { rating: s.rating.toFixed(1) }));
}

// The scoreboard: each player with the renderer's short summary (score first), whose move it is, and for the
// host a way to hand a friend's seat to a bot. A column on a desktop, a strip under the prompt on a phone.
function renderPlayers() {
  const isHost = userId !== null && table.host_id === userId;
  let stats = [];
  if (renderer && typeof renderer.summary === 'function') {
    try { stats = renderer.summary(view, ctx) || []; } catch (err) { console.error(err); }
  }
  const scores = view.result && view.result.scores;
  const line = (s) => {
    const awaited = view.waiting.includes(s.index);
    const bits = stats[s.index] || (scores ? [String(scores[s.index])] : []);
    return { awaited, bits, winner: view.result && (view.result.winners || []).includes(s.index) };
  };
  $('players').replaceChildren(el('h2', {}, gettext('Players')), el('ol', { class: 'player-list' }, table.seats.map((s) => {
    const { awaited, bits, winner } = line(s);
    return el('li', {
      class: ['player', awaited && 'awaited', view.seat === s.index && 'me', winner && 'winner'], 'data-seat': s.index,
    }, el('span', { class: 'player-name' }, seatSwatch(s.index),
      winner ? icon('crown', { title: gettext('winner') }) : null, nameOf(s.index),
      s.bot ? icon('robot', { title: gettext('a bot plays this seat') }) : null,
      s.bot && s.level ? botLevel(s) : null, ratingOf(s)),
    awaited ? el('span', { class: 'player-turn' }, icon('clock'), ' ', gettext('to move')) : null,
    bits.length ? el('span', { class: 'player-score' }, bits[0]) : null,
    bits.length > 1 ? el('span', { class: 'player-more' }, bits.slice(1).join(' · ')) : null,
    // The host can hand a friend's seat to a bot (someone had to leave); that friend goes on watching.
    isHost && !view.result && s.user_id && s.user_id !== userId ? el('button', {
      type: 'button', class: 'hand-to-bot', title: gettext('A bot plays this seat from now on'),
      onclick: () => { if (confirm(gettext('Let a bot play for {name}?', { name: s.name }))) api(`/api/tables/${tableId}/bots`, { seat: s.index }); },
    }, gettext('bot takes over')) : null);
  })));
  $('players-strip').replaceChildren(...table.seats.map((s) => {
    const { awaited, bits, winner } = line(s);
    return el('span', { class: ['strip-player', awaited && 'awaited', view.seat === s.index && 'me', winner && 'winner'], 'data-seat': s.index },
      renderer && typeof renderer.seatSwatch === 'function' ? seatSwatch(s.index) : null,
      el('b', { class: 'seat-name', style: { '--seat': seatColour(s.index) } }, nameOf(s.index)),
      s.bot && s.level ? botLevel(s) : null, ratingOf(s),
      bits.length ? el('span', { class: 'strip-score' }, ` ${bits[0]}`) : null);
  }));
  clocks.render({ view, table, userId, tableId, api, nameOf });  // clocks, presence, reclaim, votes, resign
}

// The prompt bar: one line of question and one row of short buttons, the same height whatever is asked. The moves
// the board shows (a place, a card, a piece) are made on the board and are not repeated here; the bar holds the
// others (end the turn, answer, bid), and what does not fit the row waits behind "More", with the whole question.
// The host closed the table before the game ended: nothing more is played here.
function closedEarly() {
  return table && table.status === 'finished' && view && !view.result;
}

function promptText() {
  if (view.result) return gettext('The game is over.');
  if (closedEarly()) return gettext('The host closed this table before the end of the game.');
  const lent = lentSeat();
  if (lent) return gettext('A bot plays your seat now: {host} handed it over while you were away.', { host: table.host });
  const others = view.waiting.filter((s) => s !== view.seat);
  if (view.prompt && view.legal.length) return say(shown(view.prompt));
  // Not asked: who is awaited. A prompt written for the awaited player ("Your turn: ...") is not repeated to others.
  if (!others.length) return view.prompt ? say(shown(view.prompt)) : '';
  return lang === 'en' ? `Waiting for ${names().list(others)}.` : gettext('Waiting for {players}.', { players: names().list(others) });
}

// The seat a bot took over from this viewer (the host handed it, or the others voted): they may take it back.
function lentSeat() {
  if (userId === null || !table || view.result) return null;
  if (table.seats.some((s) => s.user_id === userId)) return null;
  return table.seats.find((s) => s.away_user_id === userId && s.bot) || null;
}

function isClosing(a) {
  return CLOSING_MOVES.has(a.type);
}

function renderPrompt() {
  const text = promptText();
  $('prompt-text').textContent = text;
  $('prompt-text').title = text;
  const label = (a) => a.label || canonical(a);
  const onBoard = new Set([...$('board').querySelectorAll('.act[data-label]')].map((n) => n.dataset.label));
  const button = (a) => el('button', {
    type: 'button', class: ['legal', isClosing(a) && 'closing'], 'data-label': label(a), title: say(a.label ? shown(a) : label(a)),
    onclick: () => act(a),
  }, say(a.label ? shown(a) : label(a)));
  // Ending the turn comes last, never first: Enter must not pass by accident.
  const legal = closedEarly() ? [] : view.legal;
  const offBoard = [...legal.filter((a) => !onBoard.has(label(a)) && !isClosing(a)),
    ...legal.filter((a) => !onBoard.has(label(a)) && isClosing(a))];
  const row = [];
  const more = [];
  if (offBoard.length <= MAX_PROMPT_BUTTONS) row.push(...offBoard.map(button));
  else {  // a long list (bids of every amount, say) reads better as one menu
    const menu = el('select', { id: 'prompt-menu', 'aria-label': gettext('Choose an action') },
      offBoard.map((a, i) => el('option', { value: String(i) }, say(a.label ? shown(a) : label(a)))));
    row.push(menu, el('button', { type: 'button', class: 'legal-go', onclick: () => act(offBoard[Number(menu.value)]) }, gettext('Play')));
  }
  const lent = lentSeat();
  if (lent) {
    row.push(el('button', { type: 'button', class: 'reclaim-button', onclick: () => api(`/api/tables/${tableId}/reclaim`) },
      gettext('Take my seat back')));
  }
  if (view.undo && !view.result) row.push(undoButton(view.undo));
  const panel = el('div', { id: 'prompt-more', class: 'prompt-more', hidden: !moreOpen },
    el('p', { class: 'prompt-more-text' }, text), el('div', { class: 'prompt-more-moves' }, more));
  const toggle = el('button', {
    type: 'button', class: 'more-toggle tool', 'aria-expanded': String(moreOpen), 'aria-controls': 'prompt-more',
    onclick: () => setMoreOpen(!moreOpen),
  }, gettext('More'));
  $('prompt-actions').replaceChildren(...row);
  $('prompt-more-slot').replaceChildren(toggle);
  $('prompt-more-box').replaceChildren(panel);
  fitPromptRow();
}

function setMoreOpen(open) {
  moreOpen = open;
  const panel = $('prompt-more');
  if (panel) panel.hidden = !open;
  const toggle = $('prompt-more-slot').querySelector('.more-toggle');
  if (toggle) toggle.setAttribute('aria-expanded', String(open));
}

// The row keeps one line: the moves that do not fit go behind "More" (the last ones first, the turn's end stays),
// and "More" shows when something is behind it or the question does not fit its line.
function fitPromptRow() {
  const row = $('prompt-actions');
  const moves = $('prompt-more') && $('prompt-more').querySelector('.prompt-more-moves');
  const toggle = $('prompt-more-slot').querySelector('.more-toggle');
  if (!moves || !toggle) return;
  toggle.hidden = false;  // measured with the toggle in its place
  if (!row.clientWidth && row.children.length) return;  // not on screen: measured when drawn again  // not on screen: measured when drawn again
  const overflowing = () => row.children.length && row.scrollWidth > row.clientWidth + 1;
  while (overflowing()) {
    const movable = [...row.querySelectorAll('button.legal:not(.closing)')];
    const last = movable[movable.length - 1] || row.querySelector('button.legal');
    if (!last) break;
    moves.prepend(last);
  }
  const textCut = $('prompt-text').scrollWidth > $('prompt-text').clientWidth + 1;
  const hasMore = moves.children.length > 0 || textCut;
  toggle.hidden = !hasMore;
  if (!hasMore && moreOpen) setMoreOpen(false);
  const count = moves.children.length;
  toggle.textContent = count ? gettext('More ({n})', { n: count }) : gettext('More');
}

// Taking back one's own last move, one per press, while the server offers it (`view.undo`, docs/protocol.md).
function undoButton(undo) {
  return el('button', {
    type: 'button', class: 'undo tool', title: gettext('Take back: {move}', { move: say(shown(undo)) }), 'aria-label': gettext('Undo: {move}', { move: say(shown(undo)) }),
    onclick: () => {
      $('play-error').textContent = '';
      ownMovePending = true;
      send({ type: 'undo', id: nextId++, version, ack_in_patch: true });
    },
  }, gettext('Undo'));
}

// ---- decisions with one answer: the page takes them after a visible pause the player can cancel. Not a secret
// choice (its timing would tell the others it was forced), and not where the renderer keeps it (`takesAlone`).
function cancelAutoTake() {
  if (autoTake) clearTimeout(autoTake.timer);
  autoTake = null;
  $('auto-take').hidden = true;
  $('auto-take').replaceChildren();
}

function planAutoTake() {
  // Not while the player may take back their last move: taking the next step for them would close that door.
  const only = view && !view.result && !view.undo && view.legal.length === 1 && !(view.prompt && view.prompt.secret)
    ? view.legal[0] : null;
  const allowed = only && !(renderer && typeof renderer.takesAlone === 'function' && !renderer.takesAlone(only, view));
  const key = allowed ? `${version}:${canonical(only)}` : null;
  if (autoTake && autoTake.key === key) return;  // the same decision, redrawn: the pause goes on
  cancelAutoTake();
  if (!key || keptByPlayer === key) return;
  // A renderer may choose its own pause (Jambo's "No reaction": a random one, so its timing tells nothing).
  const own = renderer && typeof renderer.autoTakePause === 'function' ? renderer.autoTakePause(only, view) : null;
  const pause = own || AUTO_TAKE_MS;
  const bar = $('auto-take');
  bar.replaceChildren(el('span', { class: 'auto-take-text' }, gettext('Taking “{move}”…', { move: say(only.label ? shown(only) : only.type) })),
    el('button', {
      type: 'button', class: 'tool auto-take-cancel',
      onclick: () => { keptByPlayer = key; cancelAutoTake(); focusFirstMove(); },
    }, gettext('Cancel')),
    el('span', { class: 'auto-take-progress', style: { 'animation-duration': `${pause}ms` } }));
  bar.hidden = false;
  autoTake = {
    key,
    timer: setTimeout(() => act(only, { automatic: true }), pause),
  };
}

// ---- keyboard: a redraw replaces the focused button; the focus goes to the same move again, else the first one.
// Never a move that passes or ends the turn: with nothing else offered, the question itself has the focus.
function focusFirstMove() {
  const closing = new Set((view ? view.legal : []).filter(isClosing).map((a) => a.label || canonical(a)));
  const next = $('prompt-actions').querySelector('button.legal:not(.closing), select')
    || [...$('board').querySelectorAll('.act')].find((n) => !closing.has(n.dataset.label));
  (next || $('prompt-text')).focus({ preventScroll: true });
}

function keepFocus(draw) {
  const before = document.activeElement;
  const inPlay = before && ($('board').contains(before) || $('prompt').contains(before));
  const label = inPlay && before.dataset ? before.dataset.label : null;
  draw();
  if (!inPlay || (document.activeElement && document.activeElement !== document.body && document.activeElement.isConnected)) return;
  const same = label ? [...document.querySelectorAll('#board [data-label], #prompt [data-label]')].find((n) => n.dataset.label === label) : null;
  if (same) same.focus({ preventScroll: true });
  else focusFirstMove();
}

function renderResult() {
  const r = view.result;
  if (!r) { $('result').hidden = true; return; }
  const winners = r.winners || [];
  // Best first: winners, then by score.
  const order = (r.scores || []).map((sc, i) => i).sort((a, b) => (winners.includes(b) - winners.includes(a)) || (r.scores[b] - r.scores[a]));
  $('result').replaceChildren(el('h2', {}, gettext('Final scores')), el('p', { class: 'result-text' }, say(shown(r))),
    el('ol', { class: 'scores' }, order.map((i) => el('li', { class: winners.includes(i) ? 'winner' : '' },
      winners.includes(i) ? icon('crown', { title: gettext('winner') }) : null,
      ' ', gettext('{name}: {score}', { name: nameOf(i), score: r.scores[i] })))),
    rematchControl(),
    el('p', {}, el('a', { href: `/tables/${tableId}/replay${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`, class: 'replay-link' }, gettext('Watch the replay, move by move'))));
  const justEnded = $('result').hidden;
  $('result').hidden = false;
  // The game just ended in front of this player: bring the final scores into view.
  if (justEnded && sawPlay) {
    // Below the sticky prompt bar, however tall it is now (a players' strip on phones grows with the seats).
    $('result').style.scrollMarginTop = `${$('prompt').getBoundingClientRect().height + 12}px`;
    $('result').scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
  }
}

function reducedMotion() {
  return window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function renderView() {
  if (!view || !table) return;
  app.dataset.version = version;  // which game version the page shows (tests and bug reports read it)
  app.dataset.waiting = view.waiting.join(' ');  // whose move it is
  // A tab in the background still tells its player when it is their move.
  const yourMove = gettext('Your move');
  document.title = view.legal.length && !view.result ? `● ${yourMove} · ${baseTitle}` : baseTitle;
  renderStatus();
  keepFocus(() => {
    drawBoard();
    renderPlayers();
    renderPrompt();
  });
  renderResult();
  planAutoTake();
  bringPromptIntoView();
  if (!view.result) sawPlay = true;
}

// What the current question is about stays on screen: when none of the places, cards or pieces it offers (or the
// one the renderer marks with data-prompt-focus) shows between the prompt bar and the window's bottom, the page
// scrolls the first of them into view, once per question.
let promptShownAt = null;
function bringPromptIntoView() {
  if (!view || view.result || !view.legal.length || promptShownAt === version) return;
  promptShownAt = version;
  const typing = document.activeElement && document.activeElement.matches('input, textarea, select');
  if (typing || $('play-area').hidden) return;
  const board = $('board');
  const marked = board.querySelector('[data-prompt-focus]');
  const acts = [...board.querySelectorAll('.act')].filter((n) => n.getClientRects().length);
  if (!marked && !acts.length) return;
  const top = $('prompt').getBoundingClientRect().bottom;
  const inView = (n) => { const r = n.getBoundingClientRect(); return r.bottom > top + 8 && r.top < innerHeight - 8; };
  if (marked ? inView(marked) : acts.some(inView)) return;
  (marked || acts[0]).scrollIntoView({ block: 'center', behavior: 'auto' });
}

// A tap whose control was redrawn between the press and the release (someone else moved just then) is not lost:
// the control drawn in its place, the same move, gets the click.
let pressed = null;
document.addEventListener('pointerdown', (ev) => {
  const node = ev.target instanceof Element ? ev.target.closest('#board .act, #prompt-actions button, #prompt-more button') : null;
  pressed = node ? { node, label: node.dataset.label || null, at: performance.now() } : null;
}, true);
let lastClickAt = 0;
document.addEventListener('click', () => { lastClickAt = performance.now(); }, true);
document.addEventListener('pointerup', () => {
  const was = pressed;
  pressed = null;
  if (!was || was.node.isConnected || !was.label || performance.now() - was.at > 1500) return;
  const upAt = performance.now();
  setTimeout(() => {  // after the browser's own click, if it made one after all
    if (lastClickAt >= upAt) return;
    const again = [...document.querySelectorAll('#board .act[data-label], #prompt-actions button[data-label], #prompt-more button[data-label]')]
      .find((n) => n.dataset.label === was.label);
    if (again) again.click();
  }, 0);
}, true);
window.addEventListener('resize', () => { if (view && table) renderPrompt(); });

// The renderer interface (docs/games.md): render(root, view, ctx) after every change; dispose(root, ctx), when
// the module has one, before the board is drawn for another audience (a bot took this viewer's seat) and when
// the page goes away, so timers and listeners a renderer set up end with it.
let boardAudience;  // the seat the board was last drawn for (undefined: nothing drawn)

function disposeBoard() {
  if (boardAudience === undefined) return;
  boardAudience = undefined;
  if (renderer && typeof renderer.dispose === 'function') {
    try { renderer.dispose($('board'), ctx); } catch (err) { console.error(err); }
  }
  $('board').replaceChildren();
}

function drawBoard() {
  const board = $('board');
  if (boardAudience !== undefined && boardAudience !== view.seat) disposeBoard();
  boardAudience = view.seat;
  if (renderer) {
    try { renderer.render(board, closedEarly() ? { ...view, legal: [] } : view, ctx); fitWords(board, CARD_NAMES); } catch (err) { console.error(err); board.textContent = gettext('Board error: {error}', { error: String(err) }); }
  } else {
    board.replaceChildren(el('pre', { class: 'raw-view' }, JSON.stringify(view.game, null, 1)));
  }
}
window.addEventListener('pagehide', disposeBoard);

// Log and chat: two tabs; on a phone a drawer opened from the header.
function sideOpen() {
  return !window.matchMedia('(max-width: 900px)').matches || document.body.classList.contains('side-open');
}

function showTab(name) {
  const chat = name === 'chat';
  $('tab-log').setAttribute('aria-selected', String(!chat));
  $('tab-chat').setAttribute('aria-selected', String(chat));
  $('log-panel').hidden = chat;
  $('chat-panel').hidden = !chat;
  if (chat && sideOpen()) showUnread(0);
}

function showUnread(count) {
  unread = count;
  for (const badge of document.querySelectorAll('.unread')) {
    badge.textContent = String(count);
    badge.hidden = count === 0;
  }
}

function toggleSide(open) {
  document.body.classList.toggle('side-open', open);
  $('side-toggle').setAttribute('aria-expanded', String(open));
  if (open && unread) showTab('chat');
  else if (open && !$('chat-panel').hidden) showUnread(0);
}

$('log-more').addEventListener('click', loadEarlier);
logEl.addEventListener('mouseover', (ev) => highlightRefs(ev.target.closest('.log-line')));
logEl.addEventListener('mouseleave', () => highlightRefs(null));
installZoom($('board'));
$('invite-toggle').prepend(icon('link'), ' ');
$('side-toggle').prepend(icon('chat'), ' ');
$('tab-log').addEventListener('click', () => { tabChosen = true; showTab('log'); });
$('tab-chat').addEventListener('click', () => { tabChosen = true; showTab('chat'); });
$('side-toggle').addEventListener('click', () => toggleSide(!document.body.classList.contains('side-open')));
$('side-close').addEventListener('click', () => toggleSide(false));
$('invite-toggle').addEventListener('click', () => {
  inviteOpened = $('invite-box').hidden;
  $('invite-box').hidden = !inviteOpened;
  $('invite-toggle').setAttribute('aria-expanded', String(inviteOpened));
});
// Chat lines sent and not yet seen back, by message id: a refused one is given back to the input.
const unsentChat = new Map();
$('chat-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const text = $('chat-input').value.trim();
  $('chat-error').textContent = '';
  if (text) {
    const id = `chat-${nextId++}`;
    unsentChat.set(id, text);
    if (unsentChat.size > 20) unsentChat.delete(unsentChat.keys().next().value);
    send({ type: 'chat', id, text });
  }
  $('chat-input').value = '';
});
$('start-button').addEventListener('click', () => api(`/api/tables/${tableId}/start`));
$('copy-invite').addEventListener('click', () => { $('invite-url').select(); navigator.clipboard?.writeText($('invite-url').value); });

async function boot() {
  try {
    renderer = await import(`/static/games/${gameId}.js`);
    const res = await fetch(`/api/games/${gameId}/catalogue`);
    if (res.ok) catalogue = await res.json();
  } catch (err) {
    console.warn('no renderer for', gameId, err);
    renderer = null;
  }
  connect();
}
boot();
