// The table bar above every game screen, on the phones and the TV: who is away or gone and
// who plays for them. Seats that are connected say nothing: only what needs a look shows.

import { h, fill } from './dom.js';
import { t } from './i18n.js';

function presenceKey(seat, room) {
  if (seat.presence === 'away') return 'presence.away';
  if (seat.stand_in) return room.policy === 'skip' ? 'presence.skipped' : 'presence.stand_in';
  return 'presence.gone';
}

// One line per seated person who is not connected (bots always are).
export function presenceNotes(room) {
  return room.seats.filter((seat) => !seat.bot && seat.presence !== 'connected').map((seat) =>
    h('li', { class: ['presence', seat.presence], 'data-seat': seat.seat, 'data-presence': seat.presence },
      t(presenceKey(seat, room), { name: seat.name })));
}

export function drawTableBar(bar, ctx) {
  const notes = ctx.room.status === 'playing' ? presenceNotes(ctx.room) : [];
  bar.hidden = notes.length === 0;
  fill(bar, notes.length ? h('ul', { class: 'presence-list', 'aria-label': t('presence.title') }, notes) : null);
}
