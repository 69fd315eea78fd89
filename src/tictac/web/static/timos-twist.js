// Timo's Twist: the hand (colour + pattern + symbol, playable cards lifted), the pile, the colour
// to follow, direction, pending penalty, TIMO and catch buttons, and the scores.

import { h, fill, refill, button } from './dom.js';
import { t } from './i18n.js';
import { nameOf, gameHead, statusLine, legalOf, shownView, scoresTable } from './common.js';
import { moveLog } from './movelog.js';

const COLOURS = ['blue', 'green', 'orange', 'pink'];
const COLOUR_SYMBOL = { blue: '▲', green: '●', orange: '■', pink: '♥' };
const RANK_FACE = { skip: '⊘', twist: '⇄', plus2: '+2', joker: '★', plus4: '+4' };

function parseCard(id) {
  if (id === 'joker' || id === 'plus4') return { colour: 'black', rank: id };
  const cut = id.indexOf('-');
  return { colour: id.slice(0, cut), rank: id.slice(cut + 1) };
}

function cardName(id) {
  const { colour, rank } = parseCard(id);
  const rankText = /^\d$/.test(rank) ? rank : t(`timo.rank.${rank}`);
  return colour === 'black' ? rankText : t('timo.card', { colour: t(`timo.colour.${colour}`), rank: rankText });
}

// What a sighted player sees of a card, for a screen reader: its colour, rank and symbol.
function cardLabel(id) {
  const { colour } = parseCard(id);
  return colour === 'black' ? cardName(id) : t('timo.card_seen', { card: cardName(id), symbol: t(`timo.symbol.${colour}`) });
}

// A card face; a <button> when it can be played, otherwise a plain box.
function cardFace(id, attrs = {}, onClick = null) {
  const { colour, rank } = parseCard(id);
  const face = RANK_FACE[rank] || rank;
  const tag = onClick ? 'button' : 'span';
  const props = { class: ['card', colour, attrs.class], 'aria-label': cardLabel(id), 'data-card': id, 'data-key': id, role: onClick ? null : 'img' };
  if (onClick) { props.type = 'button'; props.onclick = onClick; }
  return h(tag, { ...attrs, ...props },
    colour === 'black' ? null : h('span', { class: 'corner', 'aria-hidden': 'true', text: COLOUR_SYMBOL[colour] }),
    h('span', { class: 'rank', 'aria-hidden': 'true', text: face }),
    colour === 'black' ? null : h('span', { class: 'sym', 'aria-hidden': 'true', text: COLOUR_SYMBOL[colour] }));
}

function colourBadge(colour) {
  return h('span', { class: 'current-colour' },
    h('span', null, h('span', { class: 'swatch', style: { background: `var(--${colour})` }, 'aria-hidden': 'true' }),
      ' ', COLOUR_SYMBOL[colour] || '', ' ', t(`timo.colour.${colour}`)));
}

function directionText(direction) {
  return direction === 1 ? t('timo.clockwise') : t('timo.counterclockwise');
}

function pileAndTop(view) {
  return h('div', { class: 'table-centre' },
    h('div', { class: 'pile' }, h('span', { class: 'card back', role: 'img', 'aria-label': t('timo.pile') }), t('timo.pile_size', { n: view.pile_size })),
    h('div', { class: 'pile' }, cardFace(view.top), t('timo.discard')),
    h('div', null,
      h('p', { class: 'muted', text: t('timo.follow') }), colourBadge(view.color),
      h('p', { class: 'direction', 'aria-label': directionText(view.direction), text: view.direction === 1 ? '↻' : '↺' }),
      h('p', { class: 'sr', text: directionText(view.direction) }),
      view.penalty ? h('p', { class: 'penalty', text: t('timo.penalty', { n: view.penalty }) }) : null));
}

