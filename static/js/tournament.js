// Tournament pages: the organise form on /tournaments, and the live tournament page (standings, rounds, players).
import { el, playerName } from '/static/js/ui.js';
import { gettext, refusalText, shown } from '/static/js/i18n.js';

// Status words the server sends, written out so the catalogue extraction finds them.
const STATUS_WORDS = {
  registering: () => gettext('registering'), running: () => gettext('running'), finished: () => gettext('finished'),
  open: () => gettext('open'), playing: () => gettext('playing'),
};
const statusWord = (status) => (STATUS_WORDS[status] ? STATUS_WORDS[status]() : status);

async function post(url, body) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body || {}) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(refusalText(data.detail) || gettext('the server said {status}', { status: res.status }));
  return data;
}

// ---- /tournaments: organise one -------------------------------------------------------------------------------
const form = document.getElementById('create-tournament');
if (form) {
  const variantRow = document.getElementById('variant-row');
  // Table sizes stay within what the chosen game seats (Tally seats 5 at most: a table of 6 is refused).
  const syncGame = () => {
    variantRow.hidden = form.game.value !== 'goldrush';
    const chosen = form.game.selectedOptions[0];
    const low = Math.max(2, Number(chosen.dataset.min)), high = Number(chosen.dataset.max);
    for (const input of [form.min_size, form.max_size]) {
      input.min = String(low);
      input.max = String(high);
      input.value = String(Math.min(high, Math.max(low, Number(input.value))));
    }
  };
  form.game.addEventListener('change', syncGame);
  syncGame();
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const body = {
      name: form.name.value, game: form.game.value, rounds: Number(form.rounds.value),
      min_size: Number(form.min_size.value), max_size: Number(form.max_size.value), private: form.private.checked,
      options: form.game.value === 'goldrush' ? { variant: form.variant.value } : {},
      registration_closes_at: form.closes.value ? new Date(form.closes.value).toISOString() : null,
    };
    try {
      const made = await post('/api/tournaments', body);
      location.href = made.url;
    } catch (err) {
      document.getElementById('create-error').textContent = err.message;
    }
  });
}

