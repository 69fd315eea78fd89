// Which module draws which game (loaded on demand).

export const GAME_MODULES = {
  'timos-twist': './timos-twist.js',
  'time-bomb': './time-bomb.js',
  'times-up': './times-up.js',
};

export function loadGame(name) {
  return import(GAME_MODULES[name]);
}
