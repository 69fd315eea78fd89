// The table bar above every game screen, on the phones and the TV: whether the game is paused,
// who is away or gone and who plays for them, and, on the host's phone, the table's controls
// (pause, skip a turn, replace by a bot, remove, hand over the host); on each player's phone,
// their rejoin link. Seats that are connected say nothing: only what needs a look shows.

import { h, refill, button } from './dom.js';
import { t } from './i18n.js';
import { pausedText } from './pinned.js';
import { showCodeButton } from './streamer.js';

function presenceKey(seat, room) {
  if (seat.presence === 'away') return 'presence.away';
  if (seat.stand_in && room.bots === false) return 'presence.passes_on';
  if (seat.stand_in) return room.policy === 'skip' ? 'presence.skipped' : 'presence.stand_in';
  return 'presence.gone';
}

// A seated person who is not connected, in words: away, or gone and what the table does.
export function presenceText(seat, room) {
  return t(presenceKey(seat, room), { name: seat.name });
}

// One line per seated person who is not connected (bots always are).
export function presenceNotes(room) {
  return room.seats.filter((seat) => !seat.bot && seat.presence !== 'connected').map((seat) =>
    h('li', { class: ['presence', seat.presence], 'data-seat': seat.seat, 'data-presence': seat.presence },
      presenceText(seat, room)));
}

// The extra time the host gave seats (docs/rulings.md), in sight of everyone all game long:
// "Extra time: Bea +20 s, Cal +10 s".
export function extraTimeNote(room) {
  const given = room.seats.filter((seat) => seat.extra_s);
  if (!given.length) return null;
  const list = given.map((seat) => t('extra.seat', { name: seat.name, n: seat.extra_s })).join(', ');
  return h('p', { class: 'extra-time', text: t('extra.note', { list }) });
}

// What the host may do to one seat.
function seatControls(ctx, seat, waiting) {
  const { room } = ctx;
  const name = seat.name;
  const control = (key, op, extra = {}, disabled = false) => button(t(`host.${key}`), () => ctx.lobby(op, { seat: seat.seat, ...extra }),
    { 'aria-label': t(`host.${key}_of`, { name }), 'data-op': op, 'data-seat': seat.seat, disabled });
  // Skip stays in place (disabled) while the game does not wait for the seat: the buttons
  // must not jump under the host's finger as turns go by.
  const controls = [control('skip', 'skip', {}, !waiting.has(seat.seat))];
  if (!seat.bot && seat.seat !== room.host) {
    // No "bot for good" where no bot plays (Time's Up): a kick leaves the seat to the game.
    if (room.bots !== false) controls.push(control('replace', 'replace'));
    controls.push(control('kick', 'kick'));
    if (seat.presence === 'connected') controls.push(control('make_host', 'transfer_host'));
  }
  return h('li', { class: 'host-seat' }, h('span', { class: 'name', text: name }), h('span', { class: 'buttons' }, controls));
}

function hostTools(ctx, open) {
  const { room, view } = ctx;
  const waiting = new Set((view && view.to_act) || []);
  return h('details', { class: 'table-host', open },
    h('summary', { text: t('host.tools') }),
    button(room.paused ? t('host.resume') : t('host.pause'), () => ctx.lobby(room.paused ? 'resume' : 'pause'),
      { class: 'primary', 'data-op': room.paused ? 'resume' : 'pause' }),
    showCodeButton(ctx),
    h('ul', { class: 'host-seats' }, room.seats.map((seat) => seatControls(ctx, seat, waiting))));
}

// The QR code of a rejoin link: the link holds a code that opens the seat, so it is posted (a
// body is never logged) instead of put in the image's URL. One fetch per link.
const rejoinCodes = new Map();

function rejoinQr(link) {
  if (!rejoinCodes.has(link)) {
    rejoinCodes.set(link, fetch('/api/qr.svg', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text: link }),
    }).then((answer) => (answer.ok ? answer.blob() : null)).then((blob) => blob && URL.createObjectURL(blob)).catch(() => null));
  }
  const img = h('img', { class: 'qr rejoin-qr', alt: t('rejoin.qr') });
  rejoinCodes.get(link).then((url) => { if (url) img.src = url; });
  return img;
}

// `links()`: a promise of the current rejoin link (made on the server, one-time and short-lived).
function rejoinTools(links, open) {
  const field = h('input', { id: 'rejoin-link', readonly: true, 'aria-label': t('rejoin.link') });
  const details = h('details', { class: 'rejoin', open },
    h('summary', { text: t('rejoin.title') }),
    h('p', { text: t('rejoin.help') }),
    h('p', { class: 'muted', text: t('rejoin.secret') }),
    field);
  // The link and its QR are asked for when the panel is opened: most players never open it.
  const showQr = () => {
    if (!details.open || details.querySelector('img')) return;
    links().then((link) => {
      field.value = link;
      if (!details.querySelector('img')) details.insertBefore(rejoinQr(link), field);
    }).catch(() => {});
  };
  details.addEventListener('toggle', showQr);
  showQr();
  return details;
}

// `latest`: the newest move in words (phones), shown first.
export function drawTableBar(bar, ctx, latest = null) {
  const { room } = ctx;
  const playing = room.status === 'playing';
  const last = playing && latest ? latest.split('\n')[0] : null;
  const notes = playing ? presenceNotes(room) : [];
  const extra = playing ? extraTimeNote(room) : null;
  const host = playing && room.you && room.you.host;
  // Drawn again only when what it shows changes: bots move many times a second, and a control
  // redrawn under a finger loses the tap.
  const drawn = JSON.stringify([playing, room.paused, room.host, room.policy, room.streamer.on, room.seats, host && ctx.view && ctx.view.to_act, last]);
  if (bar.dataset.drawn === drawn) return;
  bar.dataset.drawn = drawn;
  const seated = playing && ctx.rejoin && room.you && !room.you.spectator;
  const wasOpen = (selector) => Boolean(bar.querySelector(`details.${selector}[open]`));
  bar.hidden = !notes.length && !(playing && room.paused) && !host && !seated && !last && !extra;
  refill(bar,
    last ? h('p', { class: 'last-move', text: last }) : null,
    playing && room.paused ? h('p', { class: 'paused-note', text: pausedText(room) }) : null,
    extra,
    notes.length ? h('ul', { class: 'presence-list', 'aria-label': t('presence.title') }, notes) : null,
    host || seated ? h('div', { class: 'table-tools' },
      host ? hostTools(ctx, wasOpen('table-host')) : null,
      seated ? rejoinTools(ctx.rejoin, wasOpen('rejoin')) : null) : null);
}