function playersStrip(view, room, { catchFor = null } = {}) {
  return h('ol', { class: 'players-strip', 'aria-label': t('common.players') },
    view.hand_sizes.map((size, seat) => h('li', { class: [view.turn === seat && 'turn'] },
      h('span', { class: 'name', text: nameOf(room, seat) }),
      seat === view.seat ? h('span', { class: 'tag you', text: t('common.you') }) : null,
      h('span', { class: 'count' }, h('span', { 'aria-hidden': 'true', text: `🂠 ${size}` }), h('span', { class: 'sr', text: t('timo.cards_held', { n: size }) })),
      h('span', { class: 'count' }, h('span', { 'aria-hidden': 'true', text: `★ ${view.scores[seat]}` }), h('span', { class: 'sr', text: t('timo.points', { n: view.scores[seat] }) })),
      view.turn === seat ? h('span', { class: 'sr', text: t('timo.their_turn') }) : null,
      size === 1 && view.timo[seat] ? h('span', { class: 'tag host', text: 'TIMO' }) : null,
      catchFor && catchFor(seat))));
}

const TV_ROUNDS = 2;

// `lastHands` (at the end): each seat's cards left in the last round and what they counted.
function scoresPanel(view, room, lastHands = null) {
  const winners = view.outcome ? view.outcome.winners : [];
  const last = view.rounds[view.rounds.length - 1];
  const leftIn = (seat) => (seat === last.winner ? `+${last.points}`
    : `${t('timo.cards_held', { n: lastHands[seat].cards })} · ${t('timo.points', { n: lastHands[seat].points })}`);
  const columns = [{ label: t('common.player') }, lastHands && last ? { label: t('timo.last_round') } : null, { label: t('common.score'), num: true }].filter(Boolean);
  const rows = view.scores.map((score, seat) => ({ cells: [nameOf(room, seat), ...(lastHands && last ? [leftIn(seat)] : []), score], winner: winners.includes(seat) }));
  // Every round on a phone; the TV (tv.css) shows the latest few under a count of the others.
  const earlier = Math.max(0, view.rounds.length - TV_ROUNDS);
  const rounds = view.rounds.map((entry, index) => h('li', { class: index < earlier && 'earlier', text: t('timo.round_won', { n: index + 1, name: nameOf(room, entry.winner), points: entry.points }) }));
  if (earlier) rounds.unshift(h('li', { class: 'earlier-count', text: t('timo.earlier_rounds', { n: earlier }) }));
  return h('section', { class: 'panel' },
    h('h2', { text: t('timo.scores', { target: view.target_score }) }),
    scoresTable(columns, rows),
    rounds.length ? h('ol', { class: 'log', tabindex: 0, 'aria-label': t('stats.story') }, rounds) : null);
}

// The hands at a round's end as its `round_over` event reveals them (the cards), or as the
// game's figures count them (an end screen whose page did not see that event).
function revealedHands(event) {
  return event.hands.map((cards, seat) => ({ seat, cards, count: cards.length, points: event.hand_points[seat] }));
}

// The end of the newest round while the table still looks at it: until every seat has moved
// once in the next round (a move: a card played, cards drawn, a pass).
const MOVES = new Set(['played', 'drew', 'passed']);
export function recentRoundEnd(log, players) {
  const events = log ? log.events : [];
  let moves = 0;
  for (let index = events.length - 1; index >= 0 && moves < players; index -= 1) {
    const event = events[index];
    if (event.type === 'round_over') return event;
    if (MOVES.has(event.type)) moves += 1;
  }
  return null;
}

// A round's end: the winner's gain, then every other hand, its cards and what it counts.
function roundReveal(room, { round, winner, points, hands }, closer = null) {
  const title = `reveal-title-${round}`;
  return h('section', { class: 'panel round-reveal', 'aria-labelledby': title },
    h('h2', { id: title, text: t('timo.reveal.title', { n: round }) }),
    h('p', { class: 'reveal-gain', text: t('timo.reveal.gain', { name: nameOf(room, winner), n: points }) }),
    h('ul', { class: 'reveal-hands' }, hands.filter((hand) => hand.seat !== winner).map((hand) => h('li', { 'data-seat': hand.seat },
      h('span', { class: 'name', text: nameOf(room, hand.seat) }),
      hand.cards
        ? h('span', { class: 'reveal-cards', role: 'group', 'aria-label': t('timo.cards_held', { n: hand.count }), style: `--n: ${Math.max(hand.count, 2)}` }, hand.cards.map((id) => cardFace(id, { class: 'mini' })))
        : h('span', { class: 'reveal-cards', text: t('timo.cards_held', { n: hand.count }) }),
      h('span', { class: 'reveal-points', text: t('timo.points', { n: hand.points }) })))),
    closer);
}

