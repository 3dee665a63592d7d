// Lobby page: builds the options form from each game's JSON schema and opens a table.
const games = JSON.parse(document.getElementById('games-data').textContent);
const form = document.getElementById('create-table');

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
    label.append(`${name === 'first_player' ? 'First player' : prop.title || name} `);
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
      for (const v of prop.enum) input.append(new Option(String(v), JSON.stringify(v), false, v === prop.default));
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
}

if (form) {
  form.game.addEventListener('change', onGameChange);
  form.seats.addEventListener('change', () => optionInputs(games.find((g) => g.id === form.game.value)));
  onGameChange();
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const body = { game: form.game.value, seats: Number(form.seats.value), private: form.private.checked, options: readOptions() };
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
  li.append(link, ` · hosted by ${t.host} · `, status, ` · ${seated}/${t.seats.length} seated${t.private ? ' · private' : ''}`);
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

async function refreshTables() {
  if (document.hidden) return;
  const res = await fetch('/api/tables').catch(() => null);
  if (!res || !res.ok) return;
  const data = await res.json();
  fillList('tables-mine', data.mine, 'None yet.');
  fillList('tables-public', data.public, 'No public table is open. Open one!');
}
setInterval(refreshTables, 10000);
