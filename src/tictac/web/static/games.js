// The server's manifest of games (`/api/games`, fetched once): titles, player counts, options,
// bot kinds, and where each game's JS module and rules pages are. A game's module holds its
// whole surface: `mount` (the phone screen), `tv` (the shared screen) and `summary` (the end).

import { api } from './session.js';

let pending = null;

export function gamesInfo() {
  if (!pending) pending = api('GET', '/api/games').catch((error) => { pending = null; throw error; });
  return pending;
}

export async function gameInfo(name) {
  return (await gamesInfo()).find((game) => game.name === name) || null;
}

export async function loadGame(name) {
  const info = await gameInfo(name);
  if (!info) throw new Error(`no game ${name}`);
  return import(info.module);
}
