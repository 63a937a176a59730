// The API client: JSON in and out, the session's CSRF token on every change, problems as errors.

let csrfToken = null;

/** An API error: the server's problem document (`type`, `title`, `status`, `detail`). */
export class APIError extends Error {
  constructor(status, problem) {
    super(problem?.detail || problem?.title || `HTTP ${status}`);
    this.status = status;
    this.type = problem?.type || '';
  }
}

/** Remembers the session's CSRF token (from sign-in or `GET /api/session`). */
export function setCSRFToken(token) { csrfToken = token || null; }

/** Sends a request; `body` objects go as JSON. Answers parsed JSON, or null for empty answers. */
export async function api(method, path, body, { headers = {}, signal, raw = false } = {}) {
  const init = { method, headers: { ...headers }, credentials: 'same-origin', signal };
  if (method !== 'GET' && method !== 'HEAD' && csrfToken) init.headers['X-CSRF-Token'] = csrfToken;
  if (body instanceof Blob || body instanceof ArrayBuffer) {
    init.body = body;
  } else if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  if (raw) return response;
  if (!response.ok) {
    let problem = null;
    try { problem = await response.json(); } catch { /* not JSON */ }
    const error = new APIError(response.status, problem);
    console.warn(`${method} ${path}: ${response.status} ${error.message}`);
    if (response.status === 401 && !path.startsWith('/api/session') && !path.startsWith('/api/shared/')) {
      window.dispatchEvent(new CustomEvent('photos:signed-out'));
    }
    throw error;
  }
  if (response.status === 204 || response.headers.get('Content-Length') === '0') return null;
  const type = response.headers.get('Content-Type') || '';
  return type.includes('json') ? response.json() : response.text();
}

export const get = (path, options) => api('GET', path, undefined, options);
export const post = (path, body, options) => api('POST', path, body, options);
export const del = (path, options) => api('DELETE', path, undefined, options);

/** One atomic change batch (`POST /api/changes`): all operations or none. */
export const change = (operations) => post('/api/changes', { operations });

/** The UUID that names an object in URLs, from its local identifier (`UUID/L0/001`). */
export const uuid = (localIdentifier) => localIdentifier.split('/')[0];
