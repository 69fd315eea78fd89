// Time's Up: the deal (tap two cards to discard), the cluegiver's card with Found / Pass / Wrong,
// the timekeeper's Foul, the guess box, the countdown with a beep and a buzz at time-up, the
// read-back after round 1 and the live scores.

import { h, fill, refill, button } from './dom.js';
import { t, has } from './i18n.js';
import { nameOf, gameHead, statusLine, legalOf, shownView, scoresTable } from './common.js';
import { bindCountdown, gameNow, timeUpAlarm } from './clock.js';
import { moveLog } from './movelog.js';

// The lobby's section of the game: its teams.
import { teamsEditor } from './teams.js';
import { deckPanel, saveWrittenTool } from './decks.js';
import { reportButton } from './report.js';

// The game's section of the lobby: the teams, then the shared deck (decks.js).
export function lobbyPanel(box, ctx, info) {
  if (!box.parts) {
    box.parts = { teams: h('div'), deck: h('div', { class: 'deck-box' }) };
    fill(box, box.parts.teams, box.parts.deck);
  }
  teamsEditor(box.parts.teams, ctx, info);
  deckPanel(box.parts.deck, ctx);
}

// The end screen's tool: the host saves the names the players wrote as a shared deck.
export function endTools(ctx) {
  return saveWrittenTool(ctx, ctx.view);
}

// During play the floating player is named with the team they sit with this round; once the
// game is over they stand alone beside the teams, with their own total.
function teamName(view, room, index) {
  const team = view.teams[index];
  const floater = view.floater ? view.floater.seat : null;
  const members = team.members.filter((seat) => !(view.over && seat === floater));
  if (!view.over && floater !== null && view.floater.team === index && !members.includes(floater)) members.push(floater);
  return t('tu.team_of', { n: index + 1, names: members.map((seat) => nameOf(room, seat)).join(', ') });
}

// A team in the score table: its number, then its members (which the TV leaves to its podium).
function teamCell(view, room, index) {
  const full = teamName(view, room, index);
  const short = t('teams.team', { n: index + 1 });
  return full.startsWith(short) ? h('span', null, short, h('span', { class: 'members', text: full.slice(short.length) })) : full;
}

// Cards won are face up: their names come in the view's `known` table, by id.
function knownName(view, id) {
  const card = view.known && view.known[id];
  return card ? card.name : id;
}

function constraintText(view) {
  const key = `tu.constraint.${view.constraint.key}`;
  return has(key) ? t(key) : view.constraint.text;
}

// The winning team(s) come from the outcome, never from who sat where last: the floating player
// belongs to no team, and wins beside the best team only on their own total.
function scoreBoard(view, room) {
  const outcome = view.outcome;
  const winningTeams = (outcome && outcome.winning_teams) || [];
  const floaterWon = Boolean(outcome && view.floater && (outcome.winners || []).includes(view.floater.seat));
  const rounds = Array.from({ length: view.rounds }, (_, index) => index + 1);
  return h('section', { class: 'panel', 'aria-labelledby': 'tu-scores' },
    h('h2', { id: 'tu-scores', text: t('tu.scores') }),
    scoresTable([{ label: t('tu.team') }, ...rounds.map((n) => ({ label: t('tu.round_short', { n }), num: true })), { label: t('common.total'), num: true }],
      view.teams.map((team, index) => ({
        // Said in words, not only by the row's look: a tag as beside "you" in the other games.
        cells: [view.your_team === index ? h('span', null, teamCell(view, room, index), ' ', h('span', { class: 'tag you', text: t('tu.your_team') })) : teamCell(view, room, index), ...rounds.map((n) => team.round_scores[n - 1] ?? '–'), team.score],
        winner: winningTeams.includes(index),
        mine: view.your_team === index,
      }))),
    view.floater ? h('p', { class: ['muted', 'floater-score', floaterWon && 'winner'], text: t('tu.floater', { name: nameOf(room, view.floater.seat), n: view.floater.score }) }) : null,
    view.over ? null : h('p', { class: 'muted', text: t('tu.deck', { n: view.deck_count, aside: view.set_aside_count }) }));
}

