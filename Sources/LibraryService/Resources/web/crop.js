// The editor's geometry: quarter turns and a horizontal flip expressed as one CIPerspectiveTransform (the
// original's corners moved onto the turned image's corners, so the output is exactly the turned size), crop
// rectangles in the pixels the user sees (origin top left) and in Core Image's (origin bottom left), and the
// crop frame drawn over the preview — dragged with a mouse, a pen or a finger, moved and resized with the keys.

/** Aspect presets: a ratio (width / height), 'original' (the turned image's own ratio) or null (free). */
export const ASPECTS = { free: null, original: 'original', square: 1, '4:3': 4 / 3, '3:2': 3 / 2, '16:9': 16 / 9, '3:4': 3 / 4 };
/** The preset a quarter turn gives (a 4:3 frame turned is 3:4); presets with no turned twin become free. */
const TURNED_ASPECT = { free: 'free', original: 'original', square: 'square', '4:3': '3:4', '3:4': '4:3' };
/** The smallest crop side, in full-size pixels. */
const MIN_SIDE = 16;

/** The upright original's `size` after `turns` quarter turns. */
export function turnedSize(turns, size) {
  return turns % 2 ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
}

/** The ratio (width / height) `aspect` asks for on an image of `size` (turned), or null for a free frame. */
export function aspectRatio(aspect, size) {
  const value = ASPECTS[aspect];
  return value === 'original' ? size.width / size.height : value ?? null;
}

/** Where the original's corners (top left, top right, bottom right, bottom left; Core Image coordinates, origin
 * bottom left) land when it is flipped horizontally (if `flipped`) and then turned `turns` times clockwise. */
export function orientationCorners(turns, flipped, size) {
  let width = size.width, height = size.height;
  let points = [[0, height], [width, height], [width, 0], [0, 0]];
  if (flipped) points = points.map(([x, y]) => [width - x, y]);
  for (let turn = 0; turn < turns; turn += 1) {
    points = points.map(([x, y]) => [y, width - x]);   // clockwise: the left edge becomes the top
    [width, height] = [height, width];
  }
  return points;
}

/** The CIPerspectiveTransform step for a turn and flip of an original of `size`; null when there is neither. */
export function orientationFilter(turns, flipped, size) {
  if (!size || (!turns && !flipped)) return null;
  const [tl, tr, br, bl] = orientationCorners(turns, flipped, size);
  return { name: 'CIPerspectiveTransform', parameters: { inputTopLeft: tl, inputTopRight: tr, inputBottomRight: br, inputBottomLeft: bl } };
}

/** The turn and flip a stored CIPerspectiveTransform's parameters describe for an original of `size`, or null
 * when they are some other warp. */
export function orientationOf(parameters, size) {
  if (!size) return null;
  const keys = ['inputTopLeft', 'inputTopRight', 'inputBottomRight', 'inputBottomLeft'];
  for (const flipped of [false, true]) {
    for (let turns = 0; turns < 4; turns += 1) {
      const corners = orientationCorners(turns, flipped, size);
      const same = keys.every((key, index) => Array.isArray(parameters[key])
        && Math.abs(parameters[key][0] - corners[index][0]) < 0.5 && Math.abs(parameters[key][1] - corners[index][1]) < 0.5);
      if (same) return { turns, flipped };
    }
  }
  return null;
}

/** The largest frame of `ratio` centred on an image of `size`, in whole pixels (the whole image when free). */
export function centredCrop(ratio, size) {
  if (!ratio) return { x: 0, y: 0, width: size.width, height: size.height };
  let width = size.width, height = Math.round(size.width / ratio);
  if (height > size.height) { height = size.height; width = Math.round(size.height * ratio); }
  return { x: Math.floor((size.width - width) / 2), y: Math.floor((size.height - height) / 2), width, height };
}

/** A user crop (origin top left) as CICrop's rectangle on an image of `size` (origin bottom left). */
export function ciRectangle(crop, size) {
  return [crop.x, size.height - crop.y - crop.height, crop.width, crop.height];
}

