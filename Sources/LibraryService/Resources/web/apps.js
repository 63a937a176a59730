// Applications' access (Docs/AppAccess.md), for the library's admins: the Settings section that lists every
// application and decides about it, the prompt when one is waiting or a program waits on a picker (a note under
// the top bar and a count on Settings), and giving a limited application the photos selected in a grid (the limited-library picker's answer).
// There is no change event for a question being asked, so the list is read on load, every 10 s while the tab is
// visible, when the tab becomes visible again, and after changes arrive on the page's change stream.

import { get, post, del } from '/app/api.js';
import { escape, formatDate } from '/app/format.js';
import { toast, confirmAction, showError } from '/app/ui.js';
import { navigate, session } from '/app/main.js';
import { onChange } from '/app/live.js';
import { wantedText } from '/app/pick.js';

const POLL_MS = 10_000;
const LATER_KEY = 'photos.applications.later';

let latest = [];
let latestPickers = [];
let signature = '';
let pollTimer = 0;
let changeTimer = 0;
let stopListening = null;
let checking = null;
let promptHost = null;
let promptHTML = '';

const plural = (n, one, many) => `${n.toLocaleString()} ${n === 1 ? one : many}`;
const levelName = (level) => (level === 'add-only' ? 'add-only access' : 'read-write access');

/**
 * Whether the owner has to answer: undecided, or add-only and asking for read-write since the last decision
 * (the service says so: `AppGrant.isWaitingForOwner`, the rule of `photos access pending` too).
 */
export function isWaiting(app) {
  return app.waiting === true;
}

/** The application's status in words: "Asks for read-write access", "Limited, 2 photos", "Denied"… */
export function statusText(app) {
  if (app.status === 'pending') return `Asks for ${levelName(app.requestedLevel)}`;
  if (isWaiting(app)) return 'Add-only, asks for read-write access';
  switch (app.status) {
    case 'full': return 'Full access';
    case 'limited': return `Limited, ${plural(app.selectionCount, 'photo', 'photos')}`;
    case 'add-only': return 'Add-only';
    case 'denied': return 'Denied';
    default: return app.status;
  }
}

/**
 * Every application, the waiting ones first (then by name), and the pickers programs opened that wait for the
 * owner (`GET /api/picker/sessions`); every read updates the prompt and the count.
 */
async function applications() {
  const [{ applications: apps }, { sessions }] = await Promise.all([get('/api/access/apps'), get('/api/picker/sessions')]);
  apps.sort((a, b) => (isWaiting(b) - isWaiting(a)) || a.name.localeCompare(b.name) || a.id - b.id);
  publish(apps, sessions);
  return apps;
}

/** A new list: the prompt, the count on Settings and an open Settings section follow. */
function publish(apps, pickers) {
  const text = JSON.stringify([apps, pickers]);
  if (text === signature) return;
  const appsChanged = JSON.stringify(apps) !== JSON.stringify(latest);
  signature = text;
  latest = apps;
  latestPickers = pickers;
  renderPrompt();
  if (appsChanged) window.dispatchEvent(new CustomEvent('photos:applications', { detail: apps }));
}

// The prompt ---------------------------------------------------------------------------------------------------

/** Starts watching for waiting applications (admins only): the count on Settings and the prompt. */
export function watchApplications() {
  stopWatchingApplications();
  if (session.account?.role !== 'admin') return;
  pollTimer = setInterval(() => { if (document.visibilityState === 'visible') checkApplications(); }, POLL_MS);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('photos:route', renderPrompt);
  stopListening = onChange(() => { clearTimeout(changeTimer); changeTimer = setTimeout(checkApplications, 400); });
  checkApplications();
}

export function stopWatchingApplications() {
  clearInterval(pollTimer);
  clearTimeout(changeTimer);
  document.removeEventListener('visibilitychange', onVisible);
  window.removeEventListener('photos:route', renderPrompt);
  stopListening?.();
  stopListening = null;
  latest = [];
  latestPickers = [];
  signature = '';
  promptHost?.remove();
  promptHost = null;
  promptHTML = '';
  document.body.classList.remove('applications-take-photos');
}

function onVisible() { if (document.visibilityState === 'visible') checkApplications(); }

/** Reads the list again (one read at a time). */
export function checkApplications() {
  if (session.account?.role !== 'admin') return Promise.resolve();
  checking ??= applications().catch((error) => console.warn('applications:', error?.message || error)).finally(() => { checking = null; });
  return checking;
}

