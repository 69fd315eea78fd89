// Time Bomb: your role and wire counts (shown only while you hold the card), the table of
// face-down wires where the holder of the pliers cuts, claims, the log, the chat and counters.

import { h, fill, refill, toast } from './dom.js';
import { t } from './i18n.js';
import { nameOf, gameHead, statusLine, legalOf, shownView, scoresTable } from './common.js';
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

// The rows of wires; `onCut(target, position)` makes the allowed wires buttons.
function wiresTable(view, room, allowed = new Set(), onCut = null) {
  return h('ol', { class: 'wires-table', 'aria-label': t('bomb.table') },
    view.rows.map((row) => {
      const thisRound = view.revealed.filter((cut) => cut.target === row.seat && cut.round === view.round);
      return h('li', { class: ['wire-row', view.holder === row.seat && 'holder'] },
        h('div', { class: 'who' },
          h('span', { class: 'name', text: nameOf(room, row.seat) }),
          row.seat === view.seat ? h('span', { class: 'tag you', text: t('common.you') }) : null,
          view.holder === row.seat ? h('span', { class: 'tag host', text: `✂ ${t('bomb.pliers')}` }) : null,
          // A claim says its round; one from a round before the re-deal is greyed.
          row.claim ? h('span', { class: ['claim', row.claim.round !== view.round && 'old'],
            text: t('bomb.claim_of_round', { claim: claimText(row.claim), n: row.claim.round }) }) : null),
        h('div', { class: 'wires' }, row.face_down.map((position) => {
          const key = `${row.seat}:${position}`;
          const can = onCut && allowed.has(key);
          // A wire that may not be cut now still answers a tap: the server's refusal says why
          // (not your pliers, your own wire), beside it.
          return h('button', {
            type: 'button', class: ['wire', can && 'can'], disabled: !onCut, 'aria-disabled': can ? null : 'true', 'data-key': key,
            'aria-label': t('bomb.wire', { name: nameOf(room, row.seat), n: position + 1 }),
            onclick: onCut ? () => onCut(row.seat, position) : null,
          });
        })),
        thisRound.length ? h('ul', { class: 'revealed-wires', 'aria-label': t('bomb.cut_here') }, thisRound.map((cut) => h('li', null, wireFace(cut.kind)))) : null);
    }));
}

function logList(view, room) {
  const entries = [
    ...view.revealed.map((cut) => ({ round: cut.round, cut: cut.cut, order: 1, node: h('li', null,
      t('bomb.log_cut', { cutter: nameOf(room, cut.cutter), target: nameOf(room, cut.target) }), ' ', wireFace(cut.kind)) })),
    ...view.claims.map((claim) => ({ round: claim.round, cut: claim.cut, order: 0, node: h('li', {
      text: t('bomb.log_claim', { name: nameOf(room, claim.seat), claim: claimText(claim) }) }) })),
  ];
  entries.sort((a, b) => b.round - a.round || b.cut - a.cut || b.order - a.order);
  return h('ol', { class: 'log', 'aria-label': t('bomb.log') }, entries.map((entry) => entry.node));
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
    fill(status, statusLine(holding ? t('bomb.your_cut') : t('bomb.waiting', { name: nameOf(room, view.holder) }), holding));
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

export function tv(view, room) {
  return h('div', { class: 'tv-grid' },
    h('section', { class: 'panel' },
      counters(view),
      h('h1', { text: t('tv.pliers', { name: nameOf(room, view.holder) }) }),
      wiresTable(view, room)),
    h('section', { class: 'panel' }, h('h2', { text: t('bomb.log') }), logList(view, room)));
}

export function summary(view, room) {
  const outcome = view.outcome || {};
  const roles = view.roles || outcome.roles || [];
  return h('section', { class: 'panel' },
    h('h2', { text: outcome.team ? t(`bomb.won.${outcome.team}`) : t('end.title') }),
    outcome.reason ? h('p', { text: t(`bomb.reason.${outcome.reason}`) }) : null,
    scoresTable([{ label: t('common.player') }, { label: t('bomb.role_col') }],
      roles.map((role, seat) => ({ cells: [nameOf(room, seat), t(`bomb.role.${role}`)], winner: (outcome.winners || []).includes(seat) }))),
    view.set_aside ? h('p', { text: t('bomb.set_aside', { role: t(`bomb.role.${view.set_aside}`) }) }) : null);
}