// ---- /tournaments/{id}: the live page --------------------------------------------------------------------------
const dataNode = document.getElementById('tournament-data');
if (dataNode) {
  let t = JSON.parse(dataNode.textContent);
  const viewer = JSON.parse(document.getElementById('viewer-data').textContent);
  const base = `/api/tournaments/${t.id}`;
  const errorBox = document.getElementById('t-error');

  // Standings and seatings name entrants by id; the entrant says whether a bot plays (its name then ends in "(bot)").
  const shownName = (entrantId, name) => playerName(name, t.entrants.some((e) => e.id === entrantId && e.bot));

  const run = (url, body) => async () => {
    errorBox.textContent = '';
    try {
      t = await post(url, body);
      draw();
    } catch (err) {
      errorBox.textContent = err.message;
    }
  };

  function actions() {
    const out = [];
    const organiser = viewer.user_id === t.organiser_id;
    const mine = t.entrants.find((e) => e.user_id === viewer.user_id && viewer.user_id !== null);
    if (t.registration_open && viewer.user_id !== null) {
      out.push(mine
        ? el('button', { class: 'unregister', onclick: run(`${base}/unregister`) }, gettext('Unregister'))
        : el('button', { class: 'register', onclick: run(`${base}/register`, { invite: viewer.invite || null }) }, gettext('Register')));
    }
    if (organiser && t.status === 'registering') {
      const count = el('input', { type: 'number', min: '1', max: '64', value: '1', class: 'bot-count', 'aria-label': gettext('bots to add') });
      out.push(el('span', {}, count, el('button', { class: 'add-bots', onclick: () => run(`${base}/bots`, { count: Number(count.value) })() }, gettext('Add bots'))));
      if (t.registration_open) out.push(el('button', { class: 'close-registration', onclick: run(`${base}/close_registration`) }, gettext('Close registration')));
      out.push(el('button', { class: 'start', onclick: run(`${base}/start`) }, gettext('Start round 1')));
    }
    if (t.status === 'registering') {
      out.push(el('span', { class: 'muted' }, t.registration_open
        ? (t.registration_closes_at ? gettext('Registration closes {when}.', { when: new Date(t.registration_closes_at).toLocaleString() }) : gettext('Registration is open.'))
        : gettext('Registration is closed.')));
    }
    if (t.status === 'running') out.push(el('span', {}, gettext('Round {round} of {rounds} is being played.', { round: t.round, rounds: t.rounds })));
    if (t.status === 'finished') {
      const best = t.standings.filter((r) => r.rank === 1).map((r) => shownName(r.entrant, r.name));
      out.push(el('b', { class: 'champion' }, best.length === 1 ? gettext('Finished: {name} wins.', { name: best[0] }) : gettext('Finished: {names} share the win.', { names: best.join(', ') })));
    }
    return out;
  }

  function standings() {
    if (!t.standings.length) return el('p', { class: 'muted' }, gettext('Nobody has registered yet.'));
    const rounds = Array.from({ length: t.rounds }, (_, i) => el('th', { title: gettext('Round {number}', { number: i + 1 }) },
      gettext('R{number}', { number: i + 1 })));
    const head = el('tr', {}, el('th', {}, '#'), el('th', {}, gettext('Player')), ...rounds, el('th', {}, gettext('Total')),
      el('th', { title: gettext('coins at the ends of the games') }, gettext('Coins')), el('th', {}, gettext('Wins')));
    const rows = t.standings.map((r) => {
      const me = t.entrants.find((e) => e.id === r.entrant && e.user_id === viewer.user_id && viewer.user_id !== null);
      return el('tr', { class: me ? 'me' : '' }, el('td', {}, String(r.rank)),
        el('td', {}, shownName(r.entrant, r.name) + (r.dropped ? ' ' + gettext('(dropped)') : '')),
        ...r.rounds.map((p) => el('td', {}, p === null ? '–' : String(p))),
        el('td', {}, el('b', {}, String(r.total))), el('td', {}, String(r.coins)), el('td', {}, String(r.wins)));
    });
    return el('div', { class: 'standings-wrap' }, el('table', { class: 'standings' }, el('thead', {}, head), el('tbody', {}, ...rows)),
      el('p', { class: 'muted' }, gettext('Ties: total coins, then games won, then head to head.')));
  }

  function rounds() {
    if (!t.seating.length) return el('p', { class: 'muted' }, gettext('The seating of round 1 appears when the organiser starts.'));
    const organiser = viewer.user_id === t.organiser_id;
    return el('div', {}, ...[...t.seating].reverse().map((r) => el('div', { class: 'round', 'data-round': String(r.round) },
      el('h3', {}, gettext('Round {round}', { round: r.round }) + ' ', el('a', { href: `/tournaments/${t.id}/rounds/${r.round}/sheet`, class: 'muted' }, gettext('printable sheet'))),
      ...r.notes.map((n, i) => el('p', { class: 'muted' }, shown({ text: n, say: r.notes_say?.[i] }))),
      el('div', { class: 'round-tables' }, ...r.tables.map((table) => {
        const mine = table.seats.some((s) => t.entrants.find((e) => e.id === s.entrant && e.user_id === viewer.user_id && viewer.user_id !== null));
        const items = table.seats.map((s, i) => el('li', {}, shownName(s.entrant, s.name), table.points ? el('b', {}, ` ${table.points[i]}`) : ''));
        const parts = [el('b', {}, gettext('Table {number}', { number: table.index + 1 }) + ' '), el('span', { class: `status status-${table.status}` }, table.points ? gettext('recorded') : statusWord(table.status)),
          el('ol', {}, ...items)];
        if (table.table_id && !table.points) parts.push(el('a', { href: `/tables/${table.table_id}`, class: mine ? 'play-link' : 'watch-link' }, mine ? gettext('Play your table') : gettext('Watch')));
        if (organiser && !table.points && r.round === t.round) {
          // Ends a game others may still be playing: a secondary button, and asked once more.
          const close = run(`${base}/rounds/${r.round}/tables/${table.index}/close`);
          parts.push(el('button', { class: 'close-table tool', title: gettext('record the points as they stand now'),
            onclick: () => { if (confirm(gettext('Close table {number} and record the points as they stand now?', { number: table.index + 1 }))) close(); } },
            gettext('Close with current points')));
        }
        return el('div', { class: `round-table${mine ? ' mine' : ''}` }, ...parts);
      })))));
  }

  function entrants() {
    const organiser = viewer.user_id === t.organiser_id;
    if (!t.entrants.length) return el('p', { class: 'muted' }, gettext('Nobody yet.'));
    return el('ul', { class: 'tables' }, ...t.entrants.map((e) => el('li', {}, playerName(e.name, e.bot), e.dropped ? ' ' + gettext('(dropped)') : '',
      organiser && !e.dropped && !e.bot && t.status === 'running'
        ? el('button', { class: 'drop tool', title: gettext('a bot finishes their game; later rounds leave them out'),
          onclick: () => { if (confirm(gettext('Drop {name} from the tournament?', { name: e.name }))) run(`${base}/entrants/${e.id}/drop`)(); } }, gettext('Drop')) : '')));
  }

  function draw() {
    document.getElementById('t-status').textContent = statusWord(t.status);
    document.getElementById('t-actions').replaceChildren(...actions());
    document.getElementById('t-standings').replaceChildren(standings());
    document.getElementById('t-rounds').replaceChildren(rounds());
    document.getElementById('t-entrants').replaceChildren(entrants());
  }

  async function refresh() {
    if (document.hidden || t.status === 'finished') return;
    const query = viewer.invite ? `?invite=${encodeURIComponent(viewer.invite)}` : '';
    const res = await fetch(base + query).catch(() => null);
    if (!res || !res.ok) return;
    t = await res.json();
    draw();
  }
  draw();
  setInterval(refresh, 4000);
}
