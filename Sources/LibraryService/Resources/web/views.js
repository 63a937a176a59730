// The signed-in views: the library timeline, smart albums, albums, Recently Deleted and search — each a grid
// over a server fetch with the actions that fit it — plus the sidebar's contents.

import { get, post, del, change, uuid } from '/app/api.js';
import { AssetGrid, FetchSource, layoutButton } from '/app/grid.js';
import { Viewer } from '/app/viewer.js';
import { watchGrid, unwatchGrid, onChange } from '/app/live.js';
import { escape, formatDate } from '/app/format.js';
import { toast, prompt, confirmAction, showError, saveFile } from '/app/ui.js';
import { navigate, toolbar, renderSidebar, session } from '/app/main.js';
import { settingsView } from '/app/settings.js';
import { giveAction, applicationWithID } from '/app/apps.js';
import { memoryHeader, projectsView } from '/app/projects.js';
import { pickView } from '/app/pick.js';
import { BOX_EDGES, boxPredicate, cameraName, cameraPredicate, readBox } from '/app/searchterms.js';

const NEWEST_FIRST = [{ key: 'creationDate', ascending: false }];

/** Smart albums shown in the sidebar, by PHAssetCollectionSubtype. */
const SMART = [
  [203, 'Favorites'], [202, 'Videos'], [213, 'Live Photos'], [211, 'Screenshots'], [217, 'RAW'], [207, 'Bursts'],
  [201, 'Panoramas'], [206, 'Recently Added'], [205, 'Hidden'],
];

export async function sidebarSections() {
  const albums = await userAlbums();
  return [
    { title: 'Photos', items: [{ href: '/', label: 'Library' }, { href: '/memories', label: 'Memories' }, { href: '/projects', label: 'Projects' }, { href: '/years', label: 'Years' }, { href: '/moments', label: 'Moments' }, { href: '/search', label: 'Search' }] },
    { title: 'Collections', items: [...SMART.map(([subtype, label]) => ({ href: `/smart/${subtype}`, label })), { href: '/deleted', label: 'Recently Deleted' }] },
    { title: 'Albums', items: [{ href: '/albums', label: 'All Albums' }, ...albums.map((a) => ({ href: `/albums/${a.id}`, label: a.title || 'Untitled' }))] },
  ];
}

/** The user's albums (top level and in folders), by title. */
async function userAlbums() {
  const fetch = await post('/api/fetches', { entity: 'collections', scope: { type: 'assetCollections', collectionType: 1 }, sort: [{ key: 'title', ascending: true }] });
  const page = fetch.count ? await get(`/api/fetches/${fetch.id}?offset=0&limit=1000`) : { collections: [] };
  del(`/api/fetches/${fetch.id}`).catch(() => {});
  return page.collections || [];
}

/** A grid view over a fetch, with a viewer, selection actions and live updates. */
async function gridView(main, { title, body, actions = [], emptyText, extraToolbar, onReorder }) {
  const host = document.createElement('div');
  host.className = 'grid-view';
  main.append(host);
  // The view's own element in the shared toolbar, so its listener goes away with it.
  const bar = document.createElement('div');
  bar.className = 'view-actions';
  toolbar().replaceChildren(bar);
  bar.innerHTML = `${extraToolbar || ''}<span class="selection-count" aria-live="polite"></span>
    ${actions.map((a) => `<button data-action="${a.id}" class="${a.always ? '' : 'needs-selection'} ${a.danger ? 'danger' : ''}" ${a.always ? '' : 'disabled'}
      ${a.title ? `title="${escape(a.title)}" aria-label="${escape(a.title)}"` : ''}>${escape(a.label)}</button>`).join('')}
    <button data-action="select" aria-pressed="false">Select</button>`;
  let viewer = null;
  const grid = new AssetGrid(host, new FetchSource(body), {
    label: title,
    emptyText,
    onReorder: onReorder && ((from, to) => onReorder(from, to).catch(showError)),
    onOpen: (index) => { viewer = new Viewer(grid, { onClose: () => { viewer = null; grid.scroller.focus(); } }); viewer.open(index); },
    onSelectionChange: (selected) => {
      bar.querySelector('.selection-count').textContent = selected.size ? `${selected.size} selected` : '';
      bar.querySelectorAll('.needs-selection').forEach((b) => { b.disabled = selected.size === 0; });
    },
  });
  bar.querySelector('[data-action=select]').before(layoutButton(grid));
  bar.addEventListener('click', async (event) => {
    const id = event.target.closest('[data-action]')?.dataset.action;
    if (!id || id === 'layout') return;
    if (id === 'select') {
      const on = !grid.selecting;
      grid.setSelecting(on);
      event.target.setAttribute('aria-pressed', String(on));
      event.target.textContent = on ? 'Done' : 'Select';
      return;
    }
    const action = actions.find((a) => a.id === id);
    try {
      const ids = grid.selection();
      const identifiers = ids.map((i) => grid.items.find((a) => a && a.id === i)?.localIdentifier || `${i}/L0/001`);
      await action.run(identifiers, grid);
      if (!action.keepSelection) grid.clearSelection();
    } catch (error) { showError(error); }
  });
  await grid.start();
  watchGrid(grid);
  grid.scroller.focus();
  return {
    title, grid,
    destroy() { viewer?.close(); unwatchGrid(grid); grid.destroy(); },
  };
}

