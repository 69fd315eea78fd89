// The UNO-like game both peer servers play, as plain functions on plain data, so that the
// Colyseus room and the boardgame.io game differ only in how their framework keeps, hides and
// sends the state: 5 players, a hand of 7, a card played on the pile must match its colour or
// its number, a player who holds no such card draws one (and the turn passes). A player who
// empties their hand starts a new deal, so a room plays for as long as the bench runs.
//
// A card is a number: colour * 10 + value (4 colours, values 0 to 9), each twice in the deck.

export const SEATS = 5;
export const HAND = 7;
const COLOURS = 4;
const VALUES = 10;

export const matches = (card, top) =>
  Math.floor(card / VALUES) === Math.floor(top / VALUES) || card % VALUES === top % VALUES;

export const playable = (hand, top) => hand.filter((card) => matches(card, top));

/** A fresh deal: `shuffle(array)` returns the array shuffled (each framework brings its own). */
export function deal(shuffle) {
  const deck = [];
  for (let copy = 0; copy < 2; copy++) {
    for (let card = 0; card < COLOURS * VALUES; card++) deck.push(card);
  }
  const shuffled = shuffle(deck);
  const hands = [];
  for (let seat = 0; seat < SEATS; seat++) hands.push(shuffled.splice(0, HAND));
  return { deck: shuffled, pile: [shuffled.pop()], hands };
}

/** Why `seat` may not play `card` on `game` (or null), before the move is made. */
export function refusal(game, seat, card) {
  const hand = game.hands[seat];
  if (!hand.includes(card)) return "card_not_held";
  if (!matches(card, game.pile[game.pile.length - 1])) return "card_does_not_match";
  return null;
}

/** Plays a card `refusal` allowed; true if the hand is now empty (time for a new deal). */
export function play(game, seat, card) {
  const hand = game.hands[seat];
  hand.splice(hand.indexOf(card), 1);
  game.pile.push(card);
  return hand.length === 0;
}

/** `seat`, holding nothing playable, draws a card (the pile, but its top, shuffled back when
 * the deck is empty). */
export function draw(game, seat, shuffle) {
  if (game.deck.length === 0) {
    const top = game.pile.pop();
    game.deck = shuffle(game.pile);
    game.pile = [top];
  }
  if (game.deck.length > 0) game.hands[seat].push(game.deck.pop());
}

export function shuffled(array) {
  for (let i = array.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [array[i], array[j]] = [array[j], array[i]];
  }
  return array;
}
