// The evening in one room (docs/rulings.md, "The evening scoreboard"): its standings, drawn on
// phones (lobby, end) and the TV between games, and the podium of the night once the host ends
// it, with each game's winners. Everything comes from the room's `evening` (docs/protocol.md).

import { h, button } from './dom.js';
import { t, currentLang } from './i18n.js';
import { gamesInfo } from './games.js';

export function points(value) {
  return t('evening.points', { n: value.toLocaleString(currentLang(), { maximumFractionDigits: 1 }) });
}

// Each row's place: tied rows share the better one (1, 2, 2, 4).
function places(rows) {
  return rows.map((row, index) => rows.findIndex((other) => other.points === row.points) + 1 || index + 1);
}

// The standings, best first; `cls` sizes them for a phone or the TV.
export function standings(evening, cls = 'evening-standings') {
  const rows = evening.standings;
  const at = places(rows);
  return h('ol', { class: cls, 'aria-label': t('evening.title') }, rows.map((row, index) => h('li', { class: 'evening-row' },
    h('span', { class: 'evening-place', text: String(at[index]) }),
    h('span', { class: 'evening-name', text: row.name }),
    h('span', { class: 'evening-points', text: points(row.points) }))));
}

// Game name -> its title, kept once known (a phone's panel is drawn before it may be).
const known = {};

export async function gameTitles() {
  const games = await gamesInfo();
  for (const game of games) known[game.name] = game.title;
  return known;
}

// A phone's panel: the standings after the evening's first game (nothing before), then each
// game of the evening with its winners and its replay, whatever game the room plays now.
export function standingsPanel(evening, code) {
  if (!evening || !evening.played) return null;
  return h('section', { class: 'panel evening', 'aria-labelledby': 'evening-title' },
    h('h2', { id: 'evening-title', text: t('evening.title') }),
    h('p', { class: 'muted', text: t('evening.played', { n: evening.played }) }),
    standings(evening),
    h('h3', { text: t('evening.games_title') }),
    h('ol', { class: 'evening-games' }, evening.games.map((game) => h('li', null,
      h('strong', { text: known[game.game] || game.game }), ' · ',
      game.winners.length ? game.winners.join(', ') : t('end.no_winner'), ' · ',
      h('a', { href: `/replay/${code}?game=${game.index}`, 'data-link': true, text: t('evening.replay') })))));
}

// The podium of the night: its three best places (tied rows share a step), and each game of
// the evening with its winners.
export function podium(evening, titles) {
  const rows = evening.standings;
  const at = places(rows);
  const steps = [...new Set(at)].slice(0, 3);
  return h('div', { class: 'tv-night' },
    h('h1', { class: ['tv-title', 'tv-night-title'], text: t('evening.podium') }),
    h('ol', { class: 'tv-podium tv-night-podium' }, steps.map((place, index) => h('li', { class: `step step-${index + 1}` },
      h('span', { class: 'place', text: String(place) }),
      h('span', { class: 'names', text: rows.filter((_, row) => at[row] === place).map((row) => row.name).join(', ') }),
      h('span', { class: 'evening-points', text: points(rows[at.indexOf(place)].points) })))),
    h('div', { class: 'tv-night-games' },
      h('h2', { text: t('evening.games_title') }),
      h('ol', { class: 'tv-night-list' }, evening.games.map((game) => h('li', null,
        h('span', { class: 'evening-game', text: titles[game.game] || game.game }), ' ',
        h('span', { class: 'evening-winners', text: game.winners.length ? game.winners.join(', ') : t('end.no_winner') }))))));
}

// The host ends the evening once a game of it is over: the TV shows the podium of the night.
export function endEvening(ctx) {
  const { evening } = ctx.room;
  if (!evening || !evening.played) return null;
  if (evening.over) return h('p', { class: 'muted', role: 'status', text: t('evening.ended') });
  return ctx.room.you && ctx.room.you.host
    ? button(t('evening.end'), () => ctx.lobby('end_evening'), { class: 'end-evening', 'data-key': 'end-evening' }) : null;
}