const favoriteAction = { id: 'favorite', label: '♥ Favorite', run: (ids) => change(ids.map((asset) => ({ op: 'editAsset', asset, isFavorite: true }))) };
const unfavoriteAction = { id: 'unfavorite', label: 'Unfavorite', run: (ids) => change(ids.map((asset) => ({ op: 'editAsset', asset, isFavorite: false }))) };
const hideAction = { id: 'hide', label: 'Hide', run: (ids) => change(ids.map((asset) => ({ op: 'editAsset', asset, isHidden: true }))) };
const unhideAction = { id: 'unhide', label: 'Unhide', run: (ids) => change(ids.map((asset) => ({ op: 'editAsset', asset, isHidden: false }))) };
const addToAlbumAction = { id: 'add-to-album', label: 'Add to Album…', run: addToAlbum };
/** A ZIP of the selection's original files, streamed by the server (named after the view). */
const downloadAction = (name) => ({
  id: 'download', label: 'Download',
  run: async (ids) => {
    const download = await post('/api/downloads', { assets: ids, name });
    saveFile(download.url, download.filename);
    toast(`Downloading ${download.count} ${download.count === 1 ? 'item' : 'items'} as ${download.filename}`);
  },
});
const trashAction = {
  id: 'trash', label: 'Delete', danger: true,
  run: async (ids) => { await change([{ op: 'trashAssets', assets: ids }]); toast(`${ids.length} moved to Recently Deleted`); },
};

/** Admins give selected photos to an application with limited access (or waiting for an answer). */
const giveActions = () => (session.account?.role === 'admin' ? [giveAction()] : []);

async function addToAlbum(ids) {
  const albums = await userAlbums();
  const choice = await chooseAlbum(albums);
  if (choice === null) return;
  if (choice === 'new') {
    const title = await prompt('New Album', { label: 'Title', ok: 'Create' });
    if (!title) return;
    await change([{ op: 'createAlbum', placeholder: 'album', title }, { op: 'editCollection', collection: '$album', add: ids }]);
    renderSidebar();
    toast(`Added to “${title}”`);
  } else {
    await change([{ op: 'editCollection', collection: choice.localIdentifier, add: ids }]);
    toast(`Added to “${choice.title}”`);
  }
}

function chooseAlbum(albums) {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.className = 'prompt';
    dialog.innerHTML = `<form method="dialog"><h2>Add to Album</h2><ul class="album-choices">
      <li><button value="new">New Album…</button></li>
      ${albums.map((a, i) => `<li><button value="${i}">${escape(a.title || 'Untitled')}</button></li>`).join('')}</ul>
      <menu><button value="cancel">Cancel</button></menu></form>`;
    document.body.append(dialog);
    dialog.addEventListener('close', () => {
      const value = dialog.returnValue;
      dialog.remove();
      resolve(value === 'new' ? 'new' : value === 'cancel' || value === '' ? null : albums[Number(value)]);
    });
    dialog.showModal();
  });
}

// Views -----------------------------------------------------------------------------------------------------

