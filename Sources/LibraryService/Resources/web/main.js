// The app: first-run setup, sign-in, the shell (sidebar, toolbar, main area) and the router over the app's URLs.
// Every view reads and changes the library only through the API.

import { get, post, del, change, setCSRFToken, APIError } from '/app/api.js';
import { DRAG_TYPE } from '/app/grid.js';
import { startLive, stopLive } from '/app/live.js';
import { enableUploads } from '/app/uploads.js';
import { escape } from '/app/format.js';
import { showError, toast } from '/app/ui.js';
import { icons } from '/app/icons.js';
import { routes, sidebarSections } from '/app/views.js';
import { sharedView } from '/app/shared.js';
import { watchApplications, stopWatchingApplications } from '/app/apps.js';

const app = document.getElementById('app');
export const session = { account: null };
let currentView = null;

/** Goes to an app URL without reloading. */
export function navigate(path, { replace = false } = {}) {
  if (replace) history.replaceState(null, '', path); else history.pushState(null, '', path);
  route();
}

async function boot() {
  app.removeAttribute('aria-busy');
  if (location.pathname.startsWith('/shared/')) { await sharedView(app, decodeURIComponent(location.pathname.split('/')[2] || '')); return; }
  const health = await get('/api/health').catch(() => ({ needsSetup: false }));
  if (health.needsSetup) { setupView(); return; }
  try {
    const answer = await get('/api/session');
    setCSRFToken(answer.csrfToken);
    session.account = answer.account;
  } catch (error) {
    if (error instanceof APIError && error.status === 401) { loginView(); return; }
    throw error;
  }
  shell();
}

function authForm(title, fields, submitLabel, onSubmit, note = '') {
  app.innerHTML = `<main class="auth" id="main"><form class="auth-form" aria-labelledby="auth-title">
    <img src="/app/icon.svg" alt="" width="64" height="64"><h1 id="auth-title">${escape(title)}</h1>${note}
    ${fields.map((f) => `<label>${escape(f.label)}<input name="${f.name}" type="${f.type || 'text'}" autocomplete="${f.autocomplete || 'off'}" required></label>`).join('')}
    <p class="error" role="alert"></p><button class="primary" type="submit">${escape(submitLabel)}</button></form></main>`;
  const form = app.querySelector('form');
  form.querySelector('input').focus();
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(form));
    const button = form.querySelector('button');
    button.disabled = true;
    try { await onSubmit(values); } catch (error) { form.querySelector('.error').textContent = error.message; } finally { button.disabled = false; }
  });
}

