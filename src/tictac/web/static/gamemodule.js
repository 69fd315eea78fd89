// The contract between the web client and a game's JS module: what a module exports, and the
// one signature the client calls each export with. Built-in and plugged-in games follow it the
// same way; `loadGame` (games.js) refuses a module that does not, naming what is wrong, and
// tests/browser/test_game_modules.py checks every game's module and this file's two halves.

/**
 * A room as the server sends it (docs/protocol.md, "room"): code, game, title, status, seats…
 * @typedef {object} Room
 */

/**
 * A seat's view of the game (docs/protocol.md, "view"): the game's own fields, with `seat`,
 * `to_act`, `legal`, `over` and `outcome` for every game.
 * @typedef {object} View
 */

/**
 * One public event of a move (docs/protocol.md, "events"): `{type, ...}`, the game's own.
 * @typedef {object} GameEvent
 */

/**
 * What a screen is given to draw and act: live.js `context()`; a replay's is read-only.
 * @typedef {object} Context
 * @property {string} code
 * @property {Room} room
 * @property {View} view
 * @property {boolean} readonly  a replay: draw, offer nothing
 * @property {import('./movelog.js').MoveLog | null} moves  the page's move log (null in a replay)
 * @property {(action: object) => void} act  sends the action with the version of the view drawn
 * @property {boolean} [acted]  an action was sent on this view and not refused: a control about
 *   what the view shows waits for the next view (a replay's context has none)
 * @property {(op: string, fields?: object) => void} lobby
 */

/**
 * A mounted phone screen. `update` redraws from a context; `events` (optional) is given the
 * events of each view once, after its `update`; `destroy` (optional) runs when it goes.
 * @typedef {object} Screen
 * @property {(ctx: Context) => void} update
 * @property {(events: GameEvent[], ctx: Context) => void} [events]
 * @property {() => void} [destroy]
 */

/**
 * What the TV gives a game's `tv` beside the view: the events of the view just received (empty
 * on other redraws, so an animation runs once), a `memory` object kept while the TV's game
 * screen is up, and the page's move log.
 * @typedef {object} TvFeed
 * @property {GameEvent[]} events
 * @property {object} memory
 * @property {import('./movelog.js').MoveLog} log
 */

/**
 * A sound: notes of [start s, frequency Hz, length s, waveform, loudness 0-1] (sound.js).
 * @typedef {Array<[number, number, number, OscillatorType, number]>} Notes
 */

/**
 * A game's JS module.
 * @typedef {object} GameModule
 * @property {(root: HTMLElement, ctx: Context) => Screen} mount
 *   The phone's screen during play (and a replay's steps).
 * @property {(view: View, room: Room, feed: TvFeed) => (Node | Array<Node | null>)} tv
 *   The shared screen during play, drawn again whole from each update.
 * @property {(view: View, room: Room, moves: import('./movelog.js').MoveLog | null) => Node} summary
 *   The end: scores and what the game reveals. `moves` is the page's move log, or null where
 *   the end has no room for what the log tells (the TV, beside its podium) or no log (a replay).
 * @property {(event: GameEvent, room: Room, earlier: GameEvent[]) => (string | null)} [describe]
 *   One line of the move log for an event (null: not worth a line); `earlier` are the events
 *   logged before it.
 * @property {(event: GameEvent, room: Room, seat: number) => (string | null)} [toYou]
 *   What an event did to the player at `seat`, told on their phone as a toast (null: nothing).
 * @property {(view: View, room: Room) => string} [turnText]
 *   What a screen reader says when it becomes the player's turn (announce.js), in the game's
 *   words; without it, a plain "Your turn".
 * @property {(name: string, values: object, players: number) => boolean} [optionApplies]
 *   Whether the lobby shows option `name` for the values chosen so far; all options without it.
 * @property {(box: HTMLElement, ctx: Context, info: object) => void} [lobbyPanel]
 *   Draws the game's own section of the lobby (Time's Up: its teams) into `box`, given the
 *   game's entry of /api/games; without it the lobby has no such section.
 * @property {(ctx: Context) => (Node | null)} [endTools]
 *   The game's own tool on a phone's end screen, under "Play again" (Time's Up: the host saves
 *   the names the players wrote as a shared deck), or null for none.
 * @property {(event: GameEvent) => (string | null)} [cue]
 *   The name of the sound the TV plays for an event (one of `sounds`, or a shared one of
 *   sound.js: `turn`, `five`, `timeup`), or null for none.
 * @property {Object<string, Notes>} [sounds]  the game's own sounds, by the names `cue` gives
 * @property {(ballot: object, choice: object, room: Room) => string} [audienceChoice]
 *   A choice's words on the audience's ballot (docs/protocol.md, "audience"); without it, the
 *   name of the seat the choice names.
 * @property {(found: object, room: Room, brief: boolean) => AudienceResults} [audienceResults]
 *   How the audience did, from the `results` the game's ballot declares on the server; a game
 *   whose `GameInfo` declares an audience has it. `brief`: the TV's end, beside the podium.
 */

/**
 * How the audience did, in lines: `voted` says whether anyone voted (a room nobody voted in
 * keeps the TV's end screen to the game).
 * @typedef {object} AudienceResults
 * @property {boolean} voted
 * @property {string[]} lines
 */

// Each export of the typedef: a function of that many parameters, or (`sounds`) a table.
// A module's functions declare every parameter, none with a default, so `length` tells.
export const EXPORTS = {
  mount: { params: 2, required: true },
  tv: { params: 3, required: true },
  summary: { params: 3, required: true },
  describe: { params: 3 },
  toYou: { params: 3 },
  turnText: { params: 2 },
  optionApplies: { params: 3 },
  lobbyPanel: { params: 3 },
  endTools: { params: 1 },
  cue: { params: 1 },
  sounds: { table: true },
  audienceChoice: { params: 3 },
  audienceResults: { params: 3 },
};

// What `module` lacks or gets wrong against the typedef, one line each (empty: it follows it).
export function contractProblems(module) {
  const problems = [];
  for (const [name, shape] of Object.entries(EXPORTS)) {
    const value = module[name];
    if (value === undefined) {
      if (shape.required) problems.push(`no ${name}`);
    } else if (shape.table) {
      if (typeof value !== 'object' || value === null) problems.push(`${name} is not a table`);
    } else if (typeof value !== 'function') {
      problems.push(`${name} is not a function`);
    } else if (value.length !== shape.params) {
      problems.push(`${name} takes ${value.length} parameters, not ${shape.params}`);
    }
  }
  return problems;
}
