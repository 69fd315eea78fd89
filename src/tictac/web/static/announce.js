// What a screen reader says of the game: one polite live region for the whole page, fed in
// order, each line once. The screens put no live regions of their own on what changes with the
// game (a region inserted anew is read by some readers and not others, and two regions speak
// over each other); they and live.js say it here. A `Narrator` turns a room's changes into lines:
// the phone's says them in this region, the TV's aloud when its speech is on (speech.js).

import { t } from './i18n.js';
import { presenceText } from './tablebar.js';
import { pausedText } from './pinned.js';
import { winnersLine } from './common.js';

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

// The changes of one room worth saying, compared with what it said before. `say(line, { again })`
// says one (`again` for a move: each is said, even in the same words as the one before it). The words are the phone's unless given: `whole`, every line of a move told in several
// (else its first alone, as the TV's ticker); `paused(room)`, `resumed()` and `back(name)`, the
// pause, its end and a player's return, `joined(name)` and `left(name)`, who came to the lobby
// or went (null: not said); `ended(view, room, told)`, a game's end (`told`: the game's own
// words for it, its `endText`, or null).
export class Narrator {
  constructor(say, { whole = true, paused = pausedText, resumed = () => t('announce.resumed'),
    back = (name) => t('announce.back', { name }), joined = (name) => t('announce.joined', { name }),
    left = (name) => t('announce.left', { name }),
    ended = (view, room, told) => [winnersLine(view, room), told].filter(Boolean).join('\n') } = {}) {
    this.say = say;
    this.words = { whole, paused, resumed, back, joined, left, ended };
    this.paused = null;
    this.presence = null; // seat -> its words while not connected
    this.lobby = null; // the names in the lobby's list of players (null: not in the lobby)
    this.asked = null; // what the turn asks, as said last (null: not this seat's turn)
    this.over = null;
  }

  // `lines`: the new moves in words (movelog.js `newestLines`); `yours`: this seat is to act,
  // `turnText()` the game's words for it; `endText()`, the game's words for its end.
  note({ room, view, lines = [], yours = false, turnText = null, endText = null }) {
    for (const text of lines) this.say(this.words.whole ? text : text.split('\n')[0], { again: true });
    const playing = room.status === 'playing';
    this.tellPause(playing && room.paused, room);
    this.tellPresence(playing ? room : null);
    this.tellLobby(room.status === 'lobby' ? room : null);
    // The view's end, not the room's: the room may say so before the view with the last moves.
    const over = Boolean(view && view.over);
    // (also when the first view this page sees is over: a TV or phone that reloaded at the end)
    if (over && this.over !== true) this.say(this.words.ended(view, room, endText && endText()));
    if (view) this.over = over; // (a message with no view, a reconnection's first, keeps it)
    // The turn when it comes, and again when what it asks changes (a card drawn, the clock
    // started, the round read back): the status line's words.
    const asked = yours ? (turnText ? turnText() : t('pinned.your_turn')) : null;
    if (asked && asked !== this.asked) this.say(asked);
    this.asked = asked;
  }

  // Who came to the lobby or left it, by the name its list of players shows.
  tellLobby(room) {
    const now = room ? room.seats.map((seat) => seat.name) : null;
    if (this.lobby && now) {
      for (const name of now) if (!this.lobby.includes(name)) this.say(this.words.joined(name));
      for (const name of this.lobby) if (!now.includes(name)) this.say(this.words.left(name));
    }
    this.lobby = now;
  }

  tellPause(paused, room) {
    if (this.paused !== null && paused !== this.paused) this.say(paused ? this.words.paused(room) : this.words.resumed());
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
        if (!now.has(seat) && back && !back.bot) this.say(this.words.back(back.name));
      }
    }
    this.presence = room ? now : null;
  }
}
