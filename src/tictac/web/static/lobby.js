// The lobby: who sits where, the share link and its QR code, options, bots, the game's own
// section (its module's `lobbyPanel`: Time's Up's teams), the policy for vanished players, and
// the host's Start button.

import { h, fill, refill, button } from './dom.js';
import { t, has, currentLang } from './i18n.js';
import { gameInfo, gamesInfo, loadGame } from './games.js';
import { optionsForm, optionLabel, showValue, editable, localDefaults } from './options.js';
import { qrImage } from './common.js';
import { shareOrigin } from './share.js';
import { chatBox } from './chat.js';
import { standingsPanel, endEvening, gameTitles } from './evening.js';
import { streamerSettings, showCodeButton } from './streamer.js';
import { offerTvRoom } from './session.js';
import { reportButton } from './report.js';

export function mount(root, ctx) {
  offerTvRoom(ctx.code); // what "Open the TV screen" (/tv, no code in its address) shows
  const link = `${location.origin}/r/${ctx.code}`;
  const linkText = h('a', { href: link, class: 'share-link', text: link });
  const qr = qrImage(link, t('lobby.qr', { link }));
  const head = h('div', { class: 'lobby-head' });
  const seats = h('section', { class: 'panel seats', 'aria-labelledby': 'seats-title' });
  const gamePanel = h('section', { class: 'panel game-panel', hidden: true });
  const options = h('section', { class: 'panel options-panel', 'aria-labelledby': 'options-title' });
  const hostBox = h('section', { class: 'panel host-tools', 'aria-label': t('lobby.host_tools') });
  const policyBox = h('div');
  const eveningBox = h('div');
  const rename = renameForm(ctx);
  // What the common evening never changes is folded: the lobby fits one phone screen.
  const more = h('details', { class: 'panel more-options' },
    h('summary', { text: t('lobby.more') }), options, policyBox);
  const chat = chatBox(ctx, { idPrefix: 'lobby-chat' });
  const share = h('section', { class: 'panel share', 'aria-labelledby': 'share-title' },
    h('h2', { id: 'share-title', text: t('lobby.share') }),
    h('p', { class: 'code-big' }, h('span', { class: 'sr', text: t('lobby.code') }), ctx.code),
    h('p', { class: 'link' }, linkText),
    h('div', { class: 'buttons' },
      button(t('lobby.copy'), async (event) => {
        try { await navigator.clipboard.writeText(linkText.href); event.target.textContent = t('lobby.copied'); } catch { /* no clipboard */ }
      }),
      h('a', { href: `/tv?lang=${currentLang()}`, target: '_blank', rel: 'noopener', class: 'button', text: t('lobby.tv') })),
    qr);
  // Opened on the server's own machine: the link others can open is on its network address.
  shareOrigin().then((origin) => {
    if (origin === location.origin) return;
    const shared = `${origin}/r/${ctx.code}`;
    linkText.href = shared;
    linkText.textContent = shared;
    qr.replaceWith(qrImage(shared, t('lobby.qr', { link: shared })));
  });
  fill(root, head,
    h('div', { class: 'lobby-grid' },
      h('div', { class: 'col' }, seats, hostBox, gamePanel, eveningBox),
      h('div', { class: 'col' }, share, rename, more, chat.element)));

  let info = null;
  let game = null;
  let every = [];
  let optionsKey = '';
  Promise.all([gameInfo(ctx.room.game), loadGame(ctx.room.game), gamesInfo(), gameTitles()]).then(([found, module, all]) => {
    info = found;
    game = module;
    every = all;
    update(ctx, true);
  }).catch((error) => {
    // Without the game's entry and module the lobby can draw no options and no Start: it says
    // so, and the page's error keeps the reason.
    fill(hostBox, h('p', { class: 'error', role: 'alert', text: t('lobby.game_failed') }));
    reportError(error);
  });

  function update(next, force = false) {
    ctx = next;
    const { room } = ctx;
    const you = room.you || {};
    fill(head,
      h('h1', null, room.title, ' ', h('span', { class: 'muted', text: t('lobby.room', { code: room.code }) })),
      h('a', { href: `/rules/${room.game}`, 'data-link': true, class: 'rules-link', text: t('common.rules') }));
    drawSeats(seats, ctx, info);
    fill(eveningBox, standingsPanel(room.evening, room.code));
    if (!info) return;
    gamePanel.hidden = !game.lobbyPanel;
    if (game.lobbyPanel) game.lobbyPanel(gamePanel, ctx, info);
    // Rebuilding the form under the host's fingers would lose focus: only when values change.
    const key = JSON.stringify([room.options, you.host, room.seats.map((seat) => seat.name)]);
    if (force || key !== optionsKey) {
      optionsKey = key;
      drawOptions(options, ctx, info, game);
    }
    drawHostTools(hostBox, policyBox, ctx, info, every);
  }

  return { update: (next) => update(next), destroy: () => chat.destroy() };
}

