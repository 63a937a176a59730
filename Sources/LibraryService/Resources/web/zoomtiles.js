// Tiles for zooming past the largest picture the server makes in one piece: the viewer shows that picture
// enlarged to the photo's full size at once, and this layer covers what is on screen (and a margin around it)
// with pieces made at 100 % (`…/image?width=&height=&crop=`), so any photo can be looked at pixel for pixel
// without the browser reading its original.

/** A tile's side in the photo's pixels. */
export const TILE_SIDE = 1024;
/** Tiles kept beyond the ones in view before the farthest are dropped (each is at most 4 MiB decoded). */
const KEPT_TILES = 24;

export class ZoomTiles {
  /**
   * @param media the scrolling element the picture sits in (`position: relative`)
   * @param full the photo's upright size in pixels, `{width, height}`
   * @param urlFor makes a tile's URL from the picture query it needs (`width=…&height=…&mode=fit&crop=…`)
   */
  constructor(media, full, urlFor) {
    this.media = media;
    this.full = full;
    this.urlFor = urlFor;
    this.tiles = new Map();   // "column,row" → img
    this.layer = document.createElement('div');
    this.layer.className = 'zoom-tiles';
    this.layer.setAttribute('aria-hidden', 'true');
    this.layer.style.width = `${full.width}px`;
    this.layer.style.height = `${full.height}px`;
    media.append(this.layer);
    this.scheduled = false;
    this.onScroll = () => {
      if (this.scheduled) return;
      this.scheduled = true;
      requestAnimationFrame(() => { this.scheduled = false; this.update(); });
    };
    media.addEventListener('scroll', this.onScroll, { passive: true });
    window.addEventListener('resize', this.onScroll);
    this.update();
  }

  /** The tile grid's columns and rows that meet the visible part of the photo, widened by half a tile. */
  wanted() {
    const margin = TILE_SIDE / 2;
    const left = this.media.scrollLeft - this.layer.offsetLeft - margin;
    const top = this.media.scrollTop - this.layer.offsetTop - margin;
    const right = left + this.media.clientWidth + 2 * margin, bottom = top + this.media.clientHeight + 2 * margin;
    const columns = Math.ceil(this.full.width / TILE_SIDE), rows = Math.ceil(this.full.height / TILE_SIDE);
    const clamp = (value, limit) => Math.min(limit - 1, Math.max(0, value));
    return {
      first: { column: clamp(Math.floor(left / TILE_SIDE), columns), row: clamp(Math.floor(top / TILE_SIDE), rows) },
      last: { column: clamp(Math.floor(right / TILE_SIDE), columns), row: clamp(Math.floor(bottom / TILE_SIDE), rows) },
    };
  }

  /** Adds the tiles in view that are missing and drops the farthest ones beyond `KEPT_TILES`. */
  update() {
    if (!this.layer.isConnected) return;
    const { first, last } = this.wanted();
    for (let row = first.row; row <= last.row; row++) {
      for (let column = first.column; column <= last.column; column++) {
        if (!this.tiles.has(`${column},${row}`)) this.add(column, row);
      }
    }
    if (this.tiles.size <= KEPT_TILES) return;
    const centre = { column: (first.column + last.column) / 2, row: (first.row + last.row) / 2 };
    const far = [];
    for (const [key, img] of this.tiles) {
      const [column, row] = key.split(',').map(Number);
      const outside = column < first.column || column > last.column || row < first.row || row > last.row;
      if (outside) far.push({ key, img, distance: Math.hypot(column - centre.column, row - centre.row) });
    }
    far.sort((a, b) => b.distance - a.distance);
    for (const { key, img } of far.slice(0, this.tiles.size - KEPT_TILES)) { img.removeAttribute('src'); img.remove(); this.tiles.delete(key); }
  }

  /** One tile: the photo's pixels [x, x + w) × [y, y + h) at 100 %, placed where they belong. */
  add(column, row) {
    const x = column * TILE_SIDE, y = row * TILE_SIDE;
    const width = Math.min(TILE_SIDE, this.full.width - x), height = Math.min(TILE_SIDE, this.full.height - y);
    const unit = (value, whole) => Number((value / whole).toFixed(7));
    const crop = [unit(x, this.full.width), unit(y, this.full.height), unit(width, this.full.width), unit(height, this.full.height)];
    const img = document.createElement('img');
    img.alt = '';
    img.decoding = 'async';
    img.dataset.tile = `${column},${row}`;
    Object.assign(img.style, { left: `${x}px`, top: `${y}px`, width: `${width}px`, height: `${height}px` });
    img.addEventListener('load', () => { img.dataset.loaded = 'true'; });
    img.addEventListener('error', () => { img.remove(); this.tiles.delete(`${column},${row}`); });   // the enlarged picture stays
    img.src = this.urlFor(`width=${width}&height=${height}&mode=fit&crop=${crop.join(',')}`);
    this.layer.append(img);
    this.tiles.set(`${column},${row}`, img);
  }

  /** Removes the layer and stops following the scroll. */
  remove() {
    this.media.removeEventListener('scroll', this.onScroll);
    window.removeEventListener('resize', this.onScroll);
    for (const img of this.tiles.values()) img.removeAttribute('src');
    this.tiles.clear();
    this.layer.remove();
  }
}
