// The editor: non-destructive, through the service's built-in filter-chain editor (the same chains as
// `photos edit --filter`). Sliders build one chain in a fixed order; while a slider moves the server renders it on
// the display-size picture (at most one request in flight, the latest values win, nothing stale is queued);
// Done renders it at full size from the original and commits it; Revert returns to the original.
// Filters of a stored chain that the sliders do not describe (made by the CLI, say) are kept, first.
// Geometry comes first in the chain, in the order the user sees it: quarter turns and a flip (one
// CIPerspectiveTransform), then straighten, then the crop (a rectangle in the turned, straightened image). While
// cropping, the preview shows the whole image and the crop frame over it (crop.js).
// Videos take the same chain on every frame (previewed on the first frame; no geometry tools: a video keeps its
// size). Live Photos take it on the still and every frame of the movie, with a sound switch, and offer the Live
// Photo effects (Loop, Bounce, Long Exposure), each applied at once.

import { get, post, change, api } from '/app/api.js';
import { toast } from '/app/ui.js';
import { escape } from '/app/format.js';
import { ASPECTS, aspectRatio, centredCrop, ciRectangle, cropFrame, flipCrop, orientationFilter, orientationOf, turnCrop,
  turnedAspect, turnedSize, userCrop, wholeCrop } from '/app/crop.js';

const FORMAT = 'org.photokit-linux.filter-chain';
const LIVE_FORMAT = 'org.photokit-linux.live-photo-edit';
const LIVE_EFFECT_FORMAT = 'org.photokit-linux.live-effect';
/** The Live Photo effects, as the service names them ('live': none). */
const LIVE_EFFECTS = [['live', 'Live'], ['loop', 'Loop'], ['bounce', 'Bounce'], ['long-exposure', 'Long Exposure']];

/** The adjustments: each maps a slider value (identity = no filter) onto a filter input. */
const CONTROLS = [
  { group: 'Light', key: 'exposure', label: 'Exposure', min: -2, max: 2, step: 0.01, identity: 0 },
  { group: 'Light', key: 'highlights', label: 'Highlights', min: -1, max: 0, step: 0.01, identity: 0 },
  { group: 'Light', key: 'shadows', label: 'Shadows', min: 0, max: 1, step: 0.01, identity: 0 },
  { group: 'Light', key: 'brightness', label: 'Brightness', min: -0.5, max: 0.5, step: 0.01, identity: 0 },
  { group: 'Light', key: 'contrast', label: 'Contrast', min: -0.5, max: 0.5, step: 0.01, identity: 0 },
  { group: 'Light', key: 'blackPoint', label: 'Black point', min: 0, max: 0.2, step: 0.005, identity: 0 },
  { group: 'Color', key: 'saturation', label: 'Saturation', min: -1, max: 1, step: 0.01, identity: 0 },
  { group: 'Color', key: 'vibrance', label: 'Vibrance', min: -1, max: 1, step: 0.01, identity: 0 },
  { group: 'Color', key: 'temperature', label: 'Warmth', min: -1, max: 1, step: 0.01, identity: 0 },
  { group: 'Color', key: 'tint', label: 'Tint', min: -1, max: 1, step: 0.01, identity: 0 },
  { group: 'Detail', key: 'sharpen', label: 'Sharpen', min: 0, max: 1, step: 0.01, identity: 0 },
  { group: 'Detail', key: 'noise', label: 'Noise reduction', min: 0, max: 1, step: 0.01, identity: 0 },
  { group: 'Detail', key: 'vignette', label: 'Vignette', min: 0, max: 1, step: 0.01, identity: 0 },
  { group: 'Crop', key: 'straighten', label: 'Straighten (°)', min: -45, max: 45, step: 0.1, identity: 0 },
];

/** The RAW development's controls, shown for photos with a RAW (a RAW-only photo or a RAW+JPEG pair): each sets
 * a key of the chain's first step, `CIRAWFilter` (Docs/AdjustmentFormat.md). Temperature and tint start at the
 * photo's as-shot white balance (identity null: the as-shot value); a value at its identity is not stored. */
