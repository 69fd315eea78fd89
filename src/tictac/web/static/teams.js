// Time's Up's section of the lobby (its module's `lobbyPanel`), the teams: drawn at the start,
// shuffled now, or placed by tapping a player and then a team. The team sizes per player count
// come from the game (`client_info` of /api/games); the server checks every placement.

import { h, fill, refill, button } from './dom.js';
import { t } from './i18n.js';

let picked = null;

// Players -> team sizes as the game deals them; with a floating player (odd counts), the others'.
function teamSizes(info, players, oddPlayers) {
  const { team_sizes: sizes = {}, floating_sizes: floating = {} } = info.client_info;
  return (oddPlayers === 'float' && floating[players]) || sizes[players] || null;
}

function shuffledTeams(sizes, players) {
  const seats = Array.from({ length: players }, (_, seat) => seat);
  for (let i = seats.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [seats[i], seats[j]] = [seats[j], seats[i]];
  }
  return sizes.map((size) => seats.splice(0, size).sort((a, b) => a - b));
}

export function teamsEditor(box, ctx, info) {
  box.classList.add('teams');
  box.setAttribute('aria-labelledby', 'teams-title');
  const { room } = ctx;
  const isHost = room.you && room.you.host;
  const players = room.seats.length;
  const given = Array.isArray(room.options.teams) ? room.options.teams : null;
  const nameOf = (seat) => (room.seats[seat] ? room.seats[seat].name : `#${seat}`);
  const title = h('h2', { id: 'teams-title', text: t('teams.title') });
  const sizes = teamSizes(info, players, room.options.odd_players);
  const canDeal = Boolean(sizes);
  const shuffle = () => ctx.lobby('set_teams', { teams: shuffledTeams(sizes, players) });
  const tools = isHost && canDeal ? h('div', { class: 'buttons' },
    button(t('teams.shuffle'), shuffle),
    given ? button(t('teams.random_at_start'), () => ctx.lobby('set_options', { options: { ...room.options, teams: null } })) : null) : null;
  const validGiven = given && given.every((team) => team.every((seat) => seat < players));
  if (!validGiven) {
    fill(box, title, h('p', { text: canDeal ? t('teams.drawn') : t('teams.need', { min: info.min_players }) }), tools);
    return;
  }
  const placed = new Set(given.flat());
  const floating = room.seats.map((seat) => seat.seat).filter((seat) => !placed.has(seat));
  const move = (target) => {
    if (picked === null) return;
    const next = given.map((team) => team.filter((seat) => seat !== picked));
    if (target !== null) next[target].push(picked);
    picked = null;
    ctx.lobby('set_teams', { teams: next.filter((team) => team.length) });
  };
  // Tapping a second player swaps the two (team sizes stay legal); a team's button moves one.
  const swap = (one, other) => {
    const swapped = given.map((team) => team.map((seat) => (seat === one ? other : seat === other ? one : seat)));
    picked = null;
    ctx.lobby('set_teams', { teams: swapped });
  };
  const member = (seat) => (isHost
    ? button(nameOf(seat), (event) => {
      if (picked !== null && picked !== seat && placed.has(picked) && placed.has(seat)) {
        swap(picked, seat);
        return;
      }
      picked = picked === seat ? null : seat;
      for (const other of box.querySelectorAll('.member')) other.setAttribute('aria-pressed', String(other === event.currentTarget && picked !== null));
    }, { class: 'member', 'data-key': `member-${seat}`, 'aria-pressed': String(picked === seat) })
    : h('span', { class: 'member', text: nameOf(seat) }));
  const teamList = h('ol', { class: 'team-list' }, given.map((team, index) => h('li', { class: 'team' },
    h('h3', { text: t('teams.team', { n: index + 1 }) }),
    h('div', { class: 'members' }, team.map(member)),
    isHost ? button(t('teams.move_here'), () => move(index), { class: 'small', 'data-key': `move-${index}`, 'aria-label': t('teams.move_to', { n: index + 1 }) }) : null)));
  refill(box, title,
    isHost ? h('p', { class: 'muted', text: t('teams.how') }) : null,
    teamList,
    floating.length ? h('p', { class: 'floating' }, t('teams.floating'), ' ', floating.map(member)) : null,
    tools);
}
