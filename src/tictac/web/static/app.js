// The single-page app: picks a screen from location.pathname, loads its module on demand (so the
// first screen stays small), and re-shows it when the language changes.

import { h, fill } from './dom.js';
import { loadLang, pickLang, currentLang, t, useGameTexts } from './i18n.js';
import { gamesInfo } from './games.js';
import { loadModule } from './reload.js';

const ROUTES = [
  [/^\/$/, './home.js'],
  [/^\/r\/([A-Za-z0-9]{3,12})\/tv\/?$/, './tv.js'],
  [/^\/tv\/?$/, './tv.js'],
  [/^\/r\/([A-Za-z0-9]{3,12})\/?$/, './room.js'],
  [/^\/rules\/([a-z-]+)\/?$/, './rules.js'],
  [/^\/replay\/([A-Za-z0-9]{3,12})\/?$/, './replay.js'],
  [/^\/d\/([A-Za-z0-9]{3,12})\/?$/, './decks.js'],
];

const root = document.getElementById('app');
let cleanup = null;
let routeCount = 0;

export function navigate(path) {
  if (path === location.pathname + location.search) return;
  history.pushState(null, '', path);
  route('nav');
}

async function route(reason) {
  const ticket = ++routeCount;
  if (cleanup) {
    const done = cleanup;
    cleanup = null;
    done(reason);
  }
  const path = location.pathname;
  const match = ROUTES.find(([pattern]) => pattern.test(path));
  if (!match) {
    showNotFound();
    return;
  }
  const params = path.match(match[0]).slice(1);
  const screen = await loadModule(() => import(match[1]));
  if (ticket !== routeCount) return;
  cleanup = (await screen.show(root, params, { navigate, reason })) || null;
  document.body.dataset.screen = match[1].replace(/^\.\/|\.js$/g, '');
}

function showNotFound() {
  document.title = 'tictac';
  fill(root, h('section', { class: 'panel' },
    h('h1', { text: t('notfound.title') }),
    h('p', null, h('a', { href: '/', 'data-link': true, text: t('notfound.home') }))));
}

function relabelChrome() {
  document.querySelector('.skip').textContent = t('app.skip');
  document.getElementById('lang-label').textContent = t('app.language');
  document.getElementById('lang').value = currentLang();
}

// Links marked data-link change screens without reloading the page.
document.addEventListener('click', (event) => {
  const link = event.target.closest && event.target.closest('a[data-link]');
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return;
  event.preventDefault();
  navigate(url.pathname + url.search);
});

addEventListener('popstate', () => route('nav'));

document.getElementById('lang').addEventListener('change', async (event) => {
  await loadLang(event.target.value, true);
  relabelChrome();
  route('lang');
});

// index.html preloads the games' manifest; every page takes it (each game's words are loaded
// with the language, and the room and the TV need the game's module), so no browser warns of a
// preload left unused. Without it (the server away) the page still speaks, without the games.
useGameTexts((await gamesInfo().catch(() => [])).map((game) => game.texts).filter(Boolean));
await loadLang(pickLang());
relabelChrome();
route('load');
