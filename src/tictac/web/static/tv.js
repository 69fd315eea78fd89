// The shared TV screen at /r/CODE/tv: a spectator seat showing the public view in large type:
// Time's Up countdown and scores, Timo's Twist pile and hand sizes, the Time Bomb table of wires.

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import { api, savedSeat, saveSeat, forgetSeat } from './session.js';
import { errorText } from './errors.js';
import { LiveRoom } from './room.js';
import { qrSvg } from './qr.js';
import { nameOf } from './common.js';
import { winnersLine } from './end.js';
import { loadGame } from './game-modules.js';

let live = null;

export async function show(root, [rawCode], app) {
  const code = rawCode.toUpperCase();
  if (live && live.code === code && app.reason === 'lang') {
    live.attach(root);
    return (reason) => live && live.detach(reason);
  }
  if (live) live.stop();
  let seat = savedSeat(code, 'tv');
  if (!seat) {
    try {
      const name = `TV ${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
      const answer = await api('POST', `/api/rooms/${code}/join`, { name, spectator: true });
      seat = { token: answer.token, seat: null };
      saveSeat(code, seat, 'tv');
    } catch (error) {
      fill(root, h('section', { class: 'panel' }, h('h1', { text: error.status === 404 ? t('room.no_room', { code }) : errorText(error) })));
      return null;
    }
  }
  live = new LiveRoom(code, seat.token, app, {
    choose: () => ({ key: 'tv', path: './tv.js', kind: 'tv' }),
    onRejected: () => { forgetSeat(code, 'tv'); app.navigate(`/r/${code}/tv`); },
  });
  live.attach(root);
  return (reason) => live && live.detach(reason);
}

export function mount(root, ctx) {
  const box = h('div', { class: 'tv' });
  fill(root, box);
  async function update(next) {
    ctx = next;
    const { room, view } = ctx;
    if (room.status === 'lobby' || !view) {
      const link = `${location.origin}/r/${room.code}`;
      fill(box, h('div', { class: 'tv-grid' },
        h('section', { class: 'panel' },
          h('h1', { text: room.title }),
          h('p', { text: t('tv.join_at') }),
          h('p', { class: 'code-big', text: room.code }),
          h('p', { class: 'link', text: link }),
          h('h2', { text: t('lobby.players') }),
          h('ol', { class: 'seat-list' }, room.seats.map((seat) => h('li', { class: 'seat' }, h('span', { class: 'name', text: seat.name }))))),
        h('section', { class: 'panel' }, qrSvg(link, t('lobby.qr', { link })))));
      return;
    }
    const module = await loadGame(room.game);
    const draw = TV[room.game];
    if (view.over || room.status === 'finished') {
      fill(box, h('h1', { text: winnersLine(view, room) }), module.summary(view, room));
      return;
    }
    fill(box, draw(view, room, module));
  }
  return { update };
}

const TV = {
  'times-up': (view, room, game) => {
    const turn = view.turn || {};
    return h('div', { class: 'tv-grid' },
      h('section', { class: 'panel' },
        h('h1', { text: t('tu.round_of', { n: view.round, of: view.rounds }) }),
        h('p', { class: 'constraint', text: game.constraintText(view) }),
        turn.cluegiver !== undefined ? h('p', { text: t('tu.turn_line', { giver: nameOf(room, turn.cluegiver), keeper: nameOf(room, turn.timekeeper), team: turn.team + 1 }) }) : null,
        game.countdownFor(view, null) || h('p', { class: 'timer-big muted', text: phaseWord(view) })),
      game.scoreBoard(view, room));
  },
  'timos-twist': (view, room, game) => h('div', { class: 'tv-grid' },
    h('section', { class: 'panel' },
      h('h1', { text: t('tv.turn', { name: nameOf(room, view.turn) }) }),
      game.pileAndTop(view),
      game.playersStrip(view, room)),
    game.scoresPanel(view, room)),
  'time-bomb': (view, room, game) => h('div', { class: 'tv-grid' },
    h('section', { class: 'panel' },
      game.counters(view),
      h('h1', { text: t('tv.pliers', { name: nameOf(room, view.holder) }) }),
      game.wiresTable(view, room)),
    h('section', { class: 'panel' }, h('h2', { text: t('bomb.log') }), game.logList(view, room))),
};

function phaseWord(view) {
  return t(`tu.phase.${view.phase}`);
}