// The host's choice of a person's extra time on their own turns (docs/rulings.md).
const EXTRA_CHOICES = [0, 10, 20, 30, 45, 60, 90, 120];

function extraTimeChoice(ctx, seat) {
  const choices = EXTRA_CHOICES.includes(seat.extra_s) ? EXTRA_CHOICES : [...EXTRA_CHOICES, seat.extra_s].sort((a, b) => a - b);
  const select = h('select', { id: `extra-${seat.seat}`, 'aria-label': t('extra.choose', { name: seat.name }) },
    choices.map((n) => h('option', { value: String(n), selected: n === seat.extra_s, text: n ? t('extra.tag', { n }) : t('extra.none') })));
  select.addEventListener('change', () => ctx.lobby('set_extra_time', { seat: seat.seat, extra_s: Number(select.value) }));
  return select;
}

function drawSeats(box, ctx, info) {
  const { room } = ctx;
  const you = room.you || {};
  const rows = room.seats.map((seat) => {
    const tags = [];
    if (seat.seat === room.host) tags.push(h('span', { class: 'tag host', text: t('lobby.host') }));
    if (seat.bot) tags.push(h('span', { class: 'tag bot', text: t('lobby.bot') }));
    if (seat.seat === you.seat) tags.push(h('span', { class: 'tag you', text: t('common.you') }));
    if (!seat.bot && !seat.connected) tags.push(h('span', { class: 'tag away', text: t('lobby.away') }));
    if (seat.extra_s) tags.push(h('span', { class: 'tag extra', text: t('extra.tag', { n: seat.extra_s }) }));
    const tools = [];
    if (you.host && !seat.bot) tools.push(extraTimeChoice(ctx, seat));
    if (you.host && seat.seat !== you.seat) {
      if (!seat.bot) tools.push(button(t('lobby.make_host'), () => ctx.lobby('transfer_host', { seat: seat.seat }), { class: 'small', 'data-key': `host-${seat.seat}`, 'aria-label': t('lobby.make_host_who', { name: seat.name }) }));
      tools.push(button(t('lobby.remove'), () => ctx.lobby('remove_seat', { seat: seat.seat }), { class: 'small danger', 'data-key': `remove-${seat.seat}`, 'aria-label': t('lobby.remove_who', { name: seat.name }) }));
    }
    return h('li', { class: ['seat', seat.connected || seat.bot ? 'on' : 'off'] },
      h('span', { class: 'dot', 'aria-hidden': 'true' }),
      h('span', { class: 'name', text: seat.name }), ...tags,
      seat.bot || seat.seat === you.seat ? null : reportButton(ctx, 'name', seat.name, t('report.who', { name: seat.name })),
      tools.length ? h('span', { class: 'tools' }, tools) : null);
  });
  const limits = info ? t('lobby.players_range', { n: room.seats.length, min: info.min_players, max: info.max_players }) : '';
  refill(box,
    h('h2', { id: 'seats-title', text: t('lobby.players') }),
    h('p', { class: 'muted', text: limits }),
    h('ol', { class: 'seat-list' }, rows),
    room.spectators ? h('p', { class: 'muted', text: t('lobby.spectators', { n: room.spectators }) }) : null,
    // A spectator (one who came late, or one a smaller game left watching) sits when a seat is free.
    you.spectator && info && room.seats.length < info.max_players
      ? button(t('evening.sit'), () => ctx.lobby('sit'), { class: 'primary', 'data-key': 'sit' }) : null);
}

