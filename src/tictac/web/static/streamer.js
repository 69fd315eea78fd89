// Streamer mode on the host's phone (docs/web.md, "Streamer mode"): the room's two settings (the
// TV shows no code; the word filter) and the button that shows the code on the TV for a few
// seconds when someone needs to join. The TV's side is tv.js's: it draws whatever code the
// server names it, and in streamer mode the server names none but while it is shown.

import { h, button } from './dom.js';
import { t } from './i18n.js';

function toggle(ctx, id, op, on, label, help) {
  return h('div', { class: 'field check' },
    h('input', { type: 'checkbox', id, checked: on, 'aria-describedby': `${id}-help`, onchange: (event) => ctx.lobby(op, { on: event.target.checked }) }),
    h('label', { for: id, text: label }),
    h('p', { class: 'help', id: `${id}-help`, text: help }));
}

// The host's settings, in the lobby's folded options.
export function streamerSettings(ctx) {
  const mode = ctx.room.streamer;
  return h('fieldset', { class: 'streamer-settings' },
    h('legend', { text: t('streamer.title') }),
    toggle(ctx, 'streamer-mode', 'set_streamer', mode.on, t('streamer.mode'), t('streamer.mode_help')),
    toggle(ctx, 'word-filter', 'set_word_filter', mode.filter, t('streamer.filter'), t('streamer.filter_help')));
}

// The host's "show the code on the TV" (null unless streamer mode is on).
export function showCodeButton(ctx) {
  if (!ctx.room.streamer.on) return null;
  return button(t('streamer.show_code'), () => ctx.lobby('show_code'), { class: 'show-code', 'data-op': 'show_code' });
}
