// What a screen reader says of the game: one polite live region for the whole page, fed in
// order, each line once. The screens put no live regions of their own on what changes with the
// game (a region inserted anew is read by some readers and not others, and two regions speak
// over each other); they and live.js say it here. A `Narrator` turns a room's changes into lines:
// the phone's says them in this region, the TV's aloud when its speech is on (speech.js).

import { t } from './i18n.js';
import { presenceText } from './tablebar.js';
import { pausedText } from './pinned.js';

// Lines kept in the region: a reader hears each as it is added, the rest is history.
const KEPT = 12;

let region = null;
let last = '';

function liveRegion() {
  if (region && region.isConnected) return region;
  region = document.createElement('div');
  region.id = 'announcer';
  region.className = 'sr';
  region.setAttribute('role', 'log');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-relevant', 'additions');
  document.body.appendChild(region);
  return region;
}

// Says `text` (each of its lines) politely, after what was said before; a line equal to the
// one said just before is not said again (a screen drawn twice says its news once), unless it
// answers a new tap (`again`: the same refusal twice is two refusals).
export function announce(text, { again = false } = {}) {
  if (!text) return;
  for (const line of String(text).split('\n').map((part) => part.trim())) {
    if (!line || (line === last && !again)) continue;
    last = line;
    const box = liveRegion();
    const item = document.createElement('p');
    item.textContent = line;
    box.appendChild(item);
    while (box.childElementCount > KEPT) box.firstElementChild.remove();
  }
}

// The changes of one room worth saying, compared with what it said before. `say(line)` says
// one; `whole`: every line of a move told in several (a phone), or its first alone (the TV,
// whose ticker shows the first).
export class Narrator {
  constructor(say, { whole = true } = {}) {
    this.say = say;
    this.whole = whole;
    this.paused = null;
    this.presence = null; // seat -> its words while not connected
    this.yours = false;
    this.over = null;
  }

  // `lines`: the new moves in words (movelog.js `newestLines`); `yours`: this seat is to act,
  // `turnText()` the game's words for it; `ended(view, room)`: the words of a game's end.
  note({ room, view, lines = [], yours = false, turnText = null, ended = null }) {
    for (const text of lines) this.say(this.whole ? text : text.split('\n')[0]);
    const playing = room.status === 'playing';
    this.tellPause(playing && room.paused, room);
    this.tellPresence(playing ? room : null);
    // The view's end, not the room's: the room may say so before the view with the last moves.
    const over = Boolean(view && view.over);
    if (over && this.over === false && ended) this.say(ended(view, room));
    this.over = view ? over : null;
    if (yours && !this.yours) this.say(turnText ? turnText() : t('pinned.your_turn'));
    this.yours = yours;
  }

  tellPause(paused, room) {
    if (this.paused !== null && paused !== this.paused) this.say(paused ? pausedText(room) : t('announce.resumed'));
    this.paused = paused;
  }

  // Each seat whose person went away, is gone (and who plays for them), or came back.
  tellPresence(room) {
    const now = new Map();
    for (const seat of room ? room.seats : []) {
      if (!seat.bot && seat.presence !== 'connected') now.set(seat.seat, presenceText(seat, room));
    }
    if (this.presence !== null) {
      for (const [seat, text] of now) if (this.presence.get(seat) !== text) this.say(text);
      for (const seat of this.presence.keys()) {
        const back = room && room.seats.find((entry) => entry.seat === seat);
        if (!now.has(seat) && back && !back.bot) this.say(t('announce.back', { name: back.name }));
      }
    }
    this.presence = room ? now : null;
  }
}
