// The replay viewer at /replay/CODE: step through a game as one seat (or a spectator) saw it.
// While a game is still on, only your own views come back; once it is over, everything.

import { h, fill, button } from './dom.js';
import { t, has } from './i18n.js';
import { api, savedSeat } from './session.js';
import { errorText } from './errors.js';
import { gameInfo, loadGame } from './games.js';
import { nameOf, creditName, creditedRoom, winnersLine } from './common.js';

export async function show(root, [rawCode]) {
  const code = rawCode.toUpperCase();
  const params = new URLSearchParams(location.search);
  const query = new URLSearchParams();
  const mine = savedSeat(code);
  if (params.has('seat')) query.set('seat', params.get('seat'));
  if (params.has('game')) query.set('game', params.get('game'));
  fill(root, h('p', { class: 'loading', text: t('common.loading') }));
  let replay;
  try {
    replay = await api('GET', `/api/rooms/${code}/replay?${query}`, undefined, mine && mine.token);
  } catch (error) {
    fill(root, h('section', { class: 'panel' }, h('h1', { text: t('replay.title', { code }) }), h('p', { class: 'error', text: errorText(error) })));
    return null;
  }
  const gameName = typeof replay.game === 'string' ? replay.game : replay.steps[0] && replay.steps[0].view.game;
  const info = await gameInfo(gameName).catch(() => null);
  const module = await loadGame(gameName);
  const room = {
    code, game: gameName, title: info ? info.title : gameName, status: 'finished',
    seats: (replay.players || []).map((name, seat) => ({ seat, name, bot: false, connected: true })),
    you: null,
    movers: moversOf(replay),
  };
  document.title = `${t('replay.title', { code })} · tictac`;
  let at = 0;
  let timer = null;
  const stage = h('div', { class: 'stage replay-stage' });
  const slider = h('input', { type: 'range', id: 'replay-step', min: 0, max: Math.max(0, replay.steps.length - 1), value: 0 });
  const where = h('span', { class: 'count' });
  const said = h('p', { class: 'muted', role: 'status' });
  const go = (index) => { at = Math.max(0, Math.min(replay.steps.length - 1, index)); draw(); };
  const playButton = button(t('replay.play'), () => {
    if (timer) { clearInterval(timer); timer = null; playButton.textContent = t('replay.play'); return; }
    playButton.textContent = t('replay.pause');
    timer = setInterval(() => { if (at >= replay.steps.length - 1) playButton.click(); else go(at + 1); }, 900);
  });
  slider.addEventListener('input', () => go(Number(slider.value)));
  const seatPicker = replay.finished ? h('select', { id: 'replay-seat', onchange: (event) => {
    const next = new URLSearchParams(location.search);
    if (event.target.value === '') next.delete('seat'); else next.set('seat', event.target.value);
    location.search = next.toString();
  } },
  h('option', { value: '', text: ownViews(replay, params, mine) ? t('replay.as_you') : t('replay.as_spectator') }),
  room.seats.map((seat) => h('option', { value: String(seat.seat), selected: params.get('seat') === String(seat.seat), text: t('replay.as', { name: seat.name }) }))) : null;
  fill(root,
    h('div', { class: 'game-head' }, h('h1', { text: t('replay.title', { code }) }), h('span', { class: 'muted', text: room.title })),
    h('div', { class: 'replay-controls' },
      button('«', () => go(0), { 'aria-label': t('replay.first') }),
      button('◀', () => go(at - 1), { 'aria-label': t('replay.prev') }),
      playButton,
      button('▶', () => go(at + 1), { 'aria-label': t('replay.next') }),
      button('»', () => go(replay.steps.length - 1), { 'aria-label': t('replay.last') }),
      h('label', { for: 'replay-step', class: 'sr', text: t('replay.step') }), slider, where),
    seatPicker ? h('div', { class: 'row' }, h('label', { for: 'replay-seat', text: t('replay.view_as') }), seatPicker) : null,
    said, stage);

  let screen = null;
  function draw() {
    const step = replay.steps[at];
    if (!step) { fill(stage, h('p', { text: t('replay.empty') })); return; }
    slider.value = String(at);
    where.textContent = t('replay.step_of', { n: at, of: replay.steps.length - 1 });
    const type = step.action && step.action.type;
    const action = type && has(`action.${type}`) ? t(`action.${type}`) : type;
    said.textContent = step.action ? t('replay.did', { name: step.by ? creditName(step.by) : nameOf(room, step.seat), action }) : (at === 0 ? t('replay.deal') : '');
    const ctx = { code, room, view: step.view, readonly: true, chat: null, moves: null, act: () => {}, lobby: () => {}, say: () => {}, navigate: () => {} };
    if (step.view.over) {
      screen = null;
      fill(stage, h('p', { class: 'status', text: winnersLine(step.view, creditedRoom(room)) }), module.summary(step.view, creditedRoom(room), null));
      return;
    }
    if (!screen) screen = module.mount(stage, ctx);
    screen.update(ctx);
  }
  draw();
  return () => { if (timer) clearInterval(timer); };
}

// By seat, everyone who made a move of the game, in order, from the index of their first move
// (as a live room's `movers`), from the steps' own credits.
function moversOf(replay) {
  const movers = (replay.players || []).map((name) => [{ name, for: null, from: 0 }]);
  for (const step of replay.steps) {
    const seen = step.by && movers[step.seat];
    const latest = seen && seen[seen.length - 1];
    if (latest && (latest.name !== step.by.name || latest.for !== step.by.for)) seen.push({ ...step.by, from: step.version - 1 });
  }
  return movers;
}

// Whether the views shown without a chosen seat are this browser's own seat's: a seat now may
// have been a spectator in an earlier game of the evening, whose views are then the
// spectator's (the first step's view says which seat it is for).
function ownViews(replay, params, mine) {
  if (params.get('seat') === null) {
    const first = replay.steps[0] && replay.steps[0].view;
    return Boolean(first) && typeof first.seat === 'number';
  }
  return Boolean(mine && mine.seat !== null);
}
