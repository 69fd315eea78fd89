// The shared TV screen at /tv (or /r/CODE/tv, which becomes /tv): a spectator place drawn for a living room (tv.css): full
// screen, no site chrome, sizes from the viewport. The lobby (QR, code, players joining) and the
// end (podium, then the game's summary) are drawn here; during play each game's module draws its
// own `tv(view, room, feed)`. The language is ?lang= when given, else this browser's choice.

import { h, fill } from './dom.js';
import { t, loadLang, currentLang, LANGS } from './i18n.js';
import { api, savedSeat, saveSeat, forgetSeat, tvRoom, keepTvRoom } from './session.js';
import { errorText } from './errors.js';
import { LiveRoom, showLive, startLive, drawConnection } from './live.js';
import { nameOf, qrImage } from './common.js';
import { loadGame } from './games.js';
import { cue, muteButton } from './sound.js';
import { speak, speechButton } from './speech.js';
import { Narrator } from './announce.js';
import { latestMoves } from './movelog.js';
import { shareOrigin } from './share.js';
import { drawTableState } from './tvstate.js';
import { standings, podium, gameTitles } from './evening.js';
import { tvAudience } from './audience.js';
import { drawPanel } from './panels.js';

export async function show(root, [rawCode], app) {
  // /tv names no room: this tab's, or the lobby's this browser showed last. /r/CODE/tv (typed
  // on a TV, say) becomes /tv at once, so a filmed address bar never shows the code.
  const code = (rawCode || tvRoom() || '').toUpperCase();
  if (!code) {
    fill(root, h('section', { class: 'panel' }, h('h1', { text: t('tv.no_room') })));
    return null;
  }
  keepTvRoom(code);
  if (rawCode) history.replaceState(null, '', `/tv${location.search}`);
  const lang = new URLSearchParams(location.search).get('lang');
  // The QR and link name the server's LAN address when the TV page was opened on loopback.
  const [origin] = await Promise.all([shareOrigin(), tvStyle(),
    LANGS.includes(lang) && lang !== currentLang() ? loadLang(lang) : null]);
  return showLive(root, `tv:${code}`, app, async () => {
    const seat = savedSeat(code, 'tv') || await joinAsTv(root, code);
    if (!seat) return;
    startLive(new LiveRoom({
      key: `tv:${code}`, code, token: seat.token, app, choose: (room, view) => chooseTv(room, view, origin),
      narrator: tvNarrator(),
      onRejected: () => { forgetSeat(code, 'tv'); location.reload(); },
    }), root);
  });
}

// What the TV says aloud when its speech is on: what it shows, in its words (a move's first
// line as its ticker, the pause as its cover, the end as its title); a pause's end and a
// return show nothing, and are not said, nor who comes to the lobby or leaves (its phones say).
function tvNarrator() {
  return new Narrator(speak, {
    whole: false,
    paused: (room) => (room.paused_by ? t('tv.state.paused_by', { name: room.paused_by }) : t('tv.state.paused')),
    resumed: () => null,
    back: () => null,
    joined: () => null,
    left: () => null,
    ended: (view, room) => t('end.title', { game: room.title }),
  });
}

// tv.css is the TV's alone: phones never load it.
function tvStyle() {
  if (document.getElementById('tv-css')) return null;
  const link = h('link', { id: 'tv-css', rel: 'stylesheet', href: '/static/tv.css' });
  const loaded = new Promise((resolve) => { link.onload = resolve; link.onerror = resolve; });
  document.head.appendChild(link);
  return loaded;
}

