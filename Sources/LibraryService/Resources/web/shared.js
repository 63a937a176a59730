// The public page of a shared link (`/shared/<secret>`): the album's photos, read-only, no account; a password
// prompt when the link has one; updates live while the album changes.

import { get, setCSRFToken } from '/app/api.js';
import { AssetGrid, SharedSource, layoutButton } from '/app/grid.js';
import { Viewer } from '/app/viewer.js';
import { escape } from '/app/format.js';

export async function sharedView(app, secret) {
  setCSRFToken(null);
  let album;
  try {
    album = await get(`/api/shared/${encodeURIComponent(secret)}`);
  } catch (error) {
    app.innerHTML = `<main class="auth" id="main"><div class="auth-form"><h1>This link does not work</h1><p>${escape(error.status === 404 ? 'It may have been revoked or may have expired.' : error.message)}</p></div></main>`;
    return;
  }
  app.innerHTML = `<header class="topbar shared"><img src="/app/icon.svg" alt="" width="24" height="24"><h1 class="view-title">${escape(album.title || 'Shared album')}</h1>
    <span class="note">${album.estimatedAssetCount ?? ''} items · shared with you</span></header>
    <main class="content shared" id="main"><div class="grid-view"></div></main>`;
  const grid = new AssetGrid(app.querySelector('.grid-view'), new SharedSource(encodeURIComponent(secret)), {
    label: album.title || 'Shared album',
    emptyText: 'This album is empty.',
    onOpen: (index) => new Viewer(grid, { readOnly: true }).open(index),
  });
  app.querySelector('.topbar').append(layoutButton(grid));
  await grid.start();
  // The album's own change stream: counts and collection-view details, nothing from elsewhere in the library.
  let stream = null;
  const follow = () => {
    stream = new EventSource(`/api/shared/${encodeURIComponent(secret)}/stream`);
    stream.addEventListener('change', (event) => grid.applyDetails(JSON.parse(event.data)));
    stream.addEventListener('reload', () => grid.refresh());
  };
  follow();
  // Closed while the page sits in the back/forward cache (an open stream there holds one of the six connections a
  // browser allows per server); read again and followed anew when it comes back.
  window.addEventListener('pagehide', () => { stream?.close(); stream = null; });
  window.addEventListener('pageshow', (event) => { if (event.persisted && !stream) { grid.refresh(); follow(); } });
  grid.scroller.focus();
}
