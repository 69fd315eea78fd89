// The end of a game: who won, the game's own summary (scores, every role), play again, replay.

import { h, fill, button } from './dom.js';
import { t } from './i18n.js';
import { creditedRoom, winnersLine } from './common.js';
import { chatBox } from './chat.js';
import { standingsPanel, endEvening, gameTitles } from './evening.js';

// The end screen of `game` (its module, loaded before the screen mounts).
export function screen(game) {
  return { mount: (root, ctx) => mount(root, ctx, game) };
}

function mount(root, ctx, game) {
  const head = h('div');
  const summaryBox = h('div');
  const tools = h('section', { class: 'panel' });
  const eveningBox = h('div');
  gameTitles().then(() => update(ctx)).catch(() => {}); // the evening's games by their titles
  const chat = chatBox(ctx, { idPrefix: 'end-chat' });
  fill(root, head, h('div', { class: 'game-grid' }, h('div', { class: 'col' }, summaryBox), h('div', { class: 'col' }, tools, eveningBox, chat.element)));

  function update(next) {
    ctx = next;
    const { view } = ctx;
    const room = creditedRoom(ctx.room);
    const you = room.you || {};
    const won = view.seat !== null && view.outcome && (view.outcome.winners || []).includes(view.seat);
    fill(head, h('div', { class: 'game-head' }, h('h1', { text: t('end.title', { game: room.title }) })),
      h('p', { class: ['status', won && 'yours'], text: winnersLine(view, room) }));
    fill(tools,
      h('h2', { text: t('end.next') }),
      you.host && room.status === 'finished' ? button(t('end.play_again'), () => ctx.lobby('play_again'), { class: 'primary big' }) : h('p', { class: 'muted', text: t('end.host_decides') }),
      game.endTools ? game.endTools(ctx) : null, // a game's own (Time's Up: save the names as a deck)
      h('p', null, h('a', { href: `/replay/${room.code}`, 'data-link': true, text: t('end.replay') })),
      endEvening(ctx),
      h('p', null, h('a', { href: '/', 'data-link': true, text: t('notfound.home') })));
    fill(eveningBox, standingsPanel(room.evening, room.code));
    fill(summaryBox, game.summary(view, room, ctx.moves));
  }

  return { update, destroy: () => chat.destroy() };
}