// The turn's countdown; `frozen` (a replay) shows the time that was left at that moment.
function countdownFor(view, onZero, frozen = false) {
  const clock = view.clock || {};
  if (view.phase !== 'running' || !clock.deadline_ms) return null;
  const el = h('p', { class: 'timer-big', role: 'timer', 'aria-label': t('tu.time_left') });
  if (frozen) {
    el.textContent = String(Math.max(0, Math.ceil((clock.deadline_ms - clock.now_ms) / 1000)));
    return el;
  }
  return bindCountdown(el, clock.deadline_ms, clock.deadline_ms > gameNow() ? onZero : null);
}

function cardBlock(card, view, ctx) {
  return h('div', { class: ['clue-card', view.color === 'blue' && 'blue-name'] },
    h('p', { class: 'muted', text: t('tu.your_card') }),
    h('p', { class: 'big-name', text: card.name }),
    reportButton(ctx, 'written', card.name, t('report.written')),
    card.about ? h('p', { class: 'description', text: card.about }) : null);
}

// The cards found since the turn began, from the events before the one being described.
function foundThisTurn(earlier) {
  const start = earlier.map((event) => event.type).lastIndexOf('turn_started');
  return earlier.slice(start + 1).filter((event) => event.type === 'card_found').map((event) => event.name);
}

// Which lobby options apply to the values chosen so far: the names each player writes only
// for a deck the players write, the odd-player rule only at 5 or 7 players.
export function optionApplies(name, values, players) {
  if (name === 'names_per_player' || name === 'screen_names') return values.pack === 'players';
  if (name === 'odd_players') return players % 2 === 1;
  return true;
}

// One line of the move log for a public event (see movelog.js).
export function describe(event, room, earlier) {
  switch (event.type) {
    case 'turn_started': return t('moves.tu.turn_started', { n: event.team + 1, name: nameOf(room, event.cluegiver) });
    case 'card_found': return t('moves.tu.card_found', { n: event.team + 1, card: event.name });
    // Why, as the cluegiver's button said it (an overruled guess has its own line: `spoken`).
    case 'card_set_aside': return t(has(`moves.tu.card_set_aside.${event.reason}`) ? `moves.tu.card_set_aside.${event.reason}` : 'moves.tu.card_set_aside');
    case 'foul': return t('moves.tu.foul');
    case 'turn_passed': return t('moves.tu.turn_passed', { from: nameOf(room, event.from), to: nameOf(room, event.to), n: event.team + 1 });
    case 'writing_closed': return t('moves.tu.writing_closed');
    case 'screening': return t('moves.tu.screening', { name: nameOf(room, event.screener) });
    case 'screened': return t(event.ok ? 'moves.tu.screened_ok' : 'moves.tu.screened_back');
    case 'rewritten': return t('moves.tu.rewritten', { name: nameOf(room, event.seat) });
    case 'screening_passed': return t('moves.tu.screening_passed', { from: nameOf(room, event.from), to: nameOf(room, event.to) });
    case 'screening_closed': return t('moves.tu.screening_closed');
    case 'turn_ended': {
      if (event.reason === 'skipped') return t('moves.tu.turn_skipped', { n: event.team + 1 });
      const found = foundThisTurn(earlier);
      return t('moves.tu.turn_ended', { n: found.length, team: event.team + 1 }) + (found.length ? t('moves.tu.found', { cards: found.join(', ') }) : '');
    }
    case 'round_ended': return t('moves.tu.round_ended', { n: event.round, scores: event.scores.join(' – ') });
    default: return null;
  }
}

// What a phone's screen reader says of an event its guess list shows and the move log leaves
// out (a turn holds up to a hundred typed guesses): each guess with its verdict, and the
// cluegiver's overruling, in the list's words. Every seat's view holds the turn's guesses;
// the TV shows none, and says none.
export function spoken(event, room, earlier) {
  if (event.type === 'guess') {
    return t('moves.tu.guess', { name: nameOf(room, event.seat), text: event.text, verdict: t(event.right ? 'tu.right' : 'tu.not_it') });
  }
  if (event.type !== 'overruled') return null;
  // The guess it names, by its number in this turn.
  const start = earlier.map((one) => one.type).lastIndexOf('turn_started');
  const said = earlier.slice(start + 1).filter((one) => one.type === 'guess')[event.guess];
  return t('moves.tu.overruled', { name: nameOf(room, event.seat), text: said ? said.text : '…', verdict: t(event.right ? 'tu.right' : 'tu.not_it') });
}

