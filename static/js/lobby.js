// Lobby page: builds the options form from each game's JSON schema (its titles as labels, its descriptions as
// help, an enum's "labels" map for the choices), shows what each game is, opens a table, and keeps the table
// groups current.
import { gettext, refusalText } from '/static/js/i18n.js';

const games = JSON.parse(document.getElementById('games-data').textContent);
const form = document.getElementById('create-table');

// A game without its own titles or labels still reads as words: a field name or an enum code ("first_to_60")
// becomes a sentence ("First to 60").
function readable(code) {
  const words = String(code).replace(/_/g, ' ').trim().toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : words;
}

function helpText(text) {
  const help = document.createElement('small');
  help.className = 'help';
  help.textContent = text;
  return help;
}

function describeGame(game) {
  const box = document.getElementById('game-about');
  const about = game.minutes ? gettext('About {low}–{high} minutes.', { low: game.minutes[0], high: game.minutes[1] }) : '';
  const length = about ? ` ${about}` : '';
  box.textContent = `${game.summary || ''}${length}`;
}

function resolve(schema, root) {
  if (schema && schema.$ref) return root.$defs[schema.$ref.split('/').pop()];
  if (schema && schema.anyOf) {
    const real = schema.anyOf.find((s) => s.type !== 'null');
    return { ...resolve(real, root), nullable: true, default: schema.default, title: schema.title,
      description: schema.description };
  }
  return schema;
}

function optionInputs(game) {
  const box = document.getElementById('game-options');
  box.replaceChildren(box.querySelector('legend'));
  const schema = game.options;
  box.hidden = !Object.keys(schema.properties || {}).length;
  for (const [name, raw] of Object.entries(schema.properties || {})) {
    const prop = { ...resolve(raw, schema), title: raw.title, default: raw.default };
    const label = document.createElement('label');
    label.className = 'option';
    label.append(`${prop.title || readable(name)} `);
    let input;
    if (name === 'first_player') {
      // Seats are numbered from 1 for people, from 0 in the game options.
      input = document.createElement('select');
      input.append(new Option(gettext('Random'), 'null', false, true));
      const seats = Number(form.seats.value) || game.max_players;
      for (let i = 0; i < seats; i++) input.append(new Option(i === 0 ? gettext('Seat {number} (you)', { number: i + 1 }) : gettext('Seat {number}', { number: i + 1 }), String(i)));
      input.dataset.kind = 'enum';
    } else if (prop.enum) {
      input = document.createElement('select');
      const labels = prop.labels || {};
      for (const v of prop.enum) input.append(new Option(labels[v] || readable(v), JSON.stringify(v), false, v === prop.default));
      if (prop.nullable) input.prepend(new Option(gettext('Random'), 'null', false, prop.default === null));
    } else if (prop.type === 'boolean') {
      input = document.createElement('input');
      input.type = 'checkbox';
      input.checked = Boolean(prop.default);
      label.className = 'inline';
    } else if (prop.type === 'integer') {
      input = document.createElement('input');
      input.type = 'number';
      if (prop.nullable) input.placeholder = gettext('random');
      if (prop.default !== null && prop.default !== undefined) input.value = prop.default;
    } else {
      input = document.createElement('input');
      input.value = prop.default ?? '';
    }
    input.name = `opt:${name}`;
    input.dataset.kind ||= prop.enum ? 'enum' : prop.type;
    label.append(input);
    // The first player's own description speaks of seat numbers from 0: the menu above says it better.
    if (prop.description && name !== 'first_player') {
      const help = helpText(prop.description);
      help.id = `help-${name}`;
      input.setAttribute('aria-describedby', help.id);
      label.append(help);
    }
    box.append(label);
  }
}

function readOptions() {
  const options = {};
  for (const input of form.querySelectorAll('[name^="opt:"]')) {
    const name = input.name.slice(4);
    if (input.dataset.kind === 'enum') options[name] = JSON.parse(input.value);
    else if (input.dataset.kind === 'boolean') options[name] = input.checked;
    else if (input.dataset.kind === 'integer') options[name] = input.value === '' ? null : Number(input.value) - 0;
    else options[name] = input.value;
  }
  return options;
}

