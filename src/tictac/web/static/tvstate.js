// The table itself on the TV, big enough for the sofa: whether the game is
// paused and by whom, and each seat whose person is not connected: away (the grace period
// counted down to when they count as gone), gone, and who plays for them meanwhile. tv.js
// draws it from every room message, above the game (a band) and over it (the pause).

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import { bindServerCountdown } from './clock.js';
import { presenceText } from './tablebar.js';

function absentNote(seat, room) {
  const note = h('li', { class: ['tv-absent', seat.presence], 'data-seat': seat.seat, 'data-presence': seat.presence },
    h('span', { text: presenceText(seat, room) }));
  if (seat.presence === 'away' && typeof seat.gone_at === 'number') {
    // Counted each second: kept out of the live region, which would read every tick aloud.
    note.append(bindServerCountdown(h('span', { class: 'tv-grace', 'aria-hidden': 'true' }), seat.gone_at,
      (n) => t('tv.state.grace', { n })));
  }
  return note;
}

// Drawn again only when what it shows changes: the live region is not read out on every move.
export function drawTableState(el, room) {
  const drawn = JSON.stringify([room.status, room.paused, room.paused_by, room.policy, room.seats]);
  if (el.dataset.drawn === drawn) return;
  el.dataset.drawn = drawn;
  fill(el, presenceBand(room), pauseCover(room));
}

// The band of absent seats (null when everyone is here): above the game, which shrinks for it.
function presenceBand(room) {
  const absent = room.status === 'playing' ? room.seats.filter((seat) => !seat.bot && seat.presence !== 'connected') : [];
  return absent.length ? h('ul', { class: 'tv-presence', 'aria-label': t('presence.title') },
    absent.map((seat) => absentNote(seat, room))) : null;
}

// The pause over the whole game: who paused it, and where every seat stands.
function pauseCover(room) {
  if (room.status !== 'playing' || !room.paused) return null;
  return h('div', { class: 'tv-paused' },
    h('p', { class: 'tv-paused-title', text: room.paused_by ? t('tv.state.paused_by', { name: room.paused_by }) : t('tv.state.paused') }),
    h('p', { class: 'tv-paused-clock', text: t('tv.state.clock_stopped') }),
    // A big table's seats in three columns, each name cut short rather than pushed off.
    h('ul', { class: ['tv-paused-seats', room.seats.length > 6 && 'many'] }, room.seats.map((seat) => h('li', { class: ['tv-seat-state', seat.presence], 'data-presence': seat.presence },
      h('span', { class: 'name', text: seat.name }),
      h('span', { class: 'state', text: t(`tv.state.${seat.presence}`) })))));
}
