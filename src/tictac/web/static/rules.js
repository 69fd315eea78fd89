// A short rules page per game (/rules/GAME), in the reader's language, written for this project.

import { h, fill } from './dom.js';
import { t, currentLang } from './i18n.js';

const GAMES = ['timos-twist', 'time-bomb', 'times-up'];

export async function show(root, [game]) {
  if (!GAMES.includes(game)) {
    fill(root, h('section', { class: 'panel' }, h('h1', { text: t('notfound.title') })));
    return null;
  }
  const response = await fetch(`/static/rules/${game}.${currentLang()}.json`);
  const doc = await response.json();
  document.title = `${doc.title} · tictac`;
  fill(root, h('article', { class: 'panel rules-page' },
    h('h1', { text: doc.title }),
    doc.sections.map((section) => h('section', null,
      h('h2', { text: section.h }),
      (section.p || []).map((text) => h('p', { text })),
      section.ul ? h('ul', null, section.ul.map((text) => h('li', { text }))) : null)),
    h('nav', { class: 'buttons', 'aria-label': t('common.rules') },
      GAMES.filter((other) => other !== game).map((other) => h('a', { href: `/rules/${other}`, 'data-link': true, class: 'button', text: t(`rules.link.${other}`) })),
      h('button', { type: 'button', onclick: () => history.back(), text: t('rules.back') }))));
  return null;
}
