// The service worker (/sw.js) that keeps the client's shell for a reload while the LAN is down.
// Browsers allow one only in a secure context (`tictac serve --tls`, or localhost); Chrome also
// refuses it while the page's certificate is one the user merely clicked through
// (docs/server.md): then the page works as on plain http, without it.

if (window.isSecureContext && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js').catch(() => {});
}