function setupView() {
  authForm('Welcome to Photos', [
    { name: 'setupToken', label: 'Setup token (printed by photos serve)' },
    { name: 'username', label: 'Your name', autocomplete: 'username' },
    { name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password' },
  ], 'Create owner account', async (values) => {
    const answer = await post('/api/setup', values);
    setCSRFToken(answer.csrfToken);
    session.account = answer.account;
    shell();
  }, '<p>This library has no accounts yet. Create the owner’s account.</p>');
}

function loginView() {
  stopLive();
  stopWatchingApplications();
  authForm('Sign in to Photos', [
    { name: 'username', label: 'Name', autocomplete: 'username' },
    { name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password' },
  ], 'Sign in', async (values) => {
    const answer = await post('/api/session', values);
    setCSRFToken(answer.csrfToken);
    session.account = answer.account;
    shell();
  });
}

window.addEventListener('photos:signed-out', () => { if (session.account) { session.account = null; loginView(); } });

export async function signOut() {
  await del('/api/session').catch(() => {});
  setCSRFToken(null);
  session.account = null;
  currentView?.destroy?.();
  currentView = null;
  loginView();
}

function shell() {
  app.innerHTML = `
    <header class="topbar">
      <button class="icon menu" aria-label="Show sidebar" aria-expanded="false">${icons.menu}</button>
      <a class="brand" href="/"><img src="/app/icon.svg" alt="" width="24" height="24"> Photos</a>
      <h1 class="view-title" aria-live="polite"></h1>
      <div class="toolbar" role="toolbar" aria-label="Actions"></div>
      <label class="button upload-button">Upload<input type="file" multiple accept="image/*,video/*,.dng,.cr2,.cr3,.nef,.arw,.raf,.orf,.rw2,.heic" hidden></label>
      <a class="button" href="/settings" aria-label="Settings">${escape(session.account.username)}</a>
    </header>
    <nav class="sidebar" aria-label="Library"></nav>
    <main class="content" id="main" tabindex="-1"></main>
    <div class="drop-hint" aria-hidden="true">Drop photos and videos to upload them</div>`;
  app.querySelector('.menu').addEventListener('click', (event) => {
    const open = document.body.classList.toggle('sidebar-open');
    event.currentTarget.setAttribute('aria-expanded', String(open));
  });
  enableUploads(app.querySelector('.upload-button input'));
  acceptDrops(app.querySelector('.sidebar'));
  startLive();
  watchApplications();
  renderSidebar();
  route();
}

export async function renderSidebar() {
  const nav = app.querySelector('.sidebar');
  if (!nav) return;
  try {
    const sections = await sidebarSections();
    nav.innerHTML = sections.map((section) => `<h2>${escape(section.title)}</h2><ul>${section.items.map((item) =>
      `<li><a href="${escape(item.href)}" data-href="${escape(item.href)}">${escape(item.label)}</a></li>`).join('')}${section.extra || ''}</ul>`).join('');
    markCurrent();
  } catch (error) { showError(error); }
}

/** Albums in the sidebar take assets dragged from a grid. */
function acceptDrops(nav) {
  const albumLink = (event) => event.target.closest?.('a[data-href^="/albums/"]');
  nav.addEventListener('dragover', (event) => {
    const link = albumLink(event);
    if (!link || ![...event.dataTransfer.types].includes(DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    link.classList.add('drop-target');
  });
  nav.addEventListener('dragleave', (event) => albumLink(event)?.classList.remove('drop-target'));
  nav.addEventListener('drop', async (event) => {
    const link = albumLink(event);
    if (!link) return;
    event.preventDefault();
    link.classList.remove('drop-target');
    const identifiers = JSON.parse(event.dataTransfer.getData(DRAG_TYPE) || '[]');
    if (!identifiers.length) return;
    try {
      await change([{ op: 'editCollection', collection: `${link.dataset.href.split('/').pop()}/L0/040`, add: identifiers }]);
      toast(`Added ${identifiers.length} to “${link.textContent}”`);
    } catch (error) { showError(error); }
  });
}

function markCurrent() {
  for (const link of document.querySelectorAll('.sidebar a')) {
    if (link.dataset.href === location.pathname) link.setAttribute('aria-current', 'page'); else link.removeAttribute('aria-current');
  }
}

async function route() {
  if (!session.account) return;
  const main = app.querySelector('main.content');
  if (!main) return;
  currentView?.destroy?.();
  currentView = null;
  document.body.classList.remove('sidebar-open');
  const path = location.pathname;
  for (const [pattern, make] of routes) {
    const match = path.match(pattern);
    if (!match) continue;
    main.innerHTML = '';
    app.querySelector('.toolbar').innerHTML = '';
    try {
      currentView = await make(main, match, new URLSearchParams(location.search));
      app.querySelector('.view-title').textContent = currentView?.title || '';
      document.title = currentView?.title ? `${currentView.title} — Photos` : 'Photos';
    } catch (error) { showError(error); }
    markCurrent();
    window.dispatchEvent(new Event('photos:route'));
    return;
  }
  main.innerHTML = '<p class="grid-empty">Nothing here.</p>';
}

/** The toolbar of the current view. */
export function toolbar() { return app.querySelector('.toolbar'); }

document.addEventListener('click', (event) => {
  const link = event.target.closest('a[href^="/"]');
  if (!link || link.target || link.hasAttribute('download') || event.ctrlKey || event.metaKey || event.shiftKey || link.getAttribute('href').startsWith('/api/')) return;
  event.preventDefault();
  navigate(link.getAttribute('href'));
});
window.addEventListener('popstate', route);

boot().catch((error) => { app.innerHTML = `<p class="grid-empty">The library cannot be reached: ${escape(error.message)}</p>`; });
