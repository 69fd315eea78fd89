// The shared TV screen at /r/CODE/tv: a spectator place showing the public view in large type.
// The lobby (code, link, QR) is drawn here; during play each game's module draws its own `tv`,
// and at the end its `summary`.

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import { api, savedSeat, saveSeat, forgetSeat } from './session.js';
import { errorText } from './errors.js';
import { LiveRoom, showLive, startLive } from './live.js';
import { qrImage } from './common.js';
import { winnersLine } from './end.js';
import { loadGame } from './games.js';
import { moveLog } from './movelog.js';

export function show(root, [rawCode], app) {
  const code = rawCode.toUpperCase();
  return showLive(root, `tv:${code}`, app, async () => {
    const seat = savedSeat(code, 'tv') || await joinAsTv(root, code);
    if (!seat) return;
    startLive(new LiveRoom({
      key: `tv:${code}`, code, token: seat.token, app, choose: chooseTv,
      onRejected: () => { forgetSeat(code, 'tv'); app.navigate(`/r/${code}/tv`); },
    }), root);
  });
}

async function joinAsTv(root, code) {
  try {
    const name = `TV ${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    const answer = await api('POST', `/api/rooms/${code}/join`, { name, spectator: true });
    const seat = { token: answer.token, seat: null };
    saveSeat(code, seat, 'tv');
    return seat;
  } catch (error) {
    fill(root, h('section', { class: 'panel' }, h('h1', { text: error.status === 404 ? t('room.no_room', { code }) : errorText(error) })));
    return null;
  }
}

function chooseTv(room, view) {
  if (room.status === 'lobby' || !view) return { key: 'lobby', kind: 'tv', load: async () => tvScreen(lobbyTv) };
  const over = room.status === 'finished' || view.over;
  return {
    key: `${over ? 'end' : 'game'}:${room.game}`,
    kind: 'tv',
    load: async () => {
      const game = await loadGame(room.game);
      return tvScreen(over ? (ctx) => [h('h1', { text: winnersLine(ctx.view, ctx.room) }), game.summary(ctx.view, ctx.room)]
        : (ctx) => [game.tv(ctx.view, ctx.room), game.describe ? moveLog(ctx.moves, game.describe, ctx.room, { latest: 6 }) : null]);
    },
  };
}

// A TV screen redraws all of itself from each update.
function tvScreen(draw) {
  return {
    mount(root) {
      const box = h('div', { class: 'tv' });
      fill(root, box);
      return { update: (ctx) => fill(box, draw(ctx)) };
    },
  };
}

function lobbyTv({ room }) {
  const link = `${location.origin}/r/${room.code}`;
  return h('div', { class: 'tv-grid' },
    h('section', { class: 'panel' },
      h('h1', { text: room.title }),
      h('p', { text: t('tv.join_at') }),
      h('p', { class: 'code-big', text: room.code }),
      h('p', { class: 'link', text: link }),
      h('h2', { text: t('lobby.players') }),
      h('ol', { class: 'seat-list' }, room.seats.map((seat) => h('li', { class: 'seat' }, h('span', { class: 'name', text: seat.name }))))),
    h('section', { class: 'panel' }, qrImage(link, t('lobby.qr', { link }))));
}