/** The waiting applications as one key: "Later" hides the prompt until another question arrives. */
const waitingKey = (waiting) => waiting.map((a) => `${a.id}@${a.requestedDate || ''}`).join(',');

function renderPrompt() {
  const waiting = latest.filter(isWaiting);
  document.body.classList.toggle('applications-take-photos', latest.some((a) => a.status === 'limited' || isWaiting(a)));
  const settings = document.querySelector('.topbar a[href="/settings"]');
  if (settings) {
    let count = settings.querySelector('.waiting-count');
    if (waiting.length) {
      if (!count) { count = document.createElement('span'); count.className = 'waiting-count'; count.setAttribute('aria-hidden', 'true'); settings.append(count); }
      count.textContent = String(waiting.length);
      settings.setAttribute('aria-label', `Settings, ${plural(waiting.length, 'application', 'applications')} waiting for an answer`);
    } else {
      count?.remove();
      settings.setAttribute('aria-label', 'Settings');
    }
  }
  const topbar = document.querySelector('.topbar');
  if (!topbar) return;
  if (!promptHost || !topbar.contains(promptHost)) {
    // A live region that stays in the page, so a prompt arriving in it is announced (without taking the focus);
    // hung under the top bar, so it stays clear of the toolbar however many rows that takes.
    promptHost?.remove();
    promptHTML = '';
    promptHost = document.createElement('div');
    promptHost.className = 'app-prompt-host';
    promptHost.setAttribute('aria-live', 'polite');
    promptHost.addEventListener('click', onPromptClick);
    topbar.append(promptHost);
  }
  const pickers = latestPickers;
  const key = [waitingKey(waiting), ...pickers.map((p) => `pick:${p.id}`)].join(',');
  // Not on Settings (the answers are there) nor on a picker page (the owner is already answering an application,
  // and the prompt, floating under the top bar, would cover the picker's Add and Cancel).
  const elsewhere = location.pathname !== '/settings' && !location.pathname.startsWith('/pick/');
  const show = (waiting.length > 0 || pickers.length > 0) && session.account && elsewhere && sessionStorage.getItem(LATER_KEY) !== key;
  if (!show) { if (promptHost.firstChild) promptHost.replaceChildren(); promptHTML = ''; return; }
  // A program waiting on a picker comes first: it is waiting right now.
  if (pickers.length) {
    const picker = pickers[0];
    const name = picker.application.name || picker.application.identifier;
    const grows = picker.purpose === 'limitedLibrary';   // presentLimitedLibraryPicker: what is picked joins its selection
    const more = pickers.length > 1 ? ` · ${plural(pickers.length - 1, 'more picker', 'more pickers')}` : '';
    const html = `<section class="app-prompt" aria-labelledby="app-prompt-title" data-key="${escape(key)}">
      <h2 id="app-prompt-title">${grows ? `“${escape(name)}” asks for more photos`
        : `“${escape(name)}” asks you to pick ${escape(wantedText(picker.selectionLimit, picker.filter))}`}</h2>
      <p>${grows ? 'What you pick joins the photos it may see' : 'It receives only what you pick, not your library'} · ${escape(picker.application.identifier)}${escape(more)}</p>
      <menu><button type="button" data-prompt="later">Later</button>
        <button type="button" class="primary" data-prompt="pick" data-picker="${escape(picker.id)}">Pick…</button></menu></section>`;
    if (promptHTML !== html) { promptHost.innerHTML = html; promptHTML = html; }
    return;
  }
  const one = waiting.length === 1 ? waiting[0] : null;
  const title = one ? `“${one.name}” asks for access to your photos` : `${waiting.length} applications ask for access to your photos`;
  const detail = one
    ? `${one.status === 'add-only' ? 'It has add-only access and asks for read-write access' : `It asks for ${levelName(one.requestedLevel)}`} · ${one.identifier}`
    : waiting.map((a) => a.name).join(', ');
  const html = `<section class="app-prompt" aria-labelledby="app-prompt-title" data-key="${escape(key)}">
    <h2 id="app-prompt-title">${escape(title)}</h2><p>${escape(detail)}</p>
    <menu><button type="button" data-prompt="later">Later</button>
      <button type="button" class="primary" data-prompt="review">Review…</button></menu></section>`;
  // Drawn again only when it says something new: the focus stays on its buttons, and it is announced once.
  if (promptHTML !== html) { promptHost.innerHTML = html; promptHTML = html; }
}

