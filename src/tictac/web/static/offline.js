// The service worker (/sw.js) that keeps the client's shell for a reload while the LAN is down.
// Browsers allow one only in a secure context (`tictac serve --tls`, or localhost); Chrome also
// refuses it while the page's certificate is one the user merely clicked through
// (docs/server.md): then the page works as on plain http, without it. It is asked for once
// the page has loaded, so that keeping the shell never slows the first screen.

if (window.isSecureContext && 'serviceWorker' in navigator) {
  addEventListener('load', () => { navigator.serviceWorker.register('/sw.js').catch(() => {}); });
}