// The status line over the hand; on a player's turn, what a screen reader hears when it comes.
export function turnText(view, room) {
  const myTurn = view.turn === view.seat && view.seat !== null;
  const exposed = view.catchable;
  if (exposed !== null && exposed !== undefined && exposed !== view.seat && view.seat !== null) return t('timo.forgot', { name: nameOf(room, exposed) });
  if (view.seat === null) return t('timo.watching', { name: nameOf(room, view.turn) });
  if (myTurn && view.penalty) return t('timo.your_turn_penalty', { n: view.penalty });
  if (myTurn && view.drawn) return t('timo.drew', { card: cardName(view.drawn) });
  if (myTurn) return t('timo.your_turn');
  return t('timo.waiting', { name: nameOf(room, view.turn) });
}

// What another player just did to `seat`, told on that seat's phone wherever it is scrolled
// (pinned.js): a catch.
export function toYou(event, room, seat) {
  if (event.type === 'caught' && event.target === seat) return t('pinned.caught', { n: event.count, by: nameOf(room, event.seat) });
  return null;
}

// One line of the move log for a public event (see movelog.js).
export function describe(event, room, earlier) {
  const name = (seat) => nameOf(room, seat);
  switch (event.type) {
    case 'round_started': return t('moves.timo.round_started', { n: event.round, card: cardName(event.top) });
    case 'played': return t(event.timo ? 'moves.timo.played_timo' : 'moves.timo.played', { name: name(event.seat), card: cardName(event.card) })
      + (event.color && parseCard(event.card).colour === 'black' ? ` → ${t(`timo.colour.${event.color}`)}` : '');
    case 'drew': return event.penalty ? t('moves.timo.took', { name: name(event.seat), n: event.count })
      : t('moves.timo.drew', { n: event.count, name: name(event.seat) });
    case 'passed': return t('moves.timo.passed', { name: name(event.seat) });
    case 'timo': return t('moves.timo.timo', { name: name(event.seat) });
    case 'caught': return t('moves.timo.caught', { n: event.count, name: name(event.target), by: name(event.seat) });
    case 'skipped': return t('moves.timo.skipped', { name: name(event.seat) });
    case 'reversed': return t('moves.timo.reversed', { way: directionText(event.direction) });
    case 'penalty': return t('moves.timo.penalty', { name: name(event.seat), n: event.count });
    case 'pile_rebuilt': return t('moves.timo.pile_rebuilt');
    case 'round_over': return [t('moves.timo.round_over', { n: event.round, name: name(event.winner), points: t('timo.points', { n: event.points }) }),
      ...event.hands.map((hand, seat) => (seat === event.winner ? null
        : t('moves.timo.hand', { name: name(seat), cards: hand.map(cardName).join(', ') || '—', points: t('timo.points', { n: event.hand_points[seat] }) })))].filter(Boolean).join('\n');
    default: return null;
  }
}

// The TV's sounds: TIMO called, a card played (with TIMO or not), cards drawn or caught.
export const sounds = {
  timo: [[0, 523, 0.1, 'square', 0.18], [0.11, 659, 0.1, 'square', 0.18], [0.22, 784, 0.1, 'square', 0.18], [0.33, 1047, 0.3, 'square', 0.18]],
  play: [[0, 420, 0.07, 'triangle', 0.25]],
  draw: [[0, 300, 0.09, 'triangle', 0.2]],
};

export function cue(event) {
  switch (event.type) {
    case 'played': return event.timo ? 'timo' : 'play';
    case 'timo': return 'timo';
    case 'drew': case 'caught': return 'draw';
    default: return null;
  }
}