async function libraryView(main, match, params) {
  // `/?give=ID` (Settings' Limit to Selected Photos…): selecting for that application.
  const target = await applicationWithID(params.get('give'));
  // The newest memories as a strip above the timeline, filled once they arrive (the timeline does not wait).
  if (!target) main.append(memoryStrip());
  const view = await gridView(main, { title: 'Library', body: { entity: 'assets', sort: NEWEST_FIRST },
    actions: target ? [giveAction(target), favoriteAction, addToAlbumAction, downloadAction('Photos'), hideAction, trashAction]
      : [favoriteAction, addToAlbumAction, ...giveActions(), downloadAction('Photos'), hideAction, trashAction],
    extraToolbar: target ? `<span class="note">Select photos for “${escape(target.name)}”</span>` : '',
    emptyText: 'No photos yet. Drop photos or folders here, or use Upload.' });
  if (target) toolbar().querySelector('[data-action=select]')?.click();
  // `/?at=INDEX` (from Years): start there.
  const at = Number(params.get('at'));
  if (at > 0 && at < view.grid.count) { view.grid.reveal(at, true); view.grid.focusIndex = at; view.grid.render(); }
  return view;
}

const MEMORY_KINDS = { trip: 'Trip', event: 'Event', onThisDay: 'On this day', person: 'Person' };

/** A memory as a card: its key photo, title, kind and size. */
function memoryCard(m) {
  return `<a class="memory-card" href="/memories/${escape(m.identifier)}"><img src="${escape(m.keyThumbnailURL)}" alt="" loading="lazy">
    <span class="memory-title">${escape(m.title)}</span><span class="note">${escape(MEMORY_KINDS[m.kind] || m.kind)} · ${m.count} ${m.count === 1 ? 'photo' : 'photos'}</span></a>`;
}

/** The strip of the newest memories shown above the library's timeline (absent when there are none). */
function memoryStrip() {
  const strip = document.createElement('section');
  strip.className = 'memory-strip';
  strip.setAttribute('aria-label', 'Memories');
  strip.hidden = true;
  get('/api/memories?limit=12').then(({ memories }) => {
    if (!memories?.length) return;
    strip.innerHTML = memories.map(memoryCard).join('') + '<a class="memory-more" href="/memories">All Memories</a>';
    strip.hidden = false;
  }).catch(() => {});
  return strip;
}

/** Memories: trips, events, on this day and people over time, made by the library from its photos. */
async function memoriesView(main) {
  const { memories } = await get('/api/memories?limit=500');
  const container = document.createElement('div');
  container.className = 'collections';
  container.innerHTML = memories.length ? `<div class="memory-grid">${memories.map(memoryCard).join('')}</div>`
    : '<p class="grid-empty">No memories yet. They come from trips, large events, earlier years on this day and the people in your photos (once photos are analysed).</p>';
  main.replaceChildren(container);
  return { title: 'Memories' };
}

const MEMORY_LEVELS = [['summary', 'Summary'], ['curated', 'Show More'], ['all', 'All']];

/** One memory's photos at a curation level: a summary, more, or all of them (`?level=`). */
async function memoryView(main, match, params) {
  const memory = await get(`/api/memories/${match[1]}`);
  const level = MEMORY_LEVELS.some(([key]) => key === params.get('level')) ? params.get('level') : 'summary';
  const identifiers = memory.sections.flatMap((section) => section[level]);
  // The levels and Make a Project sit above the grid, not in the toolbar, so they show on phones too.
  main.append(memoryHeader(memory, level, MEMORY_LEVELS));
  return gridView(main, { title: memory.title, body: { entity: 'assets', scope: { type: 'identifiers', identifiers }, sort: [{ key: 'creationDate', ascending: true }] },
    actions: [favoriteAction, addToAlbumAction, downloadAction(memory.title)],
    emptyText: 'This memory has no photos now.' });
}

