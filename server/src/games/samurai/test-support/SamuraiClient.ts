import {
  BOTS,
  BotName,
  ClientMessages,
  ClientMessageType,
  ClientRoomState,
  CreateOptions,
  decodeLogEntry,
  ErrorMessage,
  JoinOptions,
  legalMoves,
  moveToIntent,
  parseJoinError,
  randomBot,
  ROOM_NAME,
  Rng,
  seededRng,
  tableFromRoomState,
  TileId,
  unpackHand,
} from '@samurai/shared';
import { RoomClient } from '../../../test-support/RoomClient';

/** A real colyseus.js client in a Samurai room, with what it received kept for assertions. */
export class SamuraiClient extends RoomClient<ClientRoomState, ErrorMessage> {
  /** The tiles drawn at the end of each of this player's turns, as its own seat showed them. */
  readonly drawn: TileId[][] = [];
  private logSeen = { game: 0, length: 0 };
  private autoPlaying: (() => void) | null = null;

  static async create(url: string, options: CreateOptions): Promise<SamuraiClient> {
    const client = new SamuraiClient(await RoomClient.connect<ClientRoomState>(url, ROOM_NAME, null, options));
    await client.ready();
    return client;
  }

  /**
   * Tries to create (code null) or join a room and expects a refusal: resolves with the error's
   * code as colyseus.js reports it (our JOIN_REFUSED, an HTTP status such as 429, or a Colyseus
   * code such as 4212) and our error code from its message, or null if it was let in.
   */
  static refusal(url: string, code: string | null, options: object): Promise<{ code: number; error: string | null; message: string } | null> {
    return RoomClient.refusalIn(url, ROOM_NAME, code, options, parseJoinError);
  }

  static async join(url: string, code: string, options: JoinOptions): Promise<SamuraiClient> {
    const client = new SamuraiClient(await RoomClient.connect<ClientRoomState>(url, ROOM_NAME, code, options));
    await client.ready();
    return client;
  }

  /** A seat's time as the server has it now, in tenths of a second: every figure goes to a newcomer with its first state. */
  static async clockLeft(url: string, code: string, seat: number): Promise<number> {
    const peek = await SamuraiClient.join(url, code, { role: 'spectator' });
    const tenths = peek.state.seats[seat].clockLeft;
    await peek.leave();
    return tenths;
  }

  protected override onStateArrived(): void {
    this.noteDraws();
  }

  protected override onChange(): void {
    this.autoPlaying?.();
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

  /**
   * Plays for this seat whenever it has to act, as a person would: from what this browser
   * received (tableFromRoomState), with an engine bot choosing. The server passes for the seat
   * when passing is all it can do.
   */
  autoPlay(bot: BotName = 'random', rng: Rng = seededRng(1)): void {
    let lastActed = '';
    let handSentInGame = -1;
    this.autoPlaying = () => {
      const state = this.room.state;
      const seat = this.seat;
      if (seat === 'spectator' || state.seats[seat]?.hand === undefined) return;
      const phase = state.phase;
      const mustChoose = phase === 'hands' && !state.seats[seat].handChosen && handSentInGame !== state.game;
      const toAct = (phase === 'pieces' || phase === 'play') && state.seat === seat;
      if (!mustChoose && !toAct) return;
      const key = `${state.game}:${phase}:${state.log.length}:${state.seat}`;
      if (key === lastActed) return; // already answered this position
      lastActed = key;
      const table = tableFromRoomState(state, seat);
      if (toAct) {
        const moves = legalMoves(table, seat);
        if (moves.length === 1 && moves[0].type === 'pass') return;
      }
      const move = (mustChoose ? randomBot : BOTS[bot]).chooseMove(table, seat, rng);
      if (mustChoose) handSentInGame = state.game;
      const { type, payload } = moveToIntent(move);
      this.sendRaw(type, payload);
    };
    this.autoPlaying();
  }

  stopAutoPlay(): void {
    this.autoPlaying = null;
  }
}
