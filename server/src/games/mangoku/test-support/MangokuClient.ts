import { BotName, JoinOptions, mangoku, parseJoinError, Rng, seededRng } from '@samurai/shared';
import { RoomClient } from '../../../test-support/RoomClient';

const { BOTS, legalMoves, moveToIntent, ROOM_NAME, viewFromRoomState } = mangoku;

/** A real colyseus.js client in a Mangoku room, with what it received kept for assertions. */
export class MangokuClient extends RoomClient<mangoku.ClientRoomState, mangoku.ErrorMessage> {
  private autoPlaying: (() => void) | null = null;
  /** The position autoPlay last sent a move in (its move may still be on its way). */
  private lastActed = '';

  static async create(url: string, options: mangoku.CreateOptions): Promise<MangokuClient> {
    const client = new MangokuClient(await RoomClient.connect<mangoku.ClientRoomState>(url, ROOM_NAME, null, options));
    await client.ready();
    return client;
  }

  static async join(url: string, code: string, options: JoinOptions): Promise<MangokuClient> {
    const client = new MangokuClient(await RoomClient.connect<mangoku.ClientRoomState>(url, ROOM_NAME, code, options));
    await client.ready();
    return client;
  }

  static refusal(url: string, code: string | null, options: object): Promise<{ code: number; error: string | null; message: string } | null> {
    return RoomClient.refusalIn(url, ROOM_NAME, code, options, parseJoinError);
  }

  send<K extends mangoku.ClientMessageType>(type: K, payload?: mangoku.ClientMessages[K]): void {
    this.room.send(type, payload);
  }

  /** The engine's view of the game as this browser has it (null in the lobby). */
  get roomView(): mangoku.RoomView | null {
    return viewFromRoomState(this.state, this.seat);
  }

  get view(): mangoku.GameView {
    const rebuilt = this.roomView;
    if (!rebuilt) throw new Error('no game yet');
    return rebuilt.view;
  }

  /** Sends an engine move as the client would (its seat is the server's knowledge). */
  sendMove(move: mangoku.Move): void {
    const { type, payload } = moveToIntent(move);
    this.sendRaw(type, payload);
  }

  protected override onChange(): void {
    this.autoPlaying?.();
  }

  /**
   * Plays for this seat whenever it may act, as a person would: from what this browser received
   * (viewFromRoomState), with an engine bot choosing, plays, takes and answers alike.
   */
  autoPlay(bot: BotName = 'random', rng: Rng = seededRng(1)): void {
    this.autoPlaying = () => {
      const view = this.owedView();
      if (!view) return;
      // The position as this seat sees it: once acted on, it changes before it asks again.
      const key = this.positionKey();
      if (key === this.lastActed) return;
      this.lastActed = key;
      this.sendMove(BOTS[bot].chooseMove(view, this.seat as number, rng));
    };
    this.autoPlaying();
  }

  /**
   * Whether the game waits for this seat in what it holds now, and it has sent no move for this
   * position yet (one sent just before autoPlay stopped is still on its way, and the game goes on).
   */
  owesUnsentMove(): boolean {
    return this.owedView() !== null && this.positionKey() !== this.lastActed;
  }

  /** The seat's view when it may act now, else null. */
  private owedView(): mangoku.GameView | null {
    const state = this.room.state;
    const seat = this.seat;
    if (seat === 'spectator' || state.phase !== 'play' || state.seats[seat]?.hand === undefined) return null;
    const view = viewFromRoomState(state, seat)?.view;
    return view && legalMoves(view, seat).length > 0 ? view : null;
  }

  private positionKey(): string {
    const state = this.room.state;
    const own = state.seats[this.seat as number];
    return [state.game, state.log.length, state.step, state.turn, own.hand, own.answer, own.taken].join('|');
  }

  stopAutoPlay(): void {
    this.autoPlaying = null;
  }
}
