// The one-up viewer: the screen-size picture first, a full-resolution one when zoomed to 100 % (any format), keyboard
// navigation through the grid it was opened from, an info panel, Live Photos that play while pressed or hovered
// and settle on the still, videos with seeking (byte ranges), and the actions (favourite, hide, delete,
// download, edit).

import { get, post, del, change } from '/app/api.js';
import { formatDate, formatBytes, escape } from '/app/format.js';
import { openEditor } from '/app/editor.js';
import { toast, saveFile, confirmAction, choose } from '/app/ui.js';
import { icons } from '/app/icons.js';
import { ZoomTiles } from '/app/zoomtiles.js';
import { nearbySearchURL } from '/app/searchterms.js';

const RESOURCE = { photo: 1, video: 2, fullSizePhoto: 5, fullSizeVideo: 6, pairedVideo: 9, fullSizePairedVideo: 10, alternatePhoto: 4 };
const BROWSER_IMAGES = ['public.jpeg', 'public.png', 'org.webmproject.webp', 'com.compuserve.gif'];
/** Originals browsers read are zoomed into as they are up to this many pixels; larger ones as a made picture. */
const ORIGINAL_ZOOM_PIXELS = 40_000_000;
/** The largest side the server makes a picture at (`GET …/image?width=&height=`). */
const MAX_PICTURE_SIDE = 4096;

export class Viewer {
  /** @param grid the AssetGrid it navigates; `options.readOnly` hides actions (shared links) */
  constructor(grid, options = {}) {
    this.grid = grid;
    this.options = options;
    this.element = document.createElement('div');
    this.element.className = 'viewer';
    this.element.setAttribute('role', 'dialog');
    this.element.setAttribute('aria-modal', 'true');
    this.element.setAttribute('aria-label', 'Photo viewer');
    this.element.tabIndex = -1;
    this.element.innerHTML = `
      <header class="viewer-bar">
        <button class="icon" data-action="close" aria-label="Close (Escape)">${icons.close}</button>
        <span class="viewer-title" aria-live="polite"></span>
        <span class="spacer"></span>
        ${options.readOnly ? '' : `
        <button class="icon" data-action="favorite" aria-label="Favorite (F)" aria-pressed="false">${icons.heartOutline}</button>
        <button data-action="edit" aria-label="Edit (E)">Edit</button>
        <button class="icon" data-action="hide" aria-label="Hide">${icons.hide}</button>
        <button class="icon" data-action="delete" aria-label="Delete (Delete)">${icons.trash}</button>`}
        <button class="icon" data-action="download" aria-label="Download original">${icons.download}</button>
        <button class="icon" data-action="toggleInfo" aria-label="Info (I)" aria-pressed="false">${icons.info}</button>
      </header>
      <div class="viewer-stage">
        <button class="nav prev" data-action="prev" aria-label="Previous (Left arrow)">‹</button>
        <div class="viewer-media"></div>
        <button class="nav next" data-action="next" aria-label="Next (Right arrow)">›</button>
      </div>
      <aside class="viewer-info" hidden aria-label="Info"></aside>`;
    this.media = this.element.querySelector('.viewer-media');
    this.info = this.element.querySelector('.viewer-info');
    this.element.addEventListener('click', (event) => {
      const action = event.target.closest('[data-action]')?.dataset.action;
      if (action) this[action]?.();
    });
    this.element.addEventListener('keydown', (event) => this.key(event));
  }

  async open(index) {
    this.returnFocus = document.activeElement;
    document.body.append(this.element);
    this.element.focus();
    await this.show(index);
  }

  close() {
    this.stopMedia();
    this.stopTiles();
    this.element.remove();
    this.closed = true;
    this.options.onClose?.();
    this.returnFocus?.focus?.();
  }