const RAW_CONTROLS = [
  { key: 'rawExposure', label: 'Exposure', min: -3, max: 3, step: 0.01, identity: 0, input: 'inputEV' },
  { key: 'rawTemperature', label: 'Temperature (K)', min: 2000, max: 12000, step: 10, identity: null, input: 'inputNeutralTemperature' },
  { key: 'rawTint', label: 'Tint', min: -150, max: 150, step: 1, identity: null, input: 'inputNeutralTint' },
  { key: 'rawBoost', label: 'Tone curve', min: 0, max: 1, step: 0.01, identity: 1, input: 'inputBoost' },
  { key: 'rawShadowBoost', label: 'Shadow boost', min: 0, max: 2, step: 0.01, identity: 1, input: 'inputBoostShadowAmount' },
  { key: 'rawNoise', label: 'Noise reduction', min: 0, max: 1, step: 0.01, identity: 0, input: 'inputLuminanceNoiseReductionAmount' },
  { key: 'rawColorNoise', label: 'Colour noise', min: 0, max: 1, step: 0.01, identity: 0, input: 'inputColorNoiseReductionAmount' },
  { key: 'rawDetail', label: 'Detail', min: 0, max: 1, step: 0.01, identity: 0, input: 'inputNoiseReductionDetailAmount' },
  { key: 'rawSharpness', label: 'Sharpness', min: 0, max: 1, step: 0.01, identity: 0, input: 'inputNoiseReductionSharpnessAmount' },
];
const DEVELOPMENT = 'CIRAWFilter';
const RECOVERY = 'inputEnableHighlightRecovery';

/** The identity of a RAW control: its own, or the as-shot white balance for temperature and tint. */
function rawIdentity(control, asShot) {
  if (control.identity !== null) return control.identity;
  return control.key === 'rawTemperature' ? asShot?.neutralTemperature ?? 6500 : asShot?.neutralTint ?? 0;
}

/** The development step for `state`, or null: the stored step's other keys (its pipeline version above all) kept,
 * the sliders' keys set where they differ from their identity, highlight recovery stored only when turned off. */
function developmentFor(state) {
  const parameters = { ...(state.development || {}) };
  for (const control of RAW_CONTROLS) {
    delete parameters[control.input];
    const value = state.values[control.key];
    if (value !== undefined && Math.abs(value - rawIdentity(control, state.asShot)) > 1e-6) parameters[control.input] = round(value);
  }
  delete parameters[RECOVERY];
  if (state.recovery !== recoveryByDefault(parameters.inputDecoderVersion ?? state.asShot?.decoderVersion)) parameters[RECOVERY] = state.recovery ? 1 : 0;
  return state.development || Object.keys(parameters).length ? { name: DEVELOPMENT, parameters } : null;
}

/** Whether a pipeline version recovers highlights by default (every version after the first). */
const recoveryByDefault = (version) => version !== 'PhotoKitLinux.1';

const EFFECTS = ['', 'CIPhotoEffectChrome', 'CIPhotoEffectFade', 'CIPhotoEffectInstant', 'CIPhotoEffectMono',
  'CIPhotoEffectNoir', 'CIPhotoEffectProcess', 'CIPhotoEffectTonal', 'CIPhotoEffectTransfer'];

const round = (value) => Math.round(value * 1e6) / 1e6;

/** The crop `state` asks for on its turned image (full-size pixels, origin top left), or null for none: the
 * frame the user placed, else the largest centred frame of the aspect preset. */
export function cropFor(state, size) {
  if (!size) return null;
  const turned = turnedSize(state.turns || 0, size);
  const crop = state.crop ? wholeCrop(state.crop, turned) : centredCrop(aspectRatio(state.aspect, turned), turned);
  return crop.x === 0 && crop.y === 0 && crop.width === turned.width && crop.height === turned.height ? null : crop;
}

