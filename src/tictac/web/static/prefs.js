// A person's accommodations (docs/web.md, "Accommodations"), set on their own phone and kept
// with their place on the server: the room's `you.prefs` is drawn here on every `room`
// message, so a reconnect, another device opening the seat or a server restart brings them
// back. Larger text scales the root size (every length in style.css is in rem); high contrast
// and reduced motion are classes on <html>; captions, the turn buzz and the refusal bubble's
// length are read by sound.js and errors.js.

import { h } from './dom.js';
import { t } from './i18n.js';

export const TEXT_SCALES = [100, 125, 150, 175, 200];
const DEFAULTS = { text: 100, contrast: false, still: false, captions: false, vibrate: true, slow_refusals: false };
const SWITCHES = ['contrast', 'still', 'captions', 'vibrate', 'slow_refusals'];

let current = { ...DEFAULTS };

export function prefs() {
  return current;
}

// Draws `given` (a room's `you.prefs`; the defaults without one: the TV, a page leaving a room).
export function applyPrefs(given) {
  current = { ...DEFAULTS, ...(given || {}) };
  const root = document.documentElement;
  root.style.fontSize = current.text === 100 ? '' : `${current.text}%`;
  root.classList.toggle('large', current.text >= 150); // style.css reflows a few wide boxes
  root.classList.toggle('contrast', current.contrast);
  root.classList.toggle('still', current.still);
  const panel = document.getElementById('prefs-panel');
  if (panel) paint(panel);
}

// The header's "Settings" button and its dialog; `save(prefs)` sends them to the server.
export function prefsButton(save) {
  const dialog = h('dialog', { id: 'prefs-panel', class: 'prefs', 'aria-labelledby': 'prefs-title' },
    h('h2', { id: 'prefs-title', text: t('prefs.title') }),
    h('div', { class: 'field' },
      h('label', { for: 'pref-text', text: t('prefs.text') }),
      h('select', { id: 'pref-text', name: 'text' },
        TEXT_SCALES.map((scale) => h('option', { value: String(scale), text: `${scale} %` })))),
    SWITCHES.map((name) => h('div', { class: 'pref' },
      h('input', { type: 'checkbox', id: `pref-${name}`, name }),
      h('label', { for: `pref-${name}`, text: t(`prefs.${name}`) }))),
    h('form', { method: 'dialog' }, h('button', { class: 'primary', text: t('prefs.close') })));
  dialog.addEventListener('change', () => {
    const chosen = { text: Number(dialog.querySelector('#pref-text').value) };
    for (const name of SWITCHES) chosen[name] = dialog.querySelector(`#pref-${name}`).checked;
    applyPrefs(chosen); // at once, the server's answer confirms it
    save(chosen);
  });
  paint(dialog);
  const open = h('button', { type: 'button', class: 'prefs-open', 'aria-haspopup': 'dialog', text: t('prefs.open') });
  open.addEventListener('click', () => dialog.showModal());
  return [open, dialog];
}

function paint(dialog) {
  dialog.querySelector('#pref-text').value = String(current.text);
  for (const name of SWITCHES) dialog.querySelector(`#pref-${name}`).checked = current[name];
}

// A cue's caption (for who cannot hear it), written at the foot of the screen for a few seconds.
export function caption(text, name) {
  let box = document.getElementById('captions');
  if (!box) {
    box = h('div', { id: 'captions', class: 'captions' });
    document.body.appendChild(box);
  }
  const line = h('p', { class: 'caption', 'data-cue': name, text });
  box.appendChild(line);
  setTimeout(() => line.remove(), 4000);
}