  async show(index) {
    const asset = await this.grid.assetAt(index);
    if (!asset) return;
    this.index = index;
    this.asset = asset;
    this.zoomed = false;
    this.member = null;          // a burst's other photo chosen in the strip (zooming shows that one)
    this.burst = null;           // {asset, members} of the burst shown
    this.resources = null;
    this.stopMedia();
    this.stopTiles();
    this.element.querySelector('.viewer-title').textContent = `${asset.originalFilename} — ${formatDate(asset.creationDate)}`;
    const favorite = this.element.querySelector('[data-action=favorite]');
    if (favorite) { favorite.innerHTML = asset.isFavorite ? icons.heart : icons.heartOutline; favorite.setAttribute('aria-pressed', String(asset.isFavorite)); }
    this.element.querySelector('.prev').disabled = index <= 0;
    this.element.querySelector('.next').disabled = index >= this.grid.count - 1;
    this.media.innerHTML = '';
    this.media.dataset.id = asset.id;
    if (asset.mediaType === 2) {
      const resources = await this.loadResources();
      const video = resources.find((r) => r.type === RESOURCE.fullSizeVideo) || resources.find((r) => r.type === RESOURCE.video);
      const element = document.createElement('video');
      element.controls = true;
      element.preload = 'metadata';
      element.poster = asset.screenURL;
      if (video) element.src = video.url;
      element.setAttribute('aria-label', asset.originalFilename);
      this.media.append(element);
    } else {
      const img = document.createElement('img');
      img.src = asset.screenURL;
      img.alt = asset.originalFilename;
      img.className = 'screen';
      img.addEventListener('dblclick', (event) => this.zoom(event));
      this.media.append(img);
      if (asset.mediaSubtypes & 8) this.addLivePhoto(asset);
    }
    if (asset.burstIdentifier) this.addBurstStrip(asset);
    if (!this.info.hidden) this.renderInfo();
    this.grid.focusIndex = index;
    this.grid.reveal(index);
    // Warm the neighbours' screen images.
    for (const neighbour of [index + 1, index - 1]) {
      const next = this.grid.items[neighbour];
      if (next) { const warm = new Image(); warm.src = next.screenURL; }
    }
  }

  async loadResources() {
    if (!this.resources) {
      const base = this.asset.screenURL.replace(/\/image\?.*$/, '');
      this.resources = (await get(`${base}/resources`)).resources;
    }
    return this.resources;
  }

  /** A Live Photo: the paired movie plays while the badge is pressed or hovered, then the still returns; a Loop or
   * Bounce plays on its own, looping. */
  async addLivePhoto(asset) {
    const badge = document.createElement('button');
    badge.className = 'live-badge';
    badge.textContent = 'LIVE';
    badge.setAttribute('aria-label', 'Play Live Photo');
    this.media.append(badge);
    const resources = await this.loadResources();
    const paired = resources.find((r) => r.type === RESOURCE.fullSizePairedVideo) || resources.find((r) => r.type === RESOURCE.pairedVideo);
    if (!paired || this.asset !== asset) { badge.disabled = true; return; }
    const video = document.createElement('video');
    video.className = 'live-video';
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.src = paired.url;
    video.hidden = true;
    this.media.append(video);
    if (asset.playbackStyle === 5) {
      // A Loop or Bounce (a looping video, as Apple's Photos shows it): it plays over the still, round and round.
      badge.textContent = 'LOOP';
      badge.setAttribute('aria-label', 'Looping Live Photo');
      badge.disabled = true;
      video.loop = true;
      video.autoplay = true;
      video.hidden = false;
      this.media.classList.add('playing');
      return;
    }
    const play = () => { video.hidden = false; video.currentTime = 0; video.play().catch(() => {}); this.media.classList.add('playing'); };
    const settle = () => { video.pause(); video.hidden = true; this.media.classList.remove('playing'); };
    video.addEventListener('ended', settle);
    badge.addEventListener('pointerenter', play);
    badge.addEventListener('pointerleave', settle);
    badge.addEventListener('pointerdown', play);
    badge.addEventListener('click', play);
    this.livePlay = play;
  }

