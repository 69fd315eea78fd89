// Error codes from the server and the games, in the reader's language.

import { has, t } from './i18n.js';
import { h } from './dom.js';

export function errorText(error) {
  const code = error && error.code;
  if (code && has(`error.${code}`)) return t(`error.${code}`);
  if (error && error.message && code !== 'network') return error.message;
  return t('error.generic');
}

// A refusal shown beside the control that was tapped, for a few seconds.
export function explainNear(target, text) {
  const box = target.getBoundingClientRect();
  const note = h('div', { class: 'refusal', role: 'alert', text });
  note.style.top = `${window.scrollY + box.bottom + 6}px`;
  note.style.left = `${Math.max(8, Math.min(window.scrollX + box.left, window.scrollX + document.documentElement.clientWidth - 248))}px`;
  document.body.appendChild(note);
  setTimeout(() => note.remove(), 3500);
}
