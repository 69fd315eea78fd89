// The instance admin's page (/admin): the players' reports, the rooms, closing one with a
// message to its players, taking a shared deck down, bans by address or network, and the audit
// log. Every call carries the admin token as `Authorization: Bearer`; the token stays in this
// tab (sessionStorage), never in a URL.

import { loadLang, pickLang, t } from './i18n.js';
import { button, fill, h } from './dom.js';
import { api } from './session.js';
import { errorText } from './errors.js';

const TOKEN_KEY = 'tictac.admin';
const root = document.getElementById('admin');
let token = sessionStorage.getItem(TOKEN_KEY) || '';
let note = '';

function when(ms) {
  return new Date(ms).toLocaleString(document.documentElement.lang);
}

function table(headings, rows, empty) {
  if (!rows.length) return h('p', { class: 'empty', text: t(empty) });
  return h('table', { class: 'admin-table' },
    h('thead', null, h('tr', null, headings.map((key) => h('th', { text: t(key) })))),
    h('tbody', null, rows));
}

async function act(call) {
  try {
    note = await call();
  } catch (error) {
    note = errorText(error);
  }
  await show();
}

function roomRow(room) {
  const message = h('input', { 'aria-label': t('admin.close_message'), placeholder: t('admin.close_message'), maxlength: 120, class: 'close-message' });
  const close = () => act(async () => {
    await api('POST', `/api/admin/rooms/${room.code}/close`, { message: message.value }, token);
    return t('admin.closed', { code: room.code });
  });
  return h('tr', { 'data-room': room.code },
    h('td', { text: room.code }), h('td', { text: room.game }), h('td', { text: room.status }),
    h('td', { text: room.players.join(', ') }),
    h('td', { text: t('admin.minutes', { n: Math.floor(room.age_s / 60) }) }),
    h('td', { text: room.relayed ? t('admin.relayed', { n: room.connections, relayed: room.relayed }) : String(room.connections) }),
    h('td', null, message, button(t('admin.close'), close, { class: 'danger' })));
}

function banRow(ban) {
  const lift = () => act(async () => {
    await api('POST', '/api/admin/bans/lift', { network: ban.network }, token);
    return '';
  });
  return h('tr', { 'data-ban': ban.network },
    h('td', { text: ban.network }), h('td', { text: when(ban.until_ms) }), h('td', { text: ban.reason }),
    h('td', null, button(t('admin.lift'), lift)));
}

function banForm() {
  const network = h('input', { name: 'network', required: true, maxlength: 64, placeholder: '203.0.113.0/24' });
  const hours = h('input', { name: 'hours', type: 'number', min: 1, value: 24, required: true });
  const reason = h('input', { name: 'reason', maxlength: 200 });
  const labelled = (key, input) => h('label', null, h('span', { text: t(key) }), input);
  return h('form', {
    class: 'ban-form',
    onsubmit: (event) => {
      event.preventDefault();
      act(async () => {
        const made = await api('POST', '/api/admin/bans', { network: network.value, hours: Number(hours.value), reason: reason.value }, token);
        return t('admin.banned', { network: made.network });
      });
    },
  }, labelled('admin.network', network), labelled('admin.hours', hours), labelled('admin.reason', reason),
  h('button', { type: 'submit', text: t('admin.ban') }));
}

function deckForm() {
  const code = h('input', { name: 'deck', required: true, maxlength: 16, 'aria-label': t('admin.deck_code'), placeholder: t('admin.deck_code') });
  return h('form', {
    class: 'ban-form',
    onsubmit: (event) => {
      event.preventDefault();
      act(async () => {
        const wanted = code.value.trim().toUpperCase();
        await api('POST', `/api/admin/decks/${encodeURIComponent(wanted)}/take-down`, {}, token);
        return t('admin.taken_down', { code: wanted });
      });
    },
  }, code, h('button', { type: 'submit', class: 'danger', text: t('admin.take_down') }));
}

