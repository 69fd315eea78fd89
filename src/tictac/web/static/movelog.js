// The move log of a live room: every public event of the game, kept from when the page joined,
// and drawn in the reader's language by the game's module (`describe(event, room, earlier)`
// gives a line, or null for an event not worth a line). Phones and the TV draw the same log.
// A line names each seat by whoever made that seat's move at the event's action (the room's
// `movers`, docs/protocol.md "Who made each move"): a seat that changes hands later (replace,
// kick) does not rewrite earlier lines, and a host's skip, whose credit comes a moment after its
// view, is named as the host's. An event of no known action (a round's opening, seeded) keeps
// the room as it was when the event came.

import { h } from './dom.js';
import { t } from './i18n.js';
import { namedAt } from './common.js';

const KEPT = 200;

export class MoveLog {
  constructor() {
    this.events = [];
    this.rooms = []; // by event: the room when it came
    this.versions = []; // by event: the version its action made, or null
    this.added = 0; // events ever added, the ones no longer kept too
  }

  add(events, room, version = null) {
    this.events.push(...events);
    this.rooms.push(...events.map(() => room));
    this.versions.push(...events.map(() => version));
    this.added += events.length;
    if (this.events.length > KEPT) {
      for (const kept of [this.events, this.rooms, this.versions]) kept.splice(0, kept.length - KEPT);
    }
  }

  // A page that joins mid-round starts from the round's opening, when the view tells it.
  seed(events, room) {
    if (!this.events.length && events) this.add(events, room);
  }

  roomOf(index, room) {
    const version = this.versions[index];
    if (version && room && room.movers) return namedAt(room, version - 1);
    return this.rooms[index] || room;
  }
}

// The lines of the newest `count` events worth one, newest first.
export function latestMoves(log, describe, room, count) {
  const lines = [];
  if (!log || !describe) return lines;
  for (let index = log.events.length - 1; index >= 0 && lines.length < count; index -= 1) {
    const text = describe(log.events[index], log.roomOf(index, room), log.events.slice(0, index));
    if (text) lines.push(text);
  }
  return lines;
}

// The lines of the `count` events added before the log held `upTo` (counted as `added`): those
// of one message, told once the page draws it (it may be a few messages behind), oldest first.
export function newestLines(log, describe, room, upTo, count) {
  const lines = [];
  if (!log || !describe) return lines;
  const dropped = log.added - log.events.length;
  for (let index = Math.max(0, upTo - count - dropped); index < upTo - dropped; index += 1) {
    const text = describe(log.events[index], log.roomOf(index, room), log.events.slice(0, index));
    if (text) lines.push(text);
  }
  return lines;
}

// The line of the newest event worth one, or null.
export function latestMove(log, describe, room) {
  return latestMoves(log, describe, room, 1)[0] ?? null;
}

// The latest `latest` lines, newest first.
export function moveLog(log, describe, room, { latest = 30 } = {}) {
  const lines = [];
  if (log && describe) {
    log.events.forEach((event, index) => {
      const text = describe(event, log.roomOf(index, room), log.events.slice(0, index));
      if (text) lines.push(text);
    });
  }
  return h('section', { class: 'panel move-log', 'aria-label': t('moves.title') },
    h('h2', { text: t('moves.title') }),
    lines.length ? h('ol', { class: 'log moves', reversed: true, tabindex: 0 },
      lines.slice(-latest).reverse().map((text) => h('li', { text })))
      : h('p', { class: 'muted', text: t('moves.none') }));
}