// A turn passed on or skipped because its cluegiver is gone: said on every screen until the
// next turn ends, so the table knows whose turn it is now and why.
function absenceNote(view, room, cls) {
  const note = view.absence;
  if (!note) return null;
  const text = note.kind === 'passed'
    ? t('moves.tu.turn_passed', { from: nameOf(room, note.from), to: nameOf(room, note.to), n: note.team + 1 })
    : t('moves.tu.turn_skipped', { n: note.team + 1 });
  return h('p', { class: ['absence-note', cls], text });
}

// The write phase: how many names came in so far.
function namesIn(view) {
  return view.names_written === null || view.names_written === undefined ? '' : ` · ${t('tu.names_in', { n: view.names_written })}`;
}

// The status line; on a player's turn, what a screen reader hears when it comes.
export function turnText(view, room) {
  const turn = view.turn || {};
  if (view.phase === 'write') return t('tu.phase.write');
  if (view.phase === 'screen') return t('tu.phase.screen');
  if (view.phase === 'deal') return t('tu.phase.deal');
  if (view.phase === 'readback') return t('tu.phase.readback');
  if (view.phase === 'round_won') return t('tu.phase.round_won');
  if (view.phase === 'last_card') return t('tu.phase.last_card');
  if (view.seat !== null && turn.cluegiver === view.seat) return view.phase === 'running' ? t('tu.you_give') : t('tu.you_give_next');
  if (view.seat !== null && turn.timekeeper === view.seat) return t('tu.you_keep');
  if (view.seat !== null && (turn.guessers || []).includes(view.seat)) return t('tu.you_guess', { name: nameOf(room, turn.cluegiver) });
  return t('tu.team_plays', { n: (turn.team ?? 0) + 1 });
}

