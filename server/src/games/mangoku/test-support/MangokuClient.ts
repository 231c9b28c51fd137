import { JoinOptions, mangoku } from '@samurai/shared';
import { RoomClient } from '../../../test-support/RoomClient';
import { ContractClient, TableClient } from '../../../test-support/TableClient';

const { ROOM_NAME, viewFromRoomState } = mangoku;

/**
 * A real colyseus.js client in a Mangoku room, with what it received kept for assertions: the
 * table client (which plays through the game's contract) with Mangoku's requests and view.
 */
export class MangokuClient extends ContractClient<mangoku.ClientRoomState, mangoku.ErrorMessage> {
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

  static refusal(url: string, code: string | null, options: object, game: string = ROOM_NAME): ReturnType<typeof TableClient.refusal> {
    return TableClient.refusal(url, code, options, game);
  }

  send<K extends mangoku.ClientMessageType>(type: K, payload?: mangoku.ClientMessages[K]): void {
    this.room.send(type, payload);
  }

  /** The engine's view of the game as this browser has it (null in the lobby). */
  get roomView(): mangoku.RoomView | null {
    return viewFromRoomState(this.state, this.seat);
  }

  override get view(): mangoku.GameView {
    const rebuilt = this.roomView;
    if (!rebuilt) throw new Error('no game yet');
    return rebuilt.view;
  }

  /** Sends an engine move as the client would (its seat is the server's knowledge). */
  override sendMove(move: mangoku.Move): void {
    super.sendMove(move);
  }
}
