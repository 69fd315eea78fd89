// The audience (docs/rulings.md, "The audience"): a spectator's phone votes on the open ballot
// the game declares, and every screen shows how the audience did once the game is over. The TV
// shows the counts while a game runs. Everything comes from the `audience` message
// (docs/protocol.md): counts only until the results. What is voted on is the game's: the
// question is the text `audience.ask.<kind>` of the ballot's kind, a choice's words and the
// results are drawn by the game's module (`audienceChoice`, `audienceResults`: gamemodule.js).

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import { nameOf } from './common.js';
import { loadedGame } from './games.js';

// A choice's words: the game's, else the name of the seat it names.
function choiceName(ballot, choice, room) {
  const game = loadedGame(room.game);
  return game && game.audienceChoice ? game.audienceChoice(ballot, choice, room) : nameOf(room, choice.seat);
}

// How the audience did, in the game's words (nothing before its module is loaded).
function told(found, room, brief) {
  const game = loadedGame(room.game);
  return game && game.audienceResults ? game.audienceResults(found, room, brief) : { voted: false, lines: [] };
}

function question(ballot) {
  return t(`audience.ask.${ballot.kind}`, { n: Number(ballot.key.replace('round-', '')) || 1 });
}

// How many watch, and while a ballot is open how many voted (each counted in its own plural:
// "1 a voté", "2 ont voté"); a closed ballot has no count of votes to show.
function counts(audience) {
  const members = t('audience.members', { n: audience.members });
  return audience.ballot ? `${members} · ${t('audience.voted', { n: audience.voted })}` : members;
}

// A phone's panel: the vote for a member of the audience (a `voter`, told `yours`:
// docs/protocol.md) while a ballot is open, the results for everyone once the game is over,
// nothing otherwise (in the lobby there is no `audience`, though the phone may still be a voter).
export function drawAudience(box, ctx) {
  const { audience, yours, room } = ctx;
  let body = null;
  // A room nobody watched has nothing to say about its audience.
  if (audience && audience.results) body = told(audience.results, room, false).voted || audience.members ? results(audience.results, room) : null;
  else if (ctx.voter && audience && audience.ballot) body = ballotPanel(audience, yours, room, ctx.send);
  box.hidden = !body;
  fill(box, body);
}

function ballotPanel(audience, yours, room, send) {
  const { ballot } = audience;
  const vote = (choice) => send({ type: 'vote', ballot: ballot.key, choice: choice.id });
  return h('section', { class: 'panel audience', 'data-ballot': ballot.key },
    h('h2', { text: question(ballot) }),
    h('p', { class: 'muted', text: counts(audience) }),
    h('div', { class: 'audience-choices' }, ballot.choices.map((choice) => h('button', {
      type: 'button', class: ['audience-choice', choice.id === yours && 'chosen'],
      'aria-pressed': String(choice.id === yours), 'data-choice': String(choice.id),
      text: choiceName(ballot, choice, room), onclick: () => vote(choice),
    }))),
    h('p', { class: 'audience-yours', text: yours === null || yours === undefined ? t('audience.pick')
      : t('audience.yours', { name: choiceName(ballot, ballot.choices.find((choice) => choice.id === yours) || { seat: yours }, room) }) }));
}

// How the audience did, in the game's terms; `cls` sizes it for a phone or the TV.
export function results(found, room, cls = 'panel audience audience-results', brief = false) {
  return h('section', { class: cls },
    h('h2', { text: t('audience.results') }),
    told(found, room, brief).lines.map((text) => h('p', { text })));
}

// The TV's strip: the audience's counts and what it votes on, then its results at the end.
export function tvAudience(audience, room) {
  if (!audience) return null;
  // A game nobody voted on keeps the TV's end screen to the game: the room's space is its own.
  if (audience.results) return told(audience.results, room, true).voted ? results(audience.results, room, 'tv-audience tv-audience-results', true) : null;
  if (!audience.members) return null;
  return h('div', { class: 'tv-audience', role: 'status' },
    audience.ballot ? h('span', { class: 'tv-audience-question', text: question(audience.ballot) }) : null,
    h('span', { class: 'tv-audience-count', text: counts(audience) }));
}
