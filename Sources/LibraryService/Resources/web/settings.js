// Account settings: who is signed in, signing out, API tokens, and (admins) the library's accounts and the
// applications that ask for access (apps.js).

import { get, post, del } from '/app/api.js';
import { escape, formatDate } from '/app/format.js';
import { toast, confirmAction, showError } from '/app/ui.js';
import { session, signOut } from '/app/main.js';
import { mountApplications } from '/app/apps.js';

export async function settingsView(main) {
  // The view's own element, so its listeners go away with it (main stays for the next view).
  const container = document.createElement('div');
  container.className = 'collections';
  main.replaceChildren(container);
  const render = async () => {
    const { tokens } = await get('/api/tokens');
    const users = session.account.role === 'admin' ? (await get('/api/users')).users : null;
    container.innerHTML = `<div class="settings">
      <section aria-labelledby="account-h"><h2 id="account-h">Account</h2>
        <p>Signed in as <strong>${escape(session.account.username)}</strong> (${escape(session.account.role)}).</p>
        <button data-action="sign-out">Sign Out</button></section>
      ${users ? '<section id="applications" class="applications-section" aria-labelledby="applications-h"></section>' : ''}
      <section aria-labelledby="tokens-h"><h2 id="tokens-h">API tokens</h2>
        <p>Programs use a token as <code>Authorization: Bearer …</code>.</p>
        <table><thead><tr><th>Name</th><th>Made</th><th>Expires</th><th></th></tr></thead><tbody>
        ${tokens.map((t) => `<tr><td>${escape(t.name)}</td><td>${escape(formatDate(t.createdDate))}</td><td>${escape(t.expiresDate ? formatDate(t.expiresDate) : 'never')}</td>
          <td><button class="danger" data-revoke-token="${t.id}">Revoke</button></td></tr>`).join('') || '<tr><td colspan="4">No tokens.</td></tr>'}
        </tbody></table>
        <form class="inline" data-form="token"><label>Name <input name="name" required></label><button>Make Token</button></form>
        <p class="new-token" hidden>New token (shown once): <input readonly aria-label="New token"></p></section>
      ${users ? `<section aria-labelledby="users-h"><h2 id="users-h">Accounts</h2>
        <table><thead><tr><th>Name</th><th>Role</th><th>Since</th><th></th></tr></thead><tbody>
        ${users.map((u) => `<tr><td>${escape(u.username)}</td><td>${escape(u.role)}</td><td>${escape(formatDate(u.createdDate))}</td>
          <td>${u.username === session.account.username ? '' : `<button class="danger" data-remove-user="${escape(u.username)}">Remove</button>`}</td></tr>`).join('')}
        </tbody></table>
        <form class="inline" data-form="user"><label>Name <input name="username" required autocomplete="off"></label>
          <label>Password <input name="password" type="password" required autocomplete="new-password"></label>
          <label>Role <select name="role"><option>member</option><option>viewer</option><option>admin</option></select></label>
          <button>Add Account</button></form></section>` : ''}
    </div>`;
    const applications = container.querySelector('#applications');
    if (applications) await mountApplications(applications).catch(showError);
  };
  container.addEventListener('click', async (event) => {
    const target = event.target;
    try {
      if (target.dataset.action === 'sign-out') await signOut();
      if (target.dataset.revokeToken) { await del(`/api/tokens/${target.dataset.revokeToken}`); toast('Token revoked'); await render(); }
      if (target.dataset.removeUser) {
        if (!await confirmAction(`Remove ${target.dataset.removeUser}?`, 'Their sessions and tokens end. Photos they added stay in the library.', 'Remove')) return;
        await del(`/api/users/${encodeURIComponent(target.dataset.removeUser)}`);
        await render();
      }
    } catch (error) { showError(error); }
  });
  container.addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.target;
    const values = Object.fromEntries(new FormData(form));
    try {
      if (form.dataset.form === 'token') {
        const token = await post('/api/tokens', { name: values.name });
        await render();
        const box = container.querySelector('.new-token');
        box.hidden = false;
        box.querySelector('input').value = token.token;
        box.querySelector('input').select();
      } else if (form.dataset.form === 'user') {
        await post('/api/users', values);
        toast(`Account ${values.username} added`);
        await render();
      }
    } catch (error) { showError(error); }
  });
  await render();
  return { title: 'Settings' };
}
