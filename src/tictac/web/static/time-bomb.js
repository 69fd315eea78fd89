// Time Bomb: your role and wire counts (shown only while you hold the card), the table of
// face-down wires where the holder of the pliers cuts, claims, the log, the chat and counters.

import { h, fill, refill, toast } from './dom.js';
import { t } from './i18n.js';
import { nameOf, nameAt, gameHead, statusLine, legalOf, shownView, scoresTable } from './common.js';
import { chatBox } from './chat.js';

const KIND_SYMBOL = { safe: '○', defusing: '✔', bomb: '✹' };

function wireFace(kind) {
  return h('span', { class: ['wire-face', kind], text: `${KIND_SYMBOL[kind]} ${t(`bomb.kind.${kind}`)}` });
}

function claimText(claim) {
  if (!claim) return '';
  return claim.bomb ? t('bomb.claim_bomb', { n: claim.defusing }) : t('bomb.claim_plain', { n: claim.defusing });
}

function counters(view) {
  return h('div', { class: 'counters' },
    h('span', { class: 'count', text: t('bomb.round', { n: view.round, of: view.rounds }) }),
    h('span', { class: 'count', text: t('bomb.cuts', { n: view.cuts, of: view.cuts_per_round }) }),
    h('span', { class: 'count', text: t('bomb.defused', { n: view.defusing_found, of: view.defusing_total }) }));
}

// The first seat with a wire that may be cut now.
function firstRow(view, allowed) {
  const row = view.rows.find((entry) => entry.face_down.some((position) => allowed.has(`${entry.seat}:${position}`)));
  return row ? row.seat : null;
}

// The rows of wires; `onCut(target, position)` makes the allowed wires buttons.
function wiresTable(view, room, allowed = new Set(), onCut = null) {
  return h('ol', { class: 'wires-table', 'aria-label': t('bomb.table') },
    view.rows.map((row) => {
      // Where the focus goes when the pliers come to this player (live.js): their first wire.
      const first = onCut ? row.face_down.find((position) => allowed.has(`${row.seat}:${position}`)) : undefined;
      const thisRound = view.revealed.filter((cut) => cut.target === row.seat && cut.round === view.round);
      return h('li', { class: ['wire-row', view.holder === row.seat && 'holder'] },
        h('div', { class: 'who' },
          h('span', { class: 'name', text: nameOf(room, row.seat) }),
          row.seat === view.seat ? h('span', { class: 'tag you', text: t('common.you') }) : null,
          view.holder === row.seat ? h('span', { class: 'tag host', text: `✂ ${t('bomb.pliers')}` }) : null,
          // Only a claim of this round: the re-deal makes the rows anew.
          row.claim ? h('span', { class: 'claim',
            text: t('bomb.claim_of_round', { claim: claimText(row.claim), n: row.claim.round }) }) : null),
        h('div', { class: 'wires' }, row.face_down.map((position) => {
          const key = `${row.seat}:${position}`;
          const can = onCut && allowed.has(key);
          // A wire that may not be cut now still answers a tap: the server's refusal says why
          // (not your pliers, your own wire), beside it.
          return h('button', {
            type: 'button', class: ['wire', can && 'can'], disabled: !onCut, 'aria-disabled': can ? null : 'true', 'data-key': key,
            'data-focus-turn': can && position === first && firstRow(view, allowed) === row.seat,
            'aria-label': t('bomb.wire', { name: nameOf(room, row.seat), n: position + 1 }),
            onclick: onCut ? () => onCut(row.seat, position) : null,
          });
        })),
        thisRound.length ? h('ul', { class: 'revealed-wires', 'aria-label': t('bomb.cut_here') }, thisRound.map((cut) => h('li', null, wireFace(cut.kind)))) : null);
    }));
}

// The index in the game's log of each cut and each claim: every Time Bomb move is one or the
// other, and a claim said at (round, cut) came before that cut. A move's maker is the seat's
// holder at that index (a replace or a kick hands a seat on: the cut before was not the bot's).
function logIndex(view) {
  const before = (a, b) => a.round < b.round || (a.round === b.round && a.cut <= b.cut);
  return {
    cuts: view.revealed.map((cut, index) => index + view.claims.filter((claim) => before(claim, cut)).length),
    claims: view.claims.map((claim, index) => index + view.revealed.filter((cut) => !before(claim, cut)).length),
  };
}

