// Error codes from the server and the games, in the reader's language.

import { has, t } from './i18n.js';
import { h } from './dom.js';

export function errorText(error) {
  const code = error && error.code;
  if (code && has(`error.${code}`)) return t(`error.${code}`);
  if (error && error.message && code !== 'network') return error.message;
  return t('error.generic');
}

// A refusal shown beside the control that was tapped, for a few seconds: just below it, or
// just above it when below would cover another control that can be tapped now (the playable
// cards of a hand's next row), else below all the same.
const TAPPABLE = 'button:not([disabled]):not([aria-disabled="true"]), a[href], input, select, textarea';

export function explainNear(target, text) {
  const box = target.getBoundingClientRect();
  const note = h('div', { class: 'refusal', role: 'alert', text });
  note.style.left = `${Math.max(8, Math.min(window.scrollX + box.left, window.scrollX + document.documentElement.clientWidth - 248))}px`;
  note.style.top = `${window.scrollY + box.bottom + 6}px`;
  document.body.appendChild(note);
  const others = [...document.querySelectorAll(TAPPABLE)].filter((el) => el !== target && !target.contains(el))
    .map((el) => el.getBoundingClientRect()).filter((rect) => rect.width && rect.height);
  const covers = () => {
    const shown = note.getBoundingClientRect();
    return others.some((rect) => rect.left < shown.right && shown.left < rect.right && rect.top < shown.bottom && shown.top < rect.bottom);
  };
  if (covers()) {
    note.style.top = `${window.scrollY + box.top - note.offsetHeight - 6}px`;
    if (covers() || box.top - note.offsetHeight - 6 < 0) note.style.top = `${window.scrollY + box.bottom + 6}px`;
  }
  setTimeout(() => note.remove(), 3500);
}
