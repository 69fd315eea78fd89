// The UNO-like game (../uno.mjs) as a Colyseus 0.16 room: the table in a schema, each hand a
// @view field that only its owner's StateView includes, every other seat's hand seen as its
// count. A patch is broadcast after each move (no patch interval), as tictac sends each
// move's views at once.
//
//     node server.mjs PORT

import { Room, Server } from "@colyseus/core";
import { ArraySchema, Schema, StateView, type, view } from "@colyseus/schema";
import { WebSocketTransport } from "@colyseus/ws-transport";

import "../collect.mjs";
import { SEATS, deal, draw, play, playable, refusal, shuffled } from "../uno.mjs";

class Seat extends Schema {
  constructor(id) {
    super();
    this.id = id;
    this.count = 0;
    this.hand = new ArraySchema();
  }
}
type("string")(Seat.prototype, "id");
type("uint8")(Seat.prototype, "count");
type(["uint8"])(Seat.prototype, "hand");
view()(Seat.prototype, "hand");

class Table extends Schema {
  constructor() {
    super();
    this.seats = new ArraySchema();
    this.top = 0;
    this.toAct = 0;
    this.version = 0;
  }
}
type([Seat])(Table.prototype, "seats");
type("uint8")(Table.prototype, "top");
type("uint8")(Table.prototype, "toAct");
type("uint32")(Table.prototype, "version");

class UnoRoom extends Room {
  maxClients = SEATS;

  onCreate() {
    this.state = new Table();
    this.patchRate = null;
    this.onMessage("play", (client, card) => this.move(client, card));
    this.onMessage("draw", (client) => this.move(client, null));
  }

  onJoin(client) {
    const seat = new Seat(client.sessionId);
    this.state.seats.push(seat);
    client.view = new StateView();
    client.view.add(seat);
    if (this.state.seats.length === SEATS) {
      this.lock();
      this.newDeal();
      this.broadcastPatch();
    }
  }

  newDeal() {
    this.game = deal(shuffled);
    this.state.seats.forEach((seat, index) => {
      seat.hand.clear();
      seat.hand.push(...this.game.hands[index]);
      seat.count = this.game.hands[index].length;
    });
    this.state.top = this.game.pile[this.game.pile.length - 1];
    this.state.version += 1;
  }

  move(client, card) {
    const index = this.state.seats.findIndex((seat) => seat.id === client.sessionId);
    const game = this.game;
    if (game === undefined || index !== this.state.toAct) {
      client.send("error", "not_your_turn");
      return;
    }
    const seat = this.state.seats[index];
    const hand = game.hands[index];
    if (card === null) {
      if (playable(hand, game.pile[game.pile.length - 1]).length > 0) {
        client.send("error", "has_playable_card");
        return;
      }
      draw(game, index, shuffled);
    } else {
      const refused = refusal(game, index, card);
      if (refused !== null) {
        client.send("error", refused);
        return;
      }
      if (play(game, index, card)) {
        this.state.toAct = (index + 1) % SEATS;
        this.newDeal();
        this.broadcastPatch();
        return;
      }
      this.state.top = card;
    }
    // The hand anew, not spliced: an ArraySchema splice was seen to reach clients wrong.
    seat.hand.clear();
    seat.hand.push(...hand);
    seat.count = hand.length;
    this.state.toAct = (index + 1) % SEATS;
    this.state.version += 1;
    this.broadcastPatch();
  }
}

const server = new Server({ transport: new WebSocketTransport() });
server.define("uno", UnoRoom);
await server.listen(Number(process.argv[2]), "127.0.0.1");
