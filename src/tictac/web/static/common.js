// Pieces the screens share: seat names, the heading with the rules link, the status line, score
// tables, the share link's QR code.

import { h } from './dom.js';
import { t } from './i18n.js';

export function nameOf(room, seat) {
  if (seat === null || seat === undefined) return '—';
  const found = room && room.seats.find((entry) => entry.seat === seat);
  if (!found) return t('common.seat', { n: seat + 1 });
  return found.bot && found.for ? creditName(found) : found.name;
}

// Who made a move (docs/protocol.md, "Who made each move"): a person, a bot standing in for
// one ("Bot 2 for Damien"), the seat a kick emptied ("(Camille)"), or the host's skip for one
// ("Ana (host) for Damien").
export function creditName(credit) {
  if (credit.skip) return t('credit.skip', { host: credit.name, name: credit.for });
  if (credit.name === null) return t('credit.emptied', { name: credit.for });
  return credit.for ? t('credit.bot_for', { bot: credit.name, name: credit.for }) : credit.name;
}

// Who played `seat` at the game's action `index` (0-based in the log), from the room's movers.
export function nameAt(room, seat, index) {
  const movers = room && room.movers && room.movers[seat];
  if (!movers) return nameOf(room, seat);
  return creditName(movers.filter((credit) => credit.from <= index).pop() || movers[0]);
}

// The room with each seat named by whoever played it at the game's action `index` (the move
// log names a move's seats so).
export function namedAt(room, index) {
  return { ...room, seats: room.seats.map((seat) => ({ ...seat, name: nameAt(room, seat.seat, index), bot: false, for: null })) };
}

// The room as an end screen names it: each seat by everyone who played it this game ("Damien,
// then Bot 2 for Damien"), so figures by seat credit no one with moves they did not make. The
// emptied seat's own moves are the room's, not a player's, and a host's skip did not hand the
// seat on: both left out.
export function creditedRoom(room) {
  if (!room || !room.movers) return room;
  const seats = room.seats.map((seat) => {
    const names = [...new Set((room.movers[seat.seat] || []).filter((credit) => credit.name !== null && !credit.skip).map(creditName))];
    return names.length ? { ...seat, name: names.join(t('credit.then')), for: null } : seat;
  });
  return { ...room, seats };
}

// Who won, in one line (the end screens; what a screen reader hears when a game ends).
export function winnersLine(view, room) {
  const winners = (view.outcome && view.outcome.winners) || [];
  if (!winners.length) return t('end.no_winner');
  return t('end.winners', { names: winners.map((seat) => nameOf(room, seat)).join(', ') });
}

export function gameHead(ctx, ...extra) {
  return h('div', { class: 'game-head' },
    h('h1', { text: ctx.room.title }),
    ...extra,
    ctx.readonly ? null : h('a', { href: `/rules/${ctx.room.game}`, 'data-link': true, class: 'rules-link', target: '_blank', text: t('common.rules') }));
}

export function statusLine(text, yours = false) {
  // Not a live region: the narrator (announce.js) says the turn once, in order with the moves.
  return h('p', { class: ['status', yours && 'yours'], text });
}

// The view to draw: a replay (read-only) shows the moves that were open, but offers none.
export function shownView(ctx) {
  return ctx.readonly ? { ...ctx.view, legal: [] } : ctx.view;
}

export function legalOf(view, type) {
  return (view.legal || []).filter((action) => action.type === type);
}

// Every score table of the client: `columns` are [{label, num}], `rows` [{cells, winner, mine}].
export function scoresTable(columns, rows) {
  const numeric = (index) => (columns[index].num ? 'num' : null);
  return h('table', { class: 'scores' },
    h('thead', null, h('tr', null, columns.map((column, index) => h('th', { scope: 'col', class: numeric(index), text: column.label })))),
    h('tbody', null, rows.map((row) => h('tr', { class: [row.winner && 'winner', row.mine && 'mine'] },
      row.cells.map((cell, index) => h('td', { class: numeric(index) }, cell instanceof Node ? cell : String(cell)))))));
}

// The share link as a QR code, drawn by the server (segno) as SVG.
export function qrImage(link, label) {
  return h('img', { class: 'qr', src: `/api/qr.svg?text=${encodeURIComponent(link)}`, alt: label });
}
