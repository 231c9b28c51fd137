import {
  ClientMessages,
  ClientMessageType,
  ClientRoomState,
  CreateOptions,
  decodeLogEntry,
  ErrorMessage,
  JoinOptions,
  ROOM_NAME,
  TileId,
  unpackHand,
} from '@samurai/shared';
import { RoomClient } from '../../../test-support/RoomClient';
import { ContractClient, TableClient } from '../../../test-support/TableClient';

/**
 * A real colyseus.js client in a Samurai room, with what it received kept for assertions: the
 * table client (which plays through the game's contract) with Samurai's requests and draws.
 */
export class SamuraiClient extends ContractClient<ClientRoomState, ErrorMessage> {
  /** The tiles drawn at the end of each of this player's turns, as its own seat showed them. */
  readonly drawn: TileId[][] = [];
  private logSeen = { game: 0, length: 0 };

  static async create(url: string, options: CreateOptions): Promise<SamuraiClient> {
    const client = new SamuraiClient(await RoomClient.connect<ClientRoomState>(url, ROOM_NAME, null, options));
    await client.ready();
    return client;
  }

  static refusal(url: string, code: string | null, options: object, game: string = ROOM_NAME): ReturnType<typeof TableClient.refusal> {
    return TableClient.refusal(url, code, options, game);
  }

  static async join(url: string, code: string, options: JoinOptions): Promise<SamuraiClient> {
    const client = new SamuraiClient(await RoomClient.connect<ClientRoomState>(url, ROOM_NAME, code, options));
    await client.ready();
    return client;
  }

  protected override onStateArrived(): void {
    this.noteDraws();
  }

  /** A turn of ours that ended since the last state: its draw is in our seat's `drawn`. */
  private noteDraws(): void {
    const state = this.room.state;
    if (state.game !== this.logSeen.game) this.logSeen = { game: state.game, length: 0 };
    // A take-back removes its play from the log (the room sends a patch per move, so one at a time).
    if (this.logSeen.length > state.log.length) this.logSeen.length = state.log.length;
    const seat = this.seat;
    for (; this.logSeen.length < state.log.length; this.logSeen.length++) {
      const entry = decodeLogEntry(state.log[this.logSeen.length]);
      if (seat === 'spectator') continue;
      const ended = (entry.kind === 'end' || entry.kind === 'pass') && entry.seat === seat;
      if (ended) this.drawn.push(unpackHand(state.seats[seat].drawn ?? 0));
    }
  }

  send<K extends ClientMessageType>(type: K, payload?: ClientMessages[K]): void {
    this.room.send(type, payload);
  }
}
