// The audience (docs/rulings.md, "The audience"): a spectator's phone votes on the open ballot
// (Time Bomb: who is Moriarty; Time's Up: the round's funniest turn; Timo's Twist: who empties
// their hand first), and every screen shows how the audience did once the game is over. The TV
// shows the counts while a game runs. Everything comes from the `audience` message
// (docs/protocol.md): counts only until the results.

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import { nameOf } from './common.js';

// A choice's words: a seat's name, or a Time's Up turn's number and cluegiver.
function choiceName(ballot, choice, room) {
  if (ballot.kind !== 'funniest') return nameOf(room, choice.seat);
  const number = ballot.choices.findIndex((other) => other.id === choice.id) + 1;
  return t('audience.turn', { n: number, name: nameOf(room, choice.seat) });
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
  if (audience && audience.results) body = voted(audience.results) || audience.members ? results(audience.results, room) : null;
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
    resultLines(found, room, brief).map((text) => h('p', { text })));
}

// Whether anyone voted on the game's ballots (a Time's Up round is listed once voted on).
function voted(found) {
  return found.kind === 'funniest' ? found.rounds.length > 0 : found.votes > 0;
}

// `brief` (the TV's end, beside the podium and the summary, whose roles table names Moriarty's
// team): Time Bomb's votes in all, not round by round.
function resultLines(found, room, brief) {
  const names = (seats) => seats.map((seat) => nameOf(room, seat)).join(', ');
  if (found.kind === 'moriarty') {
    if (!voted(found)) return [t('audience.no_votes')];
    if (brief) return [t('audience.overall', { n: found.right, votes: found.votes })];
    return [t('audience.moriarty_was', { names: names(found.moriarty) }),
      ...found.rounds.map((row) => t('audience.round_right', { ...row, n: row.right })),
      t('audience.overall', { n: found.right, votes: found.votes })];
  }
  if (found.kind === 'funniest') {
    if (!voted(found)) return [t('audience.no_votes')];
    return found.rounds.map((row) => t('audience.funniest_was', { round: row.round, n: row.top[0].votes,
      names: row.top.map((turn) => nameOf(room, turn.seat)).join(', ') }));
  }
  const lines = [t('audience.first_out_was', { name: nameOf(room, found.winner) })];
  if (!voted(found)) return [...lines, t('audience.no_votes')];
  const more = found.right - found.names.length;
  lines.push(found.right ? t('audience.guessed', { names: found.names.join(', ') + (more > 0 ? ` +${more}` : ''), right: found.right, votes: found.votes })
    : t('audience.nobody_right', { votes: found.votes }));
  return lines;
}

// The TV's strip: the audience's counts and what it votes on, then its results at the end.
export function tvAudience(audience, room) {
  if (!audience) return null;
  // A game nobody voted on keeps the TV's end screen to the game: the room's space is its own.
  if (audience.results) return voted(audience.results) ? results(audience.results, room, 'tv-audience tv-audience-results', true) : null;
  if (!audience.members) return null;
  return h('div', { class: 'tv-audience', role: 'status' },
    audience.ballot ? h('span', { class: 'tv-audience-question', text: question(audience.ballot) }) : null,
    h('span', { class: 'tv-audience-count', text: counts(audience) }));
}