// Every cut and claim, each named by whoever made it; the wires' owner as the seat is held now.
function logList(view, room) {
  const at = logIndex(view);
  const entries = [
    ...view.revealed.map((cut, index) => ({ round: cut.round, cut: cut.cut, order: 1, node: h('li', null,
      t('bomb.log_cut', { cutter: nameAt(room, cut.cutter, at.cuts[index]), target: nameOf(room, cut.target) }), ' ', wireFace(cut.kind)) })),
    ...view.claims.map((claim, index) => ({ round: claim.round, cut: claim.cut, order: 0, node: h('li', {
      text: t('bomb.log_claim', { name: nameAt(room, claim.seat, at.claims[index]), claim: claimText(claim) }) }) })),
  ];
  entries.sort((a, b) => b.round - a.round || b.cut - a.cut || b.order - a.order);
  return h('ol', { class: 'log', tabindex: 0, 'aria-label': t('bomb.log') }, entries.map((entry) => entry.node));
}

// The wires a player holds face down: as secret as the role, shown with it.
function wireCounts(faceDown) {
  return h('span', { class: 'wire-counts' },
    ['safe', 'defusing', 'bomb'].map((kind) => h('span', { class: 'count' }, wireFace(kind), ` × ${faceDown[kind]}`)));
}

function roleCard(getYou) {
  const card = h('button', { type: 'button', class: 'role-card', 'aria-describedby': 'role-help' }, t('bomb.hold_role'));
  const showRole = (event) => {
    if (event) event.preventDefault();
    const you = getYou();
    if (!you || !you.role) return;
    fill(card, h('span', { class: 'role-name', text: t(`bomb.role.${you.role}`) }), you.face_down ? wireCounts(you.face_down) : null);
    card.classList.add('revealed', you.role);
  };
  const hide = () => {
    card.textContent = t('bomb.hold_role');
    card.className = 'role-card';
  };
  card.addEventListener('pointerdown', showRole);
  for (const name of ['pointerup', 'pointerleave', 'pointercancel', 'blur']) card.addEventListener(name, hide);
  card.addEventListener('keydown', (event) => { if (event.key === ' ' || event.key === 'Enter') showRole(event); });
  card.addEventListener('keyup', hide);
  card.addEventListener('contextmenu', (event) => event.preventDefault());
  return h('div', null, card, h('p', { id: 'role-help', class: 'help', text: t('bomb.hold_help') }));
}

export function mount(root, ctx) {
  const head = h('div');
  const status = h('div');
  const you = h('section', { class: 'panel', 'aria-label': t('bomb.you') });
  const table = h('section', { class: 'panel', 'aria-label': t('bomb.table') });
  const claimBox = h('section', { class: 'panel', 'aria-labelledby': 'claim-title' });
  const logBox = h('section', { class: 'panel', 'aria-labelledby': 'log-title' });
  const chat = ctx.readonly ? null : chatBox(ctx, { idPrefix: 'bomb-chat' });
  const role = roleCard(() => ctx.view.you);
  fill(you, h('h2', { text: t('bomb.you') }), role);
  let claimKey = '';
  fill(root, head, status, h('div', { class: 'game-grid' },
    h('div', { class: 'col' }, you, table, claimBox),
    h('div', { class: 'col' }, logBox, chat && chat.element)));

  function drawClaim(view) {
    const claims = legalOf(view, 'claim');
    const key = JSON.stringify(claims.length) + view.round;
    if (key === claimKey) return;
    claimKey = key;
    if (!claims.length || ctx.readonly) { fill(claimBox, h('h2', { id: 'claim-title', text: t('bomb.claims') }), h('p', { class: 'muted', text: t('bomb.claims_help') })); return; }
    const most = Math.max(...claims.map((claim) => claim.defusing));
    const defusing = h('select', { id: 'claim-defusing' }, Array.from({ length: most + 1 }, (_, n) => h('option', { value: String(n), text: String(n) })));
    const bomb = h('input', { type: 'checkbox', id: 'claim-bomb' });
    const form = h('form', { class: 'claim-form' },
      h('div', { class: 'field' }, h('label', { for: 'claim-defusing', text: t('bomb.claim_defusing') }), defusing),
      h('div', { class: 'row' }, bomb, h('label', { for: 'claim-bomb', text: t('bomb.claim_has_bomb') })),
      h('button', { type: 'submit', class: 'primary', text: t('bomb.claim_go') }));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      ctx.act({ type: 'claim', defusing: Number(defusing.value), bomb: bomb.checked });
    });
    fill(claimBox, h('h2', { id: 'claim-title', text: t('bomb.claims') }), h('p', { class: 'help', text: t('bomb.claims_help') }), form);
  }

  function update(next) {
    ctx = next;
    const { room } = ctx;
    const view = shownView(ctx);
    fill(head, gameHead(ctx, counters(view)));
    const holding = view.holder === view.seat && view.seat !== null;
    fill(status, statusLine(turnText(view, room), holding));
    you.hidden = view.seat === null;
    const allowed = new Set(legalOf(view, 'cut').map((cut) => `${cut.target}:${cut.position}`));
    refill(table, h('h2', { text: t('bomb.table') }),
      wiresTable(view, room, allowed, ctx.readonly ? null : (target, position) => ctx.act({ type: 'cut', target, position })));
    drawClaim(view);
    fill(logBox, h('h2', { id: 'log-title', text: t('bomb.log') }), logList(view, room));
  }

  // A round's end is easy to miss on a small screen: say it, with the new number of wires.
  function events(list) {
    const deal = list.find((event) => event.type === 'deal');
    if (deal) toast(t('bomb.redealt', { n: deal.round, wires: deal.wires_each }), 'info');
  }

  return { update, events, destroy: () => chat && chat.destroy() };
}

