// Search by camera and by place: the predicate terms the search form's camera and location box ask for, over the
// service's extra asset keys (cameraMake, cameraModel, latitude, longitude), and the checks on a box's numbers.

/** A predicate string literal (JSON's escapes are the predicate language's). */
const quote = (text) => JSON.stringify(String(text));

/** How a camera is named in the picker: "Apple iPhone 8"; a model that already names its make stands alone ("Canon EOS 80D"). */
export function cameraName({ make, model }) {
  if (!make) return model || '';
  if (!model) return make;
  return model.toLowerCase().startsWith(make.toLowerCase()) ? model : `${make} ${model}`;
}

/**
 * The predicate for the camera named `name`: exactly the make and model of the listed cameras of that name, or —
 * for a name no listed camera has (typed in the URL, or its photos were deleted) — every word in the make or model.
 */
export function cameraPredicate(name, cameras) {
  const exact = (cameras || []).filter((c) => cameraName(c) === name).map((c) =>
    `(cameraMake == ${c.make == null ? 'nil' : quote(c.make)} AND cameraModel == ${c.model == null ? 'nil' : quote(c.model)})`);
  if (exact.length) return exact.length === 1 ? exact[0] : `(${exact.join(' OR ')})`;
  const words = name.split(/\s+/).filter(Boolean);
  return words.map((w) => `(cameraMake CONTAINS[c] ${quote(w)} OR cameraModel CONTAINS[c] ${quote(w)})`).join(' AND ') || 'FALSEPREDICATE';
}

export const BOX_EDGES = [['south', -90, 90], ['west', -180, 180], ['north', -90, 90], ['east', -180, 180]];

/**
 * Reads a location box from `values` (URLSearchParams or FormData): `{ box }` with south, west, north, east in
 * degrees, `{}` when no edge is given, or `{ error, field }` naming the first wrong edge.
 */
export function readBox(values) {
  const given = BOX_EDGES.filter(([name]) => (values.get(name) || '').trim() !== '');
  if (!given.length) return {};
  const box = {};
  for (const [name, min, max] of BOX_EDGES) {
    const text = (values.get(name) || '').trim();
    if (text === '') return { error: 'Give all four edges of the place box, or none.', field: name };
    const value = Number(text);
    if (!Number.isFinite(value) || value < min || value > max) {
      return { error: `${name[0].toUpperCase()}${name.slice(1)} must be a number from ${min} to ${max} degrees.`, field: name };
    }
    box[name] = value;
  }
  if (box.south > box.north) return { error: 'South must not be north of North.', field: 'south' };
  return { box };
}

/** The predicate for a box; one whose west edge is east of its east edge crosses the antimeridian (two longitude ranges). */
export function boxPredicate({ south, west, north, east }) {
  const longitude = west <= east ? `longitude >= ${west} AND longitude <= ${east}` : `(longitude >= ${west} OR longitude <= ${east})`;
  return `latitude >= ${south} AND latitude <= ${north} AND ${longitude}`;
}

/** The search URL for photos within `delta` degrees of a place (the box wraps across the antimeridian when it must). */
export function nearbySearchURL(latitude, longitude, delta = 0.05) {
  const round = (v) => Math.round(v * 1e6) / 1e6;
  const wrap = (v) => (v > 180 ? v - 360 : v < -180 ? v + 360 : v);
  const params = new URLSearchParams({
    south: round(Math.max(-90, latitude - delta)), west: round(wrap(longitude - delta)),
    north: round(Math.min(90, latitude + delta)), east: round(wrap(longitude + delta)),
  });
  return `/search?${params}`;
}
