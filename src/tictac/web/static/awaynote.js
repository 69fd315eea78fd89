// What was done for this seat while none of the player's devices was connected
// (docs/protocol.md, `while_away`): a note at the top of the screen, the latest of those
// moves told in the game's words, until the player dismisses it.

import { h } from './dom.js';
import { t } from './i18n.js';

// `describe` is the game's (null on a screen without one, e.g. the end: the count alone).
export function awayNote(message, describe, room) {
  const lines = [];
  for (const events of describe ? message.events : []) {
    for (const event of events) {
      const text = describe(event, room, []);
      if (text) lines.push(text.split('\n')[0]);
    }
  }
  const ok = h('button', { type: 'button', class: 'secondary', text: t('away.ok') });
  const note = h('section', { class: 'panel away-note', 'aria-labelledby': 'away-title' },
    h('h2', { id: 'away-title', text: t('away.title') }),
    h('p', { text: t('away.moves', { n: message.moves }) }),
    lines.length ? h('ol', { class: 'log' }, lines.map((text) => h('li', { text }))) : null,
    ok);
  ok.addEventListener('click', () => note.remove());
  // What a screen reader hears of it (announce.js): the note but its button.
  note.dataset.said = [t('away.title'), t('away.moves', { n: message.moves }), ...lines].join('\n');
  return note;
}