export function mount(root, ctx) {
  const picked = new Set();
  let alarmedFor = null;
  const head = h('div');
  const status = h('div');
  const main = h('section', { class: 'panel tu-main' });
  const side = h('div', { class: 'col' });
  const guessLog = h('ol', { class: 'log', tabindex: 0, 'aria-label': t('tu.guesses') });
  const guessInput = h('input', { id: 'tu-guess', autocomplete: 'off', maxlength: 120, enterkeyhint: 'send' });
  const guessForm = h('form', { class: 'guess-form' },
    h('label', { for: 'tu-guess', class: 'sr', text: t('tu.guess') }), guessInput,
    h('button', { type: 'submit', class: 'primary', text: t('tu.guess_go') }));
  guessForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = guessInput.value.trim();
    if (!text) return;
    ctx.act({ type: 'guess', text });
    guessInput.value = '';
  });
  // The guess box stays in place across updates so typing is never interrupted.
  const body = h('div');
  const tail = h('div');
  fill(main, body, guessForm, tail);
  fill(root, head, status, h('div', { class: 'game-grid' }, h('div', { class: 'col' }, main), side));

  // Time-up rings once per turn, whichever comes first: our countdown reaching zero or the
  // server's word that the turn ended on time.
  let turnDeadline = null;
  const alarm = () => {
    if (turnDeadline === null || alarmedFor === turnDeadline) return;
    alarmedFor = turnDeadline;
    timeUpAlarm();
  };

  function whoLine(view, room) {
    const turn = view.turn;
    if (!turn || turn.cluegiver === undefined) return null;
    return h('p', { class: 'muted', text: turnLine(turn, room) });
  }

  // The names being typed live in one form for the whole phase: updates never rebuild it.
  let writeBox = null;
  let writeDone = null;

  function drawWrite(view) {
    const count = view.names_per_player || 0;
    const own = view.own;
    if (!legalOf(view, 'write').length) {
      writeBox = null;
      writeDone = null;
      return [h('p', { text: t('tu.written') }), own && own.cards.length ? h('ul', null, own.cards.map((card) => h('li', { text: card.name }))) : null, doneLine(view), dealNow()];
    }
    const inputs = Array.from({ length: count }, (_, index) => h('input', { id: `tu-write-${index}`, maxlength: 60, required: true, 'data-focus-turn': index === 0 }));
    const form = h('form', { class: 'stack' },
      inputs.map((input, index) => h('div', { class: 'field' }, h('label', { for: input.id, text: t('tu.name_n', { n: index + 1 }) }), input)),
      h('button', { type: 'submit', class: 'primary big', text: t('tu.write_go') }));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      ctx.act({ type: 'write', names: inputs.map((input) => input.value.trim()) });
    });
    writeDone = doneLine(ctx.view);
    writeBox = h('div', null, h('p', { text: t('tu.write_help', { n: count }) }), form, writeDone, dealNow());
    return writeBox;
  }

  function doneText(view) {
    return t('tu.done', { n: view.done.length, of: ctx.room.seats.length }) + namesIn(view);
  }

  // The host deals the names written without waiting for players who are not writing theirs.
  function dealNow() {
    if (ctx.readonly || !(ctx.room.you && ctx.room.you.host)) return null;
    return button(t('tu.deal_now'), () => ctx.lobby('close_writing'), { class: 'deal-now', 'data-op': 'close_writing' });
  }

  function doneLine(view) {
    return h('p', { class: 'muted', text: doneText(view) });
  }

  // Screening (option screen_names): the screener sees the next name alone and approves it or
  // sends it back; a writer whose name came back writes another (their typing is kept across
  // redraws); everyone else sees who screens and how many are left, never a name.
  const rewrites = new Map();

  function rewriteForm(card) {
    const id = `tu-rewrite-${card.id}`;
    const input = h('input', { id, maxlength: 60, required: true, value: rewrites.get(card.id) || '', oninput: (event) => rewrites.set(card.id, event.target.value) });
    const form = h('form', { class: 'stack rewrite' },
      h('p', { text: t('tu.sent_back', { name: card.name }) }),
      h('div', { class: 'field' }, h('label', { for: id, text: t('tu.rewrite_label') }), input),
      h('button', { type: 'submit', class: 'primary', text: t('tu.rewrite_go') }));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!input.value.trim()) return;
      ctx.act({ type: 'rewrite', card: card.id, name: input.value.trim() });
      rewrites.delete(card.id);
    });
    return form;
  }

  function drawScreen(view, room) {
    const screening = view.screening;
    const left = t('tu.screen_left', { n: screening.left, ok: screening.approved });
    const next = screening.next;
    const owed = screening.owed.length ? h('p', { class: 'muted', text: t('tu.owed', { names: screening.owed.map((seat) => nameOf(room, seat)).join(', ') }) }) : null;
    const host = !ctx.readonly && room.you && room.you.host
      ? button(t('tu.deal_approved'), () => ctx.lobby('close_writing'), { class: 'deal-now', 'data-op': 'close_writing' }) : null;
    if (next && !ctx.readonly) {
      return [h('h2', { text: t('tu.screen_title') }), h('p', { class: 'muted', text: t('tu.screen_help') }),
        h('p', { class: 'card-name screen-name', text: next.name }),
        h('div', { class: 'row screen-buttons' },
          button(t('tu.screen_ok'), () => ctx.act({ type: 'screen', card: next.id, ok: true }), { class: 'primary big', 'data-key': 'screen-ok', 'data-focus-turn': true }),
          button(t('tu.screen_back'), () => ctx.act({ type: 'screen', card: next.id, ok: false }), { class: 'big', 'data-key': 'screen-back' })),
        h('p', { class: 'muted', text: left }), owed, host];
    }
    return [screening.sent_back.map(rewriteForm),
      h('p', { text: t('tu.screening_by', { name: nameOf(room, screening.screener), n: screening.left }) }),
      h('p', { class: 'muted', text: left }), owed, host];
  }

  function drawDeal(view) {
    const own = view.own;
    if (!own) return [h('p', { text: t('tu.dealing') }), doneLine(view)];
    if (!legalOf(view, 'discard').length) {
      return [h('p', { text: t('tu.discarded') }),
        h('ul', null, own.discarded.map((card) => h('li', { text: card.name }))), doneLine(view)];
    }
    for (const id of [...picked]) if (!own.cards.some((card) => card.id === id)) picked.delete(id);
    const confirm = button(t('tu.discard_go'), () => ctx.act({ type: 'discard', cards: [...picked] }), { class: 'primary big discard-go', disabled: picked.size !== 2 });
    const cards = h('div', { class: 'deal', role: 'group', 'aria-label': t('tu.deal_title') }, own.cards.map((card, index) => h('button', {
      type: 'button', 'aria-pressed': String(picked.has(card.id)), 'data-key': card.id, 'data-focus-turn': index === 0,
      onclick: () => {
        if (picked.has(card.id)) picked.delete(card.id);
        else if (picked.size < 2) picked.add(card.id);
        update(ctx);
      },
    }, h('span', { class: 'name', text: card.name }), card.about ? h('span', { class: 'description', text: card.about }) : null)));
    return [h('h2', { text: t('tu.deal_title') }), h('p', { text: t('tu.deal_help') }), cards,
      h('p', { class: 'muted', text: t('tu.picked', { n: picked.size }) }), confirm, doneLine(view)];
  }

  function drawRunning(view, room) {
    const turn = view.turn;
    const parts = [absenceNote(view, room), whoLine(view, room), h('p', { class: 'constraint', text: constraintText(view) }), countdownFor(view, alarm, ctx.readonly)];
    if (view.card) parts.push(cardBlock(view.card, view, ctx));
    // One tap per card: after a tap every mark waits for the next view (a double tap would
    // otherwise mark a card nobody saw; the server refuses it too, `stale_view`).
    const mark = (type) => {
      for (const control of judge.querySelectorAll('button')) control.disabled = true;
      ctx.act({ type });
    };
    const judge = h('div', { class: 'judge' },
      ['found', 'pass', 'wrong', 'foul'].map((type) => (legalOf(view, type).length
        ? button(t(`tu.${type}`), () => mark(type), { class: type, 'data-key': type, disabled: Boolean(ctx.acted), 'data-focus-turn': type === 'found' || type === 'foul' }) : null)));
    if (judge.childElementCount) parts.push(judge);
    if (turn && view.seat !== null && turn.cluegiver !== view.seat && turn.timekeeper !== view.seat && !turn.guessers.includes(view.seat)) {
      parts.push(h('p', { class: 'muted', text: t('tu.quiet') }));
    }
    return parts;
  }

  // The cluegiver has the last word on a typed guess, as a table does: count one the game
  // refused, or take back one it accepted (the engine lists which verdicts may still change).
  function overruleButton(view, entry) {
    const index = entry.index;
    if (ctx.readonly || !legalOf(view, 'overrule').some((action) => action.guess === index)) return null;
    const label = entry.right ? t('tu.overrule_take_back') : t('tu.overrule_accept');
    return button(label, () => ctx.act({ type: 'overrule', guess: index }), { class: ['small', 'overrule', entry.right ? 'take-back' : 'count-it'], 'data-key': `overrule-${index}` });
  }

  function drawTail(view, room) {
    if (view.phase !== 'running' && view.phase !== 'last_card') return [];
    // The view holds the turn's latest guesses (and, for the cluegiver, older ones still to
    // judge), each with its number; the earlier ones are only counted.
    const entries = view.guesses.map((entry) => h('li', { class: [entry.overruled && 'overruled'] },
      h('b', { text: nameOf(room, entry.seat) }), ' ', h('span', { text: entry.text }), ' ',
      // every guess has its verdict, a wrong one too (the guesser sees it was heard)
      entry.right ? h('span', { class: 'tag you', text: t('tu.right') }) : h('span', { class: 'tag wrong', text: t('tu.not_it') }), ' ',
      entry.overruled ? h('span', { class: 'tag', text: t('tu.overruled') }) : null, ' ',
      overruleButton(view, entry)));
    const earlier = view.earlier_guesses || 0;
    if (earlier) entries.unshift(h('li', { class: 'muted earlier-guesses', text: t('tu.earlier_guesses', { n: earlier }) }));
    fill(guessLog, entries.reverse());
    const judging = legalOf(view, 'overrule').length > 0 && !ctx.readonly;
    const guesser = view.seat !== null && view.turn && view.turn.guessers.includes(view.seat);
    const capped = guesser && !ctx.readonly && !legalOf(view, 'guess').length;
    return [capped ? h('p', { class: 'muted no-more-guesses', text: t('tu.no_more_guesses') }) : null,
      view.guesses.length ? [h('h2', { class: 'guesses-title', text: t('tu.guesses') }), judging ? h('p', { class: 'muted', text: t('tu.overrule_help') }) : null, guessLog] : null, foundThisTurn(view, room)];
  }

  function foundThisTurn(view, room) {
    const team = view.turn ? view.teams[view.turn.team] : null;
    if (!team || !team.found.length) return null;
    return h('details', null, h('summary', { text: t('tu.found_round', { team: teamName(view, room, view.turn.team), n: team.found.length }) }),
      h('ul', null, team.found.map((id) => h('li', { text: knownName(view, id) }))));
  }

  function drawWaiting(view, room) {
    const starts = legalOf(view, 'start').length > 0;
    return [absenceNote(view, room), whoLine(view, room), h('p', { class: 'constraint', text: constraintText(view) }),
      view.clock && view.clock.time_left_ms ? h('p', { text: t('tu.time_carried', { s: Math.ceil(view.clock.time_left_ms / 1000) }) }) : null,
      starts ? button(t('tu.start'), () => ctx.act({ type: 'start' }), { class: 'primary big start-turn', 'data-focus-turn': true }) : h('p', { text: t('tu.wait_start', { name: nameOf(room, view.turn.cluegiver) }) })];
  }

  // The deck ran out on a typed verdict: the clock stands still until the cluegiver lets the
  // verdicts stand or overrules one (the guesses below), as on any card.
  function drawLastCard(view, room) {
    const judging = legalOf(view, 'confirm').length > 0 && !ctx.readonly;
    return [whoLine(view, room), h('p', { text: t('tu.last_card') }),
      judging ? button(t('tu.confirm'), () => ctx.act({ type: 'confirm' }), { class: 'primary big confirm', 'data-key': 'confirm', 'data-focus-turn': true })
        : h('p', { class: 'muted', text: t('tu.last_card_wait', { name: nameOf(room, view.turn.cluegiver) }) })];
  }

  function drawRoundWon(view, room) {
    const deciders = legalOf(view, 'continue').length > 0;
    return [h('p', { text: t('tu.round_won', { team: teamName(view, room, view.turn.team), s: Math.ceil((view.clock.time_left_ms || 0) / 1000) }) }),
      deciders ? h('div', { class: 'buttons' },
        button(t('tu.continue'), () => ctx.act({ type: 'continue' }), { class: 'primary carry-on', 'data-focus-turn': true }),
        button(t('tu.hand_over'), () => ctx.act({ type: 'hand_over' }), { class: 'hand-over' })) : h('p', { class: 'muted', text: t('tu.deciding') })];
  }

  function drawReadback(view, room) {
    const round = view.history[view.history.length - 1] || [];
    return [h('h2', { text: t('tu.readback_title') }), h('p', { text: t('tu.readback_help') }),
      round.map((cards, index) => h('section', null, h('h3', { text: teamName(view, room, index) }),
        h('ol', { class: 'readback' }, cards.map((id) => h('li', { text: knownName(view, id) }))))),
      legalOf(view, 'ready').length ? button(t('tu.ready'), () => ctx.act({ type: 'ready' }), { class: 'primary big ready', 'data-focus-turn': true }) : h('p', { class: 'muted', text: t('tu.ready_done') }),
      doneLine(view)];
  }

  function update(next) {
    ctx = next;
    const { room } = ctx;
    const view = shownView(ctx);
    if (view.phase === 'running' && view.clock) turnDeadline = view.clock.deadline_ms;
    // While a round is read back, its number is the one said (the view's is the next round's).
    const said = view.phase === 'readback' ? view.history.length : view.round;
    fill(head, gameHead(ctx, h('span', { class: 'muted', text: t('tu.round_of', { n: said, of: view.rounds }) })));
    const mine = view.to_act.includes(view.seat) || legalOf(view, 'foul').length > 0 || legalOf(view, 'guess').length > 0;
    fill(status, statusLine(turnText(view, room), mine && view.seat !== null));
    const draw = { write: drawWrite, screen: drawScreen, deal: drawDeal, waiting: drawWaiting, running: drawRunning, last_card: drawLastCard, round_won: drawRoundWon, readback: drawReadback }[view.phase];
    if (!(draw === drawWrite && writeBox && body.firstChild === writeBox && legalOf(view, 'write').length)) refill(body, draw ? draw(view, room) : null);
    if (writeDone) writeDone.textContent = doneText(view);
    guessForm.hidden = !(view.phase === 'running' && legalOf(view, 'guess').length && !ctx.readonly);
    refill(tail, drawTail(view, room));
    fill(side, scoreBoard(view, room), moveLog(ctx.moves, describe, room));
  }

  function events(list) {
    if (list.some((event) => event.type === 'turn_ended' && event.reason === 'time_up')) alarm();
  }

  return { update, events };
}