/** CICrop's rectangle on an image of `size` as a user crop (origin top left). */
export function userCrop(rectangle, size) {
  const [x, y, width, height] = rectangle;
  return { x, y: size.height - y - height, width, height };
}

/** `crop` on an image of `size` after the image is turned a quarter clockwise (`direction` 1) or
 * anticlockwise (-1). */
export function turnCrop(crop, direction, size) {
  return direction > 0
    ? { x: size.height - crop.y - crop.height, y: crop.x, width: crop.height, height: crop.width }
    : { x: crop.y, y: size.width - crop.x - crop.width, width: crop.height, height: crop.width };
}

/** `crop` on an image of `size` after the image is mirrored left to right. */
export function flipCrop(crop, size) {
  return { ...crop, x: size.width - crop.x - crop.width };
}

/** The aspect preset once the image has turned a quarter. */
export function turnedAspect(aspect) { return TURNED_ASPECT[aspect] ?? 'free'; }

/** `crop` moved by (dx, dy) full-size pixels, kept inside an image of `size`. */
export function moveCrop(crop, dx, dy, size) {
  const x = Math.min(Math.max(0, crop.x + dx), size.width - crop.width);
  const y = Math.min(Math.max(0, crop.y + dy), size.height - crop.height);
  return { ...crop, x, y };
}

/** `crop` with the edges named by `handle` ('n', 'se', …) moved by (dx, dy) full-size pixels, inside an image of
 * `size`, at least MIN_SIDE pixels a side, and of `ratio` when one is given: the opposite corner stays put (for
 * an edge, the opposite edge and the centre across it). */
export function resizeCrop(crop, handle, dx, dy, ratio, size) {
  const min = Math.min(MIN_SIDE, size.width, size.height);
  let left = crop.x, top = crop.y, right = crop.x + crop.width, bottom = crop.y + crop.height;
  if (handle.includes('w')) left = Math.min(Math.max(0, left + dx), right - min);
  if (handle.includes('e')) right = Math.max(Math.min(size.width, right + dx), left + min);
  if (handle.includes('n')) top = Math.min(Math.max(0, top + dy), bottom - min);
  if (handle.includes('s')) bottom = Math.max(Math.min(size.height, bottom + dy), top + min);
  if (!ratio) return { x: left, y: top, width: right - left, height: bottom - top };

  const horizontal = /[ew]/.test(handle), vertical = /[ns]/.test(handle);
  let width = right - left, height = bottom - top;
  if (horizontal && !vertical) height = width / ratio;
  else if (vertical && !horizontal) width = height * ratio;
  else if (width / ratio > height) height = width / ratio;
  else width = height * ratio;
  // The room there is from the fixed corner (or about the fixed centre line).
  const centreX = crop.x + crop.width / 2, centreY = crop.y + crop.height / 2;
  const roomX = handle.includes('w') ? right : handle.includes('e') ? size.width - left : 2 * Math.min(centreX, size.width - centreX);
  const roomY = handle.includes('n') ? bottom : handle.includes('s') ? size.height - top : 2 * Math.min(centreY, size.height - centreY);
  const fit = Math.min(1, roomX / width, roomY / height);
  width *= fit; height *= fit;
  if (Math.min(width, height) < min) { const grow = min / Math.min(width, height); width *= grow; height *= grow; }
  const x = handle.includes('w') ? right - width : handle.includes('e') ? left : centreX - width / 2;
  const y = handle.includes('n') ? bottom - height : handle.includes('s') ? top : centreY - height / 2;
  return { x, y, width, height };
}

/** `crop` in whole pixels, inside an image of `size`. */
export function wholeCrop(crop, size) {
  const x = Math.min(Math.max(0, Math.round(crop.x)), size.width - 1);
  const y = Math.min(Math.max(0, Math.round(crop.y)), size.height - 1);
  return { x, y, width: Math.max(1, Math.min(size.width - x, Math.round(crop.width))), height: Math.max(1, Math.min(size.height - y, Math.round(crop.height))) };
}

const HANDLES = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