  /**
   * A burst: its photos in a strip under the picture (the one shown outlined, the user's picks starred); choosing
   * one shows it. Signed-in members mark the shown photo as a pick (`P`; picked photos also appear in the library
   * on their own, and the first pick represents the burst) and may keep only the picks (the other photos go to
   * Recently Deleted, in one change).
   */
  async addBurstStrip(asset) {
    if (asset.screenURL.startsWith('/api/shared/')) return; // shared links show only the representative
    const fetch = await post('/api/fetches', { entity: 'assets', scope: { type: 'burst', burstIdentifier: asset.burstIdentifier },
      includeAllBurstAssets: true, sort: [{ key: 'creationDate', ascending: true }] });
    const page = await get(`/api/fetches/${fetch.id}?offset=0&limit=200`);
    del(`/api/fetches/${fetch.id}`).catch(() => {});
    if (this.asset !== asset || page.assets.length < 2) return;
    this.burst = { asset, members: page.assets };
    let strip = this.media.querySelector('.burst-strip');
    if (!strip) {
      strip = document.createElement('div');
      strip.className = 'burst-strip';
      strip.addEventListener('click', (event) => {
        const button = event.target.closest('[data-member]');
        if (button) this.showBurstMember(this.burst.members[Number(button.dataset.member)]);
      });
      this.media.append(strip);
    }
    this.renderBurstStrip();
  }

  renderBurstStrip() {
    const strip = this.media.querySelector('.burst-strip');
    if (!strip || !this.burst) return;
    const { asset, members } = this.burst;
    const shown = this.member || asset;
    const picked = (member) => (member.burstSelectionTypes & 2) !== 0;
    const picks = members.filter(picked).length;
    const editable = !this.options.readOnly;
    strip.innerHTML = `<span class="burst-count">Burst · ${members.length} photos${picks ? ` · ${picks} picked` : ''}</span>
      <div class="burst-members" role="listbox" aria-label="Burst of ${members.length} photos">${members.map((member, i) =>
        `<button role="option" aria-selected="${member.id === shown.id}" data-member="${i}"${picked(member) ? ' class="picked"' : ''}>` +
        `<img src="${escape(member.thumbnailURL)}" alt="${escape(member.originalFilename)}${picked(member) ? ' (picked)' : ''}"></button>`).join('')}</div>
      ${editable ? `<button class="burst-pick" data-action="burstPick" aria-pressed="${picked(shown)}" aria-label="Pick this photo (P)">${picked(shown) ? '★ Picked' : '☆ Pick'}</button>
      ${picks ? `<button class="burst-keep" data-action="keepPicks">Keep only picks</button>` : ''}` : ''}`;
  }

  showBurstMember(member) {
    const img = this.media.querySelector('img.screen');
    if (img) { img.src = member.screenURL; img.alt = member.originalFilename; delete img.dataset.full; }
    this.member = member.id === this.burst.asset.id ? null : member;
    if (this.zoomed) { this.zoomed = false; this.zoom(); }
    this.element.querySelector('.viewer-title').textContent = `${member.originalFilename} — ${formatDate(member.creationDate)}`;
    this.renderBurstStrip();
  }

  /** Marks or unmarks the burst photo shown as a pick. */
  async burstPick() {
    if (!this.burst || this.options.readOnly) return;
    const shown = this.member || this.burst.asset;
    const value = (shown.burstSelectionTypes & 2) === 0;
    await change([{ op: 'editAsset', asset: shown.localIdentifier, isBurstPick: value }]);
    this.burst.members = this.burst.members.map((m) => m.id === shown.id ? { ...m, burstSelectionTypes: value ? m.burstSelectionTypes | 2 : m.burstSelectionTypes & ~2 } : m);
    if (this.member) this.member = this.burst.members.find((m) => m.id === shown.id);
    else this.burst.asset = this.asset = { ...this.asset, burstSelectionTypes: this.burst.members.find((m) => m.id === shown.id).burstSelectionTypes };
    this.renderBurstStrip();
    toast(value ? 'Picked' : 'No longer picked');
  }

