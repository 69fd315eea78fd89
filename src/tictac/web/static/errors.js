// Error codes from the server and the games, in the reader's language.

import { has, t } from './i18n.js';
import { h } from './dom.js';
import { prefs } from './prefs.js';
import { announce } from './announce.js';

// `action`: the refused action, when this page sent it. The word filter's refusal of several
// written names says which ("name 2 of 3"): the writer's own phone names it back to them.
export function errorText(error, action = null) {
  const code = error && error.code;
  const caught = code === 'filtered_word' && action && Array.isArray(action.names)
    && /(\d+) of \d+/.exec(error.message || '');
  const name = caught ? action.names[Number(caught[1]) - 1] : action && action.name;
  if (code === 'filtered_word' && typeof name === 'string') return t('error.filtered_word_named', { name });
  if (code && has(`error.${code}`)) return t(`error.${code}`);
  if (error && error.message && code !== 'network') return error.message;
  return t('error.generic');
}

// A refusal shown beside the control that was tapped, for a few seconds: just below it, else
// just above it, else over the heading of its panel, else just below the panel, whichever first
// covers no other control that can be tapped now (a hand's other playable cards), else where it
// covers the fewest. It stays 3.5 s, three times as long for who asked for a slower bubble.
const TAPPABLE = 'button:not([disabled]):not([aria-disabled="true"]), a[href], input, select, textarea';

export function explainNear(target, text) {
  const box = target.getBoundingClientRect();
  const note = h('div', { class: 'refusal', text });
  announce(text, { again: true });
  note.style.left = `${Math.max(8, Math.min(window.scrollX + box.left, window.scrollX + document.documentElement.clientWidth - 248))}px`;
  note.style.top = `${window.scrollY + box.bottom + 6}px`;
  document.body.appendChild(note);
  const others = [...document.querySelectorAll(TAPPABLE)].filter((el) => el !== target && !target.contains(el))
    .map((el) => el.getBoundingClientRect()).filter((rect) => rect.width && rect.height);
  const height = note.offsetHeight;
  const panel = target.closest('.panel');
  const frame = panel && panel.getBoundingClientRect();
  const tops = [box.bottom + 6, box.top - height - 6, frame ? frame.top + 4 : null, frame ? frame.bottom + 6 : null]
    .filter((top) => top !== null && top >= 0);
  const covered = (top) => {
    const left = note.getBoundingClientRect().left;
    const right = left + note.offsetWidth;
    return others.filter((rect) => rect.left < right && left < rect.right && rect.top < top + height && top < rect.bottom).length;
  };
  const counts = tops.map(covered);
  const best = counts.indexOf(0) >= 0 ? counts.indexOf(0) : counts.indexOf(Math.min(...counts));
  note.style.top = `${window.scrollY + tops[Math.max(best, 0)]}px`;
  setTimeout(() => note.remove(), prefs().slow_refusals ? 10500 : 3500);
}
