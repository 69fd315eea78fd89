// Pieces every game screen uses: seat names, the heading with the rules link, the status line.

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

export function scoresTable(rows, { caption, winners = [] } = {}) {
  return h('table', { class: 'scores' },
    caption ? h('caption', { class: 'sr', text: caption }) : null,
    h('thead', null, h('tr', null, h('th', { scope: 'col', text: t('common.player') }), h('th', { scope: 'col', class: 'num', text: t('common.score') }))),
    h('tbody', null, rows.map((row) => h('tr', { class: winners.includes(row.key) ? 'winner' : null },
      h('td', { text: row.label }), h('td', { class: 'num', text: String(row.score) })))));
}