// A report's row: what was reported as it was shown, and the actions that settle it (each one
// made by its own call, then the report leaves the queue with what was done).
function reportRow(report) {
  const settle = (outcome, call) => () => act(async () => {
    const said = call ? await call() : t('admin.resolved');
    await api('POST', `/api/admin/reports/${report.id}/resolve`, { outcome }, token);
    return said;
  });
  const message = h('input', { 'aria-label': t('admin.close_message'), placeholder: t('admin.close_message'), maxlength: 120, class: 'close-message' });
  const network = h('input', { 'aria-label': t('admin.network'), placeholder: t('admin.network'), maxlength: 64, class: 'report-network' });
  const context = report.what === 'chat' ? t('admin.said_by', { name: report.context })
    : report.what === 'deck' ? t('admin.deck_coded', { code: report.context }) : report.context;
  const actions = [
    button(t('admin.dismiss'), settle('dismissed'), { 'data-act': 'dismiss' }),
    h('span', { class: 'row' }, message, button(t('admin.close_room'), settle('room_closed', async () => {
      await api('POST', `/api/admin/rooms/${report.room}/close`, { message: message.value }, token);
      return t('admin.closed', { code: report.room });
    }), { class: 'danger', 'data-act': 'close' })),
    h('span', { class: 'row' }, network, button(t('admin.ban'), settle('banned', async () => {
      const made = await api('POST', '/api/admin/bans', { network: network.value, hours: 24, reason: `${report.what}: ${report.text}`.slice(0, 200) }, token);
      return t('admin.banned', { network: made.network });
    }), { class: 'danger', 'data-act': 'ban' })),
    report.what === 'deck' ? button(t('admin.take_down'), settle('deck_taken_down', async () => {
      await api('POST', `/api/admin/decks/${encodeURIComponent(report.context)}/take-down`, {}, token);
      return t('admin.taken_down', { code: report.context });
    }), { class: 'danger', 'data-act': 'take-down' }) : null,
  ];
  return h('tr', { 'data-report': report.id },
    h('td', { text: when(report.at_ms) }), h('td', { text: report.room }),
    h('td', { text: t(`admin.report.${report.what}`) }), h('td', { class: 'reported', text: report.text }),
    h('td', { text: context }), h('td', { text: report.reporter }),
    h('td', { class: 'report-actions' }, actions));
}

function auditRow(entry) {
  return h('tr', null, h('td', { text: when(entry.at_ms) }), h('td', { text: entry.action }),
    h('td', { text: entry.target }), h('td', { text: entry.detail }), h('td', { text: entry.address }));
}

function showLogin(problem) {
  const input = h('input', { id: 'admin-token', type: 'password', required: true, autocomplete: 'current-password' });
  fill(root, h('section', { class: 'panel' },
    h('h1', { text: t('admin.title') }),
    problem ? h('p', { class: 'error', role: 'alert', text: problem }) : null,
    h('form', {
      onsubmit: (event) => {
        event.preventDefault();
        token = input.value.trim();
        sessionStorage.setItem(TOKEN_KEY, token);
        show();
      },
    }, h('label', { for: 'admin-token', text: t('admin.token') }), input,
    h('button', { type: 'submit', class: 'primary', text: t('admin.open') }))));
}

async function show() {
  if (!token) {
    showLogin('');
    return;
  }
  let rooms;
  let bans;
  let audit;
  let reports;
  try {
    [reports, rooms, bans, audit] = await Promise.all([api('GET', '/api/admin/reports', undefined, token),
      api('GET', '/api/admin/rooms', undefined, token), api('GET', '/api/admin/bans', undefined, token),
      api('GET', '/api/admin/audit', undefined, token)]);
  } catch (error) {
    if (error.code === 'bad_admin_token') {
      token = '';
      sessionStorage.removeItem(TOKEN_KEY);
    }
    showLogin(errorText(error));
    return;
  }
  fill(root,
    h('h1', { text: t('admin.title') }),
    note ? h('p', { class: 'admin-note', role: 'status', text: note }) : null,
    button(t('admin.refresh'), () => { note = ''; show(); }),
    h('section', { class: 'panel', 'aria-labelledby': 'reports-title' },
      h('h2', { id: 'reports-title', text: t('admin.reports') }),
      table(['admin.when', 'admin.room', 'admin.what', 'admin.text', 'admin.context', 'admin.reporter', 'admin.actions'],
        reports.map(reportRow), 'admin.no_reports')),
    h('section', { class: 'panel', 'aria-labelledby': 'rooms-title' },
      h('h2', { id: 'rooms-title', text: t('admin.rooms') }),
      table(['admin.code', 'admin.game', 'admin.status', 'admin.players', 'admin.age', 'admin.connections', 'admin.close'],
        rooms.map(roomRow), 'admin.no_rooms')),
    h('section', { class: 'panel', 'aria-labelledby': 'bans-title' },
      h('h2', { id: 'bans-title', text: t('admin.bans') }), banForm(),
      table(['admin.network', 'admin.until', 'admin.reason', 'admin.lift'], bans.map(banRow), 'admin.no_bans')),
    h('section', { class: 'panel', 'aria-labelledby': 'decks-title' },
      h('h2', { id: 'decks-title', text: t('admin.decks') }), deckForm()),
    h('section', { class: 'panel', 'aria-labelledby': 'audit-title' },
      h('h2', { id: 'audit-title', text: t('admin.audit') }),
      table(['admin.when', 'admin.action', 'admin.target', 'admin.detail', 'admin.address'],
        audit.map(auditRow), 'admin.no_audit')));
}

async function start() {
  const select = document.getElementById('lang');
  select.value = await loadLang(pickLang());
  select.addEventListener('change', async () => {
    await loadLang(select.value, true);
    await show();
  });
  await show();
}

start();