/** Moments: the library's own groups of photos close in time and place (PhotoKit's moments), newest first. */
async function momentsView(main) {
  const fetch = await post('/api/fetches', { entity: 'collections', scope: { type: 'assetCollections', collectionType: 3 },
    sort: [{ key: 'startDate', ascending: false }] });
  const container = document.createElement('div');
  container.className = 'collections moments';
  main.replaceChildren(container);
  const list = document.createElement('ol');
  list.className = 'moment-list';
  container.append(list);
  const more = document.createElement('button');
  more.textContent = 'Show More';
  container.append(more);
  const range = (m) => {
    const start = m.startDate ? new Date(m.startDate) : null, end = m.endDate ? new Date(m.endDate) : null;
    if (!start) return '';
    const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
    return end && day.format(start) !== day.format(end) ? `${day.format(start)} – ${day.format(end)}` : day.format(start);
  };
  let offset = 0;
  const load = async () => {
    const page = await get(`/api/fetches/${fetch.id}?offset=${offset}&limit=200`);
    for (const m of page.collections || []) {
      list.insertAdjacentHTML('beforeend', `<li><a href="/moments/${m.id}"><span class="album-title">${escape(m.title || range(m))}</span>
        <span class="note">${escape(m.title ? range(m) : '')} · ${m.estimatedAssetCount ?? ''} ${m.estimatedAssetCount === 1 ? 'item' : 'items'}</span></a></li>`);
    }
    offset += (page.collections || []).length;
    more.hidden = offset >= page.count;
  };
  more.addEventListener('click', () => load().catch(showError));
  await load();
  if (!offset) container.innerHTML = '<p class="grid-empty">No moments yet.</p>';
  return { title: 'Moments', destroy() { del(`/api/fetches/${fetch.id}`).catch(() => {}); } };
}

async function momentView(main, match) {
  const moment = await get(`/api/collections/${encodeURIComponent(`${match[1]}/L0/040`)}`);
  return gridView(main, { title: moment.title || 'Moment', body: { entity: 'assets', scope: { type: 'collection', collection: moment.localIdentifier },
    sort: [{ key: 'creationDate', ascending: true }] },
    actions: [favoriteAction, addToAlbumAction, ...giveActions(), downloadAction(moment.title || 'Moment'), trashAction], emptyText: 'This moment is empty.' });
}

/** Years and months: the library's day sections summed per month, each a way into the timeline. */
async function yearsView(main) {
  const fetch = await post('/api/fetches', { entity: 'assets', sort: NEWEST_FIRST });
  const { sections } = await get(`/api/fetches/${fetch.id}/sections?utcOffset=${-new Date().getTimezoneOffset()}`);
  del(`/api/fetches/${fetch.id}`).catch(() => {});
  const years = [];
  let index = 0;
  for (const section of sections) {
    const [year, month] = section.day ? section.day.split('-') : ['Undated', ''];
    let entry = years[years.length - 1];
    if (!entry || entry.year !== year) { entry = { year, months: [], count: 0 }; years.push(entry); }
    let last = entry.months[entry.months.length - 1];
    if (!last || last.month !== month) { last = { month, start: index, count: 0 }; entry.months.push(last); }
    last.count += section.count;
    entry.count += section.count;
    index += section.count;
  }
  const monthName = (year, month) => new Intl.DateTimeFormat(undefined, { month: 'long' }).format(new Date(`${year}-${month}-15T12:00:00`));
  main.innerHTML = years.length ? `<div class="years">${years.map((y) => `<section aria-labelledby="year-${escape(y.year)}">
      <h2 id="year-${escape(y.year)}">${escape(y.year)} <span class="note">${y.count.toLocaleString()} ${y.count === 1 ? 'item' : 'items'}</span></h2>
      <ul class="months">${y.months.map((m) => `<li><a href="/?at=${m.start}">${m.month ? escape(monthName(y.year, m.month)) : 'No date'}
        <span class="note">${m.count.toLocaleString()}</span></a></li>`).join('')}</ul></section>`).join('')}</div>`
    : '<p class="grid-empty">No photos yet.</p>';
  return { title: 'Years' };
}

async function smartView(main, match) {
  const subtype = Number(match[1]);
  const fetch = await post('/api/fetches', { entity: 'collections', scope: { type: 'assetCollections', collectionType: 2, subtype } });
  const page = fetch.count ? await get(`/api/fetches/${fetch.id}?offset=0&limit=1`) : { collections: [] };
  del(`/api/fetches/${fetch.id}`).catch(() => {});
  const album = page.collections?.[0];
  const title = SMART.find(([s]) => s === subtype)?.[1] || album?.title || 'Smart Album';
  if (!album) { main.innerHTML = '<p class="grid-empty">This smart album does not exist.</p>'; return { title }; }
  const hidden = subtype === 205;
  return gridView(main, { title, body: { entity: 'assets', scope: { type: 'collection', collection: album.localIdentifier }, sort: NEWEST_FIRST, includeHiddenAssets: hidden },
    actions: hidden ? [unhideAction, downloadAction(title), trashAction]
      : [subtype === 203 ? unfavoriteAction : favoriteAction, addToAlbumAction, ...giveActions(), downloadAction(title), trashAction],
    emptyText: `No ${title.toLowerCase()}` });
}

