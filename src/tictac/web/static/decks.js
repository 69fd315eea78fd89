// Decks people share (Time's Up; docs/packs.md, "Shared decks"): the lobby's deck panel (the host
// loads a deck by its code, pastes a list or imports a JSON file), the share view of a saved deck
// (its code, a QR of its page, the JSON file to download), the end screen's "save these names",
// and the page /d/CODE. No card is ever drawn here: a deck's names are for the game to deal.

import { h, fill, refill, button, toast } from './dom.js';
import { t, currentLang } from './i18n.js';
import { qrImage } from './common.js';
import { shareOrigin } from './share.js';
import { reportButton } from './report.js';

const MAX_LINES = 1000; // the server's: a pasted list may hold blank lines too

// The decks this page saved, by room code: the share view stays up through the room's redraws.
const saved = new Map();

// `deck_saved`, the server's answer to the host's `save_deck` (live.js hands it here).
export function noteSaved(code, deck) {
  saved.set(code, deck);
  document.dispatchEvent(new CustomEvent('deck-saved', { detail: { code, deck } }));
}

function deckLine(deck) {
  return t('tu.deck.summary', { title: deck.title, n: deck.cards, lang: t(`tu.deck.lang.${deck.language}`) });
}

// The saved deck's code, big, with a QR of its page and its JSON file to download.
export function shareView(deck, heading = t('tu.deck.saved')) {
  const page = `${location.origin}/d/${deck.code}`;
  const link = h('a', { href: page, class: 'share-link', text: page });
  const qr = qrImage(page, t('tu.deck.qr', { code: deck.code }));
  shareOrigin().then((origin) => {
    if (origin === location.origin) return;
    link.href = link.textContent = `${origin}/d/${deck.code}`;
    qr.replaceWith(qrImage(link.href, t('tu.deck.qr', { code: deck.code })));
  }).catch(() => {});
  return h('div', { class: 'deck-share', role: 'status' },
    heading ? h('h3', { text: heading }) : null,
    heading ? h('p', { class: 'muted', text: deckLine(deck) }) : null,
    h('p', { class: 'code-big deck-code' }, h('span', { class: 'sr', text: t('tu.deck.code') }), deck.code),
    h('p', { class: 'link' }, link),
    qr,
    h('p', { class: 'buttons' },
      h('a', { class: 'button', href: `/api/decks/${deck.code}?download=1`, download: `deck-${deck.code}.json`, text: t('tu.deck.download') })));
}

