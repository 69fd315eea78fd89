// One WebSocket to a room, kept alive: reconnects with backoff (and at once when the page comes
// back to the foreground or the network returns, or when a server that served the room closes
// with 1012: it is stopping or handing the room to another server), says hello with the seat's
// token first (never in the URL: proxies log URLs and browsers keep them), asks for a full sync
// on every (re)connect, and measures the server clock with pings (when: keepalive.js).

import { notePong, noteServerTime } from './clock.js';
import { pingDue, TICK_MS } from './keepalive.js';

const MAX_BACKOFF_MS = 8000;
// "Service restart": the room moved to another server, which is ready for the reconnect.
const CLOSE_MOVED = 1012;

export class Connection {
  constructor(code, token, { onMessage, onState, onRejected }) {
    this.code = code;
    this.token = token;
    this.onMessage = onMessage;
    this.onState = onState;
    this.onRejected = onRejected;
    this.ws = null;
    this.closed = false;
    this.backoff = 500;
    this.retryTimer = null;
    this.pingTimer = null;
    // Back in the foreground (or online): a socket that died meanwhile is noticed by the ping
    // sent on it, not a tick later.
    this.wake = () => {
      if (this.closed || document.visibilityState === 'hidden') return;
      if (this.isOpen()) this.ping();
      else this.retryNow();
    };
    addEventListener('online', this.wake);
    document.addEventListener('visibilitychange', this.wake);
    this.open();
  }

  isOpen() {
    return this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  open() {
    if (this.closed) return;
    this.setState(this.everOpened ? 'reconnecting' : 'connecting');
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.code)}`);
    this.ws = ws;
    let served = false; // the room answered on this socket (not a refusal)
    ws.onopen = () => {
      if (ws !== this.ws) return;
      this.everOpened = true;
      this.backoff = 500;
      this.setState('online');
      this.send({ type: 'hello', token: this.token });
      this.send({ type: 'sync' });
      this.openedAt = this.heardAt = Date.now();
      this.ping();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => { if (pingDue(Date.now(), this)) this.ping(); }, TICK_MS);
    };
    ws.onmessage = (event) => {
      if (ws !== this.ws) return;
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      if (message.type !== 'error') served = true;
      if (message.type === 'pong') {
        notePong(message.t, message.server_time);
      } else {
        this.heardAt = Date.now();
        if (message.server_time !== undefined) noteServerTime(message.server_time);
      }
      this.onMessage(message);
    };
    ws.onclose = (event) => {
      if (ws !== this.ws) return;
      clearInterval(this.pingTimer);
      if (this.closed) return;
      // 4xxx closes are the server saying no (unknown room, bad token, the seat moved to another
      // device or is open on newer connections): retrying cannot help.
      if (event.code >= 4000 && event.code < 5000) {
        this.closed = true;
        this.setState('offline');
        this.onRejected(event.code, event.reason);
        return;
      }
      this.setState('offline');
      // A room handed on is served again at once elsewhere, so its clients come straight back.
      // A server refusing with 1012 (it cannot serve the room now) never served this socket:
      // that one waits its backoff, so a client never hammers a server that is stuck.
      if (event.code === CLOSE_MOVED && served) {
        this.open();
        return;
      }
      this.retryTimer = setTimeout(() => this.open(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
    };
  }

  retryNow() {
    clearTimeout(this.retryTimer);
    if (this.ws && this.ws.readyState === WebSocket.CONNECTING) return;
    if (this.ws) { const old = this.ws; this.ws = null; old.close(); }
    this.open();
  }

  ping() {
    this.pingedAt = Date.now();
    this.send({ type: 'ping', t: this.pingedAt });
  }

  send(message) {
    if (!this.isOpen()) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  setState(state) {
    this.state = state;
    this.onState(state);
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    removeEventListener('online', this.wake);
    document.removeEventListener('visibilitychange', this.wake);
    if (this.ws) this.ws.close();
    this.ws = null;
  }
}
