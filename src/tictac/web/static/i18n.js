// Message catalogs: /static/i18n/<lang>.json, flat "key": "text with {params}", and beside it
// each game's own words (`texts` of /api/games, a catalog per language, the built-in games'
// and the plugged-in ones' alike), all in one catalog.
// The language comes from a saved choice, else from the browser, else English.

export const LANGS = ['en', 'fr'];
const STORE_KEY = 'tictac.lang';
let lang = 'en';
let catalog = {};
let gameTexts = [];

// The start of each game's catalog URL (`.<lang>.json` added), loaded with every language.
export function useGameTexts(prefixes) {
  gameTexts = prefixes;
}

async function loadCatalog(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

// A game without words in this language speaks English; one without any shows its keys.
function gameCatalog(prefix, chosen) {
  return loadCatalog(`${prefix}.${chosen}.json`)
    .catch(() => loadCatalog(`${prefix}.en.json`))
    .catch(() => ({}));
}

export function pickLang() {
  const saved = safeGet(STORE_KEY);
  if (LANGS.includes(saved)) return saved;
  for (const wanted of navigator.languages || [navigator.language || 'en']) {
    const base = String(wanted).slice(0, 2).toLowerCase();
    if (LANGS.includes(base)) return base;
  }
  return 'en';
}

let loads = 0;

// When two loads overlap (the page's first one and a quick switch by hand), the later choice wins.
export async function loadLang(wanted, remember = false) {
  const chosen = LANGS.includes(wanted) ? wanted : 'en';
  const ticket = ++loads;
  const loaded = await Promise.all([loadCatalog(`/static/i18n/${chosen}.json`),
    ...gameTexts.map((prefix) => gameCatalog(prefix, chosen))]);
  if (ticket !== loads) return lang;
  catalog = Object.assign({}, ...loaded);
  lang = chosen;
  document.documentElement.lang = chosen;
  if (remember) safeSet(STORE_KEY, chosen);
  return chosen;
}

export function currentLang() {
  return lang;
}

export function has(key) {
  return Object.prototype.hasOwnProperty.call(catalog, key);
}

// A key the catalog holds only as plural forms (key.one, key.other, …) takes the form that the
// language's plural rules choose for `params.n` (French says "0 carte", English "0 cards").
export function t(key, params) {
  let text = has(key) ? catalog[key] : pluralForm(key, params);
  if (params) {
    text = text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
  }
  return text;
}

function pluralForm(key, params) {
  if (!params || typeof params.n !== 'number') return key;
  const form = `${key}.${new Intl.PluralRules(lang).select(params.n)}`;
  if (has(form)) return catalog[form];
  return has(`${key}.other`) ? catalog[`${key}.other`] : key;
}

function safeGet(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

function safeSet(key, value) {
  try { localStorage.setItem(key, value); } catch { /* private mode: the choice lasts this page */ }
}
