// Count Up in the browser: the whole client of a game that lives outside the web client. The
// server serves this file from the game's folder and names it in /api/games; the client imports
// it like any game's module, as /static/gamemodule.js writes down: `mount` (the phone screen),
// `tv` (the shared screen), `summary` (the end).

import { h, fill } from '/static/dom.js';
import { currentLang } from '/static/i18n.js';
import { nameOf, gameHead, statusLine, legalOf, shownView, scoresTable } from '/static/common.js';

const WORDS = {
  en: { count: 'The count: {count} of {target}', add: 'Add {n}', yours: 'Your turn', wait: '{name} plays', player: 'Player', won: 'Won', added: '{name} +{n} = {count}', moves: 'Moves' },
  fr: { count: 'Le compte : {count} sur {target}', add: 'Ajouter {n}', yours: 'À vous', wait: '{name} joue', player: 'Joueur', won: 'Gagné', added: '{name} +{n} = {count}', moves: 'Coups' },
};

function say(key, params = {}) {
  const text = (WORDS[currentLang()] || WORDS.en)[key];
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name]));
}

function countLine(view) {
  return h('p', { class: 'count-up big', text: say('count', view) });
}

// The moves list grows from the game's events (one line per `added`), not from the view: it shows
// every event the screen was given, in order.
export function mount(root, ctx) {
  const head = h('div');
  const body = h('section', { class: 'panel' });
  const moves = h('ol', { class: 'log moves', 'aria-label': say('moves') });
  fill(root, head, body, h('section', { class: 'panel' }, h('h2', { text: say('moves') }), moves));
  return {
    events(list) {
      for (const event of list.filter((each) => each.type === 'added')) {
        moves.append(h('li', { text: say('added', { ...event, name: nameOf(ctx.room, event.seat) }) }));
      }
    },
    update(next) {
      ctx = next;
      const view = shownView(ctx);
      const yours = view.turn === view.seat && !view.over;
      fill(head, gameHead(ctx));
      fill(body, statusLine(yours ? say('yours') : say('wait', { name: nameOf(ctx.room, view.turn) }), yours),
        countLine(view),
        h('div', { class: 'buttons' }, legalOf(view, 'add').map((action) => h('button', {
          type: 'button', class: 'primary', 'data-key': `add-${action.n}`,
          onclick: () => ctx.act(action), text: say('add', action),
        }))));
    },
  };
}

export function tv(view, room, feed) {
  return h('section', { class: 'panel' }, h('h1', { text: say('wait', { name: nameOf(room, view.turn) }) }), countLine(view));
}

export function summary(view, room, moves) {
  const winners = (view.outcome && view.outcome.winners) || [];
  return h('section', { class: 'panel' }, countLine(view),
    scoresTable([{ label: say('player') }, { label: say('won') }],
      room.seats.map((seat) => ({ cells: [seat.name, winners.includes(seat.seat) ? '★' : ''], winner: winners.includes(seat.seat) }))));
}
