// Clocks and absent players on the table page (and time labels for the lobby): the countdown of every seat's
// time, corrected by the offset between this browser's clock and the server's; who is connected; the buttons to
// take a seat back from a bot, to vote a bot into an absent player's seat and to resign; and the signs of a
// pending move (tab title, favicon, an optional sound and an optional notification while the tab is hidden).
// The server decides everything: this module only draws what the view and the table say and calls the routes.
import { el } from '/static/js/ui.js';
import { gettext, ngettext } from '/static/js/i18n.js';

let offsetMs = 0;        // server time minus browser time
let pingSentAt = null;   // Date.now() when our clock ping left
let state = null;        // the latest {view, table, userId, ...} handed to render()
let ticker = null;
let wasMyMove = false;
const PING_ID = 'clock';
const LOW_MS = 10_000;
const PREFS = 'boardhall.alerts';

export const serverNow = () => Date.now() + offsetMs;

// "4:05", "0:09", "2 h 10 min", "3 d 4 h": a clock reads best at the precision that matters for its size.
export function formatLeft(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86400) return gettext('{days} d {hours} h', { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600) });
  if (s >= 3600) return gettext('{hours} h {minutes} min', { hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60) });
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function paceLabel(pace) {
  if (!pace || pace.mode === 'relaxed') return gettext('relaxed (no clock)');
  if (pace.mode === 'realtime') {
    const bank = pace.bank_s >= 60 && pace.bank_s % 60 === 0 ? gettext('{n} min', { n: pace.bank_s / 60 })
      : gettext('{n} s', { n: pace.bank_s });
    return pace.increment_s ? gettext('real time: {bank} + {n} s a move', { bank, n: pace.increment_s })
      : gettext('real time: {bank}', { bank });
  }
  return gettext('turn-based: {n} h a move', { n: pace.deadline_h });
}

// Time left for a seat at this moment, from {left_ms, running} measured at server time `at`.
export function leftNow(clock, at) {
  return clock.running ? clock.left_ms - (serverNow() - at) : clock.left_ms;
}

// Every message passes here first: snapshots and pongs carry the server's time. A snapshot's is late by the
// trip down; our own ping's answer is corrected by half the round trip, and is the one we trust.
export function onMessage(msg, send) {
  if (msg.type === 'snapshot' && typeof msg.now === 'number') {
    if (pingSentAt === null) offsetMs = msg.now - Date.now();
    pingSentAt = Date.now();
    send({ type: 'ping', id: PING_ID });
  } else if (msg.type === 'pong' && msg.id === PING_ID && pingSentAt !== null && typeof msg.now === 'number') {
    const rtt = Date.now() - pingSentAt;
    offsetMs = msg.now + rtt / 2 - Date.now();
  }
}

// Called by the table client after it has drawn the players bar: ctx = {view, table, userId, tableId, api, nameOf}.
export function render(ctx) {
  state = ctx;
  const { view, table } = ctx;
  if (!view || !table) return;
  const playing = table.status === 'playing' && !view.result;
  for (const node of document.querySelectorAll('#players .player[data-seat]')) {
    const seat = Number(node.dataset.seat);
    const s = table.seats[seat];
    if (s && s.user_id) {
      node.append(el('span', {
        class: `presence ${s.connected ? 'presence-on' : 'presence-off'}`,
        title: s.connected ? gettext('connected') : gettext('away'),
        role: 'img', 'aria-label': s.connected ? gettext('connected') : gettext('away'),
      }));
    }
    const clock = view.clocks && view.clocks[String(seat)];
    if (clock && playing && !(s && s.bot)) node.append(el('span', { class: 'clock', 'data-seat': seat }));
  }
  renderPanel(ctx, playing);
  tick();
  if (!ticker) ticker = setInterval(tick, 250);
  signalMove(ctx, playing && view.legal.length > 0);
}

function tick() {
  if (!state || !state.view) return;
  const { view } = state;
  for (const node of view.clocks ? document.querySelectorAll('#players .clock[data-seat]') : []) {
    const clock = view.clocks[node.dataset.seat];
    if (!clock) continue;
    const left = leftNow(clock, view.clock_at);
    node.textContent = formatLeft(left);
    node.classList.toggle('running', clock.running);
    node.classList.toggle('low', clock.running && left < LOW_MS);
  }
  // A vote opens when an absent player's grace period ends: redraw the panel then, not only on messages.
  const panel = document.getElementById('clock-panel');
  if (panel && panel.dataset.voteOpensAt && serverNow() >= Number(panel.dataset.voteOpensAt)) {
    renderPanel(state, state.table.status === 'playing' && !state.view.result);
  }
}