  /** Moves the burst's photos that are not picks to Recently Deleted (one change; they can be recovered). */
  async keepPicks() {
    if (!this.burst) return;
    const rest = this.burst.members.filter((m) => (m.burstSelectionTypes & 2) === 0);
    if (!rest.length) return;
    if (!await confirmAction(`Keep only the picks?`, `${rest.length} other photos of this burst move to Recently Deleted.`, 'Keep Picks')) return;
    await change([{ op: 'trashAssets', assets: rest.map((m) => m.localIdentifier) }]);
    toast(`${rest.length} moved to Recently Deleted`);
    this.afterRemoval();
  }

  stopMedia() {
    for (const video of this.media?.querySelectorAll('video') || []) { video.pause(); video.removeAttribute('src'); video.load(); }
    this.media?.classList.remove('playing');
  }

  /**
   * 100 %, progressively: the screen picture is enlarged at once to the zoomed size (centred where the user
   * pointed), and the sharp picture replaces it when it has arrived — the original itself when browsers read it
   * and it is not huge, else a picture of at most 4096 px a side that the server makes from any format (HEIC,
   * RAW, very large originals; `…/image?width=&height=&mode=fit`, never scaled up). A photo larger than that is
   * shown at its full size: the made picture enlarged, covered where the user looks by tiles made at 100 %
   * (`ZoomTiles`).
   */
  async zoom(event) {
    const img = this.media.querySelector('img.screen');
    if (!img) return;
    const rect = img.getBoundingClientRect();
    const pointed = event?.clientX !== undefined && rect.width && rect.height
      ? { x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.height } : { x: 0.5, y: 0.5 };
    this.zoomed = !this.zoomed;
    this.media.classList.toggle('zoomed', this.zoomed);
    this.stopTiles();
    if (!this.zoomed) { img.style.width = ''; img.style.height = ''; return; }
    const shown = this.member || this.asset;
    const centre = () => {
      this.media.scrollLeft = pointed.x * img.offsetWidth - this.media.clientWidth / 2;
      this.media.scrollTop = pointed.y * img.offsetHeight - this.media.clientHeight / 2;
    };
    if (img.dataset.full) {   // already sharp: back to its full size (and its tiles)
      const size = this.zoomSize;
      img.style.width = `${size.width}px`; img.style.height = `${size.height}px`;
      centre();
      if (img.dataset.full === 'tiled') this.startTiles(shown, size);
      return;
    }
    const source = await this.zoomSource();
    if ((this.member || this.asset) !== shown || !this.zoomed || !this.media.contains(img)) return;
    // The zoomed size: the photo's long side, with the screen picture's proportions (upright as shown).
    const [width, height] = img.naturalWidth ? [img.naturalWidth, img.naturalHeight] : [shown.pixelWidth || 1, shown.pixelHeight || 1];
    const scale = source.fullSide / Math.max(width, height);
    const size = { width: Math.round(width * scale), height: Math.round(height * scale) };
    img.style.width = `${size.width}px`;
    img.style.height = `${size.height}px`;
    centre();
    const tiled = source.fullSide > source.longSide;
    if (tiled) this.startTiles(shown, size);
    img.setAttribute('aria-busy', 'true');
    const loader = new Image();
    loader.onload = () => {
      if (!this.media.contains(img)) return;
      img.src = loader.src;
      img.dataset.full = tiled ? 'tiled' : source.kind;
      // 100 % of what arrived (the estimate above is exact unless the asset's size was unknown); a tiled photo
      // keeps its full size.
      this.zoomSize = tiled ? size : { width: loader.naturalWidth, height: loader.naturalHeight };
      if (this.zoomed) { img.style.width = `${this.zoomSize.width}px`; img.style.height = `${this.zoomSize.height}px`; }
      img.removeAttribute('aria-busy');
    };
    loader.onerror = () => img.removeAttribute('aria-busy');   // the enlarged screen picture stays
    loader.src = source.url;
  }

