// Nim in the browser: the whole client of a plugged-in game. The server serves this file from
// the folder the game's descriptor names and lists it in /api/games; the client imports it like
// any game's module, as /static/gamemodule.js writes down: `mount` (the phone screen), `tv` (the
// shared screen), `summary` (the end).
// Its words are texts.en.json and texts.fr.json beside it (`texts` in /api/games), in the client's
// catalog with every game's: `t` finds them.

import { h, fill } from '/static/dom.js';
import { t } from '/static/i18n.js';
import { nameOf, gameHead, statusLine, legalOf, shownView, scoresTable } from '/static/common.js';

// Heaps are numbered from 1 for people, from 0 in actions.
function heapsList(view, takes = []) {
  return h('ol', { class: 'nim-heaps' }, view.heaps.map((left, heap) => h('li', { 'data-heap': heap },
    h('span', { class: 'big', text: t('nim.heap', { number: heap + 1, left }) }),
    h('span', { class: 'nim-matches', 'aria-hidden': 'true', text: '|'.repeat(left) }),
    h('div', { class: 'buttons' }, takes.filter((action) => action.heap === heap).map((action) => h('button', {
      type: 'button', class: 'primary', 'data-key': `take-${heap}-${action.n}`,
      'aria-label': `${t('nim.take', action)}, ${t('nim.heap', { number: heap + 1, left })}`,
      onclick: () => action.run(), text: t('nim.take', action),
    }))))));
}

function rule(view) {
  return h('p', { class: 'nim-rule', text: t(view.misere ? 'nim.misere' : 'nim.normal') });
}

// The moves list grows from the game's events (one line per `took`), in the order they came.
export function mount(root, ctx) {
  const head = h('div');
  const body = h('section', { class: 'panel' });
  const moves = h('ol', { class: 'log moves', 'aria-label': t('nim.moves') });
  fill(root, head, body, h('section', { class: 'panel' }, h('h2', { text: t('nim.moves') }), moves));
  return {
    events(list) {
      for (const event of list.filter((each) => each.type === 'took')) {
        moves.append(h('li', { text: t('nim.took', { ...event, number: event.heap + 1, name: nameOf(ctx.room, event.seat) }) }));
      }
    },
    update(next) {
      ctx = next;
      const view = shownView(ctx);
      const yours = view.turn === view.seat && !view.over;
      const takes = legalOf(view, 'take').map((action) => ({ ...action, run: () => ctx.act(action) }));
      fill(head, gameHead(ctx));
      fill(body, statusLine(yours ? t('nim.yours') : t('nim.wait', { name: nameOf(ctx.room, view.turn) }), yours),
        rule(view), heapsList(view, takes));
    },
  };
}

export function tv(view, room, feed) {
  return h('section', { class: 'panel' }, h('h1', { text: t('nim.wait', { name: nameOf(room, view.turn) }) }),
    rule(view), heapsList(view));
}

export function summary(view, room, moves) {
  const winners = (view.outcome && view.outcome.winners) || [];
  return h('section', { class: 'panel' }, rule(view),
    scoresTable([{ label: t('nim.player') }, { label: t('nim.won') }],
      room.seats.map((seat) => ({ cells: [seat.name, winners.includes(seat.seat) ? '★' : ''], winner: winners.includes(seat.seat) }))));
}

// The audience's results (its ballot, declared in GAME_INFO: who takes the last match).
export function audienceResults(found, room, brief) {
  const voted = found.votes > 0;
  return { voted, lines: [t('nim.audience.taker', { name: nameOf(room, found.taker) }),
    voted ? t('nim.audience.right', { n: found.right, votes: found.votes }) : t('audience.no_votes')] };
}