export function mount(root, ctx) {
  let armedTimo = false;
  let choosing = null;
  let closedRound = null;
  const head = h('div');
  const status = h('div');
  const reveal = h('div');
  const revealBelow = h('div');
  const strip = h('div');
  const centre = h('section', { class: 'panel', 'aria-label': t('timo.table') });
  const mine = h('section', { class: 'panel', 'aria-label': t('timo.your_hand') });
  const side = h('div', { class: 'col' });
  fill(root, head, status, h('div', { class: 'game-grid' }, h('div', { class: 'col' }, reveal, strip, centre, mine, revealBelow), side));

  function update(next) {
    ctx = next;
    const { room } = ctx;
    const view = shownView(ctx);
    const plays = legalOf(view, 'play');
    const playable = new Set(plays.map((action) => action.card));
    const canTimoPlay = plays.some((action) => action.timo);
    if (!canTimoPlay) armedTimo = false;
    if (choosing && !playable.has(choosing)) choosing = null;
    const myTurn = view.turn === view.seat && view.seat !== null;

    fill(head, gameHead(ctx, h('span', { class: 'muted', text: t('timo.round', { n: view.round }) })));
    fill(status, statusLine(turnText(view, room), myTurn));

    const catchFor = (seat) => {
      const canCatch = legalOf(view, 'catch').some((action) => action.target === seat);
      return canCatch ? button(t('timo.catch'), () => ctx.act({ type: 'catch', target: seat }), { class: 'small catch', 'data-key': `catch-${seat}`, 'aria-label': t('timo.catch_who', { name: nameOf(room, seat) }) }) : null;
    };
    refill(strip, playersStrip(view, room, { catchFor }));
    fill(centre, pileAndTop(view));

    // A round's end stays on screen for the first moves of the next one, or until closed: on
    // top, or below the hand while it is this player's turn (their cards stay in view).
    const ended = recentRoundEnd(ctx.moves, view.players);
    const [shown, other] = myTurn ? [revealBelow, reveal] : [reveal, revealBelow];
    fill(other);
    if (ended && ended.round !== closedRound) {
      refill(shown, roundReveal(room, { ...ended, hands: revealedHands(ended) },
        button(t('common.close'), () => { closedRound = ended.round; update(ctx); }, { 'data-key': 'close-reveal' })));
    } else fill(shown);

    const hand = view.hand || [];
    const play = (card, colour) => {
      const action = { type: 'play', card };
      if (colour) action.color = colour;
      if (armedTimo && plays.some((a) => a.card === card && a.timo)) action.timo = true;
      armedTimo = false;
      choosing = null;
      ctx.act(action);
    };
    // Where the focus goes when the turn comes (live.js): the first card that can be played,
    // else drawing, else passing.
    const first = ctx.readonly ? null : hand.find((card) => playable.has(card));
    const drawNext = !first && legalOf(view, 'draw').length > 0;
    const handBox = h('div', { class: 'hand', role: 'group', 'aria-label': t('timo.your_hand') },
      hand.map((card) => {
        const can = playable.has(card) && !ctx.readonly;
        const isDrawn = view.drawn === card;
        // A card that cannot be played still answers a tap: the server's refusal says why
        // (not your turn, does not match, stack or take), beside it.
        const refused = () => ctx.act({ type: 'play', card, ...(parseCard(card).colour === 'black' ? { color: 'blue' } : {}) });
        return cardFace(card, { class: [can && 'playable', choosing === card && 'chosen', isDrawn && 'drawn'].filter(Boolean).join(' '),
          'aria-disabled': can ? null : 'true', 'data-focus-turn': card === first },
        ctx.readonly ? null : can ? () => {
          if (parseCard(card).colour !== 'black') { play(card); return; }
          choosing = card;
          update(ctx);
          mine.querySelector('.colour-picker button').focus(); // the colour is the next choice
        } : refused);
      }));
    const picker = choosing ? h('div', null,
      h('p', { id: 'pick-colour', text: t('timo.pick_colour') }),
      h('div', { class: 'colour-picker', role: 'group', 'aria-labelledby': 'pick-colour' },
        COLOURS.map((colour) => button(`${COLOUR_SYMBOL[colour]} ${t(`timo.colour.${colour}`)}`, () => play(choosing, colour), { class: ['card-colour', colour], 'data-key': `colour-${colour}`, style: { background: `var(--${colour})` } })),
        button(t('common.cancel'), () => { choosing = null; update(ctx); }))) : null;
    const timoCall = legalOf(view, 'timo').length > 0;
    const actions = h('div', { class: 'buttons' },
      legalOf(view, 'draw').length ? button(view.penalty ? t('timo.take', { n: view.penalty }) : t('timo.draw'), () => ctx.act({ type: 'draw' }), { class: 'primary', 'data-key': 'draw', 'data-focus-turn': drawNext }) : null,
      legalOf(view, 'pass').length ? button(t('timo.pass'), () => ctx.act({ type: 'pass' }), { 'data-key': 'pass', 'data-focus-turn': !first && !drawNext }) : null,
      timoCall ? button('TIMO!', () => ctx.act({ type: 'timo' }), { class: 'primary timo-button', 'data-key': 'timo' }) : null,
      !timoCall && canTimoPlay ? button('TIMO!', () => { armedTimo = !armedTimo; update(ctx); },
        { class: 'timo-button', 'data-key': 'timo', 'aria-pressed': String(armedTimo), title: t('timo.arm_help') }) : null);
    if (view.seat === null) fill(mine, h('p', { class: 'muted', text: t('common.spectating') }));
    else refill(mine, h('h2', { text: t('timo.your_hand') }), handBox, picker, actions,
      canTimoPlay && !timoCall ? h('p', { class: 'help', text: armedTimo ? t('timo.armed') : t('timo.arm_help') }) : null);
    fill(side, scoresPanel(view, room), moveLog(ctx.moves, describe, room));
  }

  return { update };
}