  /**
   * What zooming loads: `{url, longSide, fullSide, kind}` — the original (`original`) or a picture made to size
   * (`sized`, at most `MAX_PICTURE_SIDE`); `fullSide` is the photo's own long side (more than `longSide` when
   * tiles must make up the difference).
   */
  async zoomSource() {
    const asset = this.member || this.asset;
    const longSide = Math.max(asset.pixelWidth || 0, asset.pixelHeight || 0);
    if (!this.member && longSide && asset.pixelWidth * asset.pixelHeight <= ORIGINAL_ZOOM_PIXELS) {
      const resources = await this.loadResources();
      const full = resources.find((r) => r.type === RESOURCE.fullSizePhoto) || resources.find((r) => r.type === RESOURCE.photo);
      if (full && BROWSER_IMAGES.includes(full.uniformTypeIdentifier)) return { url: full.url, longSide, fullSide: longSide, kind: 'original' };
    }
    const side = Math.min(MAX_PICTURE_SIDE, longSide || MAX_PICTURE_SIDE);
    // The screen URL names the asset (signed in or under a shared link) and its content version (`v`, after edits).
    const url = asset.screenURL.replace('kind=screen', `width=${side}&height=${side}&mode=fit`);
    return { url, longSide: side, fullSide: Math.max(side, longSide), kind: 'sized' };
  }

  /** Tiles at 100 % over the enlarged picture of `asset`, shown at `size` (its full upright size). */
  startTiles(asset, size) {
    this.stopTiles();
    this.tiles = new ZoomTiles(this.media, size, (query) => asset.screenURL.replace('kind=screen', query));
  }

  stopTiles() {
    this.tiles?.remove();
    this.tiles = null;
  }

  prev() { if (this.index > 0) this.show(this.index - 1); }
  next() { if (this.index < this.grid.count - 1) this.show(this.index + 1); }

  async favorite() {
    const value = !this.asset.isFavorite;
    await change([{ op: 'editAsset', asset: this.asset.localIdentifier, isFavorite: value }]);
    this.asset = { ...this.asset, isFavorite: value };
    const button = this.element.querySelector('[data-action=favorite]');
    button.innerHTML = value ? icons.heart : icons.heartOutline;
    button.setAttribute('aria-pressed', String(value));
  }

  async hide() {
    await change([{ op: 'editAsset', asset: this.asset.localIdentifier, isHidden: !this.asset.isHidden }]);
    toast(this.asset.isHidden ? 'Unhidden' : 'Hidden');
    this.afterRemoval();
  }

  async delete() {
    if (this.asset.trashedDate) return;
    await change([{ op: 'trashAssets', assets: [this.asset.localIdentifier] }]);
    toast('Moved to Recently Deleted');
    this.afterRemoval();
  }

  /** The grid drops the asset through the change stream; show what now sits at this index. */
  afterRemoval() {
    setTimeout(() => {
      if (this.closed) return;
      if (this.grid.count === 0) this.close();
      else this.show(Math.min(this.index, this.grid.count - 1));
    }, 400);
  }

  /** Saves the original file; an edited photo or video asks first: as edited (the current version) or the original. */
  async download() {
    const resources = await this.loadResources();
    const original = resources.find((r) => r.type === RESOURCE.photo || r.type === RESOURCE.video) || resources[0];
    const current = resources.find((r) => r.type === RESOURCE.fullSizePhoto || r.type === RESOURCE.fullSizeVideo);
    let file = original;
    if (current && current !== original) {
      const choice = await choose('Download', `${this.asset.originalFilename} was edited.`,
        [{ value: 'current', label: 'As Edited' }, { value: 'original', label: 'Original' }]);
      if (!choice) return;
      file = choice === 'current' ? current : original;
    }
    if (file) saveFile(file.url, file.originalFilename);
  }

  edit() {
    if (this.asset.mediaType !== 1 && this.asset.mediaType !== 2) { toast('Only photos and videos can be edited here'); return; }
    openEditor(this.asset, { onDone: () => this.showEdited() });
  }

  /** After an edit or a revert: the asset read again (its picture URLs name the new version), then shown. */
  async showEdited() {
    const { id } = this.asset;
    try {
      const fresh = await get(`/api/assets/${id}`);
      if (this.grid.items[this.index]?.id === id) this.grid.items[this.index] = fresh;
    } catch { /* the change stream brings it */ }
    if (!this.closed) await this.show(this.index);
  }