function teamMembers(view, room, index) {
  const team = view.teams[index];
  const members = [...team.members];
  if (view.floater && view.floater.team === index && !members.includes(view.floater.seat)) members.push(view.floater.seat);
  return members.map((seat) => nameOf(room, seat)).join(', ');
}

// The teams' piles: each team's score, and this round's cards won (the newest flies in).
function tvTeams(view, room, flying) {
  return h('ol', { class: 'tv-teams', 'aria-label': t('tu.scores') }, view.teams.map((team, index) => h('li', { class: ['tv-team', view.turn && view.turn.team === index && 'turn'] },
    h('span', { class: 'tv-team-name', text: t('teams.team', { n: index + 1 }) }),
    h('span', { class: 'tv-team-members', text: teamMembers(view, room, index) }),
    h('span', { class: 'tv-team-score', text: String(team.score) }),
    h('span', { class: 'tv-stack', role: 'img', 'aria-label': t('tu.found_count', { n: team.found.length }) },
      team.found.slice(-6).map((id) => h('span', { class: 'tv-found-card', 'aria-hidden': 'true' })),
      team.found.length ? h('span', { class: 'tv-stack-count', text: `+${team.found.length}` }) : null),
    flying.filter((event) => event.team === index).map((event) => h('span', { class: 'tv-flying', text: event.name })))));
}

