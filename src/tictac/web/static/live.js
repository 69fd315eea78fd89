// A live room: one place's WebSocket, the latest room and view, and the one ordered path that
// draws them. The phone (room.js) and the TV (tv.js) each make one; a page holds one at a time,
// kept across a language switch so the socket does not drop.

import { h, fill, toast } from './dom.js';
import { t, currentLang } from './i18n.js';
import { errorText, explainNear } from './errors.js';
import { Connection } from './conn.js';
import { api } from './session.js';
import { ChatLog } from './chat.js';
import { cue, muteButton } from './sound.js';
import { keepAwake } from './wake.js';
import { drawTableBar } from './tablebar.js';
import { MoveLog, latestMove, newestLines } from './movelog.js';
import { Narrator, announce } from './announce.js';
import { loadGame } from './games.js';
import { noteGameClock } from './clock.js';
import { awayNote } from './awaynote.js';
import { Pinned } from './pinned.js';
import { drawAudience } from './audience.js';
import { noteSaved } from './decks.js';
import { loadModule } from './reload.js';
import { drawPanel } from './panels.js';
import { applyPrefs, prefsButton } from './prefs.js';
import { MediaSwitch } from './mediaswitch.js';

let live = null;

// The control last tapped: a refused action is explained beside it.
let lastTap = null;
addEventListener('pointerdown', (event) => { lastTap = event.target.closest('button, [data-key]'); }, true);
addEventListener('keydown', () => { lastTap = document.activeElement; }, true);

// The screen function of a route showing a live room. `open()` starts one (with `startLive`) or
// draws something else (a join form, an error); a language switch keeps the room of the same
// `key` and only redraws it.
export async function showLive(root, key, app, open) {
  if (live && live.key === key && app.reason === 'lang') live.attach(root);
  else {
    if (live) live.stop();
    await open();
  }
  return (reason) => live && live.detach(reason);
}

export function startLive(room, root) {
  if (live && live !== room) live.stop();
  live = room;
  room.attach(root);
}

// The phone's mute control and its person's settings (prefs.js) sit in the header while a
// room is open; `save` sends the settings.
function phoneControls(show, save) {
  const bar = document.querySelector('header.bar');
  const there = bar && bar.querySelector('.mute');
  if (!bar || Boolean(there) === show) return;
  if (there) {
    for (const el of bar.querySelectorAll('.mute, .prefs-open, #prefs-panel')) el.remove();
    applyPrefs(null);
  } else {
    const lang = bar.querySelector('.lang');
    bar.insertBefore(muteButton('phone', t('sound.mute')), lang);
    for (const el of prefsButton(save)) bar.insertBefore(el, lang);
  }
}

// When the socket was lost (null while online): the TV, which has no header, says since when.
let lostSince = null;

export function connectionLabel(state) {
  const pill = document.getElementById('conn');
  pill.hidden = !state;
  if (state === 'reconnecting' || state === 'offline') lostSince = lostSince || new Date();
  else lostSince = null;
  for (const band of document.querySelectorAll('.tv-conn')) drawConnection(band);
  if (!state) return;
  pill.textContent = t(`conn.${state}`);
  pill.className = `conn ${state}`;
}

// The TV's band while the server is unreachable: "reconnecting since 21:04:05".
export function drawConnection(band) {
  band.hidden = !lostSince;
  band.textContent = lostSince ? t('tv.reconnecting', { time: lostSince.toLocaleTimeString(currentLang()) }) : '';
}

// Whether the seat of `view` is to act in `room`.
function isYourTurn(room, view) {
  const seated = Boolean(view && view.seat !== null && view.seat !== undefined);
  return seated && !view.over && room.status === 'playing' && (view.to_act || []).includes(view.seat);
}

// A text field keeps the focus a turn would move: the player is typing there.
const TYPING = 'input:not([type=checkbox]):not([type=radio]), textarea, select';

