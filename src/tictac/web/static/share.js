// The origin to put in share links and QR codes: the server's address on the local network
// when this page was opened on a loopback address (useless to the other phones) and the
// server serves every interface (`GET /api/share`), else this page's own origin.

let asked = null;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function shareOrigin() {
  if (!LOOPBACK.has(location.hostname)) return Promise.resolve(location.origin);
  if (!asked) {
    asked = fetch('/api/share').then((answer) => (answer.ok ? answer.json() : {}))
      .then((found) => found.origin || location.origin).catch(() => location.origin);
  }
  return asked;
}
