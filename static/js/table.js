// The table client: keeps one websocket, applies snapshots and JSON patches to the view, and hands
// the view to the game's renderer. It never decides rules: it offers the legal actions the view lists.
import { applyPatch } from '/static/vendor/fast-json-patch-3.1.1/core.mjs';
import { el, canonical, namer } from '/static/js/ui.js';
import * as clocks from '/static/js/clocks.js';

const app = document.getElementById('table-app');
const tableId = app.dataset.tableId;
const gameId = app.dataset.gameId;
const userId = app.dataset.userId ? Number(app.dataset.userId) : null;
const invite = app.dataset.invite;
const $ = (id) => document.getElementById(id);

const MAX_PROMPT_BUTTONS = 24;
let table = null;       // public table info (seats, status)
let view = null;        // the current view envelope
let version = null;     // the game version of `view`
let socket = null;
let renderer = null;
let catalogue = {};
let nextId = 1;
let retry = 0;
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
  if (seat === null || seat === undefined) return 'nobody';
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

function act(action) {
  $('play-error').textContent = '';
  lastAction = action;
  send({ type: 'act', id: nextId++, version, action });
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
  else $('play-error').textContent = 'Someone moved first: the board has changed, choose again.';
}

const CLOSED_FOR_GOOD = {
  4401: 'signed out: reload the page',
  4403: 'private table: you need the invite link',
  4404: 'there is no such table',
};

function connect() {
  const params = new URLSearchParams();
  if (version !== null) params.set('v', version);
  if (invite) params.set('invite', invite);
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  socket = new WebSocket(`${proto}://${location.host}/ws/tables/${tableId}?${params}`);
  socket.onopen = () => { $('connection').textContent = 'live'; $('connection').className = 'connection live'; };
  socket.onclose = (ev) => {
    // Refused handshakes are accepted, then closed with a code (docs/protocol.md); the final ones are not retried.
    $('connection').textContent = CLOSED_FOR_GOOD[ev.code] || 'reconnecting…';
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
      version = msg.version;
      view = msg.view;
      logEl.replaceChildren();
      (msg.log || []).forEach(addLog);
      renderView();
      retryLostRace();
      break;
    case 'patch':
      if (version === null || msg.version !== version + 1) { send({ type: 'sync' }); return; }
      view = applyPatch(view, msg.ops, false, false).newDocument;
      version = msg.version;
      (msg.events || []).forEach(addLog);
      renderView();
      break;
    case 'error':
      if (msg.code === 'stale_version') { retryAfterSnapshot = true; return; }
      $('play-error').textContent = msg.message;
      $('room-error').textContent = msg.message;
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

function addLog(event) {
  logEl.append(el('li', { class: `log-${event.type || 'event'}` }, say(event.text || event.type)));
  logEl.scrollTop = logEl.scrollHeight;
}

function addChat(m) {
  const list = $('chat');
  list.append(el('li', {}, el('b', {}, m.from), ': ', m.text));
  list.scrollTop = list.scrollHeight;
}

async function api(path, body) {
  const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body || {}) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const d = data.detail;
    $('room-error').textContent = (d && d.message) || (Array.isArray(d) ? d.map((e) => e.msg).join('; ') : 'failed');
  } else $('room-error').textContent = '';
  return data;
}

function renderTable() {
  const open = table.status === 'open';
  $('table-status').textContent = { open: 'waiting for players', playing: 'in play', finished: 'finished' }[table.status];
  $('table-status').className = `status status-${table.status}`;
  $('waiting-room').hidden = !open;
  $('play-area').hidden = open;
  const isHost = userId !== null && table.host_id === userId;
  const mySeat = table.seats.find((s) => s.user_id === userId);
  if (table.invite) {
    $('invite-box').hidden = false;
    $('invite-url').value = `${location.origin}/tables/${table.id}?invite=${table.invite}`;
  }
  const seats = $('seats');
  seats.replaceChildren(...table.seats.map((s) => {
    const li = el('li', { class: 'seat', 'data-seat': s.index });
    const label = s.name ? `${s.name}${s.user_id === table.host_id ? ' (host)' : ''}` : 'empty';
    li.append(el('span', { class: s.name ? 'seat-name' : 'seat-empty' }, `Seat ${s.index + 1}: ${label}`));
    if (!open) return li;
    const empty = !s.user_id && !s.bot;
    if (empty && userId !== null && !mySeat) {
      li.append(el('button', { type: 'button', class: 'take-seat', onclick: () => api(`/api/tables/${tableId}/join`, { seat: s.index, invite: invite || null }) }, 'Take this seat'));
    }
    if (empty && isHost) {
      li.append(el('button', { type: 'button', class: 'add-bot', onclick: () => api(`/api/tables/${tableId}/bots`, { seat: s.index }) }, 'Add a bot'));
    }
    if (!empty && (isHost || s.user_id === userId)) {
      li.append(el('button', { type: 'button', class: 'free-seat', onclick: () => api(`/api/tables/${tableId}/leave`, { seat: s.index }) }, s.user_id === userId ? 'Leave' : 'Free seat'));
    }
    return li;
  }));
  const full = table.seats.every((s) => s.user_id || s.bot);
  $('start-button').hidden = !(open && isHost);
  $('start-button').disabled = !full;
  $('start-button').title = full ? '' : 'Every seat needs a player or a bot';
}