/** The chain for `state` (slider values, effect, turns and flip, crop and aspect) over an upright original of `size`. */
export function chainFor(state, size) {
  const v = (key) => state.values[key] ?? 0;
  const filters = [];
  const orientation = orientationFilter(state.turns || 0, !!state.flipped, size);
  if (orientation) filters.push(orientation);
  if (v('straighten')) filters.push({ name: 'CIStraightenFilter', parameters: { inputAngle: round(v('straighten') * Math.PI / 180) } });
  const crop = cropFor(state, size);
  if (crop) filters.push({ name: 'CICrop', parameters: { inputRectangle: ciRectangle(crop, turnedSize(state.turns || 0, size)) } });
  if (v('exposure')) filters.push({ name: 'CIExposureAdjust', parameters: { inputEV: round(v('exposure')) } });
  if (v('highlights') || v('shadows')) {
    filters.push({ name: 'CIHighlightShadowAdjust', parameters: { inputHighlightAmount: round(1 + v('highlights')), inputShadowAmount: round(v('shadows')) } });
  }
  if (v('brightness') || v('contrast') || v('saturation')) {
    filters.push({ name: 'CIColorControls', parameters: {
      inputBrightness: round(v('brightness')), inputContrast: round(1 + v('contrast')), inputSaturation: round(1 + v('saturation')) } });
  }
  if (v('vibrance')) filters.push({ name: 'CIVibrance', parameters: { inputAmount: round(v('vibrance')) } });
  if (v('temperature') || v('tint')) {
    filters.push({ name: 'CITemperatureAndTint', parameters: {
      inputNeutral: [6500, 0], inputTargetNeutral: [round(6500 - 2500 * v('temperature')), round(100 * v('tint'))] } });
  }
  if (v('blackPoint')) {
    const b = round(v('blackPoint'));
    filters.push({ name: 'CIToneCurve', parameters: { inputPoint0: [b, 0], inputPoint1: [0.25, 0.25 - b / 2], inputPoint2: [0.5, 0.5 - b / 4], inputPoint3: [0.75, 0.75], inputPoint4: [1, 1] } });
  }
  if (state.effect) filters.push({ name: state.effect });
  if (v('noise')) filters.push({ name: 'CINoiseReduction', parameters: { inputNoiseLevel: round(0.1 * v('noise')), inputSharpness: 0.4 } });
  if (v('sharpen')) filters.push({ name: 'CISharpenLuminance', parameters: { inputSharpness: round(2 * v('sharpen')) } });
  if (v('vignette')) filters.push({ name: 'CIVignette', parameters: { inputIntensity: round(2 * v('vignette')), inputRadius: 2 } });
  const development = developmentFor(state);
  return [...(development ? [development] : []), ...state.extra, ...filters];
}

const GEOMETRY = ['CIPerspectiveTransform', 'CIStraightenFilter', 'CICrop'];

/** Reads a stored chain back into slider state; filters the sliders do not describe stay in `extra`. Geometry is
 * described only when it is what the editor writes — at most one turn/flip, straighten and crop, in that order,
 * the turn a quarter-turn map of the original and the crop readable (the original's size known); otherwise every
 * geometry filter stays in `extra`, in its order. */
