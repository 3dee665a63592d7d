// The replay client: asks the server for one version of a finished game from one point of view
// (GET /api/tables/{id}/replay, docs/protocol.md) and hands each view to the game's own renderer, as the table
// page does. Stepping forward one move lets the renderer animate what moved (FLIP); jumps redraw in place. The
// address bar always holds a link to what is shown (?seat=&v=), so it can be shared.
import { el, icon, namer, forgetMoves, playerName, levelTag, CARD_NAMES } from '/static/js/ui.js';
import { fitWords } from '/static/js/fit.js';
import { gettext, lang, ngettext, refusalText, shown as inLanguage } from '/static/js/i18n.js';

const app = document.getElementById('replay-app');
const tableId = app.dataset.tableId;
const gameId = app.dataset.gameId;
const invite = app.dataset.invite;
const $ = (id) => document.getElementById(id);

let renderer = null;
let catalogue = {};
let frame = null;         // the last answer of the replay API
let players = [];         // [{seat, name, bot}]
let stepping = false;     // a request is on its way
let animate = false;      // the frame being drawn is one move after the one shown before
const params = new URLSearchParams(location.search);
let seat = params.get('seat') || 'spectator';
// A replay starts at the first move (the story from its beginning); a link beside the controls jumps to the end.
let version = params.has('v') ? Number(params.get('v')) : Math.min(1, Number(app.dataset.lastVersion));

// What a renderer gets besides the view, as on the table page. Names say "you" for the seat whose view it is;
// with every card open, where no one is "you", every name is written out.
function contextFor(viewSeat) {
  const me = frame && frame.seat === 'open' ? null : viewSeat;
  const names = () => namer(players.map((p) => ({ seat: p.seat, name: p.name, bot: p.bot })), me);
  return {
    seat: viewSeat,
    get players() { return players.map((p) => ({ seat: p.seat, name: p.name, bot: p.bot })); },
    get catalogue() { return catalogue; },
    get othersMoved() { return animate; },
    act() {},  // a replay only shows: nothing is sent
    name: (s, opts) => names().name(s, opts),
    possessive: (s, opts) => names().possessive(s, opts),
    list: (seats) => names().list(seats),
    say: (text) => names().say(text),
    nameOf: (s) => (s === null || s === undefined ? gettext('nobody') : names().name(s, { capital: true })),
    words: (text) => names().say(text),
    el,
  };
}

// A replay offers no moves: the renderer gets the view without its legal actions, so nothing looks clickable.
function shown(view) {
  return { ...view, legal: [] };
}

function link(v = version, s = seat) {
  const q = new URLSearchParams();
  if (s !== 'spectator') q.set('seat', s);
  q.set('v', String(v));
  if (invite) q.set('invite', invite);
  return `${location.pathname}?${q}`;
}

async function load(v, { forward = false } = {}) {
  if (stepping) return;
  stepping = true;
  try {
    const q = new URLSearchParams({ seat, v: String(v) });
    if (invite) q.set('invite', invite);
    const res = await fetch(`/api/tables/${tableId}/replay?${q}`);
    const data = await res.json().catch(() => ({}));
    if (!res.ok) {
      $('replay-prompt').textContent = refusalText(data.detail) || gettext('The replay could not be loaded.');
      return;
    }
    animate = forward;
    frame = data;
    players = data.players;
    version = data.version;
    history.replaceState(null, '', link());
    draw();
  } finally {
    stepping = false;
  }
}

function sayFor(viewSeat, text) {
  return contextFor(viewSeat).say(text || '');
}

function viewSeat() {
  return frame.seat === 'open' ? null : frame.seat;
}

function draw() {
  app.dataset.version = String(frame.version);
  app.dataset.seat = String(frame.seat === null ? 'spectator' : frame.seat);
  const views = frame.seat === 'open' ? frame.views : [frame.view];
  if (!animate) forgetMoves();
  drawBoards(views);
  drawControls();
  drawPlayers(views[0]);
  drawResult(views[0]);
  drawLog();
  const lead = views[0];
  const awaited = lead.waiting.length ? contextFor(viewSeat()).list(lead.waiting) : '';
  const toMove = awaited ? gettext('{players} to move.', { players: awaited }) : '';
  $('replay-prompt').textContent = lead.result ? gettext('The game is over.')
    : toMove ? `${toMove.charAt(0).toUpperCase()}${toMove.slice(1)}` : '';
}

