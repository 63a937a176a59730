// Projects: photo books (and whatever else an installed project extension makes) from memories. The server runs
// the extension in its sandbox and keeps the files it makes; this page lists them for download.

import { get, post, uuid } from '/app/api.js';
import { escape } from '/app/format.js';
import { toast, choose, showError } from '/app/ui.js';
import { navigate } from '/app/main.js';

let extensionsPromise = null;

/** The installed project extensions and their types (asked once per page load). */
function projectExtensions() {
  extensionsPromise ||= get('/api/project-extensions').then(({ extensions }) => extensions).catch(() => []);
  return extensionsPromise;
}

/** A memory's header: its curation levels, and a button making a project of it when an extension is installed. */
export function memoryHeader(memory, level, levels) {
  const header = document.createElement('div');
  header.className = 'memory-header';
  const links = levels.map(([key, label]) => `<a class="button" href="/memories/${escape(memory.identifier)}${key === 'summary' ? '' : `?level=${key}`}"
    aria-current="${key === level}">${label}</a>`).join('');
  header.innerHTML = `<span class="memory-levels" role="group" aria-label="How many photos">${links}</span>`;
  projectExtensions().then((extensions) => {
    if (!extensions.length) return;
    const button = document.createElement('button');
    button.className = 'make-project';
    button.textContent = extensions.length === 1 && extensions[0].types.length <= 1 ? `Make ${extensions[0].name}` : 'Make a Project…';
    button.addEventListener('click', () => makeProject(memory, extensions, button).catch(showError));
    header.append(button);
  });
  return header;
}

/** Asks which extension and type when there is a choice, then makes the project and opens Projects. */
async function makeProject(memory, extensions, button) {
  const choices = extensions.flatMap((e) => (e.types.length ? e.types : [{ type: '', title: e.name }])
    .map((t) => ({ value: `${e.id}\n${t.type}`, label: e.types.length > 1 || extensions.length > 1 ? `${e.name}: ${t.title}` : e.name })));
  const picked = choices.length === 1 ? choices[0].value : await choose(`Make a project of “${memory.title}”`, 'The project extension lays out the memory’s photos.', choices);
  if (!picked) return;
  const [extension, type] = picked.split('\n');
  const label = button.textContent;
  button.disabled = true;
  button.textContent = 'Making…';
  try {
    const project = await post('/api/projects', { memory: memory.identifier, extension, ...(type ? { type } : {}) });
    toast(`Made “${project.title}”`);
    navigate('/projects');
  } finally {
    button.disabled = false;
    button.textContent = label;
  }
}

/** Projects: each with its preview, what it holds and the files its extension made. */
export async function projectsView(main) {
  const { projects } = await get('/api/projects');
  const container = document.createElement('div');
  container.className = 'collections';
  container.innerHTML = projects.length ? `<div class="project-grid">${projects.map(projectCard).join('')}</div>`
    : '<p class="grid-empty">No projects yet. Open a memory and use Make a Project (a project extension such as Photo Book must be installed on the server).</p>';
  container.addEventListener('click', (event) => {
    const button = event.target.closest('[data-open]');
    if (!button) return;
    button.disabled = true;
    button.textContent = 'Updating…';
    post(`/api/projects/${button.dataset.open}/open`).then(() => { toast('Project updated'); navigate('/projects'); })
      .catch((error) => { showError(error); button.disabled = false; button.textContent = 'Update'; });
  });
  main.replaceChildren(container);
  return { title: 'Projects' };
}

function projectCard(p) {
  const id = uuid(p.identifier);
  const files = p.files.map((name) => `<a class="button" href="/api/projects/${id}/files/${encodeURIComponent(name)}" download="${escape(name)}">${escape(name)}</a>`).join('');
  return `<article class="project-card">
    ${p.previewURL ? `<img src="${escape(p.previewURL)}" alt="">` : '<div class="project-blank"></div>'}
    <h3>${escape(p.title || 'Untitled')}</h3>
    <p class="note">${p.count} ${p.count === 1 ? 'photo' : 'photos'}${p.extension ? ` · ${escape(p.extension)}` : ''}</p>
    <div class="project-files">${files}${p.extension ? `<button data-open="${id}">Update</button>` : ''}</div>
  </article>`;
}
