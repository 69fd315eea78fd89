// The server owns every clock: we only estimate its time (offset from ping/pong, best round
// trip wins) and draw countdowns towards deadlines it gives in its own milliseconds.

import { cue } from './sound.js';

let offset = 0;
let bestRtt = Infinity;
const zeroHandlers = new WeakMap();

export function serverNow() {
  return Date.now() + offset;
}

export function notePong(sentAt, serverTime) {
  const now = Date.now();
  const rtt = now - sentAt;
  if (rtt < 0 || rtt > bestRtt * 2 + 50) return;
  bestRtt = Math.min(bestRtt, rtt);
  offset = serverTime + rtt / 2 - now;
}

export function noteServerTime(serverTime) {
  if (bestRtt === Infinity && typeof serverTime === 'number') offset = serverTime - Date.now();
}

// The game's clock (deadlines are on it): the server's less the time the game spent paused,
// standing still while it is paused. A view message tells where it stands.
let gameBehind = 0;
let frozenAt = null;

export function noteGameClock({ server_time: serverTime, game_time: gameTime, paused }) {
  if (typeof gameTime !== 'number') return;
  gameBehind = serverTime - gameTime;
  frozenAt = paused ? gameTime : null;
}

export function gameNow() {
  return frozenAt ?? serverNow() - gameBehind;
}

// An element showing the seconds left until `deadline` (the game's ms); onZero runs once.
export function bindCountdown(el, deadline, onZero) {
  el.dataset.deadline = String(deadline);
  el.classList.add('countdown');
  if (onZero) zeroHandlers.set(el, onZero);
  paint(el);
  return el;
}

function paint(el) {
  const left = Number(el.dataset.deadline) - gameNow();
  const seconds = Math.max(0, Math.ceil(left / 1000));
  const text = String(seconds);
  if (el.textContent !== text) el.textContent = text;
  // Once on the page, a countdown at five seconds or less says so once (the TV plays a cue).
  if (seconds <= 5 && seconds > 0 && el.isConnected && !el.dataset.warned) {
    el.dataset.warned = 'yes';
    el.dispatchEvent(new CustomEvent('countdown-low', { bubbles: true, detail: { deadline: el.dataset.deadline } }));
  }
  el.classList.toggle('low', seconds <= 5);
  if (left <= 0 && zeroHandlers.has(el)) {
    const handler = zeroHandlers.get(el);
    zeroHandlers.delete(el);
    handler();
  }
}

// An element showing `words(seconds)` until `at`, a time on the server's clock rather than the
// game's: it runs on during a pause (an away seat's grace period, counted down on the TV).
const untilWords = new WeakMap();

export function bindServerCountdown(el, at, words) {
  el.dataset.until = String(at);
  untilWords.set(el, words);
  paintUntil(el);
  return el;
}

function paintUntil(el) {
  const seconds = Math.max(0, Math.ceil((Number(el.dataset.until) - serverNow()) / 1000));
  const text = untilWords.get(el)(seconds);
  if (el.textContent !== text) el.textContent = text;
}

setInterval(() => {
  for (const el of document.querySelectorAll('[data-deadline]')) paint(el);
  for (const el of document.querySelectorAll('[data-until]')) paintUntil(el);
}, 200);

// Time's up on a phone: a buzz and the time-up cue.
export function timeUpAlarm() {
  cue('timeup', 'phone', {}, [250, 100, 250]);
}