let boardKey = null;  // which audience the boards were drawn for: another one starts from empty boards

function drawBoards(views) {
  const key = String(frame.seat);
  const boards = $('boards');
  if (key !== boardKey) {
    for (const node of boards.querySelectorAll('.board')) {
      if (renderer && typeof renderer.dispose === 'function') {
        try { renderer.dispose(node, contextFor(null)); } catch (err) { console.error(err); }
      }
    }
    boards.replaceChildren(...views.map((v) => {
      const box = el('section', { class: 'replay-seat-board', dataset: { seat: v.seat === null ? 'spectator' : v.seat } });
      if (frame.seat === 'open') box.append(el('h2', {}, lang === 'en' ? `${nameOfPlayer(v.seat)}'s cards` : gettext('Cards of {player}', { player: nameOfPlayer(v.seat) })));
      box.append(el('div', { class: 'board' }));
      return box;
    }));
    boardKey = key;
  }
  const roots = boards.querySelectorAll('.board');
  views.forEach((v, i) => {
    const root = roots[i];
    if (renderer) {
      try { renderer.render(root, shown(v), contextFor(v.seat)); fitWords(root, CARD_NAMES); } catch (err) { console.error(err); root.textContent = gettext('Board error: {error}', { error: String(err) }); }
    } else {
      root.replaceChildren(el('pre', { class: 'raw-view' }, JSON.stringify(v.game, null, 1)));
    }
  });
}

function nameOfPlayer(s) {
  const p = players.find((x) => x.seat === s);
  return p ? playerName(p.name, p.bot) : gettext('Seat {number}', { number: s + 1 });
}

function drawControls() {
  const last = frame.last_version;
  const v = frame.version;
  $('step-slider').max = String(last);
  $('step-slider').value = String(v);
  const turn = frame.turns.filter((t) => t <= v).length;
  $('step-label').textContent = v === 0 ? ngettext('The deal · {n} move', 'The deal · {n} moves', last)
    : gettext('Move {move} of {moves} · turn {turn} of {turns}', { move: v, moves: last, turn, turns: frame.turns.length });
  $('step-first').disabled = v === 0;
  $('step-back').disabled = v === 0;
  $('step-turn-back').disabled = v === 0;
  $('step-forward').disabled = v === last;
  $('step-turn-forward').disabled = v === last;
  $('step-last').disabled = v === last;
  $('to-end').hidden = v === last;
  const select = $('seat-select');
  if (!select.options.length) {
    select.append(new Option(gettext('a spectator'), 'spectator'));
    for (const p of players) select.append(new Option(gettext('{name} (seat {number})', { name: playerName(p.name, p.bot), number: p.seat + 1 }), String(p.seat)));
    select.append(new Option(gettext('everyone: every card open'), 'open'));
  }
  select.value = frame.seat === null ? 'spectator' : String(frame.seat);
}

function drawPlayers(view) {
  const ctx = contextFor(viewSeat());
  let stats = [];
  if (renderer && typeof renderer.summary === 'function') {
    try { stats = renderer.summary(view, ctx) || []; } catch (err) { console.error(err); }
  }
  const winners = (view.result && view.result.winners) || [];
  $('players').replaceChildren(el('h2', {}, gettext('Players')), el('ol', { class: 'player-list' }, players.map((p) => {
    const bits = stats[p.seat] || [];
    const awaited = view.waiting.includes(p.seat);
    return el('li', { class: ['player', awaited && 'awaited', winners.includes(p.seat) && 'winner'], 'data-seat': p.seat },
      el('span', { class: 'player-name' }, winners.includes(p.seat) ? icon('crown', { title: gettext('winner') }) : null,
        ctx.nameOf(p.seat), p.bot ? icon('robot', { title: gettext('a bot') }) : null,
        p.bot && p.level ? levelTag(p.level) : null),
      awaited ? el('span', { class: 'player-turn' }, icon('clock'), ' ', gettext('to move')) : null,
      bits.length ? el('span', { class: 'player-score' }, bits[0]) : null,
      bits.length > 1 ? el('span', { class: 'player-more' }, bits.slice(1).join(' · ')) : null);
  })));
}

