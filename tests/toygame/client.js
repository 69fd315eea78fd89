// Count Up in the browser: the whole client of a game that lives outside the web client. The
// server serves this file from the game's folder and names it in /api/games; the client imports
// it like any game's module, as /static/gamemodule.js writes down: `mount` (the phone screen),
// `tv` (the shared screen), `summary` (the end).
// Its words are texts.en.json and texts.fr.json beside it (`texts` in /api/games), in the client's
// catalog with every game's: `t` finds them.

import { h, fill } from '/static/dom.js';
import { t } from '/static/i18n.js';
import { nameOf, gameHead, statusLine, legalOf, shownView, scoresTable } from '/static/common.js';

function countLine(view) {
  return h('p', { class: 'count-up big', text: t('count-up.count', view) });
}

// The moves list grows from the game's events (one line per `added`), not from the view: it shows
// every event the screen was given, in order.
export function mount(root, ctx) {
  const head = h('div');
  const body = h('section', { class: 'panel' });
  const moves = h('ol', { class: 'log moves', 'aria-label': t('count-up.moves') });
  fill(root, head, body, h('section', { class: 'panel' }, h('h2', { text: t('count-up.moves') }), moves));
  return {
    events(list) {
      for (const event of list.filter((each) => each.type === 'added')) {
        moves.append(h('li', { text: t('count-up.added', { ...event, name: nameOf(ctx.room, event.seat) }) }));
      }
    },
    update(next) {
      ctx = next;
      const view = shownView(ctx);
      const yours = view.turn === view.seat && !view.over;
      fill(head, gameHead(ctx));
      fill(body, statusLine(yours ? t('count-up.yours') : t('count-up.wait', { name: nameOf(ctx.room, view.turn) }), yours),
        countLine(view),
        h('div', { class: 'buttons' }, legalOf(view, 'add').map((action) => h('button', {
          type: 'button', class: 'primary', 'data-key': `add-${action.n}`,
          onclick: () => ctx.act(action), text: t('count-up.add', action),
        }))));
    },
  };
}

export function tv(view, room, feed) {
  return h('section', { class: 'panel' }, h('h1', { text: t('count-up.wait', { name: nameOf(room, view.turn) }) }), countLine(view));
}

export function summary(view, room, moves) {
  const winners = (view.outcome && view.outcome.winners) || [];
  return h('section', { class: 'panel' }, countLine(view),
    scoresTable([{ label: t('count-up.player') }, { label: t('count-up.won') }],
      room.seats.map((seat) => ({ cells: [seat.name, winners.includes(seat.seat) ? '★' : ''], winner: winners.includes(seat.seat) }))));
}