function onPromptClick(event) {
  const action = event.target.closest('[data-prompt]')?.dataset.prompt;
  if (action === 'later') {
    sessionStorage.setItem(LATER_KEY, event.target.closest('.app-prompt').dataset.key);
    renderPrompt();
    document.querySelector('main.content')?.focus();
  } else if (action === 'review') {
    navigate('/settings#applications');
  } else if (action === 'pick') {
    navigate(`/pick/${event.target.closest('[data-picker]').dataset.picker}`);
  }
}

// Settings ------------------------------------------------------------------------------------------------------

/** Fills Settings' Applications section and keeps it current (until the section leaves the page). */
export async function mountApplications(section) {
  let apps = await applications();
  const render = () => {
    // The focused control comes back after a new list (the poll may redraw while the owner tabs through).
    const focused = section.contains(document.activeElement) ? focusKey(document.activeElement) : null;
    section.innerHTML = `<h2 id="applications-h">Applications</h2>
      <p>Programs that use the library through <code>photos serve</code> ask for access; they reach nothing until you answer
        (the same as <code>photos access</code>). Full access reads and changes everything; limited sees only the photos you give it
        (select them in the library, then Give to App…); add-only can only add photos.</p>
      ${apps.length ? `<ul class="applications">${apps.map(applicationItem).join('')}</ul>` : '<p class="note">No application has asked yet.</p>'}`;
    if (focused) {
      // The button may have gone with the decision (Allow Full Access on a full application): its application then.
      const item = section.querySelector(`.application[data-application="${focused.app}"]`);
      const target = section.querySelector(focused.selector) || item || section.querySelector('h2');
      if (!target.matches('button')) target.setAttribute('tabindex', '-1');
      target.focus();
    }
  };
  const onList = (event) => {
    if (!section.isConnected) { window.removeEventListener('photos:applications', onList); return; }
    apps = event.detail;
    render();
  };
  window.addEventListener('photos:applications', onList);
  section.addEventListener('click', async (event) => {
    const button = event.target.closest('button[data-app]');
    if (!button) return;
    const app = apps.find((a) => String(a.id) === button.dataset.app);
    if (!app) return;
    try {
      if (button.dataset.decide) {
        const decided = await post(`/api/access/apps/${app.id}`, { status: button.dataset.decide });
        toast(`“${app.name}”: ${statusText(decided)}`);
      } else if (button.dataset.limit !== undefined) {
        navigate(`/?give=${app.id}`);
        return;
      } else if (button.dataset.forget !== undefined) {
        if (!await confirmAction(`Forget “${app.name}”?`, 'Its access, its selection and its tokens go; the photos stay. If it asks again, it is a new application.', 'Forget')) return;
        await del(`/api/access/apps/${app.id}`);
        toast(`Forgot “${app.name}”`);
      }
      apps = await applications();
      render();
    } catch (error) { showError(error); }
  });
  render();
  if (location.hash === '#applications') {
    const first = section.querySelector('.application.waiting') || section.querySelector('h2');
    first.setAttribute('tabindex', '-1');
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  }
}

function focusKey(element) {
  const button = element.closest('button[data-app]');
  if (!button) return null;
  const kind = ['decide', 'limit', 'forget'].find((k) => button.dataset[k] !== undefined);
  return { app: button.dataset.app, selector: `button[data-app="${button.dataset.app}"][data-${kind}${kind === 'decide' ? `="${button.dataset.decide}"` : ''}]` };
}