function onGameChange() {
  const game = games.find((g) => g.id === form.game.value);
  const seats = document.getElementById('seats-select');
  seats.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) seats.append(new Option(String(n), String(n)));
  optionInputs(game);
  describeGame(game);
}

// The pace form shows the fields its mode takes; the server fills in and checks the rest.
function readPace() {
  const mode = form.pace.value;
  if (mode === 'realtime') return { mode, bank_s: Number(form.bank_s.value), increment_s: Number(form.increment_s.value) };
  if (mode === 'turn_based') return { mode, deadline_h: Number(form.deadline_h.value) };
  return { mode };
}

function onPaceChange() {
  document.getElementById('pace-realtime').hidden = form.pace.value !== 'realtime';
  document.getElementById('pace-turn').hidden = form.pace.value !== 'turn_based';
}

if (form) {
  form.pace.addEventListener('change', onPaceChange);
  onPaceChange();
  for (const button of document.querySelectorAll('.choose-game')) {
    button.addEventListener('click', () => {
      form.game.value = button.dataset.game;
      onGameChange();
      form.scrollIntoView({ behavior: 'smooth', block: 'start' });
      form.game.focus();
    });
  }
  // One tap to a game against bots: the server opens the table, seats the bots and deals.
  for (const button of document.querySelectorAll('.quick-play')) {
    button.addEventListener('click', async () => {
      button.disabled = true;
      const res = await fetch('/api/tables/quick', { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game: button.dataset.game, level: document.getElementById('quick-level')?.value }) });
      const data = await res.json().catch(() => ({}));
      if (res.ok) { location.href = data.invite_url; return; }
      button.disabled = false;
      document.getElementById('create-error').textContent = refusalText(data.detail) || gettext('could not create the table');
      form.scrollIntoView({ block: 'end' });
    });
  }
  form.game.addEventListener('change', onGameChange);
  form.seats.addEventListener('change', () => optionInputs(games.find((g) => g.id === form.game.value)));
  onGameChange();
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const body = { game: form.game.value, seats: Number(form.seats.value), private: form.private.checked, options: readOptions(), pace: readPace() };
    const res = await fetch('/api/tables', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const data = await res.json();
    if (!res.ok) {
      document.getElementById('create-error').textContent = refusalText(data.detail) || gettext('could not create the table');
      return;
    }
    location.href = data.invite_url;
  });
}

// Keep the table groups fresh while the page is open, so a friend's new table or a move awaiting you shows up
// without a reload. The server renders the groups (the same template as the page), the page swaps them in.
async function refreshTables({ now = false } = {}) {
  if (document.hidden && !now) return;
  const res = await fetch('/lobby/tables').catch(() => null);
  if (!res || !res.ok) return;
  const html = await res.text();
  const box = document.getElementById('lobby-tables');
  // Swapping under a pointer or a focused link would lose a tap or the keyboard position: wait for the next round.
  // (A touch screen keeps :hover on whatever was tapped last, so only a real pointer counts.)
  const pointed = matchMedia('(hover: hover)').matches && box.matches(':hover');
  if (!now && (box.contains(document.activeElement) || pointed)) return;
  box.innerHTML = html;
}

// The host closes an idle table from its row: it leaves the lists at once.
document.getElementById('lobby-tables').addEventListener('click', async (ev) => {
  const button = ev.target.closest('.close-table');
  if (!button || !confirm(gettext('Close this table? A game not finished ends without a result.'))) return;
  button.disabled = true;
  const res = await fetch(`/api/tables/${button.dataset.tableId}/close`, { method: 'POST' });
  if (!res.ok) {
    const data = await res.json().catch(() => ({}));
    button.disabled = false;
    button.title = refusalText(data.detail) || gettext('failed');
    return;
  }
  refreshTables({ now: true });
});
setInterval(refreshTables, 10000);
