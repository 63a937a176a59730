// The owner's side of a picker an application opened (`POST /api/picker/sessions`, PhotoKit's PHPicker over the
// service): "<App> wants N photos", the assets its filter allows in a grid, a selection up to its limit, then
// Add or Cancel. The application receives only what is added here.

import { get, post } from '/app/api.js';
import { escape } from '/app/format.js';
import { showError } from '/app/ui.js';

const PAGE = 120;

/** Loads the picker's stylesheet once (kept apart from app.css). */
function useStyles() {
  if (document.querySelector('link[data-pick-styles]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/app/pick.css';
  link.dataset.pickStyles = '';
  document.head.append(link);
}

/** What the application asks for, in words: "2 photos", "any number of photos or videos", "a video". */
export function wantedText(limit, filter) {
  const kind = !filter ? ['photo', 'photos']
    : /^videos$/i.test(filter) ? ['video', 'videos']
    : /^images$/i.test(filter) ? ['photo', 'photos']
    : ['item', 'items'];
  if (limit === 0) return `any number of ${kind[1]}`;
  return limit === 1 ? `a ${kind[0]}` : `up to ${limit} ${kind[1]}`;
}

/** The view for `/pick/<session id>`. */
export async function pickView(main, match) {
  useStyles();
  const id = match[1];
  const session = await get(`/api/picker/sessions/${id}`);
  const name = session.application.name || session.application.identifier;
  const host = document.createElement('section');
  host.className = 'pick';
  host.setAttribute('aria-labelledby', 'pick-title');
  main.append(host);
  // presentLimitedLibraryPicker: what is added joins the application's limited selection, rather than being handed over.
  const grows = session.purpose === 'limitedLibrary';
  const title = grows ? `${name} asks for more photos` : `${name} wants ${wantedText(session.selectionLimit, session.filter)}`;
  if (session.state !== 'waiting') { finished(host, name, session.state, 0, grows); return { title: 'Picker' }; }

  host.innerHTML = `<header class="pick-head">
      <div><h2 id="pick-title">${escape(title)}</h2>
      <p class="note">${escape(session.application.identifier)}${session.application.executablePath ? ` (${escape(session.application.executablePath)})` : ''}
        ${grows ? 'may see the photos you add from now on, with those you gave it before — not the rest of your library.'
          : 'receives only the items you add — not your library.'}${session.filter ? ` Showing: ${escape(session.filter)}.` : ''}</p></div>
      <div class="pick-actions"><span class="pick-count" aria-live="polite"></span>
      <button type="button" data-cancel>Cancel</button><button type="button" class="primary" data-add disabled>Add</button></div>
    </header>
    <p class="pick-error error" role="alert"></p>
    <ul class="pick-grid" role="listbox" aria-multiselectable="${session.selectionLimit !== 1}" aria-labelledby="pick-title"></ul>
    <p class="pick-more"><button type="button" hidden>Show more</button></p>`;
  const grid = host.querySelector('.pick-grid');
  const more = host.querySelector('.pick-more button');
  const count = host.querySelector('.pick-count');
  const add = host.querySelector('[data-add]');
  const error = host.querySelector('.pick-error');
  const limit = session.selectionLimit;
  const selected = new Set(session.preselectedAssetIdentifiers || []);
  let offset = 0;

  const refresh = () => {
    count.textContent = selected.size ? `${selected.size}${limit ? ` of ${limit}` : ''} selected` : '';
    add.disabled = selected.size === 0;
    for (const cell of grid.children) cell.setAttribute('aria-selected', String(selected.has(cell.dataset.id)));
  };
  const toggle = (cell) => {
    const asset = cell.dataset.id;
    error.textContent = '';
    if (selected.has(asset)) selected.delete(asset);
    else if (limit === 1) { selected.clear(); selected.add(asset); }
    else if (limit && selected.size >= limit) { error.textContent = `${name} asked for at most ${limit}.`; return; }
    else selected.add(asset);
    refresh();
  };
  const load = async () => {
    const page = await get(`/api/picker/sessions/${id}/candidates?offset=${offset}&limit=${PAGE}`);
    offset += page.assets.length;
    grid.insertAdjacentHTML('beforeend', page.assets.map((asset) => `<li role="option" tabindex="0" class="pick-cell" data-id="${escape(asset.localIdentifier)}"
        aria-selected="false"><img src="${escape(asset.thumbnailURL)}" alt="${escape(asset.originalFilename)}" loading="lazy" draggable="false">
        ${asset.mediaType === 2 ? `<span class="pick-badge">${Math.round(asset.duration)} s</span>` : ''}</li>`).join(''));
    more.hidden = offset >= page.count;
    if (page.count === 0) grid.outerHTML = '<p class="grid-empty">Nothing in the library can be picked for this.</p>';
    refresh();
  };
  grid.addEventListener('click', (event) => { const cell = event.target.closest('.pick-cell'); if (cell) toggle(cell); });
  grid.addEventListener('keydown', (event) => {
    const cell = event.target.closest('.pick-cell');
    if (cell && (event.key === ' ' || event.key === 'Enter')) { event.preventDefault(); toggle(cell); }
  });
  more.addEventListener('click', () => load().catch(showError));
  const answer = async (body) => {
    add.disabled = true;
    try {
      await post(`/api/picker/sessions/${id}/choice`, body);
      finished(host, name, body.cancelled ? 'cancelled' : 'picked', selected.size, grows);
    } catch (problem) { error.textContent = problem.message; refresh(); }
  };
  add.addEventListener('click', () => answer({ assets: [...selected] }));
  host.querySelector('[data-cancel]').addEventListener('click', () => answer({ cancelled: true }));
  await load();
  return { title: 'Picker' };
}

/** The page once the picker is answered: nothing more to do here. */
function finished(host, name, state, count, grows) {
  const given = grows ? `${escape(name)} may now see ${count} more photo${count === 1 ? '' : 's'}.` : `${escape(name)} received ${count} item${count === 1 ? '' : 's'}.`;
  const what = state === 'picked' ? (count ? given : `${escape(name)}’s picker was answered.`)
    : state === 'cancelled' ? `Cancelled: ${escape(name)} ${grows ? 'sees no more than before' : 'received nothing'}.` : 'This picker is no longer open.';
  host.innerHTML = `<div class="pick-done" role="status"><h2 id="pick-title">Done</h2><p>${what}</p><p class="note">You can close this tab.</p></div>`;
}
