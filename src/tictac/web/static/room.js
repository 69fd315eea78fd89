// A room at /r/CODE: takes the seat this browser holds (or offers to join), keeps the WebSocket,
// and shows the lobby, the game or the end screen as the room's status says.

import { h, fill, toast, button } from './dom.js';
import { t } from './i18n.js';
import { api, savedSeat, saveSeat, forgetSeat, savedName, saveName } from './session.js';
import { errorText } from './errors.js';
import { Connection } from './conn.js';
import { ChatLog } from './chat.js';
import { GAME_MODULES } from './game-modules.js';


// Kept across a language switch so the socket does not drop.
let live = null;

export async function show(root, [rawCode], app) {
  const code = rawCode.toUpperCase();
  if (live && live.code === code && app.reason === 'lang') {
    live.attach(root);
    return (reason) => live.detach(reason);
  }
  if (live) live.stop();
  const seat = savedSeat(code);
  if (seat) {
    live = new LiveRoom(code, seat.token, app);
    live.attach(root);
  } else {
    await showJoin(root, code, app);
  }
  return (reason) => live && live.detach(reason);
}

export function connectionLabel(state) {
  const pill = document.getElementById('conn');
  pill.hidden = !state;
  if (!state) return;
  pill.textContent = t(`conn.${state}`);
  pill.className = `conn ${state}`;
}

async function showJoin(root, code, app) {
  document.title = `tictac · ${code}`;
  let summary = null;
  try {
    summary = await api('GET', `/api/rooms/${code}`);
  } catch (error) {
    fill(root, h('section', { class: 'panel' },
      h('h1', { text: error.status === 404 ? t('room.no_room', { code }) : errorText(error) }),
      h('p', null, h('a', { href: '/', 'data-link': true, text: t('notfound.home') }))));
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
      app.reason = 'join';
      live = new LiveRoom(code, answer.token, app);
      live.attach(root);
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

// Which screen shows a room: the lobby, the game's own module, or the end.
function chooseScreen(room, view) {
  if (room.status === 'lobby') return { key: 'lobby', path: './lobby.js', kind: 'lobby' };
  if (!view) return null;
  if (room.status === 'finished' || view.over) return { key: 'end', path: './end.js', kind: 'end' };
  return { key: `game:${room.game}`, path: GAME_MODULES[room.game], kind: 'game' };
}

export class LiveRoom {
  constructor(code, token, app, { choose = chooseScreen, onRejected = null } = {}) {
    this.choose = choose;
    this.rejectedHook = onRejected;
    this.code = code;
    this.token = token;
    this.app = app;
    this.room = null;
    this.view = null;
    this.deadline = null;
    this.version = -1;
    this.screen = null;
    this.screenKind = null;
    this.root = null;
    this.nextId = 1;
    this.chat = new ChatLog();
    this.conn = new Connection(code, token, {
      onMessage: (message) => this.receive(message),
      onState: (state) => connectionLabel(state),
      onRejected: (closeCode) => this.rejected(closeCode),
    });
  }

  attach(root) {
    this.root = root;
    this.screen = null;
    this.screenKind = null;
    fill(root, h('p', { class: 'loading', text: t('common.loading') }));
    connectionLabel(this.conn.state);
    this.render();
  }

  detach(reason) {
    if (this.screen && this.screen.destroy) this.screen.destroy();
    this.screen = null;
    if (reason !== 'lang') this.stop();
  }

  stop() {
    this.conn.close();
    connectionLabel(null);
    if (live === this) live = null;
  }

  rejected(closeCode) {
    if (this.rejectedHook) {
      this.stop();
      this.rejectedHook(closeCode);
      return;
    }
    if (closeCode === 4401) {
      forgetSeat(this.code);
      this.stop();
      showJoin(this.root, this.code, this.app);
    } else {
      this.stop();
      fill(this.root, h('section', { class: 'panel' },
        h('h1', { text: t('room.no_room', { code: this.code }) }),
        h('p', null, h('a', { href: '/', 'data-link': true, text: t('notfound.home') }))));
    }
  }

  receive(message) {
    switch (message.type) {
      case 'room':
        this.room = message.room;
        this.render();
        break;
      case 'view': {
        const gap = this.version >= 0 && message.version > this.version + 1 && !this.gapAsked;
        if (message.version < this.version && this.view && !this.view.over) break;
        this.version = message.version;
        this.view = message.view;
        this.deadline = message.deadline ?? null;
        // A missed version (a dropped message): ask for the whole picture once.
        this.gapAsked = gap;
        if (gap) this.conn.send({ type: 'sync' });
        this.render();
        const events = message.events || [];
        if (events.length && this.screen && this.screen.events) this.screen.events(events, this.context());
        break;
      }
      case 'chat':
        this.chat.add(message);
        break;
      case 'error':
        toast(errorText(message));
        break;
      default:
        break;
    }
  }

  context() {
    return {
      code: this.code,
      room: this.room,
      view: this.view,
      deadline: this.deadline,
      chat: this.chat,
      readonly: false,
      navigate: this.app.navigate,
      act: (action) => this.send({ type: 'action', action, id: this.nextId++ }),
      lobby: (op, fields = {}) => this.send({ type: 'lobby', op, ...fields }),
      say: (text) => this.send({ type: 'chat', text }),
      send: (message) => this.send(message),
    };
  }

  send(message) {
    if (!this.conn.send(message)) toast(t('conn.not_sent'));
  }

  async render() {
    if (!this.root || !this.room) return;
    document.title = `${this.room.title} · ${this.code}`;
    const chosen = this.choose(this.room, this.view);
    if (!chosen) return;
    if (chosen.key !== this.screenKind) {
      this.screenKind = chosen.key;
      if (this.screen && this.screen.destroy) this.screen.destroy();
      this.screen = null;
      const module = await import(chosen.path);
      if (this.screenKind !== chosen.key || !this.root) return;
      const stage = h('div', { class: ['stage', `stage-${chosen.kind}`, `game-${this.room.game}`] });
      fill(this.root, stage);
      this.screen = module.mount(stage, this.context());
    }
    if (this.screen) this.screen.update(this.context());
  }
}
