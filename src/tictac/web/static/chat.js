// The room's chat: a log shared by the screens that show it, and the widget that shows it.

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import { reportButton } from './report.js';

const KEEP = 200;

export class ChatLog {
  constructor() {
    this.lines = [];
    this.listeners = new Set();
  }

  add(line) {
    this.lines.push(line);
    if (this.lines.length > KEEP) this.lines.shift();
    for (const listener of this.listeners) listener(line);
  }

  listen(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

// Returns {element, destroy}. Every name and line is set as text, never as markup.
export function chatBox(ctx, { idPrefix = 'chat' } = {}) {
  const list = h('ol', { class: 'chat-lines', tabindex: 0, 'aria-live': 'polite', 'aria-label': t('chat.title') });
  // Another's line has its report flag.
  const mine = (line) => ctx.room && ctx.room.you && line.name === ctx.room.you.name;
  const lineItem = (line) => h('li', { class: 'chat-line' },
    h('b', { class: 'who', text: line.name ?? '?' }), ' ', h('span', { class: 'said', text: line.text }),
    !mine(line) ? reportButton(ctx, 'chat', line.text, t('report.line', { name: line.name ?? '?' })) : null);
  fill(list, ctx.chat.lines.map(lineItem));
  const stop = ctx.chat.listen((line) => {
    list.appendChild(lineItem(line));
    while (list.childElementCount > KEEP) list.firstElementChild.remove(); // as the log keeps
    list.scrollTop = list.scrollHeight;
  });
  const input = h('input', { id: `${idPrefix}-input`, maxlength: 300, autocomplete: 'off' });
  const form = h('form', { class: 'chat-form' },
    h('label', { for: `${idPrefix}-input`, class: 'sr', text: t('chat.say') }),
    input,
    h('button', { type: 'submit', text: t('chat.send') }));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    ctx.say(text);
    input.value = '';
  });
  const element = h('section', { class: 'panel chat', 'aria-label': t('chat.title') },
    h('h3', { text: t('chat.title') }), list, form);
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  return { element, destroy: stop, input };
}