/** The user's albums and folders at one level: the top level (`/albums`) or inside a folder (`/folders/<uuid>`). */
async function collectionsView(main, { title, scope, folder }) {
  const fetch = await post('/api/fetches', { entity: 'collections', scope });
  const page = fetch.count ? await get(`/api/fetches/${fetch.id}?offset=0&limit=1000`) : { collections: [] };
  del(`/api/fetches/${fetch.id}`).catch(() => {});
  const items = page.collections || [];
  const inFolder = (operations) => folder
    ? [...operations, { op: 'editCollection', collection: folder.localIdentifier, add: ['$new'] }]
    : operations;
  const bar = document.createElement('div');
  bar.className = 'view-actions';
  toolbar().replaceChildren(bar);
  bar.innerHTML = `<button data-action="new-album">New Album</button><button data-action="new-folder">New Folder</button>
    ${folder ? '<button data-action="rename">Rename…</button><button data-action="delete" class="danger">Delete Folder</button>' : ''}`;
  bar.addEventListener('click', async (event) => {
    const action = event.target.closest('[data-action]')?.dataset.action;
    try {
      if (action === 'new-album' || action === 'new-folder') {
        const album = action === 'new-album';
        const name = await prompt(album ? 'New Album' : 'New Folder', { label: 'Title', ok: 'Create' });
        if (!name) return;
        const result = await change(inFolder([{ op: album ? 'createAlbum' : 'createFolder', placeholder: 'new', title: name }]));
        await renderSidebar();
        navigate(`/${album ? 'albums' : 'folders'}/${uuid(result.placeholders.new)}`);
      } else if (action === 'rename') {
        const name = await prompt('Rename Folder', { value: title, label: 'Title', ok: 'Rename' });
        if (!name) return;
        await change([{ op: 'editCollection', collection: folder.localIdentifier, title: name }]);
        navigate(location.pathname, { replace: true });
      } else if (action === 'delete') {
        if (!await confirmAction(`Delete “${title}”?`, 'The albums and folders inside it are deleted too. The photos stay in your library.', 'Delete Folder')) return;
        await change([{ op: 'deleteCollections', collections: [folder.localIdentifier] }]);
        await renderSidebar();
        navigate('/albums');
      }
    } catch (error) { showError(error); }
  });
  // The view's own element: its listener goes away with it (main stays for the next view).
  const container = document.createElement('div');
  container.className = 'collections';
  main.replaceChildren(container);
  container.innerHTML = items.length ? `<ul class="album-list" role="list">${items.map((c) => {
    const isFolder = c.kind === 'collectionList';
    return `<li><a href="/${isFolder ? 'folders' : 'albums'}/${c.id}" class="${isFolder ? 'folder' : ''}">
      <span class="album-title">${isFolder ? '📁 ' : ''}${escape(c.title || 'Untitled')}</span>
      <span class="album-count">${isFolder ? 'Folder' : `${c.estimatedAssetCount ?? ''} ${c.estimatedAssetCount === 1 ? 'item' : 'items'}`}</span></a>
      ${folder ? `<button class="move-out" data-move-out="${escape(c.localIdentifier)}" title="Move to the top level">Move Out</button>` : ''}</li>`;
  }).join('')}</ul>` : `<p class="grid-empty">${folder ? 'This folder is empty.' : 'No albums yet.'}</p>`;
  container.addEventListener('click', async (event) => {
    const out = event.target.closest('[data-move-out]');
    if (!out) return;
    try {
      await change([{ op: 'editCollection', collection: folder.localIdentifier, remove: [out.dataset.moveOut] }]);
      navigate(location.pathname, { replace: true });
    } catch (error) { showError(error); }
  });
  const stop = onChange((c) => {
    if (c.assetCollections.inserted.length || c.assetCollections.deleted.length || c.assetCollections.updated.length
        || c.collectionLists.inserted.length || c.collectionLists.deleted.length || c.collectionLists.updated.length) {
      stop();
      navigate(location.pathname, { replace: true });
    }
  });
  return { title, destroy: stop };
}

