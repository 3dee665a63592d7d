// The friends page: every button calls the friends API (docs/protocol.md, "Friends") and the page is read again,
// so what it shows is what the server holds. A refusal is shown in the reader's language. A request that arrives
// or is answered while the page is open reloads it too (the per-person socket, static/js/me.js).
import { gettext, refusalText } from '/static/js/i18n.js';
import { latest } from '/static/js/me.js';

const error = document.getElementById('friends-error');

async function call(method, path, body) {
  error.textContent = '';
  const response = await fetch(path, {
    method, headers: { 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined,
  });
  if (response.ok) {
    location.reload();
    return;
  }
  let detail = null;
  try { detail = (await response.json()).detail; } catch { /* not JSON: a proxy's page */ }
  error.textContent = (detail && refusalText(detail)) || gettext('Something went wrong; try again in a moment.');
}

document.getElementById('add-friend').addEventListener('submit', (ev) => {
  ev.preventDefault();
  call('POST', '/api/friends', { nickname: ev.target.nickname.value });
});

document.addEventListener('click', (ev) => {
  const button = ev.target.closest('button[data-do]');
  if (!button) return;
  const user = Number(button.closest('[data-user]').dataset.user);
  const action = button.dataset.do;
  if (action === 'accept') call('POST', `/api/friends/${user}/accept`);
  else if (action === 'refuse') call('POST', `/api/friends/${user}/refuse`);
  else if (action === 'remove') call('DELETE', `/api/friends/${user}`);
  else if (action === 'ask') call('POST', '/api/friends', { user_id: user });
  else if (action === 'invite') {
    const table = document.getElementById('invite-table').value;
    error.textContent = '';
    fetch(`/api/tables/${table}/invites`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ user_id: user }),
    }).then(async (response) => {
      if (response.ok) {
        button.disabled = true;
        button.textContent = gettext('Invited');
      } else {
        const detail = (await response.json().catch(() => ({}))).detail;
        error.textContent = (detail && refusalText(detail)) || gettext('Something went wrong; try again in a moment.');
      }
    });
  }
});

// A friend request that arrives (or is answered) while the page is open: read the page again.
const counts = (frame) => `${frame.friend_requests}/${frame.friends}`;
let seen = latest ? counts(latest) : null;
window.addEventListener('hall:waiting', (ev) => {
  if (seen !== null && counts(ev.detail) !== seen) location.reload();
  seen = counts(ev.detail);
});
document.querySelector('main').dataset.ready = '1';  // the buttons answer from here on
