// A virtualised grid of assets over a fetch: only the rows near the viewport exist in the DOM, pages of 200 are
// read on demand (the viewport plus a prefetch window ahead of the scroll direction, the PHCachingImageManager
// idea), live change details update it in place, and a scrubber jumps anywhere in a million assets.

import { get, post, del } from '/app/api.js';
import { formatMonth, formatDay } from '/app/format.js';
import { icons } from '/app/icons.js';

const PAGE = 200;
/** The drag data type of assets dragged out of a grid: a JSON array of local identifiers. */
export const DRAG_TYPE = 'application/x-photos-assets';
const MAX_PHYSICAL_HEIGHT = 15_000_000; // browsers cap element heights (Firefox near 17.9M px); beyond this the scroll is scaled

/** Where a grid's assets come from: a server fetch (signed in) or a shared link's album (public). */
export class FetchSource {
  constructor(body) { this.body = body; this.id = null; }
  async open() {
    const fetch = await post('/api/fetches', this.body);
    this.id = fetch.id;
    return { count: fetch.count, changeToken: fetch.changeToken };
  }
  async page(offset) {
    const page = await get(`/api/fetches/${this.id}?offset=${offset}&limit=${PAGE}`);
    return { assets: page.assets || [], count: page.count };
  }
  /** Runs of the same local day in the fetch's order (for date-sorted fetches), or null. */
  async sections() {
    if (!this.id || !this.body.sort?.length || this.body.sort[0].key !== 'creationDate') return null;
    const answer = await get(`/api/fetches/${this.id}/sections?utcOffset=${-new Date().getTimezoneOffset()}`);
    return answer.sections;
  }
  close() { if (this.id) del(`/api/fetches/${this.id}`).catch(() => {}); this.id = null; }
}

/** A shared link's album, read page by page without an account. */
export class SharedSource {
  constructor(secret) { this.secret = secret; this.id = null; }
  async open() {
    const page = await get(`/api/shared/${this.secret}/assets?offset=0&limit=1`);
    return { count: page.count, changeToken: page.changeToken };
  }
  async page(offset) {
    const page = await get(`/api/shared/${this.secret}/assets?offset=${offset}&limit=${PAGE}`);
    return { assets: page.assets, count: page.count };
  }
  async sections() { return null; }
  close() {}
}

/** The toolbar button that switches a grid between square cells and justified rows (remembered). */
export function layoutButton(grid) {
  const button = document.createElement('button');
  button.className = 'icon layout-toggle';
  button.dataset.action = 'layout';
  button.innerHTML = icons.justified;
  button.setAttribute('aria-label', 'Justified layout');
  button.title = 'Justified layout (aspect ratios)';
  const show = () => button.setAttribute('aria-pressed', String(grid.justified));
  show();
  button.addEventListener('click', () => { grid.setLayout(!grid.justified); show(); });
  return button;
}

export class AssetGrid {
  /**
   * @param {HTMLElement} host  the element the grid fills (it scrolls)
   * @param {FetchSource|SharedSource} source
   * @param {{onOpen?: Function, onSelectionChange?: Function, selectable?: boolean, emptyText?: string}} options
   */
  constructor(host, source, options = {}) {
    this.host = host;
    this.source = source;
    this.options = options;
    this.items = [];           // index → asset, sparse until loaded
    this.count = 0;
    this.loading = new Map();  // page → promise
    this.generation = 0;       // bumps when indexes shift; stale page loads are dropped
    this.selected = new Set(); // asset ids
    this.anchor = null;        // index of the last plain or ctrl click (shift-range anchor)
    this.focusIndex = 0;
    this.columns = Number(localStorage.getItem('photos.columns')) || 0;
    this.justified = localStorage.getItem('photos.layout') === 'justified';
    this.cells = new Map();    // index → element
    this.pool = [];            // elements free for reuse (after live changes shift the indexes)
    this.stale = new Set();    // indexes whose asset changed: shown as they were until re-read
    this.lastScrollTop = 0;
    this.direction = 1;
    this.build();
  }