// The status line; on a player's turn, what a screen reader hears when it comes.
export function turnText(view, room) {
  const holding = view.holder === view.seat && view.seat !== null;
  return holding ? t('bomb.your_cut') : t('bomb.waiting', { name: nameOf(room, view.holder) });
}

// The TV's sounds: a wire cut, and the bomb.
// A move in words: the line at the top of a phone (live.js), what just happened whatever the
// page is scrolled to. The TV tells its last two moves from the view (tv below). Every move
// says itself: the `earlier` events of the contract are not needed.
export function describe(event, room, earlier) {
  if (event.type === 'cut') return `${t('bomb.log_cut', { cutter: nameOf(room, event.cutter), target: nameOf(room, event.target) })} ${t(`bomb.kind.${event.kind}`)}`;
  if (event.type === 'claim') return t('bomb.log_claim', { name: nameOf(room, event.seat), claim: claimText(event) });
  return null;
}

export const sounds = {
  bomb: [[0, 110, 0.9, 'sawtooth', 0.35], [0, 55, 1.1, 'square', 0.25], [0.05, 80, 0.7, 'triangle', 0.3]],
  cut: [[0, 1800, 0.04, 'square', 0.15], [0.05, 900, 0.05, 'square', 0.12]],
};

export function cue(event) {
  if (event.type !== 'cut') return null;
  return event.kind === 'bomb' ? 'bomb' : 'cut';
}

// The TV: the counters big, a row of wires per player (face down, and this round's cut ones
// face up), the pliers beside their holder, the latest cuts and claims.
export function tv(view, room, { events, memory }) {
  const order = view.rows.map((row) => row.seat);
  const cut = events.find((event) => event.type === 'cut');
  const moved = cut && memory.holder !== undefined && memory.holder !== view.holder
    ? order.indexOf(memory.holder) - order.indexOf(view.holder) : 0;
  memory.holder = view.holder;
  const newest = cut ? view.revealed[view.revealed.length - 1] : null;
  const dots = Array.from({ length: view.defusing_total }, (_, index) => h('span', { class: ['tv-dot', index < view.defusing_found && 'on'], 'aria-hidden': 'true' }));
  const rows = view.rows.map((row) => {
    const cutHere = view.revealed.filter((entry) => entry.target === row.seat && entry.round === view.round);
    const holds = view.holder === row.seat;
    return h('li', { class: ['tv-row', holds && 'holder'] },
      h('span', { class: 'tv-pliers', 'aria-hidden': 'true', style: holds && moved ? `--rows: ${moved}` : null, text: holds ? '✂' : '' }),
      h('span', { class: 'name', text: nameOf(room, row.seat) }),
      h('span', { class: 'tv-wires', role: 'img', 'aria-label': t('tv.bomb.row', { name: nameOf(room, row.seat), n: row.face_down.length }) },
        row.face_down.map(() => h('span', { class: 'tv-wire' })),
        cutHere.map((entry) => h('span', { class: ['tv-wire', 'open', entry.kind, entry === newest && 'tv-flip'], text: KIND_SYMBOL[entry.kind] }))),
      // Short on the TV (a row has room for little); only a claim of this round.
      row.claim ? h('span', { class: 'claim', text: `« ${claimText(row.claim)} »` }) : null);
  });
  const at = logIndex(view);
  const latest = [...view.revealed.map((entry, index) => ({ round: entry.round, cut: entry.cut, order: 1, text: `${t('bomb.log_cut', { cutter: nameAt(room, entry.cutter, at.cuts[index]), target: nameOf(room, entry.target) })} ${t(`bomb.kind.${entry.kind}`)}` })),
    ...view.claims.map((claim, index) => ({ round: claim.round, cut: claim.cut, order: 0, text: t('bomb.log_claim', { name: nameAt(room, claim.seat, at.claims[index]), claim: claimText(claim) }) }))]
    .sort((a, b) => b.round - a.round || b.cut - a.cut || b.order - a.order).slice(0, 2);
  return h('div', { class: ['tv-bomb', newest && newest.kind === 'bomb' && 'tv-boom'] },
    h('div', { class: 'tv-head' },
      h('h1', { class: 'tv-title', text: t('tv.pliers', { name: nameOf(room, view.holder) }) }),
      h('p', { class: 'tv-sub' }, h('span', { text: t('bomb.round', { n: view.round, of: view.rounds }) }), ' · ',
        h('span', { text: t('bomb.cuts', { n: view.cuts, of: view.cuts_per_round }) }))),
    h('div', { class: 'tv-defused' }, h('span', { text: t('bomb.defused', { n: view.defusing_found, of: view.defusing_total }) }), h('span', { class: 'tv-dots' }, dots)),
    h('ol', { class: 'tv-rows', 'aria-label': t('bomb.table') }, rows),
    h('ol', { class: 'tv-moves', 'aria-label': t('tv.moves') }, latest.map((entry, index) => h('li', { class: index === 0 && events.length ? 'tv-new' : null, text: entry.text }))));
}