function tvReadback(view, room) {
  const round = view.history[view.history.length - 1] || [];
  return [h('div', { class: 'tv-head' },
    h('h1', { class: 'tv-title', text: t('tv.tu.readback', { n: view.history.length }) }),
    h('p', { class: 'tv-sub', text: t('tu.readback_help') })),
  // Every team's list in one flow of columns: a team that found little takes little room, one
  // that found nothing none.
  h('div', { class: 'tv-readback' },
    round.map((cards, index) => (cards.length ? h('section', { class: 'tv-readback-team' },
      h('h2', { text: `${t('teams.team', { n: index + 1 })} · ${t('tu.found_count', { n: cards.length })}` }),
      h('ol', null, cards.map((id) => h('li', { text: knownName(view, id) })))) : null))),
  h('p', { class: 'tv-ready', text: t('tu.done', { n: view.done.length, of: room.seats.length }) })];
}

// Who gives the clues and who keeps time: a timekeeper who is gone keeps no time, and is not
// said to.
function turnLine(turn, room) {
  const keeper = room.seats[turn.timekeeper];
  const params = { giver: nameOf(room, turn.cluegiver), keeper: nameOf(room, turn.timekeeper), team: turn.team + 1 };
  return t(keeper && keeper.presence === 'gone' ? 'tu.turn_line_alone' : 'tu.turn_line', params);
}

