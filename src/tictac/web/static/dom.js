// Building DOM without innerHTML: every piece of text goes through textContent / text nodes,
// so names, chat lines and claims typed by players can never become markup.

import { announce } from './announce.js';

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === 'class') el.className = Array.isArray(value) ? value.filter(Boolean).join(' ') : value;
      else if (key === 'text') el.textContent = String(value);
      else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
      else if (key === 'style' && typeof value === 'object') Object.assign(el.style, value);
      else if (key === 'value') el.value = value;
      else if (key === 'checked' || key === 'disabled' || key === 'selected') el[key] = Boolean(value);
      else el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

// A <button type=button> with a click handler; keyboard and screen readers get it for free.
export function button(label, onClick, attrs = {}) {
  return h('button', { type: 'button', ...attrs, onclick: onClick }, label);
}

export function toast(message, kind = 'error') {
  const box = document.getElementById('toasts');
  if (!box) return;
  const item = h('div', { class: ['toast', kind], text: message });
  box.appendChild(item);
  announce(message, { again: true }); // the page's one live region says it, in order
  setTimeout(() => item.remove(), 4000);
}

// Like fill, but a control that had the focus gets it back in the new content (matched by id
// or data-key), so re-drawing after every move never throws a keyboard user to the top.
export function refill(el, ...children) {
  const active = document.activeElement;
  let selector = null;
  if (active && active !== el && el.contains(active)) {
    if (active.id) selector = `#${CSS.escape(active.id)}`;
    else if (active.dataset.key) selector = `[data-key="${CSS.escape(active.dataset.key)}"]`;
  }
  fill(el, ...children);
  const again = selector && el.querySelector(selector);
  if (again && !again.disabled) again.focus();
  return el;
}
