// The "waiting for you" page: the list the per-person socket sends (static/js/me.js), drawn again at each change,
// with each clock counting down; and the switch for browser notifications (shared with the table page's).
import { el, levelTag, playerName } from '/static/js/ui.js';
import { gettext, lang } from '/static/js/i18n.js';
import { formatLeft } from '/static/js/clocks.js';
import { describe, latest } from '/static/js/me.js';

const PREFS = 'boardhall.alerts';
const list = document.getElementById('waiting-list');
const titles = JSON.parse(list.dataset.titles || '{}');
let frame = null;
let receivedAt = 0;

// "with Ann and Ada (bot) [hard]": the reader's list words around names, a bot's level as the tag tables show.
function opponents(entry) {
  if (!entry.opponents.length) return [];
  const levels = entry.opponent_levels || [];
  const [before, after] = gettext('with {names}', { names: '\u0001' }).split('\u0001');
  const parts = new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' })
    .formatToParts(entry.opponents.map((_, i) => String(i)));
  return [before, ...parts.flatMap((part) => {
    if (part.type !== 'element') return [part.value];
    const i = Number(part.value);
    return levels[i] ? [playerName(entry.opponents[i], true), ' ', levelTag(levels[i])] : [entry.opponents[i]];
  }), after || ''];
}

function draw(next) {
  frame = next;
  receivedAt = Date.now();
  list.replaceChildren(...next.tables.map((entry) => el('li', { dataset: { table: entry.table, why: entry.why } },
    el('span', { class: 'waiting-game' }, titles[entry.game] || entry.title),
    el('span', { class: 'waiting-why' }, describe(entry)),
    el('span', { class: 'waiting-with' }, ...opponents(entry)),
    el('span', { class: 'waiting-left', dataset: { left: entry.left_ms ?? '' } }),
    el('a', { class: 'waiting-go', href: entry.url }, entry.why === 'invited' ? gettext('Join') : gettext('Play')))));
  document.getElementById('waiting-empty').hidden = next.tables.length > 0;
  tick();
}

function tick() {
  if (!frame) return;
  for (const span of list.querySelectorAll('.waiting-left')) {
    if (span.dataset.left === '') continue;
    const left = Number(span.dataset.left) - (Date.now() - receivedAt);
    span.textContent = gettext('{time} left', { time: formatLeft(left) });
    span.classList.toggle('short', left < 3600_000);
  }
}

window.addEventListener('hall:waiting', (ev) => draw(ev.detail));
if (latest) draw(latest);
setInterval(tick, 1000);

// ---- notifications -----------------------------------------------------------------------------------------------
const toggle = document.getElementById('notify-toggle');
const stateLine = document.getElementById('notify-state');

function prefs() {
  try { return JSON.parse(localStorage.getItem(PREFS)) || {}; } catch { return {}; }
}

function showState() {
  if (!('Notification' in window)) {
    toggle.disabled = true;
    stateLine.textContent = gettext('This browser cannot show notifications.');
  } else if (Notification.permission === 'denied') {
    stateLine.textContent = gettext('Notifications are blocked for this site in your browser settings.');
  } else {
    stateLine.textContent = '';
  }
}

toggle.checked = Boolean(prefs().notify);
toggle.addEventListener('change', async () => {
  localStorage.setItem(PREFS, JSON.stringify({ ...prefs(), notify: toggle.checked }));
  if (toggle.checked && 'Notification' in window && Notification.permission === 'default') {
    await Notification.requestPermission();
  }
  showState();
});
showState();