function albumsView(main) {
  return collectionsView(main, { title: 'Albums', scope: { type: 'topLevelUserCollections' } });
}

async function folderView(main, match) {
  const folder = await get(`/api/collections/${encodeURIComponent(`${match[1]}/L0/060`)}`);
  return collectionsView(main, { title: folder.title || 'Folder', scope: { type: 'children', collection: folder.localIdentifier }, folder });
}

/** Moves an album into a folder (out of the one it was in). */
async function moveToFolder(album) {
  const fetch = await post('/api/fetches', { entity: 'collections', scope: { type: 'collectionLists', collectionType: 2 }, sort: [{ key: 'title', ascending: true }] });
  const page = fetch.count ? await get(`/api/fetches/${fetch.id}?offset=0&limit=1000`) : { collections: [] };
  del(`/api/fetches/${fetch.id}`).catch(() => {});
  const folders = (page.collections || []).filter((c) => c.subtype === 100 || c.type === 2);
  if (!folders.length) { toast('Make a folder first (Albums → New Folder)'); return; }
  const choice = await new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.className = 'prompt';
    dialog.innerHTML = `<form method="dialog"><h2>Move “${escape(album.title || 'Untitled')}” to</h2><ul class="album-choices">
      ${folders.map((f, i) => `<li><button value="${i}">📁 ${escape(f.title || 'Untitled')}</button></li>`).join('')}</ul>
      <menu><button type="button" data-cancel>Cancel</button></menu></form>`;
    document.body.append(dialog);
    dialog.querySelector('[data-cancel]').addEventListener('click', () => dialog.close(''));
    dialog.addEventListener('close', () => { const v = dialog.returnValue; dialog.remove(); resolve(v === '' ? null : folders[Number(v)]); });
    dialog.showModal();
  });
  if (!choice) return;
  await change([{ op: 'editCollection', collection: choice.localIdentifier, add: [album.localIdentifier] }]);
  toast(`Moved to “${choice.title}”`);
}

async function albumView(main, match) {
  // Albums are named in app URLs by their UUID; the API takes the whole local identifier (albums end in /L0/040).
  const album = await get(`/api/collections/${encodeURIComponent(`${match[1]}/L0/040`)}`);
  const title = album.title || 'Untitled';
  const removeAction = { id: 'remove', label: 'Remove from Album', run: (ids) => change([{ op: 'editCollection', collection: album.localIdentifier, remove: ids }]) };
  // Reordering (drag cells, or Move Earlier/Later and Alt+←/→): the album's order is its members' order; the
  // grid moves its cells when the change stream reports the moves.
  const reorder = (moveFrom, moveTo) => change([{ op: 'editCollection', collection: album.localIdentifier, moveFrom, moveTo }]);
  const moveAction = (step) => ({ id: step < 0 ? 'move-earlier' : 'move-later', label: step < 0 ? '←' : '→',
    title: step < 0 ? 'Move Earlier (Alt+←)' : 'Move Later (Alt+→)',
    keepSelection: true, run: (ids, grid) => grid.moveSelection(step) });
  const view = await gridView(main, { title, body: { entity: 'assets', scope: { type: 'collection', collection: album.localIdentifier } },
    onReorder: reorder,
    actions: [moveAction(-1), moveAction(1), favoriteAction, removeAction, ...giveActions(), downloadAction(title), trashAction,
      { id: 'share', label: 'Share…', always: true, run: () => shareDialog(album) },
      { id: 'move', label: 'Move to Folder…', always: true, run: () => moveToFolder(album) },
      { id: 'rename', label: 'Rename…', always: true, run: async () => {
        const newTitle = await prompt('Rename Album', { value: title, label: 'Title', ok: 'Rename' });
        if (!newTitle) return;
        await change([{ op: 'editCollection', collection: album.localIdentifier, title: newTitle }]);
        document.querySelector('.view-title').textContent = newTitle;
        renderSidebar();
      } },
      { id: 'delete-album', label: 'Delete Album', always: true, danger: true, run: async () => {
        if (!await confirmAction(`Delete “${title}”?`, 'The photos stay in your library.', 'Delete Album')) return;
        await change([{ op: 'deleteCollections', collections: [album.localIdentifier] }]);
        await renderSidebar();
        navigate('/albums');
      } }],
    emptyText: 'This album is empty. Select photos in the library and choose Add to Album.' });
  return view;
}

