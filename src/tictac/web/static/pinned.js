// What a player must see wherever the page is scrolled: while the game is
// paused or it is their turn, a band pinned to the top of the screen once the page is scrolled
// past its top (where the table bar and the game's head say it already); what another player
// just did to them (a game's `toYou(event, room, seat)`, e.g. a catch) comes as a toast.

import { h, toast } from './dom.js';
import { t } from './i18n.js';

export class Pinned {
  constructor() {
    // Seen while scrolled; a screen reader hears the pause and the turn from announce.js.
    this.el = h('p', { class: 'pinned', hidden: true });
    this.text = '';
    this.place = () => { this.el.hidden = !this.text || !this.el.isConnected || this.el.parentElement.getBoundingClientRect().top >= 0; };
    addEventListener('scroll', this.place, { passive: true });
  }

  // `yours`: the seat is to act.
  draw(room, yours) {
    const paused = room.status === 'playing' && room.paused;
    this.text = paused ? pausedText(room) : yours ? t('pinned.your_turn') : '';
    this.el.classList.toggle('paused', paused);
    if (this.el.textContent !== this.text) this.el.textContent = this.text;
    this.place();
  }

  // The events of a view that concern `seat`, each told once as it comes.
  tell(events, describeToYou, room, seat) {
    if (!describeToYou || seat === null || seat === undefined) return;
    for (const event of events) {
      const text = describeToYou(event, room, seat);
      if (text) toast(text, 'info');
    }
  }

  remove() {
    removeEventListener('scroll', this.place);
    this.el.remove();
  }
}

export function pausedText(room) {
  return room.paused_by ? t('pinned.paused_by', { name: room.paused_by }) : t('table.paused');
}
