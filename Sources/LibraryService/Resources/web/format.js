// Formatting for people: dates, sizes, durations.

const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });

const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' });

/** A day header: `2022-06-05` → "Sun, 5 June 2022"; no date → "No date". */
export const formatDay = (day) => (day ? dayFormat.format(new Date(`${day}T12:00:00`)) : 'No date');
export const formatMonth = (iso) => (iso ? monthFormat.format(new Date(iso)) : '');
export const formatDate = (iso) => (iso ? dateFormat.format(new Date(iso)) : '—');

export function formatBytes(bytes) {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes, unit = 0;
  while (value >= 1000 && unit < units.length - 1) { value /= 1000; unit++; }
  return `${unit ? value.toFixed(1) : value} ${units[unit]}`;
}

/** Escapes text for HTML. */
export const escape = (text) => String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
