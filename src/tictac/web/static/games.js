// The server's manifest of games (`/api/games`, fetched once): titles, player counts, options,
// bot kinds, and where each game's JS module, rules pages and words are. A game's module holds
// its whole surface, as gamemodule.js writes down.

import { api } from './session.js';

let pending = null;
const loaded = new Map(); // name -> the game's module, once `loadGame` loaded it

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
  // (the contract's table comes with the first game: the home page needs none)
  const [module, { contractProblems }] = await Promise.all([import(info.module), import('./gamemodule.js')]);
  const problems = contractProblems(module);
  if (problems.length) throw new Error(`${info.module}: ${problems.join('; ')}`);
  loaded.set(name, module);
  return module;
}

// The game's module if `loadGame` loaded it (a screen of the game is drawn), else null.
export function loadedGame(name) {
  return loaded.get(name) || null;
}