  async toggleInfo() {
    this.info.hidden = !this.info.hidden;
    this.element.querySelector('[data-action=toggleInfo]').setAttribute('aria-pressed', String(!this.info.hidden));
    if (!this.info.hidden) await this.renderInfo();
  }

  async renderInfo() {
    const asset = this.asset;
    const resources = await this.loadResources();
    let history = [];
    let capture = {};
    if (!this.options.readOnly) {
      [history, capture] = await Promise.all([
        get(`/api/assets/${asset.id}/edit`).then((state) => state.history || []).catch(() => []),
        asset.mediaType === 1 ? get(`/api/assets/${asset.id}/metadata`).catch(() => ({})) : {},
      ]);
    }
    const camera = [capture.make, capture.model].filter(Boolean).join(' ');
    const exposure = [
      capture.exposureTime ? (capture.exposureTime < 1 ? `1/${Math.round(1 / capture.exposureTime)} s` : `${capture.exposureTime} s`) : '',
      capture.fNumber ? `ƒ/${capture.fNumber}` : '',
      capture.iso ? `ISO ${capture.iso}` : '',
      capture.focalLength ? `${capture.focalLength} mm${capture.focalLength35mm ? ` (${capture.focalLength35mm} mm equiv.)` : ''}` : '',
      capture.exposureBias ? `${capture.exposureBias > 0 ? '+' : ''}${capture.exposureBias} EV` : '',
      capture.flashFired ? 'flash' : '',
    ].filter(Boolean).join(' · ');
    const location = asset.location ? `${asset.location.latitude.toFixed(5)}, ${asset.location.longitude.toFixed(5)}` : '—';
    this.info.innerHTML = `
      <h2>Info</h2>
      <dl>
        <dt>Taken</dt><dd>${escape(formatDate(asset.creationDate))}</dd>
        <dt>Added</dt><dd>${escape(formatDate(asset.addedDate))}</dd>
        <dt>Size</dt><dd>${asset.pixelWidth} × ${asset.pixelHeight} (${(asset.pixelWidth * asset.pixelHeight / 1e6).toFixed(1)} MP)</dd>
        ${asset.mediaType === 2 ? `<dt>Duration</dt><dd>${asset.duration.toFixed(1)} s</dd>` : ''}
        <dt>Type</dt><dd>${escape(asset.uniformTypeIdentifier)}</dd>
        ${camera ? `<dt>Camera</dt><dd>${escape(camera)}</dd>` : ''}
        ${capture.lens ? `<dt>Lens</dt><dd>${escape(capture.lens)}</dd>` : ''}
        ${exposure ? `<dt>Exposure</dt><dd>${escape(exposure)}</dd>` : ''}
        <dt>Location</dt><dd>${escape(location)}${asset.location && !this.options.readOnly
          ? ` <a href="${escape(nearbySearchURL(asset.location.latitude, asset.location.longitude))}" data-action="close">Photos near here</a>` : ''}</dd>
        <dt>Favorite</dt><dd>${asset.isFavorite ? 'Yes' : 'No'}</dd>
      </dl>
      <h3>Files</h3>
      <ul class="resources">${resources.map((r) => `<li><a href="${escape(r.url)}" download="${escape(r.originalFilename)}">${escape(r.originalFilename)}</a> ${formatBytes(r.byteCount)}</li>`).join('')}</ul>
      ${history.length ? `<h3>Edit history</h3><ol class="history">${history.map((h) => `<li>${escape(h.kind)} — ${escape(formatDate(h.date))}${h.formatIdentifier ? ` (${escape(h.formatIdentifier)})` : ''}</li>`).join('')}</ol>` : ''}`;
  }

  key(event) {
    if (event.target.closest('input, textarea, select')) return;
    const actions = { ArrowLeft: 'prev', ArrowRight: 'next', Escape: 'close', i: 'toggleInfo', z: 'zoom', ' ': 'live' };
    if (!this.options.readOnly) Object.assign(actions, { f: 'favorite', e: 'edit', p: 'burstPick', Delete: 'delete', Backspace: 'delete' });
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    if (action === 'live') this.livePlay?.(); else this[action]();
  }
}