async function joinAsTv(root, code) {
  try {
    const name = `TV ${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    const answer = await api('POST', `/api/rooms/${code}/join`, { name, spectator: true, tv: true });
    const seat = { token: answer.token, seat: null };
    saveSeat(code, seat, 'tv');
    return seat;
  } catch (error) {
    fill(root, h('section', { class: 'panel' }, h('h1', { text: error.status === 404 ? t('room.no_room', { code }) : errorText(error) })));
    return null;
  }
}

function chooseTv(room, view, origin) {
  // The host ended the evening: the podium of the night until the next game is dealt.
  if (room.evening.over && room.status !== 'playing') {
    return { key: 'night', kind: 'tv', load: async () => { const titles = await gameTitles(); return tvScreen((ctx) => podium(ctx.room.evening, titles), origin); } };
  }
  if (room.status === 'lobby' || !view) return { key: 'lobby', kind: 'tv', load: async () => tvScreen((ctx, feed) => lobbyTv(ctx, feed, origin), origin) };
  const over = room.status === 'finished' || view.over;
  return {
    key: `${over ? 'end' : 'game'}:${room.game}`,
    kind: 'tv',
    load: async () => {
      const game = await loadGame(room.game);
      return tvScreen(over ? (ctx, feed) => endTv(ctx, feed, game)
        : (ctx, feed) => [game.tv(ctx.view, ctx.room, { ...feed, log: ctx.moves }), ticker(ctx, game)], origin, game);
    },
  };
}

// What just happened, the last two moves in big lines at the foot of the screen (a first card
// and its effect come together); the phones keep the whole log.
function ticker(ctx, game) {
  // A move told in several lines (a round's end and every hand) shows its first line here.
  const lines = latestMoves(ctx.moves, game.describe, ctx.room, 2).reverse().map((text) => text.split('\n')[0]);
  return lines.length ? h('div', { class: 'tv-ticker', role: 'status' },
    lines.map((text, index) => h('p', { class: index < lines.length - 1 ? 'older' : null, text }))) : null;
}

// A TV screen redraws all of itself from each update. `feed` gives the game's `tv` the events of
// the view just received (empty on other redraws, so animations run once) and a `memory` object
// kept while this screen is up (a game keeps its recent moves there). The sounds of a move's
// events are the game's (its module's `cue` and `sounds`; the lobby has no game).
function tvScreen(draw, origin, game = null) {
  return {
    mount(root) {
      const stage = h('div', { class: 'tv-stage' });
      // The table's own state (pause, presence) is announced politely, apart from the game.
      const state = h('div', { class: 'tv-state', role: 'status' });
      const audience = h('div', { class: 'tv-audience-box' });
      const shown = h('div', { class: 'tv-shown-code-box' });
      // The server unreachable: said over the game, which stands still meanwhile.
      const conn = h('p', { class: 'tv-conn', role: 'status', hidden: true });
      drawConnection(conn);
      const box = h('div', { class: 'tv' }, state, stage, audience, shown, conn,
        h('div', { class: 'tv-corner' }, speechButton(t('tv.speak')), muteButton('tv', t('sound.mute'))));
      box.addEventListener('countdown-low', () => cue('five', 'tv'));
      fill(root, box);
      const memory = {};
      let ctx = null;
      const redraw = (events) => {
        // Each region on its own: one that throws leaves the others drawn.
        drawPanel('TV table state', () => drawTableState(state, ctx.room));
        drawPanel('TV game', () => fill(stage, draw(ctx, { events, memory })));
        drawPanel('TV audience', () => fill(audience, ctx.room.status === 'lobby' ? null : tvAudience(ctx.audience, ctx.room)));
        drawPanel('TV shown code', () => fill(shown, shownCode(ctx.room, origin)));
      };
      return {
        update(next) { ctx = next; redraw([]); },
        events(list, next) {
          ctx = next;
          redraw(list);
          if (!game || !game.cue) return;
          for (const event of list) {
            const name = game.cue(event);
            if (name) cue(name, 'tv', game.sounds);
          }
        },
      };
    },
  };
}

// Players appear as they join: only names not seen before on this screen pop in.
function lobbyTv({ room }, { memory }, origin) {
  const seen = memory.seen || new Set();
  memory.seen = new Set(room.seats.map((seat) => seat.name));
  // Between the games of an evening its standings stand beside the joining.
  const evening = room.evening.played ? h('div', { class: 'tv-evening' },
    h('h2', { text: t('evening.title') }), standings(room.evening, 'tv-standings')) : null;
  // Streamer mode: the server names no code to the TV, but while the host shows it.
  const join = room.code ? joinLines(room, origin) : h('p', { class: 'tv-streamer', text: t('tv.streamer') });
  return h('div', { class: ['tv-lobby', evening && 'with-evening', !room.code && 'streaming', room.seats.length > 6 && 'many'] },
    room.code ? joinQr(room, origin) : null,
    h('div', { class: 'tv-join' },
      h('h1', { class: 'tv-title', text: room.title }),
      // The shared deck the host loaded: its title and count, never a card (decks.js).
      room.deck ? h('p', { class: 'tv-deck', text: t('tv.deck', { title: room.deck.title, n: room.deck.cards }) }) : null,
      join,
      h('h2', { text: t('tv.seated', { n: room.seats.length }) }),
      // More than four players: two columns, each name cut short rather than pushed off.
      h('ol', { class: ['tv-people', room.seats.length > 4 && 'many'] }, room.seats.map((seat) => h('li', { class: ['tv-person', !seen.has(seat.name) && 'tv-new'] }, seat.name)))),
    evening);
}

// How to join: the QR, and the code and link spelt out.
function joinQr(room, origin) {
  const link = `${origin}/r/${room.code}`;
  return h('div', { class: 'tv-qr' }, qrImage(link, t('lobby.qr', { link })));
}

function joinLines(room, origin) {
  return [h('p', { text: t('tv.join_at') }),
    h('p', { class: ['tv-code', 'code-big'], 'aria-label': t('tv.code', { code: room.code.split('').join(' ') }), text: room.code }),
    h('p', { class: ['tv-link', 'link'], text: `${origin}/r/${room.code}` })];
}

// Streamer mode, outside the lobby: the code the host shows from their phone, over the game
// until its time is up (the server then names no code again).
function shownCode(room, origin) {
  if (room.status === 'lobby' || !room.streamer.on || !room.code) return null;
  return h('div', { class: 'tv-shown-code', role: 'status' }, joinQr(room, origin), h('div', null, joinLines(room, origin)));
}

// A step names its first three seats and counts the rest ("and 6 more"): a big table's tied
// teams would push the podium over the summary.
const STEP_NAMES = 3;
const RISE_S = 1.5; // the podium's rise, its last step's delay included (tv.css)
function stepNames(room, seats) {
  const names = seats.slice(0, STEP_NAMES).map((seat) => nameOf(room, seat.seat)).join(', ');
  const more = seats.length - STEP_NAMES;
  return more > 0 ? `${names} ${t('tv.more', { n: more })}` : names;
}

// The end: the game's name over a podium (seats grouped by score, best first: the winners on
// its first step) beside the game's own summary. Names wrap between words, never inside one;
// the winners are not listed again in the title, which must leave the height to the summary.
function endTv({ view, room }, { memory }, game) {
  const outcome = view.outcome || {};
  const scores = outcome.scores || [];
  const winners = outcome.winners || [];
  const steps = [...new Set(room.seats.map((seat) => rankOf(seat.seat)))].sort((a, b) => b - a).slice(0, 3);
  function rankOf(seat) {
    return (winners.includes(seat) ? 1e9 : 0) + (scores[seat] ?? 0);
  }
  // The podium rises once, from when the end is first drawn: a redraw meanwhile (the room's
  // own message comes right after the last view) carries the rise on where it was, a later one
  // (any room message) draws it standing.
  memory.endAt = memory.endAt ?? performance.now();
  const elapsed = (performance.now() - memory.endAt) / 1000;
  const podium = h('ol', { class: ['tv-podium', elapsed < RISE_S && 'rising'] }, steps.map((rank, index) => h('li', { class: `step step-${index + 1}` },
    h('span', { class: 'place', text: String(index + 1) }),
    h('span', { class: 'names', text: stepNames(room, room.seats.filter((seat) => rankOf(seat.seat) === rank)) }))));
  podium.style.setProperty('--elapsed', `${elapsed}s`);
  return h('div', { class: 'tv-end' },
    h('h1', { class: ['tv-title', 'tv-end-title'], text: t('end.title', { game: room.title }) }),
    podium,
    // No move log: a round's hands are counted there, their cards would not fit beside a podium.
    h('div', { class: 'tv-summary' }, game.summary(view, room, null)));
}
