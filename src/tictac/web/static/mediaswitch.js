// The host's switch that turns the room's audio and video on: on their phone, in the lobby,
// while it is off. It is drawn without the call itself (media.js, about 20 KB with its styles),
// which a room page loads only once the server names the page a member of the call (live.js):
// a room that never turns audio and video on fetches none of it.

import { button } from './dom.js';
import { t } from './i18n.js';

export class MediaSwitch {
  constructor(live) {
    this.live = live;
    this.el = button('', () => live.send({ type: 'media', op: 'settings', on: true, audience: false }),
      { class: 'media-switch media-switch-on' });
  }

  // `taking part`: this page is in the room's call now, whose own panel has the host's switches.
  draw(takingPart) {
    const { room, root, key } = this.live;
    const shown = !takingPart && root && room && room.you && room.you.host && room.status === 'lobby' && !key.startsWith('tv:');
    if (!shown) {
      this.el.remove();
      return;
    }
    this.el.textContent = t('media.switch_on');
    if (this.el.nextSibling !== root) root.before(this.el);
  }
}