export function stateFor(filters, size) {
  const state = { values: {}, effect: '', aspect: 'free', crop: null, turns: 0, flipped: false, extra: [], development: null, recovery: true };
  const geometry = filters.filter((f) => GEOMETRY.includes(f.name));
  const described = geometry.every((f, i) => i === 0 || GEOMETRY.indexOf(geometry[i - 1].name) < GEOMETRY.indexOf(f.name))
    && geometry.every((f) => {
      const p = f.parameters || {}, r = p.inputRectangle || [];
      if (f.name === 'CIPerspectiveTransform') return !!orientationOf(p, size);
      if (f.name === 'CICrop') return !!size && r.length === 4 && r.every(Number.isFinite) && r[2] > 0 && r[3] > 0;
      return true;
    });
  for (const filter of filters) {
    const p = filter.parameters || {};
    if (GEOMETRY.includes(filter.name) && !described) { state.extra.push(filter); continue; }
    switch (filter.name) {
      case DEVELOPMENT: {
        // The first step: its described keys become the RAW sliders, the others (the version) are kept as they are.
        state.development = { ...p };
        for (const control of RAW_CONTROLS) if (p[control.input] !== undefined) state.values[control.key] = p[control.input];
        state.recovery = p[RECOVERY] !== undefined ? p[RECOVERY] !== 0 : recoveryByDefault(p.inputDecoderVersion);
        break;
      }
      case 'CIPerspectiveTransform': Object.assign(state, orientationOf(p, size)); break;
      case 'CIStraightenFilter': state.values.straighten = (p.inputAngle ?? 0) * 180 / Math.PI; break;
      case 'CICrop': {
        const turned = turnedSize(state.turns, size), rectangle = p.inputRectangle, ratio = rectangle[2] / rectangle[3];
        state.crop = userCrop(rectangle, turned);
        const match = Object.keys(ASPECTS).find((a) => a !== 'free' && a !== 'original' && Math.abs(aspectRatio(a, turned) - ratio) < 0.01);
        state.aspect = match ?? (Math.abs(aspectRatio('original', turned) - ratio) < 0.01 ? 'original' : 'free');
        break;
      }
      case 'CIExposureAdjust': state.values.exposure = p.inputEV ?? 0.5; break;
      case 'CIHighlightShadowAdjust': state.values.highlights = (p.inputHighlightAmount ?? 1) - 1; state.values.shadows = p.inputShadowAmount ?? 0; break;
      case 'CIColorControls':
        state.values.brightness = p.inputBrightness ?? 0; state.values.contrast = (p.inputContrast ?? 1) - 1; state.values.saturation = (p.inputSaturation ?? 1) - 1; break;
      case 'CIVibrance': state.values.vibrance = p.inputAmount ?? 0; break;
      case 'CITemperatureAndTint': {
        const target = p.inputTargetNeutral || [6500, 0];
        state.values.temperature = (6500 - target[0]) / 2500; state.values.tint = target[1] / 100; break;
      }
      case 'CIToneCurve': if (p.inputPoint0) state.values.blackPoint = p.inputPoint0[0]; else state.extra.push(filter); break;
      case 'CINoiseReduction': state.values.noise = (p.inputNoiseLevel ?? 0.02) / 0.1; break;
      case 'CISharpenLuminance': state.values.sharpen = (p.inputSharpness ?? 0.4) / 2; break;
      case 'CIVignette': state.values.vignette = (p.inputIntensity ?? 0) / 2; break;
      default:
        if (EFFECTS.includes(filter.name) && !state.effect) state.effect = filter.name; else state.extra.push(filter);
    }
  }
  return state;
}

/** A control for an extension's parameter (from its manifest). */
function parameterControl(parameter) {
  const kind = parameter.kind;
  const label = `<span>${escape(parameter.name)}</span>`;
  if (kind.type === 'number') {
    const step = (kind.maximum - kind.minimum) / 100;
    return `<label class="slider">${label}<input type="range" data-parameter="${escape(parameter.name)}" min="${kind.minimum}" max="${kind.maximum}" step="${step}" value="${escape(parameter.defaultValue)}" title="${escape(parameter.summary)}"><output></output></label>`;
  }
  if (kind.type === 'choice') {
    return `<label>${label} <select data-parameter="${escape(parameter.name)}" title="${escape(parameter.summary)}">${kind.choices.map((c) =>
      `<option ${c === parameter.defaultValue ? 'selected' : ''}>${escape(c)}</option>`).join('')}</select></label>`;
  }
  return `<label><input type="checkbox" data-parameter="${escape(parameter.name)}" ${['true', 'yes', '1', 'on'].includes(parameter.defaultValue) ? 'checked' : ''}> ${escape(parameter.name)}</label>`;
}