// After the end: the host opens a rematch (same game, options, bots); everyone else gets a link to it.
function rematchControl() {
  if (table.rematch_id) {
    return el('p', { class: 'rematch' }, el('a', { href: `/tables/${tableId}/rematch`, class: 'rematch-link' }, 'Play again: join the rematch'));
  }
  if (userId !== null && table.host_id === userId) {
    return el('button', {
      type: 'button', class: 'rematch-button',
      onclick: async () => {
        const data = await api(`/api/tables/${tableId}/rematch`);
        if (data.invite_url) location.href = data.invite_url;
      },
    }, 'Rematch');
  }
  return null;
}

function renderView() {
  if (!view || !table) return;
  app.dataset.version = version;  // which game version the page shows (tests and bug reports read it)
  // A tab in the background still tells its player when it is their move.
  document.title = `${view.legal.length && !view.result ? '● Your move · ' : ''}${baseTitle}`;
  // Players bar: whose turn, who is awaited.
  const isHost = userId !== null && table.host_id === userId;
  $('players').replaceChildren(...table.seats.map((s) => el('span', {
    class: `player${view.waiting.includes(s.index) ? ' awaited' : ''}${view.seat === s.index ? ' me' : ''}`,
    'data-seat': s.index,
  }, nameOf(s.index), view.waiting.includes(s.index) ? ' …' : '',
  // The host can hand a friend's seat to a bot (someone had to leave); that friend goes on watching.
  isHost && !view.result && s.user_id && s.user_id !== userId ? el('button', {
    type: 'button', class: 'hand-to-bot', title: 'A bot plays this seat from now on',
    onclick: () => { if (confirm(`Let a bot play for ${s.name}?`)) api(`/api/tables/${tableId}/bots`, { seat: s.index }); },
  }, 'bot takes over') : null)));
  clocks.render({ view, table, userId, tableId, api, nameOf });  // clocks, presence, reclaim, votes, resign
  // Prompt bar: the generic fallback listing every legal action.
  const awaited = view.waiting.filter((s) => s !== view.seat).map(nameOf);
  $('prompt-text').textContent = view.result ? 'The game is over.'
    : view.prompt ? say(view.prompt.text)
    : awaited.length ? `Waiting for ${awaited.join(', ')}.` : '';
  const label = (a) => a.label || JSON.stringify(a);
  if (view.legal.length <= MAX_PROMPT_BUTTONS) {
    $('prompt-actions').replaceChildren(...view.legal.map((a) => el('button', {
      type: 'button', class: 'legal', 'data-label': label(a), onclick: () => act(a),
    }, say(label(a)))));
  } else {  // a long list (bids of every amount, say) reads better as one menu
    const menu = el('select', { id: 'prompt-menu', 'aria-label': 'Choose an action' },
      ...view.legal.map((a, i) => el('option', { value: String(i) }, say(label(a)))));
    $('prompt-actions').replaceChildren(menu, el('button', {
      type: 'button', class: 'legal-go', onclick: () => act(view.legal[Number(menu.value)]),
    }, 'Play'));
  }
  // Result.
  if (view.result) {
    const r = view.result;
    $('result').hidden = false;
    // Best first: winners, then by score.
    const order = (r.scores || []).map((sc, i) => i).sort((a, b) =>
      ((r.winners || []).includes(b) - (r.winners || []).includes(a)) || (r.scores[b] - r.scores[a]));
    $('result').replaceChildren(el('h2', {}, 'Final scores'), el('p', {}, say(r.text || '')),
      el('ol', { class: 'scores' }, ...order.map((i) => el('li', { class: (r.winners || []).includes(i) ? 'winner' : '' },
        `${nameOf(i)}: ${r.scores[i]}${(r.winners || []).includes(i) ? ' — wins' : ''}`))),
      rematchControl());
  } else $('result').hidden = true;
  drawBoard();
}

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
    try { renderer.render(board, view, ctx); } catch (err) { console.error(err); board.textContent = `Board error: ${err}`; }
  } else {
    board.replaceChildren(el('pre', { class: 'raw-view' }, JSON.stringify(view.game, null, 1)));
  }
}
window.addEventListener('pagehide', disposeBoard);

$('chat-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const text = $('chat-input').value.trim();
  if (text) send({ type: 'chat', text });
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