async function shareDialog(album) {
  const dialog = document.createElement('dialog');
  dialog.className = 'prompt share';
  document.body.append(dialog);
  const render = async () => {
    const { links } = await get(`/api/collections/${encodeURIComponent(album.localIdentifier)}/links`);
    dialog.innerHTML = `<h2>Share “${escape(album.title || 'Untitled')}”</h2>
      <p>Anyone with a link can view this album (and only this album), without an account.</p>
      <ul class="links">${links.map((l) => `<li>Link ${l.id}, made ${escape(formatDate(l.createdDate))}${l.expiresDate ? `, expires ${escape(formatDate(l.expiresDate))}` : ''}${l.hasPassword ? ', with password' : ''}
        <button data-revoke="${l.id}" class="danger">Revoke</button></li>`).join('') || '<li>No links yet.</li>'}</ul>
      <p class="new-link" hidden>New link (copy it now; it is shown once): <input readonly class="link-url" aria-label="New link"></p>
      <menu><button data-create>Create Link</button><button data-close class="primary">Close</button></menu>`;
  };
  dialog.addEventListener('click', async (event) => {
    try {
      if (event.target.matches('[data-close]')) { dialog.close(); dialog.remove(); }
      if (event.target.matches('[data-create]')) {
        const link = await post(`/api/collections/${encodeURIComponent(album.localIdentifier)}/links`, {});
        await render();
        const url = `${location.origin}/shared/${link.secret}`;
        dialog.querySelector('.new-link').hidden = false;
        const input = dialog.querySelector('.link-url');
        input.value = url;
        input.select();
        navigator.clipboard?.writeText(url).then(() => toast('Link copied')).catch(() => {});
      }
      if (event.target.dataset.revoke) {
        await del(`/api/links/${event.target.dataset.revoke}`);
        toast('Link revoked');
        await render();
      }
    } catch (error) { showError(error); }
  });
  await render();
  dialog.showModal();
}

function deletedView(main) {
  const recover = { id: 'recover', label: 'Recover', run: async (ids) => { await change([{ op: 'recoverAssets', assets: ids }]); toast(`${ids.length} recovered`); } };
  const purge = { id: 'purge', label: 'Delete Now', danger: true, run: async (ids) => {
    if (!await confirmAction(`Delete ${ids.length} items now?`, 'They cannot be recovered afterwards.', 'Delete Now')) return;
    await change([{ op: 'purgeAssets', assets: ids }]);
  } };
  const actions = session.account.role === 'admin' ? [recover, purge] : [recover];
  return gridView(main, { title: 'Recently Deleted', body: { entity: 'assets', scope: { type: 'trash' } }, actions,
    emptyText: 'Nothing was deleted in the last 30 days.',
    extraToolbar: '<span class="note">Items are deleted for good 30 days after they were deleted.</span>' });
}

