// The change stream (`/api/changes/stream`): one EventSource for the page, with the fetches of the grids on
// screen registered so each change arrives with their details. Listeners hear every change; grids get their
// details. After a dropped connection the grids re-read their fetches (their server snapshots did not move).

const grids = new Map();   // fetch id → grid
const listeners = new Set();
let source = null;
let lastToken = null;
let reopenTimer = 0;
let live = false;   // between startLive and stopLive

/** Registers a grid whose source is a server fetch; its details arrive with each change. */
export function watchGrid(grid) {
  if (!grid.source.id) return;
  grids.set(grid.source.id, grid);
  reopen();
}

export function unwatchGrid(grid) {
  for (const [id, g] of grids) if (g === grid) grids.delete(id);
  reopen();
}

/** Calls `listener(change)` for every committed change (inserted/updated/deleted identifiers per kind). */
export function onChange(listener) { listeners.add(listener); return () => listeners.delete(listener); }

/** Starts the stream (signed-in pages only). */
export function startLive() { live = true; reopen(); }

export function stopLive() { live = false; source?.close(); source = null; grids.clear(); }

function reopen() {
  clearTimeout(reopenTimer);
  reopenTimer = setTimeout(open, 30);
}

function open() {
  source?.close();
  const params = new URLSearchParams();
  for (const id of grids.keys()) params.append('fetch', id);
  if (lastToken !== null) params.set('since', String(lastToken));
  const url = `/api/changes/stream?${params}`;
  const stream = new EventSource(url);
  source = stream;
  // Until `ready`, changes are replayed from history without details: a grid whose snapshot is older is stale.
  let replaying = true;
  const stale = new Set();
  stream.addEventListener('change', (event) => {
    const payload = JSON.parse(event.data);
    lastToken = payload.change.token;
    if (replaying) {
      for (const grid of grids.values()) if ((grid.changeToken ?? 0) < payload.change.token) stale.add(grid);
    }
    for (const details of payload.details) grids.get(details.fetch)?.applyDetails(details);
    for (const listener of listeners) listener(payload.change);
    document.body.dataset.changeToken = String(lastToken);
  });
  stream.addEventListener('ready', (event) => {
    const { changeToken } = JSON.parse(event.data);
    if (lastToken === null) lastToken = changeToken;
    replaying = false;
    for (const grid of stale) grid.refresh();
    stale.clear();
    document.body.dataset.live = 'ready';
  });
  stream.addEventListener('expired', () => { stream.close(); lastToken = null; refreshAll(); reopen(); });
  stream.addEventListener('end', () => { stream.close(); setTimeout(open, 500); });
  stream.onerror = () => {
    if (source !== stream) return;
    stream.close();
    document.body.dataset.live = 'reconnecting';
    // Snapshots the stream no longer moved are stale (or gone): grids re-read, then the stream resumes.
    setTimeout(async () => { if (source === stream) { await refreshAll(); open(); } }, 1500);
  };
}

// A page left for another stays alive in the back/forward cache with its stream open: browsers allow six
// connections per server, so a few such pages stalled every request of the page in front (the picker's answer
// waited 50 s). The stream closes when the page is hidden and resumes from its last token when it comes back.
window.addEventListener('pagehide', () => { clearTimeout(reopenTimer); source?.close(); source = null; });
window.addEventListener('pageshow', (event) => { if (event.persisted && live) reopen(); });

// A grid that re-read its fetch has a new server snapshot: register that one instead.
window.addEventListener('photos:grid-refreshed', (event) => {
  const grid = event.detail;
  for (const [id, g] of grids) if (g === grid) grids.delete(id);
  if (grid.source.id && !grid.destroyed) grids.set(grid.source.id, grid);
  if (source) reopen();
});

async function refreshAll() {
  for (const grid of [...new Set(grids.values())]) {
    try { await grid.refresh(); } catch { /* the page shows its own error */ }
  }
}