async function postDeck(body) {
  const answer = await fetch('/api/decks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const said = await answer.json().catch(() => ({}));
  // The server names a refused deck's problems in English: added for an English reader only, a
  // French room reads its own words alone.
  const detail = said.code === 'bad_deck' && currentLang() === 'en' && said.message ? ` ${said.message}` : '';
  if (!answer.ok) throw new Error(said.code ? t(`error.${said.code}`) + detail : t('tu.deck.failed'));
  return said;
}

// The lobby's deck section (Time's Up's `lobbyPanel` draws it under the teams). Built once per
// box: the host's half-typed list survives the room's redraws.
export function deckPanel(box, ctx) {
  if (!box.deck) box.deck = buildPanel(box, ctx);
  box.deck.update(ctx);
}

function buildPanel(box, first) {
  let ctx = first;
  const loaded = h('p', { class: 'deck-loaded', role: 'status' });
  // Loading or unloading a deck puts away the share view of the one saved here before.
  const unload = button(t('tu.deck.unload'), () => {
    saved.delete(ctx.code);
    ctx.lobby('use_deck', { code: null });
  }, { class: 'small', 'data-key': 'deck-unload' });
  const shared = h('div');
  const code = h('input', { id: 'deck-code', maxlength: 6, autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', class: 'deck-code-input' });
  const load = h('form', { class: 'row deck-load' },
    code, h('button', { type: 'submit', text: t('tu.deck.load') }));
  load.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!code.value.trim()) return;
    saved.delete(ctx.code);
    ctx.lobby('use_deck', { code: code.value.trim() });
  });
  const title = h('input', { id: 'deck-title', maxlength: 80, value: t('tu.deck.default_title') });
  const language = h('select', { id: 'deck-language' },
    ['fr', 'en'].map((lang) => h('option', { value: lang, selected: lang === currentLang(), text: t(`tu.deck.lang.${lang}`) })));
  const lines = h('textarea', { id: 'deck-lines', rows: 6, placeholder: t('tu.deck.paste_placeholder'), 'aria-describedby': 'deck-lines-help' });
  const saveAndUse = async (body) => {
    try {
      const deck = await postDeck(body);
      saved.set(ctx.code, deck);
      ctx.lobby('use_deck', { code: deck.code });
      lines.value = '';
      draw();
    } catch (error) {
      toast(error.message);
    }
  };
  const paste = h('details', { class: 'deck-paste' },
    h('summary', { text: t('tu.deck.paste') }),
    h('div', { class: 'field' }, h('label', { for: 'deck-title', text: t('tu.deck.title') }), title),
    h('div', { class: 'field' }, h('label', { for: 'deck-language', text: t('tu.deck.language') }), language),
    h('div', { class: 'field' }, h('label', { for: 'deck-lines', text: t('tu.deck.lines') }), lines,
      h('p', { class: 'help', id: 'deck-lines-help', text: t('tu.deck.lines_help') })),
    button(t('tu.deck.save_list'), () => saveAndUse({ language: language.value, title: title.value, lines: lines.value.split('\n').slice(0, MAX_LINES) }), { 'data-key': 'deck-save-list' }));
  // The browser's own file button speaks its own language: a labelled button of ours instead.
  const file = h('input', { id: 'deck-file', type: 'file', accept: 'application/json,.json', class: 'sr' });
  file.addEventListener('change', async () => {
    const chosen = file.files && file.files[0];
    file.value = '';
    if (!chosen) return;
    let data;
    try {
      data = JSON.parse(await chosen.text());
    } catch {
      toast(t('tu.deck.not_json'));
      return;
    }
    saveAndUse(data);
  });
  const importer = h('div', { class: 'deck-import' }, h('label', { for: 'deck-file', class: 'button', text: t('tu.deck.import') }), file);
  const hostTools = h('div', { class: 'deck-tools' },
    h('label', { for: 'deck-code', text: t('tu.deck.by_code') }), load, paste, importer);
  const section = h('div', { class: 'deck-panel' }, h('h2', { id: 'deck-title-h', text: t('tu.deck.heading') }), loaded, shared, hostTools);
  box.appendChild(section);

  function draw() {
    const { room } = ctx;
    const isHost = Boolean(room.you && room.you.host);
    // "A shared deck" chosen as the pack with none loaded: Start would be refused, so say so.
    const none = room.options.pack === 'deck' ? t('tu.deck.load_first') : t('tu.deck.none');
    refill(loaded, room.deck ? deckLine(room.deck) : none, room.deck && isHost ? ' ' : null, room.deck && isHost ? unload : null,
      room.deck ? reportButton(ctx, 'deck', room.deck.title, t('report.deck')) : null);
    const mine = saved.get(ctx.code);
    fill(shared, isHost && mine ? shareView(mine) : null);
    hostTools.hidden = !isHost;
    section.hidden = !isHost && !room.deck;
  }
  return { update: (next) => { ctx = next; draw(); } };
}

// The end screen's tool, for the host of a game played on the players' own names: save them as
// a deck (its code then shows here, with its QR).
export function saveWrittenTool(ctx, view) {
  const { room } = ctx;
  if (!(room.you && room.you.host) || !view.pack || view.pack.id !== 'players') return null;
  const mine = saved.get(ctx.code);
  if (mine) return shareView(mine);
  const title = h('input', { id: 'save-deck-title', maxlength: 80, value: t('tu.deck.default_title') });
  return h('div', { class: 'deck-save' },
    h('h3', { text: t('tu.deck.save_heading') }),
    h('p', { class: 'help', text: t('tu.deck.save_help') }),
    h('div', { class: 'field' }, h('label', { for: 'save-deck-title', text: t('tu.deck.title') }), title),
    button(t('tu.deck.save_written'), () => ctx.lobby('save_deck', { title: title.value }), { class: 'primary', 'data-key': 'save-deck' }));
}

// The page /d/CODE: a shared deck's title, language and count, and how to play it.
export async function show(root, [code]) {
  const answer = await fetch(`/api/decks/${encodeURIComponent(code)}`);
  if (!answer.ok) {
    document.title = 'tictac';
    fill(root, h('section', { class: 'panel' }, h('h1', { text: t('tu.deck.unknown') }),
      h('p', null, h('a', { href: '/', 'data-link': true, text: t('notfound.home') }))));
    return null;
  }
  const deck = await answer.json();
  const header = { code: deck.code, title: deck.title, language: deck.language, cards: deck.cards.length };
  document.title = `${deck.title} · tictac`;
  fill(root, h('article', { class: 'panel deck-page' },
    h('h1', { text: deck.title }),
    h('p', { class: 'lead', text: t('tu.deck.count', { n: header.cards, lang: t(`tu.deck.lang.${header.language}`) }) }),
    h('h2', { text: t('tu.deck.how_title') }),
    h('ol', { class: 'deck-how' },
      h('li', { text: t('tu.deck.how_1') }),
      h('li', { text: t('tu.deck.how_2', { code: deck.code }) }),
      h('li', { text: t('tu.deck.how_3') })),
    shareView(header, null),
    h('p', null, h('a', { href: '/', 'data-link': true, class: 'button primary', text: t('tu.deck.new_room') }))));
  return null;
}