// `choose(room, view)` names the screen to show: {key, kind, load}, where `load()` resolves to
// an object with `mount(stage, ctx)`; a new key mounts a new screen. `narrator` tells what
// changes (announce.js): the phone's in its live region, the TV's aloud.
export class LiveRoom {
  constructor({ key, code, token, app, choose, onRejected, rejoin = null, narrator = new Narrator(announce) }) {
    this.key = key;
    this.rejoin = rejoin;
    this.code = code;
    this.app = app;
    this.choose = choose;
    this.onRejected = onRejected;
    this.closedWith = '';
    this.room = null;
    this.view = null;
    this.audience = null; // the `audience` message's state, and this member's own vote
    this.yours = null;
    this.voter = false;
    this.audienceBox = null;
    this.deadline = null;
    this.version = -1;
    // The version drawn on screen (what a tap answers: `seen`), and the view the player last
    // acted on until a newer one comes or the action is refused (`acted` in the context).
    this.shown = -1;
    this.actedOn = null;
    this.syncAsked = false;
    this.yourTurn = false;
    this.screen = null;
    this.screenKey = null;
    // The game module's move lines and its words to one seat, while its play screen is up.
    this.describe = null;
    this.toYou = null;
    this.bar = null;
    this.pinned = null;
    this.root = null;
    this.mounts = 0;
    // Every change is drawn through this chain, one after the other: a screen's module may
    // still be loading when the next message comes, and the events of each view must reach
    // the screen once it is mounted, in order.
    this.drawn = Promise.resolve();
    this.nextId = 1;
    this.tapped = new Map(); // action id -> the data-key (or element) tapped to send it
    this.sent = new Map(); // action id -> the action, whose refusal may name what in it was refused
    this.narrator = narrator;
    this.waiting = 0; // messages received and not drawn yet
    this.turnFocused = false; // the focus went to this turn's next action
    this.chat = new ChatLog();
    this.moves = new MoveLog();
    // What this place reports to the server's admin (report.js), under its token.
    this.report = (what, text) => api('POST', `/api/rooms/${code}/reports`, { what, text }, token);
    // The table's audio and video (media.js): loaded once the server names this page a member
    // of the room's call; until then only the host's switch that turns it on.
    this.media = null;
    this.mediaLoaded = null;
    this.mediaSwitch = new MediaSwitch(this);
    this.conn = new Connection(code, token, {
      onMessage: (message) => this.receive(message),
      onState: (state) => connectionLabel(state),
      onRejected: (closeCode) => { this.stop(); this.onRejected(closeCode, this.closedWith); },
    });
  }

  attach(root) {
    this.root = root;
    this.dropScreen();
    fill(root, h('p', { class: 'loading', text: t('common.loading') }));
    connectionLabel(this.conn.state);
    this.schedule([]);
  }

  detach(reason) {
    this.root = null;
    this.dropScreen();
    if (reason !== 'lang') this.stop();
  }

  dropScreen() {
    this.mounts += 1;
    if (this.screen && this.screen.destroy) this.screen.destroy();
    if (this.pinned) this.pinned.remove();
    this.pinned = null;
    this.screen = null;
    this.screenKey = null;
  }

  stop() {
    this.conn.close();
    if (this.media) this.media.stop(); // a kicked person's calls end with their socket
    this.mediaSwitch.el.remove();
    connectionLabel(null);
    keepAwake(false);
    phoneControls(false);
    if (live === this) live = null;
  }

  receive(message) {
    switch (message.type) {
      case 'room':
        this.room = message.room;
        // Back in the lobby the last game's view is put away: the next game may be of another
        // kind (an evening in one room), whose screens must never be drawn from it.
        if (this.room.status === 'lobby') this.view = this.audience = null;
        this.schedule([]);
        break;
      case 'audience':
        this.audience = message.audience;
        this.yours = message.yours ?? null;
        // Only a connection that may vote hears `yours` (a player who lost their seat does not).
        this.voter = 'yours' in message;
        this.schedule([]);
        break;
      case 'view': {
        if (message.version < this.version && this.view && !this.view.over) break;
        // A missed version (a dropped message): ask once for the whole picture.
        const gap = this.version >= 0 && message.version > this.version + 1;
        if (gap && !this.syncAsked) this.conn.send({ type: 'sync' });
        this.syncAsked = gap;
        if (message.version < this.version) this.moves = new MoveLog(); // a new game
        this.version = message.version;
        this.moves.seed(message.view && message.view.opening, this.room);
        if (message.events) this.moves.add(message.events, this.room, message.version);
        this.view = message.view;
        this.deadline = message.deadline ?? null;
        noteGameClock(message);
        this.schedule(message.events || []);
        break;
      }
      case 'chat':
        this.chat.add(message);
        break;
      case 'error':
        // the server's admin closed the room: their words come just before the close (4405)
        if (message.code === 'room_closed') this.closedWith = message.message;
        else this.refused(message);
        break;
      case 'ack':
        this.tapped.delete(message.id);
        this.sent.delete(message.id);
        break;
      case 'while_away':
        // After the screen its `room` and `view` mount: the note goes at its top.
        this.drawn = this.drawn.then(() => this.tellAway(message)).catch((error) => reportError(error));
        break;
      case 'deck_saved': // the host's saved deck: its code and QR show on their end screen
        noteSaved(this.code, message.deck);
        this.schedule([]);
        break;
      case 'media':
      case 'media_signal':
        this.toMedia(message);
        break;
      case 'notice': // something the room did to this place (`unseated`), told in its words
        toast(t(`notice.${message.code}`), 'info');
        break;
      default:
        break;
    }
  }

