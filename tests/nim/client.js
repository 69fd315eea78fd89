// Nim in the browser: the whole client of a plugged-in game. The server serves this file from
// the folder the game's descriptor names and lists it in /api/games; the client imports it like
// any game's module, as /static/gamemodule.js writes down: `mount` (the phone screen), `tv` (the
// shared screen), `summary` (the end).

import { h, fill } from '/static/dom.js';
import { currentLang } from '/static/i18n.js';
import { nameOf, gameHead, statusLine, legalOf, shownView, scoresTable } from '/static/common.js';

const WORDS = {
  en: { heap: 'Heap {number}: {left} left', take: 'Take {n}', yours: 'Your turn: take from one heap', wait: '{name} takes', player: 'Player', won: 'Won', took: '{name} took {n} from heap {number}', moves: 'Moves', normal: 'Whoever takes the last match wins', misere: 'Whoever takes the last match loses' },
  fr: { heap: 'Tas {number} : il en reste {left}', take: 'Prendre {n}', yours: 'À vous : prenez dans un tas', wait: '{name} prend', player: 'Joueur', won: 'Gagné', took: '{name} a pris {n} au tas {number}', moves: 'Coups', normal: 'Qui prend la dernière allumette gagne', misere: 'Qui prend la dernière allumette perd' },
};

function say(key, params = {}) {
  const text = (WORDS[currentLang()] || WORDS.en)[key];
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name]));
}

// Heaps are numbered from 1 for people, from 0 in actions.
function heapsList(view, takes = []) {
  return h('ol', { class: 'nim-heaps' }, view.heaps.map((left, heap) => h('li', { 'data-heap': heap },
    h('span', { class: 'big', text: say('heap', { number: heap + 1, left }) }),
    h('span', { class: 'nim-matches', 'aria-hidden': 'true', text: '|'.repeat(left) }),
    h('div', { class: 'buttons' }, takes.filter((action) => action.heap === heap).map((action) => h('button', {
      type: 'button', class: 'primary', 'data-key': `take-${heap}-${action.n}`,
      'aria-label': `${say('take', action)}, ${say('heap', { number: heap + 1, left })}`,
      onclick: () => action.run(), text: say('take', action),
    }))))));
}

function rule(view) {
  return h('p', { class: 'nim-rule', text: say(view.misere ? 'misere' : 'normal') });
}

// The moves list grows from the game's events (one line per `took`), in the order they came.
export function mount(root, ctx) {
  const head = h('div');
  const body = h('section', { class: 'panel' });
  const moves = h('ol', { class: 'log moves', 'aria-label': say('moves') });
  fill(root, head, body, h('section', { class: 'panel' }, h('h2', { text: say('moves') }), moves));
  return {
    events(list) {
      for (const event of list.filter((each) => each.type === 'took')) {
        moves.append(h('li', { text: say('took', { ...event, number: event.heap + 1, name: nameOf(ctx.room, event.seat) }) }));
      }
    },
    update(next) {
      ctx = next;
      const view = shownView(ctx);
      const yours = view.turn === view.seat && !view.over;
      const takes = legalOf(view, 'take').map((action) => ({ ...action, run: () => ctx.act(action) }));
      fill(head, gameHead(ctx));
      fill(body, statusLine(yours ? say('yours') : say('wait', { name: nameOf(ctx.room, view.turn) }), yours),
        rule(view), heapsList(view, takes));
    },
  };
}

export function tv(view, room, feed) {
  return h('section', { class: 'panel' }, h('h1', { text: say('wait', { name: nameOf(room, view.turn) }) }),
    rule(view), heapsList(view));
}

export function summary(view, room, moves) {
  const winners = (view.outcome && view.outcome.winners) || [];
  return h('section', { class: 'panel' }, rule(view),
    scoresTable([{ label: say('player') }, { label: say('won') }],
      room.seats.map((seat) => ({ cells: [seat.name, winners.includes(seat.seat) ? '★' : ''], winner: winners.includes(seat.seat) }))));
}