function renderPanel(ctx, playing) {
  const panel = document.getElementById('clock-panel');
  if (!panel) return;
  const { table, userId, tableId, api, nameOf } = ctx;
  const parts = [];
  const mine = table.seats.find((s) => s.user_id === userId);
  const lent = table.seats.find((s) => s.away_user_id === userId && userId !== null);
  let opensAt = null;
  if (table.pace && table.pace.mode !== 'relaxed') parts.push(el('p', { class: 'pace' }, gettext('Pace: {pace}', { pace: paceLabel(table.pace) })));
  if (playing && lent && !mine) {
    parts.push(el('p', { class: 'reclaim' }, gettext('A bot is playing your seat while you were away.'), ' ',
      el('button', { type: 'button', class: 'reclaim-button', onclick: () => api(`/api/tables/${tableId}/reclaim`) },
        gettext('Take my seat back'))));
  }
  if (playing && mine) {
    for (const s of table.seats) {
      if (!s.user_id || s.user_id === userId || s.connected) continue;
      const opens = s.absent_since_ms + table.absent_grace_s * 1000;
      if (serverNow() < opens) {
        opensAt = opensAt === null ? opens : Math.min(opensAt, opens);
        parts.push(el('p', { class: 'absent' }, gettext('{name} is away.', { name: s.name })));
        continue;
      }
      parts.push(el('p', { class: 'absent' }, gettext('{name} is away.', { name: s.name }), ' ',
        el('button', {
          type: 'button', class: 'vote-button', 'data-seat': s.index,
          onclick: () => api(`/api/tables/${tableId}/vote`, { seat: s.index }),
        }, s.votes ? ngettext('Let a bot play for {name} ({n} vote so far)', 'Let a bot play for {name} ({n} votes so far)', s.votes, { name: s.name })
          : gettext('Let a bot play for {name}', { name: s.name }))));
    }
    parts.push(el('p', { class: 'resign' }, el('button', {
      type: 'button', class: 'resign-button',
      onclick: () => { if (confirm(gettext('Resign? A bot plays your seat to the end and the result records it.'))) api(`/api/tables/${tableId}/resign`); },
    }, gettext('Resign'))));
  }
  if (playing && mine) parts.push(alertToggles());
  const resigned = (ctx.view.result && ctx.view.result.resigned) || [];
  if (resigned.length) parts.push(el('p', { class: 'resigned' }, gettext('Resigned: {players}', { players: resigned.map(nameOf).join(', ') })));
  panel.dataset.voteOpensAt = opensAt === null ? '' : String(opensAt);
  panel.replaceChildren(...parts);
  panel.hidden = parts.length === 0;
}

// ---- a pending move: title, favicon, sound, notification -------------------------------------------------------
function prefs() {
  try { return JSON.parse(localStorage.getItem(PREFS)) || {}; } catch { return {}; }
}

function alertToggles() {
  const p = prefs();
  const toggle = (key, text, onEnable) => el('label', { class: 'inline alert-toggle' },
    el('input', {
      type: 'checkbox', checked: Boolean(p[key]),
      onchange: (ev) => {
        localStorage.setItem(PREFS, JSON.stringify({ ...prefs(), [key]: ev.target.checked }));
        if (ev.target.checked && onEnable) onEnable();
      },
    }), ` ${text}`);
  const canNotify = 'Notification' in window;
  return el('p', { class: 'alerts' }, toggle('sound', gettext('Sound on my move')),
    canNotify ? toggle('notify', gettext('Notify me when the tab is hidden'), () => Notification.requestPermission()) : null);
}

function favicon(pending) {
  let link = document.querySelector('link[rel=icon]');
  if (!link) { link = el('link', { rel: 'icon' }); document.head.append(link); }
  const dot = pending ? '<circle cx="24" cy="8" r="7" fill="%23d33"/>' : '';
  link.href = `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="3" y="7" width="22" height="22" rx="4" fill="%23356"/>${dot}</svg>`;
  link.dataset.pending = pending ? '1' : '0';
}

function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
  } catch { /* no audio here: the title and favicon still say it */ }
}

function signalMove(ctx, myMove) {
  favicon(myMove);
  if (myMove && !wasMyMove && document.hidden) {
    const p = prefs();
    if (p.sound) beep();
    if (p.notify && 'Notification' in window && Notification.permission === 'granted') {
      const yourMove = gettext('Your move');
      const mark = `● ${yourMove} · `;
      const body = document.title.startsWith(mark) ? document.title.slice(mark.length) : document.title;
      new Notification(gettext('Your move'), { body, tag: `move-${ctx.tableId}` });
    }
  }
  wasMyMove = myMove;
}