  schedule(events) {
    // A failed draw is reported as the page's error, and the next draws still run. Once drawn,
    // the root says the version it shows (`data-version`): a page busy drawing may be some
    // messages behind the socket, and what is on screen is what a test waits for.
    const version = this.version;
    // What this message brought, as it was when it came: said in order once drawn, whatever
    // came since (the page may be a few messages behind).
    const heard = { log: this.moves, upTo: this.moves.added, count: events.length, room: this.room, view: this.view };
    this.waiting += 1;
    this.drawn = this.drawn.then(() => {
      this.waiting -= 1;
      return this.render(events, heard);
    })
      .then(() => {
        this.shown = version;
        if (this.root) this.root.dataset.version = String(version);
      })
      .catch((error) => reportError(error));
    return this.drawn;
  }

  async render(events, heard = null) {
    if (!this.root || !this.room) return;
    this.alert();
    const chosen = this.choose(this.room, this.view);
    if (!chosen) return;
    if (chosen.key !== this.screenKey) {
      const mounts = this.mounts;
      const screen = await loadModule(chosen.load);
      if (mounts !== this.mounts || !this.root) return; // detached or re-attached meanwhile
      // The room moved on while the module loaded (a game's end, then the host's "play
      // again"): its screen is no longer the one to show, nor is its view there to draw.
      const now = this.choose(this.room, this.view);
      if (!now || now.key !== chosen.key) return this.render(events, heard);
      this.dropScreen();
      const stage = h('div', { class: ['stage', `stage-${chosen.kind}`, `game-${this.room.game}`] });
      // Presence and pause are said by the narrator (announce.js), not by this bar.
      this.bar = h('div', { class: 'table-bar', hidden: true });
      // A phone's pause and turn stay in sight when scrolled down; the TV draws its own.
      this.pinned = chosen.kind === 'tv' ? null : new Pinned();
      // A phone's audience panel (votes, then results) sits above its screen; the TV draws its own.
      this.audienceBox = chosen.kind === 'tv' ? null : h('div', { class: 'audience-box', hidden: true });
      fill(this.root, this.bar, this.pinned && this.pinned.el, this.audienceBox, stage);
      this.screen = screen.mount(stage, this.context());
      // Phones show the latest move at the top; the TV draws its own move log.
      this.describe = chosen.kind === 'game' ? screen.describe : null;
      this.toYou = chosen.kind === 'game' ? screen.toYou : null;
      this.screenKey = chosen.key;
      window.scrollTo(0, 0); // a new screen (the game after Start) begins at its top
    }
    // Each panel on its own: one that throws leaves the others drawn and up to date.
    drawPanel('table bar', () => drawTableBar(this.bar, this.context(), latestMove(this.moves, this.describe, this.room)));
    if (this.pinned) {
      drawPanel('pinned line', () => {
        this.pinned.draw(this.room, this.yourTurn);
        this.pinned.tell(events, this.toYou, this.room, this.view && this.view.seat);
      });
    }
    if (this.audienceBox) drawPanel('audience', () => drawAudience(this.audienceBox, this.context()));
    drawPanel('screen', () => this.screen.update(this.context()));
    drawPanel('media', () => this.drawMedia());
    if (events.length && this.screen.events) drawPanel('screen', () => this.screen.events(events, this.context()));
    await this.narrate(heard);
    // The newest view drawn: a turn that came moves the focus once, when drawn.
    if (this.waiting === 0) this.focusTurn(!this.turnFocused);
    this.turnFocused = this.yourTurn && (this.turnFocused || this.waiting === 0);
  }

  // The first roster naming this page loads the call's module; the messages that come while it
  // loads wait for it, in their order (an offer may follow the roster at once).
  toMedia(message) {
    if (!this.mediaLoaded) {
      if (message.type !== 'media' || message.you === null) return;
      this.mediaLoaded = loadModule(() => import('./media.js')).then(({ Media }) => {
        // (a page stopped meanwhile, its socket closed, joins no call)
        if (!this.conn.closed) this.media = new Media(this, this.key.startsWith('tv:'));
      });
    }
    this.mediaLoaded.then(() => {
      if (!this.media) return;
      this.media.receive(message);
      this.mediaSwitch.draw(this.media.you !== null);
    }).catch((error) => reportError(error));
  }

  drawMedia() {
    this.mediaSwitch.draw(Boolean(this.media && this.media.you !== null));
    if (this.media) this.media.draw();
  }

