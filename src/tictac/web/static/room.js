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
    await takeRejoinLink(code);
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

// A rejoin link (/r/CODE#rejoin=CODE, shown on the player's own phone) hands this browser the
// seat: its one-time code is exchanged for a new token of the seat (the old device's stops
// working). The browser keeps the link in its history, but a used or expired code opens nothing.
async function takeRejoinLink(code) {
  const found = /^#rejoin=([\w-]+)$/.exec(location.hash);
  if (!found) return;
  history.replaceState(history.state, '', location.pathname);
  try {
    const answer = await api('POST', `/api/rooms/${code}/rejoin`, { rejoin: found[1] });
    saveSeat(code, { token: answer.token, seat: answer.seat });
  } catch (error) {
    toast(errorText(error));
  }
}

// The link that opens this seat on another device: a fresh one-time code, asked for again
// once the one shown is about to expire.
function rejoinLinks(code, token) {
  let asked = null;
  let until = 0;
  return () => {
    if (!asked || Date.now() > until) {
      asked = api('POST', `/api/rooms/${code}/rejoin-code`, {}, token).then((answer) => {
        until = Date.now() + (answer.expires_in_s - 30) * 1000;
        return `${location.origin}/r/${code}#rejoin=${answer.rejoin}`;
      });
      asked.catch(() => { asked = null; });
    }
    return asked;
  };
}

// Why this device holds the seat no more: it moved to another device, or is open on newer
// connections (a reload here takes it back).
// The server's admin closed the room (close code 4405), with a message to its players.
function showClosed(root, message) {
  fill(root, h('section', { class: 'panel room-closed', role: 'alert' },
    h('h1', { text: t('room.closed_title') }),
    h('p', { class: 'closed-message', text: message || t('error.room_closed') }),
    h('p', null, h('a', { href: '/', 'data-link': true, text: t('notfound.home') }))));
}

function showLost(root, code, key, app) {
  fill(root, h('section', { class: 'panel seat-lost', 'data-lost': key },
    h('h1', { text: t(`${key}_title`) }),
    h('p', { text: t(`${key}_help`) }),
    key === 'rejoin.superseded' ? button(t('rejoin.take_back'), () => openRoom(root, code, savedSeat(code).token, app), { class: 'primary' }) : null,
    h('p', null, h('a', { href: '/', 'data-link': true, text: t('notfound.home') }))));
}

// A newer connection of this seat's token made this one go (close code 4409): a reload
// elsewhere, another tab, or a copy of the token. The newer one wins, and this phone takes the
// seat back by itself, without a tap, once it is on screen: after 3 s, and if it is pushed off
// again within a minute of that, after twice as long each time, up to a minute (two tabs of one
// person take turns, slowly; against a copied token, the host's rejoin link gives the seat a
// new token, which the copy opens no more).
const RETAKE_FIRST_MS = 3000;
const RETAKE_MOST_MS = 60000;
let retakeMs = RETAKE_FIRST_MS;
let retakenAt = -Infinity;

function retakeSoon(root, code, app) {
  retakeMs = Date.now() - retakenAt < RETAKE_MOST_MS ? Math.min(2 * retakeMs, RETAKE_MOST_MS) : RETAKE_FIRST_MS;
  const retake = () => {
    const seat = savedSeat(code);
    if (!seat || !root.querySelector("[data-lost='rejoin.superseded']")) return; // tapped, or gone
    if (document.visibilityState !== 'visible') {
      document.addEventListener('visibilitychange', retake, { once: true });
      return;
    }
    retakenAt = Date.now();
    openRoom(root, code, seat.token, app);
  };
  setTimeout(retake, retakeMs);
}

// Which screen shows a room: the lobby, the game's own module, or the end.
function chooseScreen(room, view) {
  // The host's `choose_game` changes the game: its lobby (options, bots) is drawn anew.
  if (room.status === 'lobby') return { key: `lobby:${room.game}`, kind: 'lobby', load: () => import('./lobby.js') };
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
    key: `play:${code}`, code, token, app, choose: chooseScreen, rejoin: rejoinLinks(code, token),
    onRejected: (closeCode, closedWith) => {
      if (closeCode === 4405) {
        forgetSeat(code);
        showClosed(root, closedWith);
      } else if (closeCode === 4401) {
        forgetSeat(code);
        showJoin(root, code, app);
      } else if (closeCode === 4410) {
        forgetSeat(code);
        showLost(root, code, 'rejoin.moved', app);
      } else if (closeCode === 4409) {
        showLost(root, code, 'rejoin.superseded', app);
        retakeSoon(root, code, app);
      } else {
        showNoRoom(root, code);
      }
    },
  }), root);
}
