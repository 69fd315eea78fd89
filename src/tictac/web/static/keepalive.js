// When a room's socket pings the server (conn.js; the load bench's tictac client follows the
// same rule). A ping is for two things: a socket that died unseen (the phone slept, the
// network changed) is noticed when something is sent on it, and each pong is a sample of the
// server's clock (clock.js keeps the one with the best round trip).
//
// A socket that hears from its room needs no ping to stay open: the server takes any message
// as a sign of life, as it would a pong. So a socket pings when it opens, when it has heard
// nothing from its room for QUIET_MS (a pong is not news: it answers the socket's own ping;
// counted, a quiet socket would ping every other tick, every 20 s, when the server's keepalive
// pings a socket silent that long), and when its last ping is CLOCK_MS old (a phone's clock
// drifts by milliseconds a minute: a sample a minute follows it); a page coming back to the
// foreground pings at once (conn.js). A new socket also pings at its first ticks, for WARM_MS:
// a phone that just came keeps the best round trip of its samples, and with one a minute a
// first sample that was slow would leave its countdowns off by a second for minutes (with one
// sample in ten slow, three are all slow once in a thousand). At a game night's pace (a move
// every few seconds a room) that is, after those, a ping a minute a socket instead of six.

export const TICK_MS = 10000; // how often a socket asks whether a ping is due
export const QUIET_MS = 10000;
export const CLOCK_MS = 60000;
export const WARM_MS = 30000;

export function pingDue(now, { openedAt, heardAt, pingedAt }) {
  return now - openedAt < WARM_MS || now - heardAt >= QUIET_MS || now - pingedAt >= CLOCK_MS;
}