  // What changed, said in words: the moves, a pause, who went or came back, the end, your turn.
  async narrate(heard) {
    const { room, view } = heard || this;
    if (!room) return;
    const game = view && room.status !== 'lobby' ? await loadGame(room.game) : null;
    // A phone also says what only its screen shows (a game's `spoken`: Time's Up's typed
    // guesses); the TV says what its move log says.
    const words = game && game.spoken && !this.key.startsWith('tv:')
      ? (event, ...more) => game.describe(event, ...more) ?? game.spoken(event, ...more)
      : game && game.describe;
    const lines = words && heard ? newestLines(heard.log, words, room, heard.upTo, heard.count) : [];
    this.narrator.note({ room, view, lines, yours: isYourTurn(room, view),
      turnText: game && game.turnText ? () => game.turnText(view, room) : null,
      endText: game && game.endText ? () => game.endText(view, room) : null });
  }

  // On this phone's turn the focus goes to where the game marks the next action
  // (`data-focus-turn`): when the turn comes (`came`), unless the player is typing elsewhere,
  // and when the control that had it went with the redraw (a card played, a turn started).
  // The page does not scroll to it: a phone keeps the top of the game (whose turn, what just
  // happened) in sight, and a screen reader goes to the focus wherever it is.
  focusTurn(came) {
    if (!this.yourTurn || !this.root) return;
    const active = document.activeElement;
    const lost = !active || active === document.body;
    if (!lost && (!came || active.matches(TYPING))) return;
    const next = this.root.querySelector('[data-focus-turn]');
    if (next) next.focus({ preventScroll: true });
  }

  tellAway(message) {
    if (!this.root || !this.bar || !this.bar.isConnected) return;
    for (const old of this.root.querySelectorAll('.away-note')) old.remove();
    const note = awayNote(message, this.describe, this.room);
    this.bar.after(note);
    this.narrator.say(note.dataset.said);
  }

  // A seated player's turn: the tab title says so, and when it becomes theirs the phone buzzes
  // and plays the turn cue. Phones and the TV keep the screen awake while a game runs.
  alert() {
    const yours = isYourTurn(this.room, this.view);
    // Streamer mode: a filmed tab names no code either.
    const named = this.room.streamer && this.room.streamer.on ? this.room.title : `${this.room.title} · ${this.code}`;
    document.title = yours ? t('app.your_turn_title') : named;
    if (yours && !this.yourTurn) cue('turn', 'phone', {}, 200);
    this.yourTurn = yours;
    keepAwake(this.room.status === 'playing');
    const phone = this.key.startsWith('play:');
    phoneControls(phone, (chosen) => this.send({ type: 'lobby', op: 'set_prefs', prefs: chosen }));
    if (phone) applyPrefs(this.room.you && this.room.you.prefs);
  }

  context() {
    return {
      code: this.code,
      room: this.room,
      view: this.view,
      audience: this.audience,
      yours: this.yours,
      voter: this.voter,
      deadline: this.deadline,
      chat: this.chat,
      moves: this.moves,
      readonly: false,
      rejoin: this.rejoin,
      navigate: this.app.navigate,
      act: (action) => this.act(action),
      acted: this.actedOn !== null && this.actedOn === this.view,
      lobby: (op, fields = {}) => this.send({ type: 'lobby', op, ...fields }),
      say: (text) => this.send({ type: 'chat', text }),
      report: this.report,
      send: (message) => this.send(message),
    };
  }

  act(action) {
    const id = this.nextId++;
    if (lastTap) this.tapped.set(id, lastTap.dataset.key || lastTap);
    this.actedOn = this.view;
    this.sent.set(id, action);
    // `seen`: the view the tap answers, so the server refuses a move about a card this screen
    // never showed (a double tap on "found": docs/protocol.md, `stale_view`).
    this.send({ type: 'action', action, id, seen: this.shown });
  }

  // Beside the tapped control if it is still on screen (found again by its data-key when the
  // screen was redrawn meanwhile), else as a toast.
  refused(message) {
    if (message.id !== undefined && this.actedOn !== null) { // the controls come back
      this.actedOn = null;
      this.schedule([]);
    }
    const tapped = this.tapped.get(message.id);
    const action = this.sent.get(message.id);
    this.tapped.delete(message.id);
    this.sent.delete(message.id);
    const near = typeof tapped === 'string' ? document.querySelector(`[data-key="${CSS.escape(tapped)}"]`) : tapped;
    if (near && near.isConnected) explainNear(near, errorText(message, action));
    else toast(errorText(message, action));
  }

  send(message) {
    if (!this.conn.send(message)) toast(t('conn.not_sent'));
  }
}
