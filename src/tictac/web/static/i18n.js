// Message catalogs: /static/i18n/<lang>.json, flat "key": "text with {params}".
// The language comes from a saved choice, else from the browser, else English.

export const LANGS = ['en', 'fr'];
const STORE_KEY = 'tictac.lang';
let lang = 'en';
let catalog = {};

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
  const response = await fetch(`/static/i18n/${chosen}.json`);
  const loaded = await response.json();
  if (ticket !== loads) return lang;
  catalog = loaded;
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
