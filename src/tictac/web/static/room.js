// A room at /r/CODE: takes the seat this browser holds (or offers to join), and shows the lobby,
// the game or the end screen as the room's status says.

import { h, fill, toast, button } from './dom.js';
import { t } from './i18n.js';
import { api, savedSeat, saveSeat, forgetSeat, savedName, saveName } from './session.js';
import { errorText } from './errors.js';
import { LiveRoom, showLive, startLive } from './live.js';
import { loadGame } from './games.js';

export function show(root, [rawCode], app) {
  const code = rawCode.toUpperCase();
  return showLive(root, `play:${code}`, app, async () => {
    takeRejoinLink(code);
    const seat = savedSeat(code);
    if (seat) openRoom(root, code, seat.token, app);
    else await showJoin(root, code, app);
  });
}

function showNoRoom(root, code, text = t('room.no_room', { code })) {
  fill(root, h('section', { class: 'panel' },
    h('h1', { text }),
    h('p', null, h('a', { href: '/', 'data-link': true, text: t('notfound.home') }))));
}

async function showJoin(root, code, app) {
  document.title = `tictac · ${code}`;
  let summary = null;
  try {
    summary = await api('GET', `/api/rooms/${code}`);
  } catch (error) {
    showNoRoom(root, code, error.status === 404 ? undefined : errorText(error));
    return;
  }
  const name = h('input', { id: 'join-name', required: true, maxlength: 24, autocomplete: 'nickname', value: savedName() });
  const join = async (spectator) => {
    if (!spectator && !name.reportValidity()) return;
    const chosen = name.value.trim() || t('room.watcher');
    try {
      const answer = await api('POST', `/api/rooms/${code}/join`, { name: chosen, spectator });
      if (!spectator) saveName(chosen);
      saveSeat(code, { token: answer.token, seat: answer.seat });
      openRoom(root, code, answer.token, app);
    } catch (error) {
      toast(errorText(error));
    }
  };
  const form = h('form', { class: 'panel stack join-room' },
    h('h1', { text: t('room.join_title', { game: summary.title, code }) }),
    h('p', { text: summary.status === 'lobby' ? t('room.join_lobby', { n: summary.seats.length }) : t('room.join_late') }),
    h('div', { class: 'field' }, h('label', { for: 'join-name', text: t('common.your_name') }), name),
    h('div', { class: 'buttons' },
      h('button', { type: 'submit', class: 'primary', text: t('room.join_play') }),
      button(t('room.join_watch'), () => join(true))));
  form.addEventListener('submit', (event) => { event.preventDefault(); join(false); });
  fill(root, form);
  name.focus();
}

// A rejoin link (/r/CODE#seat=TOKEN, shown on the player's own phone) hands this browser the
// seat. The token travels in the fragment, which no request carries, and leaves the address
// bar at once.
function takeRejoinLink(code) {
  const found = /^#seat=([\w-]+)$/.exec(location.hash);
  if (!found) return;
  history.replaceState(history.state, '', location.pathname);
  saveSeat(code, { token: found[1], seat: null });
}

// The link that opens this seat on another device.
function rejoinLink(code, token) {
  return `${location.origin}/r/${code}#seat=${token}`;
}

// Which screen shows a room: the lobby, the game's own module, or the end.
function chooseScreen(room, view) {
  if (room.status === 'lobby') return { key: 'lobby', kind: 'lobby', load: () => import('./lobby.js') };
  if (!view) return null;
  if (room.status === 'finished' || view.over) {
    return { key: 'end', kind: 'end', load: async () => {
      const [end, game] = await Promise.all([import('./end.js'), loadGame(room.game)]);
      return end.screen(game);
    } };
  }
  return { key: `game:${room.game}`, kind: 'game', load: () => loadGame(room.game) };
}

function openRoom(root, code, token, app) {
  startLive(new LiveRoom({
    key: `play:${code}`, code, token, app, choose: chooseScreen, rejoin: rejoinLink(code, token),
    onRejected: (closeCode) => {
      if (closeCode === 4401) {
        forgetSeat(code);
        showJoin(root, code, app);
      } else {
        showNoRoom(root, code);
      }
    },
  }), root);
}