function tvPhase(view, room) {
  const turn = view.turn || {};
  const who = turn.cluegiver !== undefined ? turnLine(turn, room) : null;
  if (view.phase === 'write' || view.phase === 'deal') {
    return [h('h1', { class: 'tv-title', text: t(`tv.tu.${view.phase}`) }), h('p', { class: 'tv-big', text: t('tu.done', { n: view.done.length, of: room.seats.length }) + namesIn(view) })];
  }
  if (view.phase === 'screen') {
    return [h('h1', { class: 'tv-title', text: t('tv.tu.screen') }),
      h('p', { class: 'tv-big', text: t('tu.screening_by', { name: nameOf(room, view.screening.screener), n: view.screening.left }) })];
  }
  if (view.phase === 'round_won') {
    return [h('h1', { class: 'tv-title', text: t('tu.round_won', { team: t('teams.team', { n: turn.team + 1 }), s: Math.ceil((view.clock.time_left_ms || 0) / 1000) }) })];
  }
  if (view.phase === 'waiting') {
    return [h('h1', { class: 'tv-title', text: t('tv.tu.next', { n: turn.team + 1 }) }), absenceNote(view, room, 'tv-sub'), who && h('p', { class: 'tv-big', text: who }),
      h('p', { class: 'tv-constraint', text: constraintText(view) }),
      view.clock && view.clock.time_left_ms ? h('p', { class: 'tv-sub', text: t('tu.time_carried', { s: Math.ceil(view.clock.time_left_ms / 1000) }) }) : null];
  }
  return [absenceNote(view, room, 'tv-sub'), h('p', { class: 'tv-sub', text: who }), countdownFor(view, null), h('p', { class: 'tv-constraint', text: constraintText(view) })];
}

