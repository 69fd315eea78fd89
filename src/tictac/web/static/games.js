// The server's list of games (titles, player counts, options, bot kinds), fetched once.

import { api } from './session.js';

let pending = null;

export function gamesInfo() {
  if (!pending) pending = api('GET', '/api/games').catch((error) => { pending = null; throw error; });
  return pending;
}

export async function gameInfo(name) {
  return (await gamesInfo()).find((game) => game.name === name) || null;
}