function drawResult(view) {
  const r = view.result;
  if (!r) { $('result').hidden = true; return; }
  const ctx = contextFor(viewSeat());
  const winners = r.winners || [];
  const order = (r.scores || []).map((sc, i) => i).sort((a, b) => (winners.includes(b) - winners.includes(a)) || (r.scores[b] - r.scores[a]));
  $('result').replaceChildren(el('h2', {}, gettext('Final scores')), el('p', { class: 'result-text' }, ctx.say(inLanguage(r))),
    el('ol', { class: 'scores' }, order.map((i) => el('li', { class: winners.includes(i) ? 'winner' : '' },
      winners.includes(i) ? icon('crown', { title: gettext('winner') }) : null, ` ${ctx.nameOf(i)}: ${r.scores[i]}`))));
  $('result').hidden = false;
}

function drawLog() {
  const log = $('log');
  const current = frame.events.length;
  const lines = frame.log.map((e, i) => el('li', {
    class: [`log-${e.type || 'event'}`, i >= frame.log.length - current && 'log-current'],
  }, sayFor(viewSeat(), inLanguage(e) || e.type)));
  log.replaceChildren(...lines);
  log.scrollTop = log.scrollHeight;
}

function step(delta) {
  if (!frame) return;
  const target = Math.max(0, Math.min(frame.last_version, frame.version + delta));
  if (target !== frame.version) load(target, { forward: delta === 1 });
}

// A turn starts at each version listed in frame.turns (someone new is asked to decide there): forward goes to
// the next start (or the end), back to the start before the version shown (or the deal).
function stepTurn(direction) {
  if (!frame) return;
  const v = frame.version;
  const target = direction > 0
    ? Math.min(frame.last_version, ...frame.turns.filter((t) => t > v))
    : Math.max(0, ...frame.turns.filter((t) => t < v));
  if (target !== v) load(target, { forward: target === v + 1 });
}

$('step-first').addEventListener('click', () => load(0));
$('step-last').addEventListener('click', () => frame && load(frame.last_version));
$('to-end').addEventListener('click', (ev) => { ev.preventDefault(); if (frame) load(frame.last_version); });
$('step-back').addEventListener('click', () => step(-1));
$('step-forward').addEventListener('click', () => step(1));
$('step-turn-back').addEventListener('click', () => stepTurn(-1));
$('step-turn-forward').addEventListener('click', () => stepTurn(1));
$('step-slider').addEventListener('change', (ev) => load(Number(ev.target.value)));
$('seat-select').addEventListener('change', (ev) => { seat = ev.target.value; load(version); });
$('copy-link').addEventListener('click', () => {
  const url = location.origin + link();
  navigator.clipboard?.writeText(url);
  $('copy-link').textContent = gettext('Link copied');
  setTimeout(() => { $('copy-link').textContent = gettext('Copy link'); }, 1500);
});
document.addEventListener('keydown', (ev) => {
  if (ev.target.closest('input, select, textarea')) return;
  if (ev.key === 'ArrowRight') { ev.preventDefault(); if (ev.shiftKey) stepTurn(1); else step(1); }
  else if (ev.key === 'ArrowLeft') { ev.preventDefault(); if (ev.shiftKey) stepTurn(-1); else step(-1); }
  else if (ev.key === 'Home') load(0);
  else if (ev.key === 'End' && frame) load(frame.last_version);
});

async function boot() {
  try {
    renderer = await import(`/static/games/${gameId}.js`);
    const res = await fetch(`/api/games/${gameId}/catalogue`);
    if (res.ok) catalogue = await res.json();
  } catch (err) {
    console.warn('no renderer for', gameId, err);
    renderer = null;
  }
  load(version);
}
boot();
