// Small shared pieces of interface: toasts, dialogs, the busy state.

import { escape } from '/app/format.js';

let toastHost = null;

/** A short message that goes away by itself (announced to screen readers). */
export function toast(message, { error = false } = {}) {
  if (!toastHost) {
    toastHost = document.createElement('div');
    toastHost.className = 'toasts';
    toastHost.setAttribute('role', 'status');
    toastHost.setAttribute('aria-live', 'polite');
    document.body.append(toastHost);
  }
  const item = document.createElement('div');
  item.className = error ? 'toast error' : 'toast';
  item.textContent = message;
  toastHost.append(item);
  setTimeout(() => item.remove(), error ? 6000 : 3000);
}

/** Asks for text in a modal dialog; resolves to the text or null when cancelled. */
export function prompt(title, { value = '', label = 'Name', ok = 'OK' } = {}) {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.className = 'prompt';
    dialog.innerHTML = `<form method="dialog"><h2>${escape(title)}</h2>
      <label>${escape(label)} <input name="value" required value="${escape(value)}"></label>
      <menu><button type="button" data-cancel>Cancel</button><button class="primary" value="ok">${escape(ok)}</button></menu></form>`;
    document.body.append(dialog);
    // Enter submits with OK (the form's only submit button); Cancel closes without an answer.
    dialog.querySelector('[data-cancel]').addEventListener('click', () => dialog.close('cancel'));
    dialog.addEventListener('close', () => {
      const text = dialog.returnValue === 'ok' ? dialog.querySelector('input').value.trim() : null;
      dialog.remove();
      resolve(text || null);
    });
    dialog.showModal();
  });
}

/** Asks a yes/no question; resolves to true for yes. */
export function confirmAction(title, detail, ok = 'OK') {
  return choose(title, detail, [{ value: 'ok', label: ok, danger: true }]).then((value) => value === 'ok');
}

/**
 * A modal choice between `choices` (`[{value, label, danger}]`); resolves to the value, or null when cancelled.
 * The first choice is the primary button and has the focus, unless it is `danger` (then Cancel has it).
 */
export function choose(title, detail, choices) {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.className = 'prompt';
    const button = (c, i) => `<button value="${escape(c.value)}"${i === 0 ? ` class="primary${c.danger ? ' danger' : ''}"${c.danger ? '' : ' autofocus'}` : ''}>${escape(c.label)}</button>`;
    dialog.innerHTML = `<form method="dialog"><h2>${escape(title)}</h2><p>${escape(detail)}</p>
      <menu><button type="button" data-cancel>Cancel</button>${choices.map(button).join('')}</menu></form>`;
    document.body.append(dialog);
    dialog.querySelector('[data-cancel]').addEventListener('click', () => dialog.close(''));
    dialog.addEventListener('close', () => { resolve(choices.some((c) => c.value === dialog.returnValue) ? dialog.returnValue : null); dialog.remove(); });
    dialog.showModal();
  });
}

/** Shows an error from an API call. */
export function showError(error) { console.error(error?.stack || error); toast(error?.message || String(error), { error: true }); }

/** Saves the file at `url` (same origin) under `filename`, as a link with `download` would. */
export function saveFile(url, filename) {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
}
