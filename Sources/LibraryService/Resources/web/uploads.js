// Uploads: drop files or folders anywhere (or choose them), a queue with per-file progress, duplicates skipped
// before sending by SHA-256 (`/api/uploads/check`), bytes sent in chunks at `Upload-Offset` and resumed from the
// offset the server reports after a dropped connection, then one import of the whole drop so a Live Photo's
// still and movie, or a RAW and its JPEG, become one asset.

import { api, post, get } from '/app/api.js';
import { toast } from '/app/ui.js';
import { escape, formatBytes } from '/app/format.js';

const CHUNK = 4 * 1024 * 1024;
let panel = null;

/** Makes the whole window a drop target and wires a file chooser. */
export function enableUploads(chooser) {
  window.addEventListener('dragover', (event) => {
    if (![...(event.dataTransfer?.types || [])].includes('Files')) return;
    event.preventDefault();
    document.body.classList.add('dropping');
  });
  window.addEventListener('dragleave', (event) => { if (!event.relatedTarget) document.body.classList.remove('dropping'); });
  window.addEventListener('drop', async (event) => {
    if (![...(event.dataTransfer?.types || [])].includes('Files')) return;
    event.preventDefault();
    document.body.classList.remove('dropping');
    const files = await filesFromDrop(event.dataTransfer);
    if (files.length) uploadFiles(files);
  });
  chooser?.addEventListener('change', () => {
    const files = [...chooser.files];
    chooser.value = '';
    if (files.length) uploadFiles(files);
  });
}

/** Every file of a drop, folders walked recursively. */
async function filesFromDrop(transfer) {
  const entries = [...transfer.items].map((item) => item.webkitGetAsEntry?.()).filter(Boolean);
  if (!entries.length) return [...transfer.files];
  const files = [];
  const walk = async (entry) => {
    if (entry.isFile) { files.push(await new Promise((resolve, reject) => entry.file(resolve, reject))); return; }
    const reader = entry.createReader();
    for (;;) {
      const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
      if (!batch.length) break;
      for (const child of batch) await walk(child);
    }
  };
  for (const entry of entries) await walk(entry);
  return files;
}

/** Files above this are not hashed in the page (the digest API needs the whole file in memory); the server still
 *  finds them duplicates when it imports them. */
const HASH_LIMIT = 512 * 1024 * 1024;

async function sha256(file) {
  if (!crypto.subtle || file.size > HASH_LIMIT) return null; // no digest API (plain HTTP to another host), or too large
  return [...new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()))]
    .map((b) => b.toString(16).padStart(2, '0')).join('');
}

function showPanel() {
  if (!panel) {
    panel = document.createElement('section');
    panel.className = 'uploads';
    panel.setAttribute('aria-label', 'Uploads');
    panel.innerHTML = '<header><h2>Uploads</h2><button class="icon" aria-label="Close uploads">✕</button></header><ol></ol><p class="summary" aria-live="polite"></p>';
    panel.querySelector('button').addEventListener('click', () => { panel.remove(); panel = null; });
    document.body.append(panel);
  }
  return panel;
}

/** Uploads `files` and imports them together. Resolves to the import result. */
export async function uploadFiles(files) {
  const host = showPanel();
  const list = host.querySelector('ol');
  const summary = host.querySelector('.summary');
  const rows = files.map((file) => {
    const row = document.createElement('li');
    row.innerHTML = `<span class="name">${escape(file.name)}</span> <span class="size">${formatBytes(file.size)}</span>
      <progress max="1" value="0"></progress> <span class="state">waiting</span>`;
    list.append(row);
    return { file, row, progress: row.querySelector('progress'), state: row.querySelector('.state') };
  });
  summary.textContent = `Checking ${files.length} files…`;
  const digests = [];
  for (const item of rows) { item.digest = await sha256(item.file); if (item.digest) digests.push(item.digest); }
  const present = new Set(digests.length ? (await post('/api/uploads/check', { sha256: digests })).present : []);
  const ids = [];
  let skipped = 0;
  for (const item of rows) {
    if (item.digest && present.has(item.digest)) {
      item.state.textContent = 'already in the library';
      item.progress.value = 1;
      item.row.classList.add('skipped');
      skipped++;
      continue;
    }
    try {
      ids.push(await sendFile(item));
      item.state.textContent = 'uploaded';
    } catch (error) {
      item.state.textContent = `failed: ${error.message}`;
      item.row.classList.add('failed');
    }
  }
  let result = { imported: [], duplicates: [], rejected: [], livePhotoPairs: 0, rawJPEGPairs: 0 };
  if (ids.length) {
    summary.textContent = 'Importing…';
    for (let start = 0; start < ids.length; start += 1000) {
      const part = await post('/api/uploads/import', { uploads: ids.slice(start, start + 1000) });
      result = { imported: [...result.imported, ...part.imported], duplicates: [...result.duplicates, ...part.duplicates],
        rejected: [...result.rejected, ...(part.rejected || [])], livePhotoPairs: result.livePhotoPairs + (part.livePhotoPairs || 0),
        rawJPEGPairs: result.rawJPEGPairs + (part.rawJPEGPairs || 0) };
    }
  }
  const parts = [`${result.imported.length} imported`];
  if (skipped + result.duplicates.length) parts.push(`${skipped + result.duplicates.length} already in the library`);
  if (result.livePhotoPairs) parts.push(`${result.livePhotoPairs} Live Photos`);
  if (result.rawJPEGPairs) parts.push(`${result.rawJPEGPairs} RAW+JPEG pairs`);
  if (result.rejected.length) parts.push(`${result.rejected.length} not photos or videos: ${result.rejected.map((r) => r.filename).join(', ')}`);
  summary.textContent = parts.join(' · ');
  host.dataset.done = 'true';
  toast(summary.textContent);
  return result;
}

/** Sends one file, resuming from the server's offset after a failure (up to 5 attempts per chunk). */
async function sendFile(item) {
  const upload = await post('/api/uploads', { filename: item.file.name, length: item.file.size, ...(item.digest ? { sha256: item.digest } : {}) });
  let offset = upload.offset || 0;
  let failures = 0;
  item.state.textContent = 'uploading';
  while (offset < item.file.size) {
    const chunk = item.file.slice(offset, Math.min(item.file.size, offset + CHUNK));
    try {
      const response = await api('PATCH', `/api/uploads/${upload.id}`, chunk, {
        raw: true, headers: { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' } });
      if (response.status === 409) { // the server has a different count (an earlier attempt arrived): ask it
        offset = (await get(`/api/uploads/${upload.id}`)).offset;
        continue;
      }
      if (!response.ok) {
        const problem = await response.json().catch(() => ({}));
        throw new Error(problem.detail || `HTTP ${response.status}`);
      }
      offset = Number(response.headers.get('Upload-Offset') ?? offset + chunk.size);
      failures = 0;
    } catch (error) {
      if (++failures > 5) throw error;
      item.state.textContent = 'reconnecting…';
      await new Promise((resolve) => setTimeout(resolve, 500 * failures));
      offset = (await get(`/api/uploads/${upload.id}`)).offset; // what arrived: continue from there
    }
    item.progress.value = offset / item.file.size;
  }
  return upload.id;
}