  build() {
    this.host.classList.add('grid-host');
    this.host.innerHTML = '';
    this.scroller = document.createElement('div');
    this.scroller.className = 'grid-scroller';
    this.scroller.tabIndex = 0;
    this.scroller.setAttribute('role', 'grid');
    this.scroller.setAttribute('aria-label', this.options.label || 'Photos');
    this.sizer = document.createElement('div');
    this.sizer.className = 'grid-sizer';
    this.layer = document.createElement('div');
    this.layer.className = 'grid-layer';
    this.sizer.append(this.layer);
    this.scroller.append(this.sizer);
    this.dateLabel = document.createElement('div');
    this.dateLabel.className = 'grid-date';
    this.dateLabel.setAttribute('aria-live', 'polite');
    this.scrubber = document.createElement('div');
    this.scrubber.className = 'grid-scrubber';
    this.scrubber.setAttribute('role', 'scrollbar');
    this.scrubber.setAttribute('aria-label', 'Jump to a date');
    this.scrubber.setAttribute('aria-controls', 'grid');
    this.scrubberThumb = document.createElement('div');
    this.scrubberThumb.className = 'grid-scrubber-thumb';
    this.scrubber.append(this.scrubberThumb);
    this.empty = document.createElement('p');
    this.empty.className = 'grid-empty';
    this.empty.hidden = true;
    this.empty.textContent = this.options.emptyText || 'No photos';
    this.host.append(this.scroller, this.dateLabel, this.scrubber, this.empty);

    this.scroller.addEventListener('scroll', () => this.schedule());
    this.scroller.addEventListener('click', (event) => this.click(event));
    // Dragging cells (the selection, or the one dragged) onto an album adds them there (see main.js).
    this.scroller.addEventListener('dragstart', (event) => {
      const cell = event.target.closest?.('.cell');
      const asset = cell && this.items[Number(cell.dataset.index)];
      if (!asset) { event.preventDefault(); return; }
      const ids = this.selected.has(asset.id) ? this.selection() : [asset.id];
      const identifiers = ids.map((id) => this.items.find((a) => a && a.id === id)?.localIdentifier || `${id}/L0/001`);
      event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(identifiers));
      event.dataTransfer.effectAllowed = this.options.onReorder ? 'copyMove' : 'copy';
      this.dragging = this.selected.has(asset.id) ? this.indexesOf(this.selected) : [Number(cell.dataset.index)];
    });
    if (this.options.onReorder) this.bindReorder();
    this.scroller.addEventListener('keydown', (event) => this.key(event));
    this.scroller.addEventListener('wheel', (event) => {
      if (event.ctrlKey) {
        event.preventDefault();
        this.zoom(event.deltaY > 0 ? 1 : -1);
      } else if (this.virtualHeight > this.physicalHeight) {
        // A scaled scroll range (huge libraries): the wheel still moves the content by what it asks for.
        event.preventDefault();
        const lines = event.deltaMode === 1 ? 40 : event.deltaMode === 2 ? this.scroller.clientHeight : 1;
        this.scrollToVirtual(this.virtualTop() + event.deltaY * lines);
      }
    }, { passive: false });
    this.bindPinch();
    // Laid out and drawn in the observer (it runs before paint): layout() drops every cell, so drawing a frame later
    // showed one empty frame on each resize (a prompt or a toolbar row appearing, a phone turning).
    this.resizeObserver = new ResizeObserver(() => {
      this.layout();
      if (this.frame) { cancelAnimationFrame(this.frame); this.frame = 0; }
      this.render();
    });
    this.resizeObserver.observe(this.scroller);
    this.bindScrubber();
  }

  /** Opens the source and shows the first screen. */
  async start() {
    const { count, changeToken } = await this.source.open();
    this.changeToken = changeToken;
    this.count = count;
    // The first page and the day sections are read at the same time; the first screen waits for both.
    const [sections] = await Promise.all([this.loadSections(count), this.ensure(0, Math.min(count, PAGE))]);
    this.sections = sections;
    this.setCount(count);
    this.layout();
    this.ready = true;
    this.render();
  }

  destroy() {
    clearTimeout(this.sectionTimer);
    this.resizeObserver.disconnect();
    this.source.close();
    this.host.innerHTML = '';
    this.destroyed = true;
  }

  /** Re-reads everything (after a dropped change stream) keeping the scroll position. */
  async refresh() {
    this.source.close();
    const { count, changeToken } = await this.source.open();
    this.changeToken = changeToken;
    this.sections = await this.loadSections(count);
    this.generation++;
    this.movePending = false;
    this.items = new Array(count);
    this.loading.clear();
    this.setCount(count);
    this.render();
    window.dispatchEvent(new CustomEvent('photos:grid-refreshed', { detail: this }));
  }

  /** Day sections for `count` assets (null when the source has none, or they do not add up). */
  async loadSections(count) {
    try {
      const runs = await this.source.sections();
      if (!runs?.length || runs.reduce((sum, run) => sum + run.count, 0) !== count) return null;
      return runs.map((run) => ({ day: run.day, count: run.count }));
    } catch { return null; }
  }

  /** Re-reads the sections after live changes (debounced), then lays out again keeping the top asset in place. */
  refreshSectionsSoon() {
    if (!this.sections) return;
    clearTimeout(this.sectionTimer);
    this.sectionTimer = setTimeout(async () => {
      if (this.destroyed) return;
      const anchor = this.firstVisibleIndex();
      const sections = await this.loadSections(this.count);
      if (this.destroyed) return;
      this.sections = sections;
      this.layout();
      this.reveal(anchor, true);
      this.render();
    }, 250);
  }

  setCount(count) {
    this.count = count;
    this.items.length = count;
    this.empty.hidden = count > 0;
    this.layout();
  }

  // Geometry ----------------------------------------------------------------------------------------------

  layout() {
    const width = this.scroller.clientWidth || 800;
    const preferred = this.columns || Math.max(3, Math.round(width / 180));
    this.columnCount = Math.max(1, Math.min(16, preferred));
    this.headerHeight = this.sections ? 40 : 0;
    if (this.justified) {
      this.layoutJustified(width);
    } else {
      this.cellSize = Math.floor(width / this.columnCount);
      this.rows = Math.ceil(this.count / this.columnCount);
      if (this.sections) {
        let y = 0, start = 0;
        for (const section of this.sections) {
          section.start = start;
          section.y = y;
          section.rows = Math.ceil(section.count / this.columnCount);
          y += this.headerHeight + section.rows * this.cellSize;
          start += section.count;
        }
        this.virtualHeight = y;
      } else {
        this.virtualHeight = this.rows * this.cellSize;
      }
    }
    this.applyHeight();
    this.scroller.dataset.layout = this.justified ? 'justified' : 'square';
    this.scroller.style.setProperty('--cell', `${this.cellSize}px`);
    this.scroller.setAttribute('aria-colcount', String(this.columnCount));
    for (const cell of [...this.cells.values(), ...this.pool]) cell.remove();
    this.cells.clear();
    this.pool = [];
    for (const header of this.headers?.values() || []) header.remove();
    this.headers = new Map();
  }

  applyHeight() {
    this.physicalHeight = Math.min(this.virtualHeight, MAX_PHYSICAL_HEIGHT);
    this.sizer.style.height = `${this.physicalHeight}px`;
    this.scroller.dataset.virtualHeight = String(this.virtualHeight);
    this.scroller.setAttribute('aria-rowcount', String(this.rows));
  }

  /** Square cells, or justified rows (each asset as wide as its aspect ratio, rows filling the width). */
  setLayout(justified) {
    if (justified === this.justified) return;
    const anchor = this.firstVisibleIndex();
    this.justified = justified;
    localStorage.setItem('photos.layout', justified ? 'justified' : 'square');
    this.layout();
    this.reveal(anchor, true);
    this.render();
  }

  // Justified rows: the assets are laid out in blocks — a day section's part within one page of 200 (or a page,
  // without sections) — each packed into rows once all its assets have arrived (their pixel sizes come with the
  // pages) and estimated from the mean aspect ratio until then; a packed block keeps its rows, and when blocks
  // above the viewport change height the asset at the top stays where it is. So a million assets need only the
  // pages near the viewport, as in the square grid; a row breaks at a page boundary inside a day (days of more
  // than 200).

  layoutJustified(width) {
    this.width = width;
    this.cellSize = Math.max(48, Math.round(width / this.columnCount));   // the rows' target height
    this.blocks = [];
    this.aspectSum = 0;
    this.aspectCount = 0;
    let start = 0;
    (this.sections || [{ count: this.count }]).forEach((run, s) => {
      run.start = start;
      const end = start + run.count;
      for (let from = start; from < end;) {
        const to = Math.min(end, (Math.floor(from / PAGE) + 1) * PAGE);
        this.blocks.push({ start: from, count: to - from, section: s, header: this.sections && from === start ? this.headerHeight : 0, rows: null });
        from = to;
      }
      start = end;
    });
    this.placeBlocks();
  }

  /** Packs the blocks whose assets have all arrived and stacks the blocks; true when something was packed. */
  placeBlocks() {
    let packed = false;
    for (const block of this.blocks) if (!block.rows && this.pack(block)) packed = true;
    const meanAspect = this.aspectCount ? this.aspectSum / this.aspectCount : 1.4;
    const perRow = Math.max(1, Math.round(this.width / (this.cellSize * meanAspect)));
    let y = 0, rows = 0;
    for (const block of this.blocks) {
      block.y = y;
      if (block.header) this.sections[block.section].y = y;
      if (!block.rows) { block.perRow = perRow; block.height = Math.ceil(block.count / perRow) * this.cellSize; }
      y += block.header + block.height;
      rows += block.rows ? block.rows.length : Math.ceil(block.count / perRow);
    }
    this.virtualHeight = y;
    this.rows = rows;
    return packed;
  }

  /**
   * Packs a block into rows: assets join a row while it is narrower than the width at the target height; the
   * asset that would overflow it joins when that leaves the row's height nearer the target. A full row is
   * scaled to the width exactly; the block's last row keeps the target height.
   */
  pack(block) {
    const aspects = new Float64Array(block.count);
    for (let k = 0; k < block.count; k++) {
      const asset = this.items[block.start + k];
      if (!asset) return false;
      const ratio = asset.pixelWidth > 0 && asset.pixelHeight > 0 ? asset.pixelWidth / asset.pixelHeight : 1;
      aspects[k] = Math.max(0.4, Math.min(3, ratio));   // panoramas and slivers are cropped
    }
    const width = this.width, target = this.cellSize;
    const rows = [], x = new Int32Array(block.count), w = new Int32Array(block.count);
    let y = 0;
    for (let first = 0; first < block.count;) {
      let sum = 0, end = first;
      while (end < block.count && (sum + aspects[end]) * target < width) sum += aspects[end++];
      let height = target;
      if (end < block.count) {
        const fuller = width / (sum + aspects[end]);
        if (sum === 0 || Math.abs(fuller - target) <= Math.abs(width / sum - target)) sum += aspects[end++];
        height = width / sum;
      }
      let left = 0;
      for (let k = first; k < end; k++) {
        const right = left + aspects[k] * height;
        x[k] = Math.round(left);
        w[k] = Math.round(right) - x[k];
        left = right;
      }
      const h = Math.round(height);
      rows.push({ first, end, y, h });
      y += h;
      first = end;
    }
    Object.assign(block, { rows, x, w, height: y });
    for (const aspect of aspects) this.aspectSum += aspect;
    this.aspectCount += block.count;
    return true;
  }

  /** After pages arrived: packs their blocks, keeping the asset at the top of the viewport in place. */
  reflow() {
    this.needsReflow = false;
    const anchor = this.firstVisibleIndex();
    const offset = this.yOf(anchor) - this.virtualTop();
    if (!this.placeBlocks()) return;
    this.applyHeight();
    this.scrollToVirtual(this.yOf(anchor) - offset);
    for (const [index, cell] of this.cells) this.place(cell, index);
    for (const header of this.headers.values()) header.remove();
    this.headers.clear();
  }

  /** The block holding `index` (justified). */
  blockOf(index) {
    let low = 0, high = this.blocks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.blocks[middle].start <= index) low = middle; else high = middle - 1;
    }
    return this.blocks[low];
  }

  /** Where the cell of `index` stands in the layer (virtual coordinates) and its size. */
  geometryOf(index) {
    if (!this.justified) {
      const column = this.sections ? (index - this.sectionOf(index).start) % this.columnCount : index % this.columnCount;
      return { x: column * this.cellSize, y: this.yOf(index), w: this.cellSize, h: this.cellSize };
    }
    if (!this.blocks.length) return { x: 0, y: 0, w: this.cellSize, h: this.cellSize };
    const block = this.blockOf(index);
    const k = index - block.start;
    const top = block.y + block.header;
    if (block.rows) {
      let low = 0, high = block.rows.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (block.rows[middle].first <= k) low = middle; else high = middle - 1;
      }
      const row = block.rows[low];
      return { x: block.x[k], y: top + row.y, w: block.w[k], h: row.h };
    }
    const width = this.width / block.perRow;
    const x = Math.round((k % block.perRow) * width);
    return { x, y: top + Math.floor(k / block.perRow) * this.cellSize, w: Math.round((k % block.perRow + 1) * width) - x, h: this.cellSize };
  }

  /** Puts a cell where its index stands. */
  place(cell, index) {
    const { x, y, w, h } = this.geometryOf(index);
    cell.style.transform = `translate(${x}px, ${y}px)`;
    if (this.justified) { cell.style.width = `${w}px`; cell.style.height = `${h}px`; }
  }

  /** The first index of the row after (direction 1) or before (-1) the one holding `index`, nearest its centre. */
  rowNeighbour(index, direction) {
    const here = this.geometryOf(index);
    const centre = here.x + here.w / 2;
    let edge = index;
    while (edge + direction >= 0 && edge + direction < this.count && this.geometryOf(edge + direction).y === here.y) edge += direction;
    const next = edge + direction;
    if (next < 0 || next >= this.count) return index;
    const rowY = this.geometryOf(next).y;
    let best = next, distance = Infinity;
    for (let i = next; i >= 0 && i < this.count; i += direction) {
      const g = this.geometryOf(i);
      if (g.y !== rowY) break;
      const d = Math.abs(g.x + g.w / 2 - centre);
      if (d < distance) { distance = d; best = i; }
    }
    return best;
  }

  /** The section holding `index` (sections only). */
  sectionOf(index) {
    let low = 0, high = this.sections.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.sections[middle].start <= index) low = middle; else high = middle - 1;
    }
    return this.sections[low];
  }

  /** The virtual top of the row holding `index`. */
  yOf(index) {
    if (this.justified) return this.geometryOf(index).y;
    if (!this.sections) return Math.floor(index / this.columnCount) * this.cellSize;
    const section = this.sectionOf(index);
    return section.y + this.headerHeight + Math.floor((index - section.start) / this.columnCount) * this.cellSize;
  }

  /** The first index whose row reaches below virtual offset `y`. */
  indexAtY(y) {
    if (this.justified) return this.justifiedIndexAtY(y);
    if (!this.sections) return Math.max(0, Math.floor(y / this.cellSize)) * this.columnCount;
    let low = 0, high = this.sections.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.sections[middle].y <= y) low = middle; else high = middle - 1;
    }
    const section = this.sections[low];
    const row = Math.max(0, Math.floor((y - section.y - this.headerHeight) / this.cellSize));
    return Math.min(section.start + section.count, section.start + row * this.columnCount);
  }

  justifiedIndexAtY(y) {
    if (!this.blocks.length) return 0;
    let low = 0, high = this.blocks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.blocks[middle].y <= y) low = middle; else high = middle - 1;
    }
    const block = this.blocks[low];
    const local = y - block.y - block.header;
    if (local < 0) return block.start;
    if (!block.rows) return Math.min(block.start + block.count, block.start + Math.floor(local / this.cellSize) * block.perRow);
    const row = block.rows.find((r) => r.y + r.h > local);
    return block.start + (row ? row.first : block.count);
  }

  /** The virtual offset (in the unscaled layout) of the viewport's top. */
  virtualTop() {
    const viewport = this.scroller.clientHeight;
    const physicalRange = this.physicalHeight - viewport;
    if (physicalRange <= 0) return 0;
    return this.scroller.scrollTop * ((this.virtualHeight - viewport) / physicalRange);
  }

  scrollToVirtual(top) {
    const viewport = this.scroller.clientHeight;
    const virtualRange = this.virtualHeight - viewport;
    if (virtualRange <= 0) { this.scroller.scrollTop = 0; return; }
    this.scroller.scrollTop = Math.max(0, Math.min(1, top / virtualRange)) * (this.physicalHeight - viewport);
  }

  /** Scrolls so that `index` is visible. */
  reveal(index, atTop = false) {
    const { y: top, h } = this.geometryOf(index);
    const current = this.virtualTop();
    const viewport = this.scroller.clientHeight;
    if (atTop || top < current) this.scrollToVirtual(Math.max(0, top - (atTop ? 0 : this.headerHeight)));
    else if (top + h > current + viewport) this.scrollToVirtual(top + h - viewport);
  }

  zoom(step) {
    const anchorIndex = this.firstVisibleIndex();
    this.columns = Math.max(2, Math.min(16, (this.columnCount || 5) + step));
    localStorage.setItem('photos.columns', String(this.columns));
    this.layout();
    this.reveal(anchorIndex);
    this.render();
  }

  firstVisibleIndex() { return this.cellSize ? Math.min(Math.max(0, this.count - 1), this.indexAtY(this.virtualTop())) : 0; }

  // Loading -----------------------------------------------------------------------------------------------

  /** Loads the pages covering [start, end). */
  ensure(start, end) {
    const waits = [];
    for (let page = Math.floor(start / PAGE); page * PAGE < Math.min(end, this.count); page++) {
      let missing = false;
      for (let i = page * PAGE; i < Math.min((page + 1) * PAGE, this.count); i++) {
        if (!this.items[i] || this.stale.has(i)) { missing = true; break; }
      }
      if (!missing) continue;
      if (!this.loading.has(page)) {
        const generation = this.generation;
        const promise = this.source.page(page * PAGE).then(({ assets }) => {
          if (generation !== this.generation || this.destroyed) return;
          assets.forEach((asset, k) => {
            if (page * PAGE + k < this.count) { this.items[page * PAGE + k] = asset; this.stale.delete(page * PAGE + k); }
          });
          if (this.justified) this.needsReflow = true;
          this.schedule();
        }).catch((error) => {
          if (error.type?.endsWith('fetch-expired') && !this.destroyed) this.refresh();
        }).finally(() => { if (this.loading.get(page) === promise) this.loading.delete(page); });
        this.loading.set(page, promise);
      }
      waits.push(this.loading.get(page));
    }
    return Promise.all(waits);
  }

  /** The asset at `index`, loading its page when needed. */
  async assetAt(index) {
    if (index < 0 || index >= this.count) return null;
    if (!this.items[index]) await this.ensure(index, index + 1);
    return this.items[index] || null;
  }

  // Rendering ---------------------------------------------------------------------------------------------

  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.render(); });
  }

  render() {
    if (this.destroyed || !this.cellSize || !this.ready) return;   // nothing before the first layout with the real count
    if (this.needsReflow) this.reflow();
    const scrollTop = this.scroller.scrollTop;
    if (scrollTop !== this.lastScrollTop) this.direction = scrollTop > this.lastScrollTop ? 1 : -1;
    this.lastScrollTop = scrollTop;
    const viewport = this.scroller.clientHeight;
    const top = this.virtualTop();
    const first = Math.max(0, this.indexAtY(top - this.cellSize) );
    const last = Math.min(this.count, this.indexAtY(top + viewport + this.cellSize) + this.columnCount);
    const ahead = Math.ceil(viewport / this.cellSize) * this.columnCount * 2;
    this.ensure(first, last);
    if (this.direction > 0) this.ensure(last, last + ahead); else this.ensure(Math.max(0, first - ahead), first);

    // The layer holds cells at virtual positions; shifting it by (physical − virtual) lands them in the sizer.
    const offset = scrollTop - top;
    this.layer.style.transform = `translateY(${offset}px)`;
    // Cells that scrolled away are reused for the ones scrolling in (no DOM churn while scrolling).
    const spare = this.pool.splice(0);
    for (const [index, cell] of this.cells) {
      if (index < first || index >= last) { spare.push(cell); this.cells.delete(index); }
    }
    for (let index = first; index < last; index++) {
      const asset = this.items[index];
      let cell = this.cells.get(index);
      if (!cell) {
        cell = spare.pop();
        if (!cell) {
          cell = document.createElement('div');
          cell.className = 'cell';
          cell.setAttribute('role', 'gridcell');
          this.layer.append(cell);
        }
        cell.dataset.index = String(index);
        this.cells.set(index, cell);
        // Placed once, in the layer's (virtual) coordinates; scrolling moves only the layer.
        this.place(cell, index);
      }
      this.fill(cell, asset, index);
    }
    for (const cell of spare) cell.remove();
    if (this.sections) this.renderHeaders(top, viewport, offset);
    const topIndex = Math.min(this.count - 1, this.indexAtY(top));
    if (this.sections && topIndex >= 0) {
      const day = this.sectionOf(topIndex).day;
      this.dateLabel.textContent = day ? formatMonth(`${day}T12:00:00`) : '';
    } else {
      const topAsset = this.items[topIndex];
      this.dateLabel.textContent = topAsset ? formatMonth(topAsset.creationDate || topAsset.addedDate) : '';
    }
    const range = Math.max(1, this.physicalHeight - viewport);
    this.scrubberThumb.style.top = `${(scrollTop / range) * (this.scrubber.clientHeight - 24)}px`;
    this.scrubber.hidden = this.virtualHeight < viewport * 3;
  }

  /** Day headers of the sections in view (reused elements, like cells). */
  renderHeaders(top, viewport, offset) {
    let low = 0, high = this.sections.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.sections[middle].y <= top) low = middle; else high = middle - 1;
    }
    const visible = new Set();
    for (let s = low; s < this.sections.length && this.sections[s].y < top + viewport; s++) visible.add(s);
    const spare = [];
    for (const [s, header] of this.headers) if (!visible.has(s)) { spare.push(header); this.headers.delete(s); }
    for (const s of visible) {
      let header = this.headers.get(s);
      if (!header) {
        header = spare.pop() || this.layer.appendChild(document.createElement('h2'));
        header.className = 'day-header';
        header.setAttribute('role', 'rowheader');
        header.textContent = formatDay(this.sections[s].day);
        header.style.transform = `translateY(${this.sections[s].y}px)`;
        this.headers.set(s, header);
      }
    }
    for (const header of spare) header.remove();
  }

  fill(cell, asset, index) {
    const id = asset ? asset.id : '';
    const selected = asset ? this.selected.has(asset.id) : false;
    // What the cell shows depends on these; a change to any rebuilds it.
    const key = asset ? `${id}|${asset.isFavorite}|${asset.hasAdjustments}|${asset.modificationDate || ''}|${asset.trashedDate || ''}` : '';
    if (cell.dataset.key !== key) {
      cell.dataset.key = key;
      cell.dataset.id = id;
      cell.innerHTML = '';
      cell.classList.remove('no-image', 'inserted');
      if (asset) {
        // Photos show their thumbnail, videos their poster frame's (the duration badge tells them apart).
        const img = document.createElement('img');
        img.decoding = 'async';
        img.alt = asset.originalFilename || (asset.mediaType === 2 ? 'Video' : 'Photo');
        img.src = asset.thumbnailURL;
        img.draggable = false;
        // No picture (a file that cannot be decoded): a labelled tile instead.
        img.addEventListener('error', () => { if (cell.dataset.id === id) { cell.classList.add('no-image'); img.remove(); } }, { once: true });
        cell.append(img);
      }
      if (asset) {
        cell.setAttribute('aria-label', asset.originalFilename || 'Photo');
        const badges = [];
        if (asset.isFavorite) badges.push(`<span class="badge fav" title="Favorite">${icons.heart}</span>`);
        if (asset.mediaType === 2) badges.push(`<span class="badge video">${formatDuration(asset.duration)}</span>`);
        if (asset.mediaSubtypes & 8) badges.push('<span class="badge live">LIVE</span>');
        if (asset.representsBurst || asset.burstIdentifier) badges.push('<span class="badge burst" title="Burst">BURST</span>');
        if (asset.hasAdjustments) badges.push('<span class="badge edited" title="Edited">✎</span>');
        if (asset.trashedDate) {
          // Recently Deleted keeps items 30 days (the library's purge rule); show what is left, as Photos does.
          const left = Math.max(0, 30 - Math.floor((Date.now() - new Date(asset.trashedDate).getTime()) / 86_400_000));
          badges.push(`<span class="badge days-left">${left === 1 ? '1 day' : `${left} days`}</span>`);
        }
        if (badges.length) cell.insertAdjacentHTML('beforeend', `<div class="badges">${badges.join('')}</div>`);
        if (cell.dataset.inserted) { cell.classList.remove('inserted'); void cell.offsetWidth; cell.classList.add('inserted'); delete cell.dataset.inserted; }
      }
    }
    cell.classList.toggle('placeholder', !asset);
    cell.draggable = !!asset;
    cell.classList.toggle('selected', selected);
    cell.setAttribute('aria-selected', String(selected));
    cell.tabIndex = index === this.focusIndex ? 0 : -1;
  }

  // Interaction -------------------------------------------------------------------------------------------

  click(event) {
    const cell = event.target.closest('.cell');
    if (!cell) return;
    const index = Number(cell.dataset.index);
    const asset = this.items[index];
    if (!asset) return;
    this.focusIndex = index;
    if (event.shiftKey && this.anchor !== null) {
      this.selectRange(this.anchor, index);
    } else if (event.ctrlKey || event.metaKey || this.selecting) {
      this.toggle(asset);
      this.anchor = index;
    } else if (this.options.onOpen) {
      this.anchor = index;
      this.options.onOpen(index, asset);
      return;
    }
    this.render();
  }

  async selectRange(from, to) {
    const [a, b] = from < to ? [from, to] : [to, from];
    await this.ensure(a, b + 1);
    for (let i = a; i <= b; i++) if (this.items[i]) this.selected.add(this.items[i].id);
    this.selectionChanged();
  }

  toggle(asset) {
    if (this.selected.has(asset.id)) this.selected.delete(asset.id); else this.selected.add(asset.id);
    this.selectionChanged();
  }

  clearSelection() { this.selected.clear(); this.selectionChanged(); }

  selectionChanged() {
    this.render();
    this.options.onSelectionChange?.(this.selected);
  }

  setSelecting(on) { this.selecting = on; this.host.classList.toggle('selecting', on); if (!on) this.clearSelection(); }

  key(event) {
    if (event.altKey && this.options.onReorder && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      event.preventDefault();
      this.moveSelection(event.key === 'ArrowLeft' ? -1 : 1, { focused: true });
      return;
    }
    const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: this.columnCount, ArrowUp: -this.columnCount,
      PageDown: this.columnCount * 4, PageUp: -this.columnCount * 4 };
    if (event.key in moves || event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      let next = event.key === 'Home' ? 0 : event.key === 'End' ? this.count - 1 : this.focusIndex + moves[event.key];
      if (this.justified && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
        next = this.rowNeighbour(this.focusIndex, event.key === 'ArrowDown' ? 1 : -1);
      } else if (this.justified && (event.key === 'PageDown' || event.key === 'PageUp')) {
        const { y } = this.geometryOf(this.focusIndex);
        next = this.indexAtY(y + (event.key === 'PageDown' ? 1 : -1) * this.scroller.clientHeight);
      }
      next = Math.max(0, Math.min(this.count - 1, next));
      if (event.shiftKey) this.selectRange(this.focusIndex, next);
      this.focusIndex = next;
      this.reveal(next);
      this.render();
      this.cells.get(next)?.focus({ preventScroll: true });
    } else if (event.key === 'Enter') {
      const asset = this.items[this.focusIndex];
      if (asset) this.options.onOpen?.(this.focusIndex, asset);
    } else if (event.key === ' ') {
      event.preventDefault();
      const asset = this.items[this.focusIndex];
      if (asset) this.toggle(asset);
    } else if ((event.key === '+' || event.key === '=') && !event.ctrlKey) { this.zoom(-1); }
    else if (event.key === '-' && !event.ctrlKey) { this.zoom(1); }
    else if (event.key === 'Escape') { this.clearSelection(); }
  }

  // Reordering (albums) ----------------------------------------------------------------------------------

  /** Indexes (ascending) of the loaded assets whose ids are in `ids`. */
  indexesOf(ids) {
    const indexes = [];
    this.items.forEach((asset, index) => { if (asset && ids.has(asset.id)) indexes.push(index); });
    return indexes;
  }

  /**
   * Cells dragged within the grid move there: a marker shows where they will go (before or after the cell under
   * the pointer), and the drop asks `onReorder(from, to)` with PhotoKit's move semantics (`to` counts after the
   * moved items are taken out). The grid itself changes only when the change stream says so.
   */
  bindReorder() {
    this.dropMarker = document.createElement('div');
    this.dropMarker.className = 'drop-marker';
    this.dropMarker.hidden = true;
    this.layer.append(this.dropMarker);
    const target = (event) => {
      const cell = event.target.closest?.('.cell');
      if (!cell || !this.dragging) return null;
      const index = Number(cell.dataset.index);
      const rect = cell.getBoundingClientRect();
      const after = event.clientX > rect.left + rect.width / 2;
      return { cell, at: after ? index + 1 : index, after };
    };
    this.scroller.addEventListener('dragover', (event) => {
      const place = target(event);
      if (!place) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      const { x, y, h, w } = this.geometryOf(Number(place.cell.dataset.index));
      this.dropMarker.hidden = false;
      this.dropMarker.style.height = `${h}px`;
      this.dropMarker.style.transform = `translate(${Math.max(0, x + (place.after ? w : 0) - 2)}px, ${y}px)`;
    });
    const end = () => { this.dropMarker.hidden = true; };
    this.scroller.addEventListener('dragleave', (event) => { if (!this.scroller.contains(event.relatedTarget)) end(); });
    this.scroller.addEventListener('dragend', () => { end(); this.dragging = null; });
    this.scroller.addEventListener('drop', (event) => {
      const place = target(event);
      end();
      if (!place) return;
      event.preventDefault();
      const from = this.dragging;
      this.dragging = null;
      this.requestMove(from, place.at - from.filter((index) => index < place.at).length);
    });
  }

  /**
   * Moves the selection one place earlier (-1) or later (+1); from the keyboard (`focused`), the focused asset
   * when it is not selected.
   */
  moveSelection(step, { focused = false } = {}) {
    const asset = this.items[this.focusIndex];
    const from = focused && asset && !this.selected.has(asset.id) ? [this.focusIndex] : this.indexesOf(this.selected);
    if (!from.length) return;
    const to = Math.max(0, Math.min(this.count - from.length, from[0] + step));
    this.requestMove(from, to);
  }

  /** Asks for a move unless it would change nothing; focus follows the focused asset to where it goes. */
  requestMove(from, to) {
    const contiguous = from.every((index, k) => index === from[0] + k);
    // Indexes name the grid's snapshot: one move at a time, the next once the change stream has moved the cells.
    if (!from.length || (contiguous && to === from[0]) || this.movePending) return;
    const k = from.indexOf(this.focusIndex);
    if (k >= 0) this.focusIndex = to + k;
    this.movePending = true;
    Promise.resolve(this.options.onReorder(from, to)).finally(() => { this.moveTimer = setTimeout(() => { this.movePending = false; }, 3000); });
  }

  /** Two fingers spreading or pinching change the zoom level (more or fewer columns), like Photos. */
  bindPinch() {
    const touches = new Map();
    let start = 0;
    const spread = () => {
      const [a, b] = [...touches.values()];
      return Math.hypot(a.x - b.x, a.y - b.y);
    };
    this.scroller.addEventListener('pointerdown', (event) => {
      if (event.pointerType !== 'touch') return;
      touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (touches.size === 2) start = spread();
    });
    this.scroller.addEventListener('pointermove', (event) => {
      if (!touches.has(event.pointerId)) return;
      touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (touches.size !== 2 || !start) return;
      const ratio = spread() / start;
      if (ratio > 1.3) { this.zoom(-1); start = spread(); } else if (ratio < 0.77) { this.zoom(1); start = spread(); }
    });
    const lift = (event) => { touches.delete(event.pointerId); if (touches.size < 2) start = 0; };
    this.scroller.addEventListener('pointerup', lift);
    this.scroller.addEventListener('pointercancel', lift);
  }

  bindScrubber() {
    let dragging = false;
    const jump = (event) => {
      const rect = this.scrubber.getBoundingClientRect();
      const fraction = Math.max(0, Math.min(1, (event.clientY - rect.top) / rect.height));
      this.scroller.scrollTop = fraction * (this.physicalHeight - this.scroller.clientHeight);
      this.render();
    };
    this.scrubber.addEventListener('pointerdown', (event) => {
      dragging = true;
      try { this.scrubber.setPointerCapture(event.pointerId); } catch { /* a pointer that is not down (synthetic) */ }
      this.host.classList.add('scrubbing');
      jump(event);
    });
    this.scrubber.addEventListener('pointermove', (event) => { if (dragging) jump(event); });
    const end = () => { dragging = false; this.host.classList.remove('scrubbing'); };
    this.scrubber.addEventListener('pointerup', end);
    this.scrubber.addEventListener('pointercancel', end);
  }

  /** Jumps to the first asset at or before `date` in a grid sorted newest first (binary search over pages). */
  async jumpToDate(date) {
    const target = date.getTime();
    let low = 0, high = this.count - 1;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const asset = await this.assetAt(middle);
      const time = new Date(asset.creationDate || asset.addedDate).getTime();
      if (time > target) low = middle + 1; else high = middle;
    }
    this.reveal(low, true);
    this.focusIndex = low;
    this.render();
    return low;
  }

  // Live updates ------------------------------------------------------------------------------------------

  /** Applies a change stream's fetch details (PHFetchResultChangeDetails semantics) in place. */
  applyDetails(details) {
    // Moves in a day-sectioned grid may cross days: read it again (albums, unsectioned, move in place).
    if (!details.incremental || (details.moves.length && this.sections)) { this.refresh(); return; }
    this.changeToken = details.changeToken;
    this.generation++;
    this.loading.clear();
    this.movePending = false;
    clearTimeout(this.moveTimer);
    const hadFocus = this.layer.contains(document.activeElement);
    const removedIds = details.removed.map((index) => this.items[index]?.id).filter(Boolean);
    if (details.moves.length) {
      // The new list from the old: removed and moved items leave, the rest keep their order, and inserted
      // (unknown yet) and moved items take their new indexes.
      const old = this.items;
      const leaving = new Set([...details.removed, ...details.moves.map((m) => m.from)]);
      const placed = new Map(details.inserted.map((index) => [index, undefined]));
      for (const move of details.moves) placed.set(move.to, old[move.from]);
      const next = new Array(details.count);
      let from = 0;
      for (let index = 0; index < details.count; index++) {
        if (placed.has(index)) { next[index] = placed.get(index); continue; }
        while (leaving.has(from)) from++;
        next[index] = old[from++];
      }
      this.items = next;
    } else {
      for (const index of [...details.removed].sort((a, b) => b - a)) this.items.splice(index, 1);
      for (const index of [...details.inserted].sort((a, b) => a - b)) this.items.splice(index, 0, undefined);
    }
    // Changed assets stay on screen as they were until their page is read again (no placeholder flash).
    for (const index of this.stale) this.items[index] = undefined;
    this.stale = new Set(details.changed);
    for (const id of removedIds) this.selected.delete(id);
    const insertedSet = new Set([...details.inserted, ...details.moves.map((m) => m.to)]);
    // Every cell may now stand at another index: all go back to the pool; render places them again, and a
    // cell showing the same asset keeps its picture.
    this.pool.push(...this.cells.values());
    this.cells.clear();
    this.count = details.count;
    this.items.length = details.count;
    this.empty.hidden = this.count > 0;
    if (this.sections) {
      // Until fresh sections arrive: removals leave their section, insertions join their neighbour's.
      for (const index of [...details.removed].sort((a, b) => b - a)) {
        const section = this.sections.find((x) => index >= x.start && index < x.start + x.count);
        if (section) section.count--;
        this.restartSections();
      }
      for (const index of [...details.inserted].sort((a, b) => a - b)) {
        const section = this.sections.find((x) => index >= x.start && index <= x.start + x.count) || this.sections[this.sections.length - 1];
        if (section) section.count++; else this.sections.push({ day: null, count: 1 });
        this.restartSections();
      }
      this.sections = this.sections.filter((x) => x.count > 0);
      if (!this.sections.length) this.sections = null;
      this.refreshSectionsSoon();
    }
    const rowsBefore = this.rows;
    this.rows = Math.ceil(this.count / this.columnCount);
    if (rowsBefore !== this.rows || this.sections || this.justified) this.layout();
    this.pendingInserted = insertedSet;
    this.render();
    for (const index of insertedSet) { const cell = this.cells.get(index); if (cell) cell.dataset.inserted = '1'; }
    if (hadFocus) this.cells.get(this.focusIndex)?.focus({ preventScroll: true });
    if (removedIds.length) this.options.onSelectionChange?.(this.selected);
  }

  /** Recomputes section starts after a count changed. */
  restartSections() {
    let start = 0;
    for (const section of this.sections) { section.start = start; start += section.count; }
  }

  /** Ids of the selected assets. */
  selection() { return [...this.selected]; }
}

function formatDuration(seconds) {
  const s = Math.round(seconds || 0);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
