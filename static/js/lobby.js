// Lobby page: builds the options form from each game's JSON schema (with readable labels and the schema's
// descriptions as help), shows what each game is, and opens a table.
import { formatLeft, paceLabel } from '/static/js/clocks.js';

const games = JSON.parse(document.getElementById('games-data').textContent);
const form = document.getElementById('create-table');

// Schema titles are generated from field names ("Tie Goes To") and enum values are codes ("first_to_60"):
// read them as sentences ("Tie goes to", "First to 60").
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
  if (!box) return;
  const card = document.querySelector(`.game-card[data-game="${game.id}"]`);
  box.textContent = card ? card.querySelector('.game-blurb').textContent : '';
}

function resolve(schema, root) {
  if (schema && schema.$ref) return root.$defs[schema.$ref.split('/').pop()];
  if (schema && schema.anyOf) {
    const real = schema.anyOf.find((s) => s.type !== 'null');
    return { ...resolve(real, root), nullable: true, default: schema.default, title: schema.title };
  }
  return schema;
}

function optionInputs(game) {
  const box = document.getElementById('game-options');
  box.replaceChildren();
  const schema = game.options;
  for (const [name, raw] of Object.entries(schema.properties || {})) {
    const prop = { ...resolve(raw, schema), title: raw.title, default: raw.default };
    const label = document.createElement('label');
    label.className = 'option';
    label.append(`${readable(prop.title || name)} `);
    let input;
    if (name === 'first_player') {
      // Seats are numbered from 1 for people, from 0 in the game options.
      input = document.createElement('select');
      input.append(new Option('random', 'null', false, true));
      const seats = Number(form.seats.value) || game.max_players;
      for (let i = 0; i < seats; i++) input.append(new Option(`Seat ${i + 1}${i === 0 ? ' (you)' : ''}`, String(i)));
      input.dataset.kind = 'enum';
    } else if (prop.enum) {
      input = document.createElement('select');
      for (const v of prop.enum) input.append(new Option(readable(v), JSON.stringify(v), false, v === prop.default));
      if (prop.nullable) input.prepend(new Option('random', 'null', false, prop.default === null));
    } else if (prop.type === 'boolean') {
      input = document.createElement('input');
      input.type = 'checkbox';
      input.checked = Boolean(prop.default);
      label.className = 'inline';
    } else if (prop.type === 'integer') {
      input = document.createElement('input');
      input.type = 'number';
      if (prop.nullable) input.placeholder = 'random';
      if (prop.default !== null && prop.default !== undefined) input.value = prop.default;
    } else {
      input = document.createElement('input');
      input.value = prop.default ?? '';
    }
    input.name = `opt:${name}`;
    input.dataset.kind ||= prop.enum ? 'enum' : prop.type;
    label.append(input);
    // The first player's own description speaks of seat numbers from 0: the menu above says it better.
    if (prop.description && name !== 'first_player') label.append(helpText(prop.description));
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
  form.game.addEventListener('change', onGameChange);
  form.seats.addEventListener('change', () => optionInputs(games.find((g) => g.id === form.game.value)));
  onGameChange();
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const body = { game: form.game.value, seats: Number(form.seats.value), private: form.private.checked, options: readOptions(), pace: readPace() };
    const res = await fetch('/api/tables', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const data = await res.json();
    if (!res.ok) {
      document.getElementById('create-error').textContent = (data.detail && data.detail.message) || 'could not create the table';
      return;
    }
    location.href = data.invite_url;
  });
}

// Keep the table lists fresh while the page is open, so a friend's new public table shows up without a reload.
function tableRow(t) {
  const li = document.createElement('li');
  const link = document.createElement('a');
  link.href = `/tables/${t.id}`;
  link.textContent = t.title;
  const status = document.createElement('span');
  status.className = `status status-${t.status}`;
  status.textContent = t.status;
  const seated = t.seats.filter((s) => s.name).length;
  if (t.your_move) {
    // Tables awaiting you come first (the server sorts them), with the time you have left.
    const me = t.seats.find((s) => s.user_id === myId);
    const clock = t.clocks && me && t.clocks[String(me.index)];
    const ms = clock && (clock.running ? clock.left_ms - (Date.now() - loadedAt) : clock.left_ms);
    const left = clock ? ` (${formatLeft(ms)} left)` : '';
    li.className = 'awaits-you';
    li.append(Object.assign(document.createElement('span'), { className: 'your-move', textContent: `Your move${left}` }), ' · ');
  }
  li.append(link, ` · hosted by ${t.host} · `, status, ` · ${seated}/${t.seats.length} seated${t.private ? ' · private' : ''}`);
  if (t.pace && t.pace.mode !== 'relaxed') {
    li.append(' · ', Object.assign(document.createElement('span'), { className: 'pace-label', textContent: paceLabel(t.pace) }));
  }
  return li;
}

function fillList(id, tables, emptyText) {
  const box = document.getElementById(id);
  if (!box) return;
  if (!tables.length) {
    const p = document.createElement('p');
    p.className = 'muted';
    p.textContent = emptyText;
    box.replaceChildren(p);
    return;
  }
  const ul = document.createElement('ul');
  ul.className = 'tables';
  ul.append(...tables.map(tableRow));
  box.replaceChildren(ul);
}

const me = document.querySelector('.me[data-user-id]');
const myId = me ? Number(me.dataset.userId) : null;
let loadedAt = Date.now();

async function refreshTables() {
  if (document.hidden) return;
  const res = await fetch('/api/tables').catch(() => null);
  if (!res || !res.ok) return;
  const data = await res.json();
  loadedAt = Date.now();
  fillList('tables-mine', data.mine, 'None yet.');
  fillList('tables-public', data.public, 'No public table is open. Open one!');
}
setInterval(refreshTables, 10000);