function kindCounts(counts) {
  return ['defusing', 'bomb', 'safe'].filter((kind) => counts[kind]).map((kind) => `${KIND_SYMBOL[kind]}${counts[kind]}`).join(' ') || '–';
}

// Every round's cuts in order: who cut whose wire (the cutter as whoever made the cut), and
// what it was.
function story(view, room) {
  const stats = view.outcome && view.outcome.stats;
  if (!stats) return null;
  const at = logIndex(view).cuts;
  let cuts = 0;
  return h('section', { class: 'panel stats' },
    h('h2', { text: t('stats.story') }),
    h('ol', { class: 'story' }, stats.rounds.map((entry) => h('li', null,
      h('b', { text: `${t('bomb.round', { n: entry.round, of: view.rounds })} ` }),
      entry.cuts.map((one, index) => h('span', { class: ['cut', one.kind] },
        index ? h('span', { class: 'sep', text: ', ' }) : null,
        h('span', { class: 'who', text: `${nameAt(room, one.cutter, at[cuts++])} → ${nameOf(room, one.target)} ` }),
        h('span', { 'aria-label': t(`bomb.kind.${one.kind}`), role: 'img', text: KIND_SYMBOL[one.kind] })))))));
}

// Why the game ended; the bomb says who cut it, and in whose wires.
function reasonText(view, room, reason) {
  const index = view.revealed.findIndex((entry) => entry.kind === 'bomb');
  if (reason !== 'exploded' || index < 0) return t(`bomb.reason.${reason}`);
  const bomb = view.revealed[index];
  return t('bomb.reason.exploded_by', { cutter: nameAt(room, bomb.cutter, logIndex(view).cuts[index]), target: nameOf(room, bomb.target) });
}

// The end as a screen reader hears it: the winning team and why, in the summary's words.
export function endText(view, room) {
  const outcome = view.outcome || {};
  return [outcome.team && t(`bomb.won.${outcome.team}`), outcome.reason && reasonText(view, room, outcome.reason)].filter(Boolean).join('\n');
}

// The end: the winning team and why, every role with what each cut and lost, then the story.
export function summary(view, room, moves) {
  const outcome = view.outcome || {};
  const roles = view.roles || outcome.roles || [];
  const seats = (outcome.stats && outcome.stats.seats) || [];
  const columns = [{ label: t('common.player') }, { label: t('bomb.role_col') }];
  if (seats.length) columns.push({ label: t('stats.bomb.cut') }, { label: t('stats.bomb.lost') });
  return h('div', { class: 'summary' },
    h('section', { class: 'panel' },
      h('h2', { text: outcome.team ? t(`bomb.won.${outcome.team}`) : t('end.title') }),
      outcome.reason ? h('p', { class: 'bomb-reason', text: reasonText(view, room, outcome.reason) }) : null,
      scoresTable(columns, roles.map((role, seat) => ({
        cells: [nameOf(room, seat), t(`bomb.role.${role}`), ...(seats[seat] ? [kindCounts(seats[seat].cut), kindCounts(seats[seat].lost)] : [])],
        winner: (outcome.winners || []).includes(seat),
      }))),
      view.set_aside ? h('p', { text: t('bomb.set_aside', { role: t(`bomb.role.${view.set_aside}`) }) }) : null),
    story(view, room));
}

// The audience's results (its ballot: who is Moriarty, each round). `brief` (the TV's end,
// beside the podium and the summary, whose roles table names Moriarty's team): the votes in
// all, not round by round.
export function audienceResults(found, room, brief) {
  const voted = found.votes > 0;
  if (!voted) return { voted, lines: [t('audience.no_votes')] };
  const overall = t('audience.overall', { n: found.right, votes: found.votes });
  if (brief) return { voted, lines: [overall] };
  const names = found.moriarty.map((seat) => nameOf(room, seat)).join(', ');
  return { voted, lines: [t('audience.moriarty_was', { names }),
    ...found.rounds.map((row) => t('audience.round_right', { ...row, n: row.right })), overall] };
}
