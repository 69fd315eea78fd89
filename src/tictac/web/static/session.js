// What this browser remembers: the seat token of each room (so a reload or a sleeping phone
// takes its seat back), the player's name, and the JSON API calls.

const SEAT_KEY = 'tictac.seat.';
const NAME_KEY = 'tictac.name';

function read(key) {
  try { return JSON.parse(localStorage.getItem(key) || 'null'); } catch { return null; }
}

function write(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode */ }
}

export function savedSeat(code, kind = 'play') {
  return read(`${SEAT_KEY}${kind}.${code.toUpperCase()}`);
}

export function saveSeat(code, seat, kind = 'play') {
  write(`${SEAT_KEY}${kind}.${code.toUpperCase()}`, seat);
}

export function forgetSeat(code, kind = 'play') {
  try { localStorage.removeItem(`${SEAT_KEY}${kind}.${code.toUpperCase()}`); } catch { /* ignore */ }
}

// The TV screen's address is /tv, which names no room (a filmed TV's address bar must not show
// the code): the room it shows is this tab's (sessionStorage, so a reload keeps it), else the
// one whose lobby this browser showed last (its "Open the TV screen" opens /tv in a new tab).
const TV_TAB_KEY = 'tictac.tv.room';
const TV_NEXT_KEY = 'tictac.tv.next';

export function tvRoom() {
  try {
    return sessionStorage.getItem(TV_TAB_KEY) || read(TV_NEXT_KEY);
  } catch {
    return read(TV_NEXT_KEY);
  }
}

export function keepTvRoom(code) {
  try { sessionStorage.setItem(TV_TAB_KEY, code); } catch { /* private mode */ }
}

export function offerTvRoom(code) {
  write(TV_NEXT_KEY, code);
}

export function savedName() {
  return read(NAME_KEY) || '';
}

export function saveName(name) {
  write(NAME_KEY, name);
}

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
  }
}

// `token`: the seat's, for the calls that need it, as a header (a URL is logged and kept).
export async function api(method, path, body, token) {
  const init = { method, headers: {} };
  if (token) init.headers.authorization = `Bearer ${token}`;
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, 'network', 'network');
  }
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    const detail = data && (data.error || data.detail || data);
    const code = detail && typeof detail === 'object' ? detail.code : undefined;
    const message = detail && typeof detail === 'object' ? detail.message : detail;
    throw new ApiError(response.status, code, typeof message === 'string' ? message : undefined);
  }
  return data;
}
