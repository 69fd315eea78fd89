// Home: join a room by its code, or create one (name, game, options).

import { h, fill, toast } from './dom.js';
import { t, has } from './i18n.js';
import { api, saveSeat, savedName, saveName } from './session.js';
import { gamesInfo } from './games.js';
import { optionsForm } from './options.js';
import { errorText } from './errors.js';

export async function show(root, _params, { navigate }) {
  document.title = 'tictac';
  const joinCode = h('input', {
    id: 'join-code', name: 'code', required: true, autocomplete: 'off', autocapitalize: 'characters',
    maxlength: 8, pattern: '[A-Za-z0-9]{3,8}', inputmode: 'text', spellcheck: 'false',
  });
  const joinForm = h('form', { class: 'panel join', 'aria-labelledby': 'join-title' },
    h('h2', { id: 'join-title', text: t('home.join') }),
    h('div', { class: 'row' },
      h('label', { for: 'join-code', text: t('home.code') }),
      joinCode,
      h('button', { type: 'submit', class: 'primary', text: t('home.join_go') })));
  joinForm.addEventListener('submit', (event) => {
    event.preventDefault();
    navigate(`/r/${joinCode.value.trim().toUpperCase()}`);
  });

  const createBox = h('section', { class: 'panel create', 'aria-labelledby': 'create-title' },
    h('h2', { id: 'create-title', text: t('home.create') }),
    h('p', { class: 'loading', text: t('common.loading') }));

  fill(root,
    h('section', { class: 'hero' },
      h('h1', { text: 'tictac' }),
      h('p', { class: 'tagline', text: t('home.tagline') })),
    joinForm,
    createBox);

  let games;
  try {
    games = await gamesInfo();
  } catch (error) {
    fill(createBox, h('h2', { text: t('home.create') }), h('p', { class: 'error', text: errorText(error) }));
    return null;
  }
  fillCreate(createBox, games, navigate);
  return null;
}

function fillCreate(box, games, navigate) {
  const name = h('input', { id: 'create-name', required: true, maxlength: 24, autocomplete: 'nickname', value: savedName() });
  const optionsBox = h('fieldset', { class: 'game-options' });
  let chosen = games[0];
  let form = null;

  const showOptions = () => {
    form = optionsForm(chosen.name, chosen.options, null, { idPrefix: 'create-opt' });
    fill(optionsBox, h('legend', { text: t('home.options', { game: chosen.title }) }), form.element);
  };

  const choices = h('fieldset', { class: 'games' },
    h('legend', { text: t('home.pick_game') }),
    games.map((game, index) => {
      const id = `game-${game.name}`;
      const blurbKey = `game.${game.name}.blurb`;
      return h('div', { class: ['game-choice', `game-${game.name}`] },
        h('input', {
          type: 'radio', name: 'game', id, value: game.name, checked: index === 0,
          onchange: () => { chosen = game; showOptions(); },
        }),
        h('label', { for: id },
          h('strong', { text: game.title }),
          h('span', { class: 'players', text: t('home.players', { min: game.min_players, max: game.max_players }) }),
          has(blurbKey) ? h('span', { class: 'blurb', text: t(blurbKey) }) : null),
        game.rules ? h('a', { href: `/rules/${game.name}`, 'data-link': true, class: 'rules-link', text: t('common.rules') }) : null);
    }));

  const createForm = h('form', { class: 'stack' },
    h('div', { class: 'field' }, h('label', { for: 'create-name', text: t('common.your_name') }), name),
    choices,
    optionsBox,
    h('button', { type: 'submit', class: 'primary big', text: t('home.create_go') }));
  createForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = createForm.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      const answer = await api('POST', '/api/rooms', { game: chosen.name, name: name.value.trim(), options: form.read() });
      saveName(name.value.trim());
      saveSeat(answer.code, { token: answer.token, seat: answer.seat });
      navigate(`/r/${answer.code}`);
    } catch (error) {
      toast(errorText(error));
      button.disabled = false;
    }
  });
  fill(box, h('h2', { id: 'create-title', text: t('home.create') }), createForm);
  showOptions();
}