function applicationItem(app) {
  const waiting = isWaiting(app);
  const name = escape(app.name);
  const asksAddOnly = app.status === 'pending' && app.requestedLevel === 'add-only';
  const button = (attributes, label, { primary = false, danger = false } = {}) =>
    `<button type="button" data-app="${app.id}" ${attributes} class="${primary ? 'primary' : ''}${danger ? ' danger' : ''}"
      aria-label="${escape(label)}: ${name}">${escape(label)}</button>`;
  const actions = [
    app.status !== 'full' ? button('data-decide="full"', 'Allow Full Access', { primary: waiting && !asksAddOnly }) : '',
    button('data-limit', app.status === 'limited' ? 'Give More Photos…' : 'Limit to Selected Photos…'),
    app.status !== 'add-only' ? button('data-decide="add-only"', 'Allow Add-Only', { primary: asksAddOnly }) : '',
    app.status !== 'denied' ? button('data-decide="denied"', 'Deny', { danger: true }) : '',
    button('data-forget', 'Forget…', { danger: true }),
  ];
  const program = app.executablePath
    ? `<dt>Program</dt><dd><code>${escape(app.executablePath)}</code></dd>`
    : '<dt>Program</dt><dd>Connects with an application token</dd>';
  const digest = app.executableSHA256
    ? `<dt>SHA-256</dt><dd><code title="${escape(app.executableSHA256)}">${escape(app.executableSHA256.slice(0, 12))}…</code></dd>` : '';
  return `<li class="application${waiting ? ' waiting' : ''}" data-application="${app.id}" data-status="${escape(app.status)}" aria-labelledby="application-${app.id}">
    <div class="app-head"><strong id="application-${app.id}">${name}</strong>
      <span class="app-status ${escape(app.status)}">${escape(statusText(app))}</span></div>
    <dl class="app-facts"><dt>Identifier</dt><dd><code>${escape(app.identifier)}</code></dd>${program}${digest}
      ${app.requestedDate ? `<dt>Asked</dt><dd>${escape(formatDate(app.requestedDate))}${app.requestedLevel ? ` (${escape(levelName(app.requestedLevel))})` : ''}</dd>` : ''}
      ${app.decidedDate ? `<dt>Decided</dt><dd>${escape(formatDate(app.decidedDate))}</dd>` : ''}</dl>
    <div class="app-actions" role="group" aria-label="Access for ${name}">${actions.join('')}</div></li>`;
}

// Giving photos ------------------------------------------------------------------------------------------------

/** The grid action that gives the selection to an application (`target`: the one chosen in Settings, if any). */
export function giveAction(target = null) {
  return {
    id: 'give-to-app', label: target ? `Give to “${target.name}”` : 'Give to App…',
    run: (identifiers) => giveToApplication(identifiers, target?.id),
  };
}

/** The application `id` names, or null (for `/?give=ID`). */
export async function applicationWithID(id) {
  if (session.account?.role !== 'admin' || !id) return null;
  try { return (await applications()).find((a) => String(a.id) === String(id)) || null; } catch { return null; }
}

/** Gives `identifiers` to a limited or waiting application: its selection grows (a waiting one becomes limited). */
async function giveToApplication(identifiers, targetID) {
  const candidates = (await applications()).filter((a) => a.status === 'limited' || isWaiting(a));
  if (!candidates.length) { toast('No application has limited access or is waiting for an answer'); return; }
  const app = candidates.find((a) => a.id === Number(targetID)) || await chooseApplication(candidates, identifiers.length);
  if (!app) return;
  let given;
  if (app.status === 'limited') {
    given = (await post(`/api/access/apps/${app.id}/selection`, { assets: identifiers })).added.length;
  } else {
    const decided = await post(`/api/access/apps/${app.id}`, { status: 'limited', assets: identifiers });
    given = decided.selectionCount - app.selectionCount;
  }
  const had = identifiers.length - given;
  toast(`Gave ${plural(given, 'new photo', 'new photos')} to “${app.name}”${had > 0 ? ` (${had.toLocaleString()} it already had)` : ''}`
    + (app.status === 'limited' ? '' : ' — it now has limited access'));
  await applications();
}

function chooseApplication(candidates, count) {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.className = 'prompt';
    dialog.innerHTML = `<form method="dialog"><h2>Give ${escape(plural(count, 'photo', 'photos'))} to</h2>
      <p class="note">A waiting application gets limited access: it sees only the photos you give it.</p>
      <ul class="album-choices">${candidates.map((a, i) => `<li><button value="${i}" data-application="${a.id}">${escape(a.name)}
        <span class="note">· ${escape(statusText(a))}</span></button></li>`).join('')}</ul>
      <menu><button type="button" data-cancel>Cancel</button></menu></form>`;
    document.body.append(dialog);
    dialog.querySelector('[data-cancel]').addEventListener('click', () => dialog.close(''));
    dialog.addEventListener('close', () => { const v = dialog.returnValue; dialog.remove(); resolve(v === '' ? null : candidates[Number(v)] || null); });
    dialog.showModal();
  });
}