/** Search by date range, media type, favourites, camera, a location box and any predicate the API accepts. */
async function searchView(main, match, params) {
  const form = document.createElement('form');
  form.className = 'search-form';
  form.setAttribute('role', 'search');
  form.noValidate = true;   // the box's numbers are checked here, with one message saying what is wrong
  const edge = (name, label, min, max) => `<label>${label} <input type="number" name="${name}" step="any" min="${min}" max="${max}" inputmode="decimal"
      aria-describedby="search-error" value="${escape(params.get(name) || '')}"></label>`;
  form.innerHTML = `
    <label>From <input type="date" name="from" value="${escape(params.get('from') || '')}"></label>
    <label>To <input type="date" name="to" value="${escape(params.get('to') || '')}"></label>
    <label>Type <select name="type"><option value="">Any</option><option value="1">Photos</option><option value="2">Videos</option></select></label>
    <label><input type="checkbox" name="favorite" ${params.get('favorite') ? 'checked' : ''}> Favorites</label>
    <label>Camera <select name="camera"><option value="">Any</option></select></label>
    <fieldset class="place">
      <legend>Place, in degrees (West greater than East crosses 180°)</legend>
      ${edge('south', 'South', -90, 90)}${edge('west', 'West', -180, 180)}${edge('north', 'North', -90, 90)}${edge('east', 'East', -180, 180)}
    </fieldset>
    <label class="wide">Predicate <input name="predicate" placeholder="pixelWidth > 4000 AND isFavorite == YES" value="${escape(params.get('predicate') || '')}"></label>
    <button class="primary">Search</button>
    <p class="form-error" id="search-error" role="alert"></p>`;
  form.querySelector('select[name=type]').value = params.get('type') || '';
  main.append(form);
  const showBoxError = ({ error, field }) => {
    form.querySelector('.form-error').textContent = error || '';
    for (const [name] of BOX_EDGES) {
      if (name === field) form.elements[name].setAttribute('aria-invalid', 'true'); else form.elements[name].removeAttribute('aria-invalid');
    }
    return field ? form.elements[field] : null;
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const values = new URLSearchParams([...new FormData(form)].filter(([, v]) => v));
    const wrong = showBoxError(readBox(values));
    if (wrong) { wrong.focus(); return; }
    navigate(`/search?${values}`);
  });
  // The picker lists the library's cameras ("Apple iPhone 8 (12)"); a camera in the URL that is not listed stays chosen.
  const cameras = await get('/api/cameras').then((answer) => answer.cameras).catch(() => null);
  const picker = form.querySelector('select[name=camera]');
  const counts = new Map();
  for (const camera of cameras || []) counts.set(cameraName(camera), (counts.get(cameraName(camera)) || 0) + camera.count);
  const wanted = params.get('camera') || '';
  if (wanted && !counts.has(wanted)) picker.add(new Option(wanted, wanted));
  for (const [name, count] of counts) picker.add(new Option(`${name} (${count})`, name));
  picker.value = wanted;

  const terms = [];
  if (params.get('from')) terms.push(`creationDate >= CAST(${new Date(params.get('from')).getTime() / 1000 - 978307200}, "NSDate")`);
  if (params.get('to')) terms.push(`creationDate < CAST(${new Date(params.get('to')).getTime() / 1000 + 86400 - 978307200}, "NSDate")`);
  if (params.get('type')) terms.push(`mediaType == ${Number(params.get('type'))}`);
  if (params.get('favorite')) terms.push('isFavorite == YES');
  if (wanted) terms.push(cameraPredicate(wanted, cameras));
  const place = readBox(params);
  if (place.error) { showBoxError(place); return { title: 'Search', destroy() {} }; }
  if (place.box) terms.push(boxPredicate(place.box));
  if (params.get('predicate')) terms.push(`(${params.get('predicate')})`);
  if (!terms.length) return { title: 'Search', destroy() {} };
  const results = document.createElement('div');
  results.className = 'search-results';
  main.append(results);
  try {
    const view = await gridView(results, { title: 'Search', body: { entity: 'assets', predicate: terms.join(' AND '), sort: NEWEST_FIRST },
      actions: [favoriteAction, addToAlbumAction, ...giveActions(), downloadAction('Search results'), trashAction], emptyText: 'Nothing matches.' });
    return view;
  } catch (error) {
    results.innerHTML = `<p class="grid-empty" role="alert">${escape(error.message)}</p>`;
    return { title: 'Search' };
  }
}

/** [pattern, view factory]: the factory gets the main element, the match and the query; returns {title, destroy}. */
export const routes = [
  [/^\/$/, libraryView],
  [/^\/memories$/, memoriesView],
  [/^\/memories\/([0-9A-Fa-f-]{36})$/, memoryView],
  [/^\/projects$/, projectsView],
  [/^\/years$/, yearsView],
  [/^\/moments$/, momentsView],
  [/^\/moments\/([0-9A-Fa-f-]{36})$/, momentView],
  [/^\/smart\/(\d+)$/, smartView],
  [/^\/albums$/, albumsView],
  [/^\/albums\/([0-9A-Fa-f-]{36})$/, albumView],
  [/^\/folders\/([0-9A-Fa-f-]{36})$/, folderView],
  [/^\/deleted$/, deletedView],
  [/^\/search$/, searchView],
  [/^\/settings$/, settingsView],
  [/^\/pick\/([0-9a-f-]{36})$/, pickView],
];
