// Pieces the screens share: seat names, the heading with the rules link, the status line, score
// tables, the share link's QR code.

import { h } from './dom.js';
import { t } from './i18n.js';

export function nameOf(room, seat) {
  if (seat === null || seat === undefined) return '—';
  const found = room && room.seats.find((entry) => entry.seat === seat);
  return found ? found.name : t('common.seat', { n: seat + 1 });
}

export function gameHead(ctx, ...extra) {
  return h('div', { class: 'game-head' },
    h('h1', { text: ctx.room.title }),
    ...extra,
    ctx.readonly ? null : h('a', { href: `/rules/${ctx.room.game}`, 'data-link': true, class: 'rules-link', target: '_blank', text: t('common.rules') }));
}

export function statusLine(text, yours = false) {
  return h('p', { class: ['status', yours && 'yours'], role: 'status', text });
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
      row.cells.map((cell, index) => h('td', { class: numeric(index), text: String(cell) }))))));
}

// The share link as a QR code, drawn by the server (segno) as SVG.
export function qrImage(link, label) {
  return h('img', { class: 'qr', src: `/api/qr.svg?text=${encodeURIComponent(link)}`, alt: label });
}