// Seats sit around an oval, seat 0 at the bottom, in the order play goes clockwise.
// A seat's place around the oval, in % of the table. Seats of the upper half sit along its top
// (13 % from it for the top one, 17 % for one level with the middle): on the oval itself, at
// three seats the two upper ones would sit beside the felt, over the pile and the colour.
function seatSpot(seat, players) {
  const angle = Math.PI / 2 + (2 * Math.PI * seat) / players;
  const height = Math.sin(angle);
  return { x: 50 + 40 * Math.cos(angle), y: height < 0 ? 13 + 4 * (1 + height) : 50 + 37 * height };
}

export function tv(view, room, { events, log }) {
  const played = events.find((event) => event.type === 'played');
  const touched = new Map(events.filter((event) => ['drew', 'caught', 'timo'].includes(event.type))
    .map((event) => [event.type === 'caught' ? event.target : event.seat, event.type]));
  const from = played ? seatSpot(played.seat, view.players) : null;
  const pile = h('div', { class: 'tv-discard' }, cardFace(view.top, {
    class: played ? 'tv-arrive' : null,
    style: from ? `--dx: ${(from.x - 50) * 0.9}vw; --dy: ${(from.y - 50) * 0.6}vh` : null,
  }));
  const centre = h('div', { class: 'tv-felt' },
    h('div', { class: 'tv-pile' }, h('span', { class: 'card back', role: 'img', 'aria-label': t('timo.pile') }), h('span', { text: t('timo.pile_size', { n: view.pile_size }) })),
    pile,
    h('div', { class: 'tv-follow' }, colourBadge(view.color),
      h('span', { class: ['tv-direction', played && events.some((event) => event.type === 'reversed') && 'tv-spin'], role: 'img', 'aria-label': directionText(view.direction), text: view.direction === 1 ? '↻' : '↺' }),
      view.penalty ? h('span', { class: 'penalty', text: t('timo.penalty', { n: view.penalty }) }) : null));
  const seats = view.hand_sizes.map((size, seat) => {
    const spot = seatSpot(seat, view.players);
    return h('li', { class: ['tv-seat', view.turn === seat && 'turn', touched.has(seat) && `tv-${touched.get(seat)}`], style: { left: `${spot.x}%`, top: `${spot.y}%` } },
      h('span', { class: 'name', text: nameOf(room, seat) }),
      h('span', { class: 'tv-hand', role: 'img', 'aria-label': t('timo.cards_held', { n: size }) }, h('span', { class: 'mini-back', 'aria-hidden': 'true' }), ` ${size}`),
      h('span', { class: 'tv-score', text: `★ ${view.scores[seat]}` }),
      size === 1 && view.timo[seat] ? h('span', { class: 'tv-timo-tag', text: 'TIMO' }) : null);
  });
  const ended = recentRoundEnd(log, view.players);
  return h('div', { class: 'tv-timos' },
    h('div', { class: 'tv-head' },
      h('h1', { class: 'tv-title', text: t('tv.turn', { name: nameOf(room, view.turn) }) }),
      h('p', { class: 'tv-sub', text: `${t('timo.round', { n: view.round })} · ${t('tv.target', { n: view.target_score })}` })),
    ended ? h('div', { class: 'tv-reveal' }, roundReveal(room, { ...ended, hands: revealedHands(ended) }))
      : h('div', { class: 'tv-table', role: 'group', 'aria-label': t('timo.table') }, centre, h('ol', { class: 'tv-seats', 'aria-label': t('common.players') }, seats)));
}