/**
 * The crop frame over the editor's preview picture `image`, appended to `container`. `get()` answers
 * `{ crop, size, ratio }` (the frame in full-size pixels of the turned, straightened image, that image's size,
 * the ratio the frame keeps or null); `set(crop)` stores a new frame while it is dragged; `done()` runs when a
 * drag or key press ends. Pointer events drive it (mouse, pen, touch); with the frame focused, the arrow keys
 * move it and Shift with the arrow keys resizes it (right and down grow it, left and up shrink it), by 1% of the
 * image's longer side.
 */
export function cropFrame(container, image, { get, set, done }) {
  const layer = document.createElement('div');
  layer.className = 'crop-layer';
  layer.hidden = true;
  layer.innerHTML = `<div class="crop-shade"><div class="crop-window"></div></div>
    <div class="crop-frame" tabindex="0" role="group" aria-roledescription="crop frame"
      aria-label="Crop frame: drag it or its edges and corners; arrow keys move it, Shift with arrow keys resizes it">
      ${HANDLES.map((h) => `<span class="crop-handle" data-handle="${h}"></span>`).join('')}</div>`;
  container.append(layer);
  const windowPane = layer.querySelector('.crop-window'), frame = layer.querySelector('.crop-frame');
  let visible = false, drag = null;

  // The layer covers the picture exactly (the picture keeps its aspect ratio, so its box is the image).
  const place = () => {
    const { crop, size } = get();
    // Shown only over a picture of the turned, uncropped image (not a stale render of another shape).
    const fits = image.naturalWidth > 0 && Math.abs(image.naturalWidth / image.naturalHeight - size.width / size.height) < 0.02;
    layer.hidden = !visible || !fits;
    if (layer.hidden) return;
    const box = image.getBoundingClientRect(), outer = container.getBoundingClientRect();
    Object.assign(layer.style, { left: `${box.left - outer.left}px`, top: `${box.top - outer.top}px`, width: `${box.width}px`, height: `${box.height}px` });
    const percent = { left: `${100 * crop.x / size.width}%`, top: `${100 * crop.y / size.height}%`,
      width: `${100 * crop.width / size.width}%`, height: `${100 * crop.height / size.height}%` };
    Object.assign(windowPane.style, percent);
    Object.assign(frame.style, percent);
  };
  const observer = new ResizeObserver(place);
  observer.observe(image);
  image.addEventListener('load', place);

  layer.addEventListener('pointerdown', (event) => {
    const handle = event.target.closest('[data-handle]')?.dataset.handle ?? (event.target.closest('.crop-frame') ? 'move' : null);
    if (!handle || drag) return;
    event.preventDefault();
    layer.setPointerCapture(event.pointerId);
    frame.focus({ preventScroll: true });
    const { crop, size } = get();
    drag = { handle, pointer: event.pointerId, x: event.clientX, y: event.clientY, start: crop, scale: size.width / layer.clientWidth };
    layer.classList.add('dragging');
  });
  layer.addEventListener('pointermove', (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const { size, ratio } = get();
    const dx = (event.clientX - drag.x) * drag.scale, dy = (event.clientY - drag.y) * drag.scale;
    set(drag.handle === 'move' ? moveCrop(drag.start, dx, dy, size) : resizeCrop(drag.start, drag.handle, dx, dy, ratio, size));
    place();
  });
  const end = (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    drag = null;
    layer.classList.remove('dragging');
    done();
  };
  layer.addEventListener('pointerup', end);
  layer.addEventListener('pointercancel', end);

  frame.addEventListener('keydown', (event) => {
    const arrow = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (!arrow || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.stopPropagation();
    const { crop, size, ratio } = get();
    const step = Math.max(1, Math.round(Math.max(size.width, size.height) / 100));
    const [dx, dy] = [arrow[0] * step, arrow[1] * step];
    set(event.shiftKey ? resizeCrop(crop, dx ? 'e' : 's', dx, dy, ratio, size) : moveCrop(crop, dx, dy, size));
    place();
    done();
  });

  return {
    /** Shows or hides the frame. */
    show(on) { visible = on; place(); },
    /** Redraws the frame after the crop, the image or its size changed. */
    update: place,
    /** Stops watching the picture. */
    remove() { observer.disconnect(); layer.remove(); },
  };
}