/** Opens the editor over the page for a photo, a video or a Live Photo. `onDone` runs after a commit or a revert. */
export async function openEditor(asset, { onDone } = {}) {
  const editState = await get(`/api/assets/${asset.id}/edit`);
  const isVideo = asset.mediaType === 2, isLive = asset.mediaType === 1 && (asset.mediaSubtypes & 8) !== 0;
  const raw = editState.raw;
  const rawSize = raw ? { width: raw.pixelWidth, height: raw.pixelHeight } : null;
  // What the editor understands of the current edit: its own chain (from the original), a Live Photo's chain, or a
  // Live Photo effect (which a filter edit replaces, from the original pair, as another effect does).
  let stored = [], storedVolume = 1, liveEffect = 'live', understood = false;
  const format = editState.adjustment?.formatIdentifier;
  if ((format === FORMAT && editState.currentBasedOnOriginal !== false) || (isLive && format === LIVE_FORMAT)) {
    try {
      const data = JSON.parse(atob(editState.adjustment.data));
      stored = data.filters || [];
      storedVolume = data.audioVolume ?? 1;
      understood = true;
    } catch { stored = []; }
  }
  if (isLive && format === LIVE_EFFECT_FORMAT) { liveEffect = atob(editState.adjustment.data); understood = true; }
  // A chain that develops the RAW is written in the development's size (a pair's RAW may differ from its JPEG).
  let size = stored[0]?.name === DEVELOPMENT && rawSize ? rawSize
    : editState.originalPixelWidth ? { width: editState.originalPixelWidth, height: editState.originalPixelHeight } : null;
  const foreign = editState.hasAdjustments && !understood;
  const extensions = isVideo ? [] : ((await get('/api/extensions').catch(() => ({ extensions: [] }))).extensions || []).filter((x) => x.mediaTypes.includes(1));
  const state = stateFor(stored, size);
  state.asShot = raw;
  if (!state.development && raw) state.recovery = recoveryByDefault(raw.decoderVersion);
  const initial = JSON.stringify(chainFor(state, size));
  // Turns and crops are sized from the original: not on top of geometry the editor does not describe.
  const geometryTools = !isVideo && !!size && !state.extra.some((filter) => GEOMETRY.includes(filter.name));
  let sound = storedVolume > 0;

  const element = document.createElement('div');
  element.className = 'editor';
  element.setAttribute('role', 'dialog');
  element.setAttribute('aria-modal', 'true');
  element.setAttribute('aria-label', `Edit ${asset.originalFilename}`);
  const groups = [...new Set(CONTROLS.map((c) => c.group))];
  element.innerHTML = `
    <header class="viewer-bar">
      <button data-action="cancel">Cancel</button>
      <span class="viewer-title">${escape(asset.originalFilename)}</span>
      <span class="spacer"></span>
      <span class="editor-status" aria-live="polite"></span>
      <button data-action="compare" aria-label="Compare with original (hold, or M)">Compare</button>
      <button data-action="revert" ${editState.hasAdjustments ? '' : 'disabled'}>Revert to Original</button>
      <button class="primary" data-action="done">Done</button>
    </header>
    <div class="editor-body">
      <div class="editor-stage"><img class="editor-preview" alt="Preview of ${escape(asset.originalFilename)}"></div>
      <form class="editor-panel" aria-label="Adjustments">
        ${foreign ? `<p class="note">This ${isVideo ? 'video' : 'photo'} was edited with another editor. Revert to Original to edit it here.</p>` : ''}
        ${isLive ? `<fieldset class="live-controls"><legend>Live Photo</legend>
          <div class="effects" role="radiogroup" aria-label="Live Photo effect">${LIVE_EFFECTS.map(([name, label]) =>
            `<button type="button" role="radio" aria-checked="${name === liveEffect}" data-live-effect="${name}">${label}</button>`).join('')}</div>
          <p class="note">An effect is made from the original Live Photo and saved at once; the adjustments below replace it.</p>
          <label><input type="checkbox" name="sound" ${sound ? 'checked' : ''}> Sound</label>
          <p class="note">Adjustments apply to the photo and to every frame of its movie.</p>
        </fieldset>` : ''}
        ${isVideo ? '<p class="note">Adjustments apply to every frame; the preview shows the first.</p>' : ''}
        ${raw ? `<fieldset class="raw-controls"><legend>RAW</legend>${RAW_CONTROLS.map((c) => {
          const value = state.values[c.key] ?? rawIdentity(c, raw);
          return `<label class="slider"><span>${c.label}</span>
            <input type="range" name="${c.key}" min="${c.min}" max="${c.max}" step="${c.step}" value="${value}" aria-label="RAW ${c.label}">
            <output>${value.toFixed(c.step >= 1 ? 0 : 2)}</output></label>`;
        }).join('')}
          <label><input type="checkbox" name="rawRecovery" ${state.recovery ? 'checked' : ''}> Recover highlights</label>
          <p class="note">Develops the RAW file (${escape(raw.decoderVersion)}); the sliders below apply after it.</p>
        </fieldset>` : ''}
        ${groups.filter((group) => !(isVideo && group === 'Crop')).map((group) => `<fieldset><legend>${group}</legend>${CONTROLS.filter((c) => c.group === group).map((c) => `
          <label class="slider"><span>${c.label}</span>
            <input type="range" name="${c.key}" min="${c.min}" max="${c.max}" step="${c.step}" value="${state.values[c.key] ?? c.identity}" aria-label="${c.label}">
            <output>${(state.values[c.key] ?? c.identity).toFixed(2)}</output></label>`).join('')}
          ${group === 'Crop' ? `<label><span>Aspect</span><select name="aspect" ${geometryTools ? '' : 'disabled'}>${Object.keys(ASPECTS).map((a) => `<option ${a === state.aspect ? 'selected' : ''}>${a}</option>`).join('')}</select></label>
          <div class="crop-tools" ${geometryTools ? '' : 'hidden'}>
            <button type="button" data-geometry="crop" aria-pressed="false" title="Show the whole photo and the crop frame">Crop</button>
            <button type="button" data-geometry="left" aria-label="Rotate left" title="Rotate left">⟲</button>
            <button type="button" data-geometry="right" aria-label="Rotate right" title="Rotate right">⟳</button>
            <button type="button" data-geometry="flip" aria-label="Flip horizontally" title="Flip horizontally">⇋</button>
            <button type="button" data-geometry="reset" title="Undo the rotation, straightening and crop">Reset</button>
            <output class="crop-size" aria-live="polite"></output>
          </div>` : ''}
          </fieldset>`).join('')}
        <fieldset><legend>Filters</legend><div class="effects" role="radiogroup" aria-label="Filters">
          ${EFFECTS.map((name) => `<button type="button" role="radio" aria-checked="${name === state.effect}" data-effect="${name}">${name ? name.replace('CIPhotoEffect', '') : 'Original'}</button>`).join('')}
        </div></fieldset>
        ${extensions.length ? `<fieldset class="extensions"><legend>Extensions</legend>${extensions.map((x) => `
          <details data-extension="${escape(x.id)}"><summary>${escape(x.name)} <span class="note">${escape(x.version)}</span></summary>
            ${x.parameters.map(parameterControl).join('')}
            <button type="button" class="primary" data-run-extension="${escape(x.id)}">Apply ${escape(x.name)}</button>
            <p class="note">Runs on the full-size photo in its own sandbox and saves the result (the sliders above are not applied).</p>
          </details>`).join('')}</fieldset>` : ''}
      </form>
    </div>`;
  document.body.append(element);
  const preview = element.querySelector('.editor-preview');
  const status = element.querySelector('.editor-status');
  preview.src = asset.screenURL + `&v=${Date.now()}`;
  const form = element.querySelector('form');
  // Another editor's edit: the sliders cannot describe it (revert first); extensions may still resume their own.
  if (foreign) form.querySelectorAll('input, select, button').forEach((control) => { if (!control.closest('.extensions')) control.disabled = true; });

  // Cropping: the preview shows the turned, straightened image uncropped, with the crop frame over it.
  let cropping = false;
  const turned = () => turnedSize(state.turns, size);
  const cropSize = form.querySelector('.crop-size');
  const showCropSize = () => {
    if (!cropSize || !size) return;
    const crop = cropFor(state, size) ?? { width: turned().width, height: turned().height };
    cropSize.textContent = `${crop.width} × ${crop.height}`;
  };
  const frame = geometryTools ? cropFrame(element.querySelector('.editor-stage'), preview, {
    get: () => ({ crop: cropFor(state, size) ?? { x: 0, y: 0, ...turned() }, size: turned(), ratio: aspectRatio(state.aspect, turned()) }),
    set: (crop) => { state.crop = crop; showCropSize(); },
    done: () => { state.crop = state.crop && wholeCrop(state.crop, turned()); showCropSize(); changed(); },
  }) : null;
  const setCropping = (on) => {
    cropping = on && !!frame;
    element.classList.toggle('cropping', cropping);
    form.querySelector('[data-geometry=crop]')?.setAttribute('aria-pressed', String(cropping));
    frame?.show(cropping);
  };
  showCropSize();

  // Latest-wins previews: one request in flight; when it returns, the newest values (if changed) go next.
  let inFlight = false, wanted = null, shown = initial, currentURL = null, originalURL = null;
  const requestPreview = async () => {
    if (inFlight || wanted === null || wanted === shown) return;
    const chain = wanted;
    inFlight = true;
    status.textContent = 'Rendering…';
    try {
      const filters = JSON.parse(chain);
      const response = await api('POST', `/api/assets/${asset.id}/preview`, filters.length ? { filters, replace: true } : { filters: [{ name: 'CIColorControls' }], replace: true }, { raw: true });
      if (response.ok) {
        const url = URL.createObjectURL(await response.blob());
        if (currentURL) URL.revokeObjectURL(currentURL);
        currentURL = url;
        preview.src = url;
        shown = chain;
        element.dataset.previewed = chain;
        status.textContent = '';
      } else if (response.status !== 429) {
        status.textContent = (await response.json().catch(() => ({}))).detail || 'The preview failed';
      }
    } catch (error) {
      status.textContent = error.message;
    } finally {
      inFlight = false;
      if (wanted !== shown) setTimeout(requestPreview, 16);
    }
  };
  let debounce = 0;
  const changed = () => {
    // While cropping the preview leaves the crop out (the frame shows it).
    wanted = JSON.stringify(chainFor(cropping ? { ...state, crop: null, aspect: 'free' } : state, size));
    clearTimeout(debounce);
    debounce = setTimeout(requestPreview, 40);
  };
  form.addEventListener('input', (event) => {
    const control = event.target;
    if (control.dataset.parameter !== undefined) { // an extension's control: no preview
      if (control.type === 'range') control.nextElementSibling.textContent = Number(control.value).toFixed(2);
      return;
    }
    const rawControl = RAW_CONTROLS.find((c) => c.key === control.name);
    if (rawControl || control.name === 'rawRecovery') {
      // The first RAW setting of a pair switches its geometry to the RAW's size; a crop made on the JPEG is dropped.
      if (rawSize && (size?.width !== rawSize.width || size?.height !== rawSize.height)) { size = rawSize; state.crop = null; showCropSize(); }
    }
    if (control.name === 'sound') {
      sound = control.checked;
      return; // the sound is not previewed
    }
    if (control.name === 'rawRecovery') {
      state.recovery = control.checked;
    } else if (control.type === 'range') {
      state.values[control.name] = Number(control.value);
      control.nextElementSibling.textContent = Number(control.value).toFixed(rawControl && rawControl.step >= 1 ? 0 : 2);
    } else if (control.name === 'aspect') {
      state.aspect = control.value;
      // A preset starts from its largest centred frame; free keeps the frame there is.
      if (aspectRatio(state.aspect, turned())) state.crop = centredCrop(aspectRatio(state.aspect, turned()), turned());
      showCropSize();
    }
    if (control.name === 'aspect' || control.name === 'straighten') setCropping(true);
    changed();
  });
  form.addEventListener('dblclick', (event) => { // double-click a slider to reset it
    const control = event.target.closest('input[type=range]');
    if (!control) return;
    const spec = CONTROLS.find((c) => c.key === control.name) ?? RAW_CONTROLS.find((c) => c.key === control.name);
    control.value = spec.identity ?? rawIdentity(spec, raw);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  });
  form.querySelector('.crop-tools')?.addEventListener('click', (event) => {
    const action = event.target.closest('[data-geometry]')?.dataset.geometry;
    if (!action) return;
    const crop = state.crop && wholeCrop(state.crop, turned());
    if (action === 'crop') {
      setCropping(!cropping);
    } else if (action === 'left' || action === 'right') {
      const direction = action === 'right' ? 1 : -1;
      state.crop = crop && turnCrop(crop, direction, turned());
      state.turns = (state.turns + direction + 4) % 4;
      state.aspect = turnedAspect(state.aspect);
      setCropping(true);
    } else if (action === 'flip') {
      // A mirror of what is shown: the original is mirrored first, then turned the other way round.
      state.crop = crop && flipCrop(crop, turned());
      state.flipped = !state.flipped;
      state.turns = (4 - state.turns) % 4;
      setCropping(true);
    } else if (action === 'reset') {
      Object.assign(state, { turns: 0, flipped: false, crop: null, aspect: 'free' });
      state.values.straighten = 0;
      const straighten = form.querySelector('input[name=straighten]');
      straighten.value = 0;
      straighten.nextElementSibling.textContent = (0).toFixed(2);
    }
    form.querySelector('select[name=aspect]').value = state.aspect;
    showCropSize();
    frame?.update();
    changed();
  });
  form.querySelector('.live-controls .effects')?.addEventListener('click', async (event) => {
    const button = event.target.closest('[data-live-effect]');
    if (!button || button.dataset.liveEffect === liveEffect) return;
    form.querySelectorAll('[data-live-effect]').forEach((b) => { b.disabled = true; });
    status.textContent = `${button.dataset.liveEffect === 'live' ? 'Restoring the Live Photo' : `Making the ${button.textContent}`}…`;
    try {
      await post(`/api/assets/${asset.id}/edit/effect`, { effect: button.dataset.liveEffect });
      toast('Saved');
      close();
      onDone?.();
    } catch (error) {
      status.textContent = error.message;
      form.querySelectorAll('[data-live-effect]').forEach((b) => { b.disabled = false; });
    }
  });
  form.querySelector('fieldset:not(.live-controls) > .effects').addEventListener('click', (event) => {
    const button = event.target.closest('[data-effect]');
    if (!button) return;
    state.effect = button.dataset.effect;
    form.querySelectorAll('[data-effect]').forEach((b) => b.setAttribute('aria-checked', String(b === button)));
    changed();
  });

  const showOriginal = async (on) => {
    if (on) {
      if (!originalURL) {
        const response = await api('POST', `/api/assets/${asset.id}/preview`, { filters: [{ name: 'CIColorControls' }], replace: true }, { raw: true });
        if (response.ok) originalURL = URL.createObjectURL(await response.blob());
      }
      if (originalURL) { preview.dataset.current = preview.src; preview.src = originalURL; element.classList.add('comparing'); }
    } else if (preview.dataset.current) {
      preview.src = preview.dataset.current;
      delete preview.dataset.current;
      element.classList.remove('comparing');
    }
  };
  const compare = element.querySelector('[data-action=compare]');
  compare.addEventListener('pointerdown', () => showOriginal(true));
  compare.addEventListener('pointerup', () => showOriginal(false));
  compare.addEventListener('pointerleave', () => showOriginal(false));

  const close = () => {
    for (const url of [currentURL, originalURL]) if (url) URL.revokeObjectURL(url);
    frame?.remove();
    element.remove();
    document.removeEventListener('keydown', keys, true);
  };
  const keys = (event) => {
    if (event.key === 'Escape') { event.stopPropagation(); close(); }
    if (event.key === 'm' && !event.repeat && !event.target.closest('input, select')) showOriginal(true);
  };
  document.addEventListener('keydown', keys, true);
  document.addEventListener('keyup', (event) => { if (event.key === 'm') showOriginal(false); });

  element.addEventListener('click', async (event) => {
    const run = event.target.closest('[data-run-extension]');
    if (run) {
      const details = run.closest('details');
      const parameters = {};
      for (const control of details.querySelectorAll('[data-parameter]')) {
        parameters[control.dataset.parameter] = control.type === 'checkbox' ? String(control.checked) : control.value;
      }
      run.disabled = true;
      status.textContent = `Running ${run.textContent.replace('Apply ', '')}…`;
      try {
        await post(`/api/assets/${asset.id}/edit/extension`, { extension: run.dataset.runExtension, parameters });
        toast('Saved');
        close();
        onDone?.();
      } catch (error) {
        status.textContent = error.message;
        run.disabled = false;
      }
      return;
    }
    const action = event.target.closest('[data-action]')?.dataset.action;
    if (action === 'cancel') close();
    if (action === 'revert') {
      await change([{ op: 'revertContent', asset: asset.localIdentifier }]);
      toast('Reverted to the original');
      close();
      onDone?.();
    }
    if (action === 'done') {
      const filters = chainFor(state, size);
      const button = event.target.closest('button');
      button.disabled = true;
      const volume = sound ? 1 : 0, unchanged = JSON.stringify(filters) === initial && volume === (storedVolume > 0 ? 1 : 0);
      status.textContent = isVideo || isLive ? 'Rendering every frame…' : 'Saving…';
      try {
        if (foreign || (unchanged && (editState.hasAdjustments || !filters.length))) {
          // Nothing here describes the other editor's edit, or nothing changed: leave it as it is.
        } else if (!filters.length && volume === 1) {
          if (editState.hasAdjustments) await change([{ op: 'revertContent', asset: asset.localIdentifier }]);
        } else {
          await post(`/api/assets/${asset.id}/edit/filters`, { filters, replace: true, ...(isLive ? { audioVolume: volume } : {}) });
        }
        toast('Saved');
        close();
        onDone?.();
      } catch (error) {
        status.textContent = error.message;
        button.disabled = false;
      }
    }
  });
  element.querySelector('input, button:not([disabled])')?.focus();
  return element;
}
