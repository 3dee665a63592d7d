// Every page of the hall: the service worker (the hall can be installed on a phone, with an offline page), and for a
// signed-in person their own light socket, /ws/me (docs/protocol.md, "The per-person socket"), which says what
// waits for them: the badge in the header, the "waiting for you" page, and a browser notification when a new table
// waits while the tab is hidden (with the table page's "Notify me when the tab is hidden" switched on).
// Other pages hear each list as a `hall:waiting` event on window ({detail: the waiting frame}).
import { gettext, joinWords } from '/static/js/i18n.js';

const PREFS = 'boardhall.alerts';  // the table page's alert switches (static/js/clocks.js)
const CLOSED_FOR_GOOD = new Set([4401, 4403, 4429]);

if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js').catch(() => { /* no worker here: the hall works as before */ });
}

export let latest = null;  // the last waiting frame, for pages that load after it came
let known = null;          // "table:why" of the entries already seen: only new ones notify
let retry = 0;

function prefs() {
  try { return JSON.parse(localStorage.getItem(PREFS)) || {}; } catch { return {}; }
}

export function describe(entry) {
  return entry.why === 'invited'
    ? gettext('{name} invites you to a table', { name: entry.from })
    : gettext('Your move');
}

function notify(entry) {
  if (!document.hidden || !prefs().notify) return;
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  const opponents = entry.opponents.length ? ` · ${joinWords(entry.opponents)}` : '';
  // The same tag as the table page's own notification: the browser shows one, not two.
  const note = new Notification(describe(entry), { body: `${entry.title}${opponents}`, tag: `move-${entry.table}` });
  note.onclick = () => { window.focus(); location.href = entry.url; };
}

function show(frame) {
  latest = frame;
  const badge = document.getElementById('waiting-count');
  if (badge) {
    badge.textContent = String(frame.count);
    badge.hidden = frame.count === 0;
    badge.title = gettext('tables waiting for you');
  }
  const requests = document.getElementById('friend-requests');
  if (requests) {
    requests.textContent = String(frame.friend_requests);
    requests.hidden = !frame.friend_requests;
    requests.title = gettext('friend requests to answer');
  }
  const keys = frame.tables.map((t) => `${t.table}:${t.why}`);
  if (known !== null) frame.tables.filter((t, i) => !known.has(keys[i])).forEach(notify);
  known = new Set(keys);
  window.dispatchEvent(new CustomEvent('hall:waiting', { detail: frame }));
}

function connect() {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  const socket = new WebSocket(`${proto}://${location.host}/ws/me`);
  let pinger = null;
  socket.onopen = () => { pinger = setInterval(() => socket.send('{"type":"ping"}'), 45_000); };
  socket.onmessage = (ev) => {
    retry = 0;
    const frame = JSON.parse(ev.data);
    if (frame.type === 'waiting') show(frame);
  };
  socket.onclose = (ev) => {
    clearInterval(pinger);
    if (CLOSED_FOR_GOOD.has(ev.code)) return;
    setTimeout(connect, Math.min(30_000, 500 * 2 ** retry++));
  };
}

if (document.querySelector('.me[data-user-id]')) connect();