function statsPanel(view, room) {
  const stats = view.outcome && view.outcome.stats;
  if (!stats) return null;
  const rows = stats.seats.map((entry) => ({ cells: [nameOf(room, entry.seat), entry.rounds_won, entry.best_round] }));
  const richest = stats.richest_round;
  const biggest = stats.biggest_hand_left;
  return h('section', { class: 'panel stats' },
    h('h2', { text: t('stats.title') }),
    scoresTable([{ label: t('common.player') }, { label: t('stats.rounds_won'), num: true }, { label: t('stats.best_round'), num: true }], rows),
    richest ? h('p', { text: t('stats.timo.richest', { n: richest.round, name: nameOf(room, richest.seat), points: richest.points }) }) : null,
    biggest && biggest.cards ? h('p', { text: t('stats.timo.biggest', { name: nameOf(room, biggest.seat), n: biggest.cards, points: t('timo.points', { n: biggest.points }) }) }) : null);
}

// The last round's end as this page saw it (its `round_over` event), if it did.
function lastRoundEvent(view, log) {
  const event = log && log.events.findLast((entry) => entry.type === 'round_over');
  return event && event.round === view.rounds.length ? event : null;
}

// The end: the last round's hands with their cards when this page saw that round end, else
// (the TV, a replay) their counts and points in a column of the scores; then the figures and
// the moves this page saw, as during play.
export function summary(view, room, moves) {
  const ended = lastRoundEvent(view, moves);
  const stats = view.outcome && view.outcome.stats;
  const counted = !ended && stats && stats.last_hands;
  return h('div', { class: 'summary' },
    h('div', { class: 'col' }, scoresPanel(view, room, counted),
      ended ? roundReveal(room, { ...ended, hands: revealedHands(ended) }) : null),
    h('div', { class: 'col' }, statsPanel(view, room),
      moves && moves.events.length ? moveLog(moves, describe, room) : null));
}

// The audience's results (its ballot: who empties their hand first): who did, and who said so.
export function audienceResults(found, room, brief) {
  const voted = found.votes > 0;
  const lines = [t('audience.first_out_was', { name: nameOf(room, found.winner) })];
  if (!voted) return { voted, lines: [...lines, t('audience.no_votes')] };
  const more = found.right - found.names.length;
  lines.push(found.right ? t('audience.guessed', { names: found.names.join(', ') + (more > 0 ? ` +${more}` : ''), right: found.right, votes: found.votes })
    : t('audience.nobody_right', { votes: found.votes }));
  return { voted, lines };
}