// The TV's sounds: a card found; a turn's time running out takes the shared `timeup`.
export const sounds = {
  found: [[0, 784, 0.1, 'sine', 0.25], [0.1, 1175, 0.16, 'sine', 0.25]],
};

export function cue(event) {
  if (event.type === 'card_found') return 'found';
  return event.type === 'turn_ended' && event.reason === 'time_up' ? 'timeup' : null;
}

export function tv(view, room, { events }) {
  if (view.phase === 'readback') return h('div', { class: 'tv-tu tv-tu-readback' }, tvReadback(view, room));
  const flying = events.filter((event) => event.type === 'card_found');
  return h('div', { class: ['tv-tu', `tv-tu-${view.phase}`] },
    h('p', { class: 'tv-corner-left', text: t('tu.round_of', { n: view.round, of: view.rounds }) }),
    h('div', { class: 'tv-tu-main' }, tvPhase(view, room)),
    tvTeams(view, room, flying));
}

function statsPanel(view, room) {
  const stats = view.outcome && view.outcome.stats;
  if (!stats) return null;
  const best = stats.best_round;
  return h('section', { class: 'panel stats' },
    h('h2', { text: t('stats.title') }),
    best && best.found ? h('p', { text: t('stats.tu.best', { team: best.team + 1, n: best.found, round: best.round }) }) : null,
    h('p', { class: 'overrules', text: t('stats.tu.overrules', { n: stats.overrules || 0 }) }),
    h('h3', { text: t('stats.story') }),
    h('ol', { class: 'story' }, stats.rounds.map((entry) => h('li', null,
      h('b', { text: `${t('tu.round_short', { n: entry.round })} ` }),
      // a team that found nothing that round has nothing to tell
      entry.found.map((n, team) => (n ? t('stats.tu.round_team', { team: team + 1, n, first: entry.first[team] ? knownName(view, entry.first[team]) : '–' }) : null))
        .filter(Boolean).join(' · ')))));
}

// Each cluegiver's turns and the cards they made their team find, and the best turn.
function cluegiversPanel(view, room) {
  const stats = view.outcome && view.outcome.stats;
  if (!stats || !stats.cluegivers || !stats.cluegivers.length) return null;
  const best = stats.best_turn;
  return h('section', { class: 'panel cluegivers', 'aria-labelledby': 'tu-cluegivers' },
    h('h2', { id: 'tu-cluegivers', text: t('stats.tu.cluegivers') }),
    h('ul', { class: 'givers' }, stats.cluegivers.map((entry) => h('li', { text: t('stats.tu.giver', { name: nameOf(room, entry.seat), found: entry.found, n: entry.turns }) }))),
    best && best.found ? h('p', { class: 'best-turn', text: t('stats.tu.best_turn', { name: nameOf(room, best.seat), team: best.team + 1, n: best.found, round: best.round }) }) : null);
}

export function summary(view, room, moves) {
  return h('div', { class: 'summary' }, h('div', { class: 'col' }, scoreBoard(view, room), cluegiversPanel(view, room)), statsPanel(view, room));
}

// A choice on the audience's ballot (the round's funniest turn): the turn's number and cluegiver.
export function audienceChoice(ballot, choice, room) {
  const number = ballot.choices.findIndex((other) => other.id === choice.id) + 1;
  return t('audience.turn', { n: number, name: nameOf(room, choice.seat) });
}

// The audience's results: each round's funniest turns (a round is listed once voted on).
export function audienceResults(found, room, brief) {
  const voted = found.rounds.length > 0;
  if (!voted) return { voted, lines: [t('audience.no_votes')] };
  return { voted, lines: found.rounds.map((row) => t('audience.funniest_was', { round: row.round, n: row.top[0].votes,
    names: row.top.map((turn) => nameOf(room, turn.seat)).join(', ') })) };
}
