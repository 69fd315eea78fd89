// A short rules page per game (/rules/GAME), in the reader's language, written for this project.
// Where each game's pages are comes from the manifest (`rules` of /api/games).

import { h, fill } from './dom.js';
import { t, currentLang } from './i18n.js';
import { gamesInfo } from './games.js';

export async function show(root, [name]) {
  const withRules = (await gamesInfo()).filter((game) => game.rules);
  const game = withRules.find((entry) => entry.name === name);
  if (!game) {
    fill(root, h('section', { class: 'panel' }, h('h1', { text: t('notfound.title') })));
    return null;
  }
  const response = await fetch(`${game.rules}.${currentLang()}.json`);
  const doc = await response.json();
  document.title = `${doc.title} · tictac`;
  fill(root, h('article', { class: 'panel rules-page' },
    h('h1', { text: doc.title }),
    doc.sections.map((section) => h('section', null,
      h('h2', { text: section.h }),
      (section.p || []).map((text) => h('p', { text })),
      section.ul ? h('ul', null, section.ul.map((text) => h('li', { text }))) : null)),
    // Every game counts alike towards an evening's standings (docs/rulings.md).
    h('section', { class: 'rules-evening' },
      h('h2', { text: t('rules.evening_title') }),
      h('p', { text: t('rules.evening_p1') }),
      h('p', { text: t('rules.evening_p2') })),
    h('nav', { class: 'buttons', 'aria-label': t('common.rules') },
      withRules.filter((other) => other !== game).map((other) => h('a', { href: `/rules/${other.name}`, 'data-link': true, class: 'button', text: t('rules.link', { game: other.title }) })),
      h('button', { type: 'button', onclick: () => history.back(), text: t('rules.back') }))));
  return null;
}