// A game may say which options apply to the values chosen so far (`optionApplies`).
function drawOptions(box, ctx, info, game) {
  const { room } = ctx;
  const isHost = room.you && room.you.host;
  const title = h('h2', { id: 'options-title', text: t('lobby.options') });
  const shown = info.options.filter((option) => !game.optionApplies || game.optionApplies(option.name, room.options, room.seats.length));
  const names = room.seats.map((seat) => seat.name);
  if (isHost) {
    const form = optionsForm(room.game, shown, room.options, {
      idPrefix: 'lobby-opt',
      seats: names,
      onChange: (name, value) => ctx.lobby('set_options', { options: { ...room.options, [name]: value } }),
    });
    fill(box, title, form.element);
    return;
  }
  fill(box, title, h('dl', { class: 'option-values' },
    shown.filter(editable).map((option) => [
      h('dt', { text: optionLabel(room.game, option.name) }),
      h('dd', { text: showValue(room.game, option, room.options[option.name], names) }),
    ])));
}

// A difficulty by its friendly name, else a bot by its own (`bot.<kind>` in the catalogs), else
// the kind itself.
function botName(kind) {
  if (has(`lobby.bot_level.${kind}`)) return t(`lobby.bot_level.${kind}`);
  return has(`bot.${kind}`) ? t(`bot.${kind}`) : kind;
}

// The host picks the room's next game (any of the server's, its options then set below), for
// the same room: the seats stay where the new game has them.
function gameChooser(ctx, games) {
  const { room } = ctx;
  // The next game's options in the host's language where it has one (options.js).
  const choose = (name) => ctx.lobby('choose_game', { game: name, options: localDefaults((games.find((game) => game.name === name) || {}).options || []) });
  const select = h('select', { id: 'next-game', 'aria-describedby': 'next-game-help', onchange: (event) => choose(event.target.value) },
    games.map((game) => h('option', { value: game.name, selected: game.name === room.game, text: game.title })));
  return h('div', { class: 'field next-game' },
    h('label', { for: 'next-game', text: t('evening.next') }), select,
    h('p', { class: 'help', id: 'next-game-help', text: t('evening.next_help') }));
}

function drawHostTools(box, policyBox, ctx, info, games) {
  const { room } = ctx;
  const you = room.you || {};
  if (!you.host) {
    fill(box, h('h2', { id: 'host-title', text: t('lobby.waiting_title') }),
      h('p', { text: t('lobby.waiting', { name: hostName(room) }) }), endEvening(ctx));
    fill(policyBox);
    return;
  }
  const enough = room.seats.length >= info.min_players;
  const full = room.seats.length >= info.max_players;
  // The difficulties by friendly name when the game has them, else every bot by its own name.
  const levels = (info.bots || []).filter((kind) => has(`lobby.bot_level.${kind}`));
  const botKind = h('select', { id: 'bot-kind', 'aria-label': t('lobby.bot_kind') },
    (levels.length ? levels : info.bots || []).map((kind) => h('option', { value: kind, text: botName(kind) })));
  const policy = h('select', { id: 'policy', onchange: (event) => ctx.lobby('set_policy', { policy: event.target.value }) },
    ['wait', 'bot', 'skip'].map((name) => h('option', { value: name, selected: room.policy === name, text: t(`lobby.policy.${name}`) })));
  refill(policyBox, h('div', { class: 'field' }, h('label', { for: 'policy', text: t('lobby.policy') }), policy),
    streamerSettings(ctx));
  refill(box,
    // A game whose bots only model a table for simulations (Time's Up) offers none.
    (info.bots || []).length ? h('div', { class: 'row' },
      info.bots.length > 1 ? botKind : null,
      button(t('lobby.add_bot'), () => ctx.lobby('add_bot', { kind: botKind.value || info.bots[0] }), { disabled: full, 'data-key': 'add-bot' })) : null,
    button(t('lobby.start'), () => ctx.lobby('start'), { class: 'primary big start', 'data-key': 'start', disabled: !enough }),
    enough ? null : h('p', { class: 'muted', text: t('lobby.need', { n: info.min_players }) }),
    showCodeButton(ctx),
    // under Start, which stays on the first screen of a phone
    gameChooser(ctx, games),
    endEvening(ctx));
}

function hostName(room) {
  const host = room.seats.find((seat) => seat.seat === room.host);
  return host ? host.name : '?';
}

function renameForm(ctx) {
  const input = h('input', { id: 'rename', maxlength: 24, autocomplete: 'nickname', value: (ctx.room.you && ctx.room.you.name) || '' });
  const form = h('form', { class: 'panel rename' },
    h('label', { for: 'rename', text: t('lobby.rename') }),
    h('div', { class: 'row' }, input, h('button', { type: 'submit', text: t('lobby.rename_go') })));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (input.value.trim()) ctx.lobby('rename', { name: input.value.trim() });
  });
  return form;
}
