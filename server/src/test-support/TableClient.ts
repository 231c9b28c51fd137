import {
  AnyGameContract,
  BotName,
  ClientTableState,
  ColourId,
  GAME_CONTRACTS,
  JoinOptions,
  parseJoinError,
  Rng,
  seededRng,
  TableErrorMessage,
  TableOptions,
} from '@samurai/shared';
import { GAMES } from '../games/registry';
import type { GameModule } from '../table/game-module';
import { RoomClient } from './RoomClient';

/**
 * The game a table test plays: the registry's first. The table knows no game, so any one will do;
 * a test that is about one game's rules lives in that game's folder.
 */
export const TEST_GAME: GameModule = GAMES[0];

/** A game's rules by its room type (the state's gameType). */
export function contractOf(gameType: string): AnyGameContract {
  const contract = GAME_CONTRACTS.find((c) => c.name === gameType);
  if (!contract) throw new Error(`no game named ${gameType}`);
  return contract;
}

/** What a room's creator sends: the table's options only, so that every game takes them. */
export interface TableCreateOptions {
  readonly name: string;
  readonly colour?: ColourId;
  readonly options?: Partial<TableOptions>;
}

/**
 * A real colyseus.js client in a room of any game, playing through the game's contract: its view
 * rebuilt from the state this client received, whether its seat owes a move, a bot to choose it.
 * A table test says "play any legal move for the seat that owes one", not which. Each game's
 * own test client extends it with its requests and what it checks.
 */
export class ContractClient<State extends ClientTableState = ClientTableState, ErrorMessage extends TableErrorMessage = TableErrorMessage> extends RoomClient<
  State,
  ErrorMessage
> {
  private autoPlaying: (() => void) | null = null;
  /** The position autoPlay last sent a move in (its move may still be on its way). */
  private lastActed = '';
  /** autoPlay's move is on its way: it waits for what the server sent back before it looks again. */
  private awaitingAnswer = false;

  /** The rules of this room's game. */
  get contract(): AnyGameContract {
    return contractOf(this.state.gameType);
  }

  /** The game as this client sees it, from what it received (null in the lobby). */
  get view(): unknown {
    const view: unknown = this.contract.viewFromRoom(this.state, this.seat);
    return view;
  }

  /** Sends an engine move as the client would (its seat is the server's knowledge). */
  sendMove(move: unknown): void {
    const { type, payload } = this.contract.request(move);
    this.sendRaw(type, payload);
  }

  /** Whether the game waits for a move this seat must choose, in what the client holds now. */
  owesMove(): boolean {
    return this.owedView() !== null;
  }

  /** A legal move for the seat, chosen by the game's bot of `level` from the client's view; null when it owes none. */
  chooseMove(level: BotName = 'random', rng: Rng = seededRng(1)): unknown {
    const view = this.owedView();
    return view === null ? null : this.contract.bots[level].chooseMove(view, this.seat as number, rng);
  }

  /**
   * Resolves once at least `moves` moves have been made from now on, as the public view shows them
   * (each move changes it: several in one patch count as one), or once the game is over.
   */
  waitForMoves(moves: number, timeoutMs = 30_000, what = `${moves} moves`): Promise<void> {
    const seen = new Set<string>();
    return this.waitFor(
      (s) => {
        if (s.phase === 'over') return true;
        seen.add(JSON.stringify(this.contract.viewFromRoom(s, 'spectator')));
        return seen.size > moves;
      },
      timeoutMs,
      what,
    );
  }

  protected override onChange(): void {
    this.autoPlaying?.();
  }

  /**
   * Plays for this seat whenever it owes a move, as a person would: from what this client received,
   * with the game's bot of `level` choosing. Each position is answered once (a refused move leaves
   * it as it was); after a move it waits for the server's answer to it before it looks again.
   */
  autoPlay(level: BotName = 'random', rng: Rng = seededRng(1)): void {
    // Started again (after a refusal, say), it answers the position it stands at too.
    this.lastActed = '';
    this.autoPlaying = () => {
      if (this.awaitingAnswer) return;
      const view = this.owedView();
      if (view === null) return;
      const key = this.positionKey(view);
      if (key === this.lastActed) return;
      this.lastActed = key;
      this.sendMove(this.contract.bots[level].chooseMove(view, this.seat as number, rng));
      this.awaitingAnswer = true;
      this.sync().then(
        () => {
          this.awaitingAnswer = false;
          this.autoPlaying?.();
        },
        () => {
          // The connection went (a test stops its server): nothing more to play.
          this.awaitingAnswer = false;
        },
      );
    };
    this.autoPlaying();
  }

  stopAutoPlay(): void {
    this.autoPlaying = null;
  }

  /**
   * Whether the game waits for this seat in what it holds now, and it has sent no move for this
   * position yet (one sent just before autoPlay stopped is still on its way, and the game goes on).
   */
  owesUnsentMove(): boolean {
    const view = this.owedView();
    return view !== null && this.positionKey(view) !== this.lastActed;
  }

  /** The position this seat must answer, as text: it changes once anything the seat sees changes. */
  positionKey(view: unknown = this.owedView()): string {
    return `${this.state.game}|${JSON.stringify(view)}`;
  }

  /** The seat's view when it owes a move now, else null. */
  private owedView(): unknown {
    const seat = this.seat;
    if (seat === 'spectator' || this.state.phase === 'lobby' || this.state.phase === 'over') return null;
    const view: unknown = this.contract.viewFromRoom(this.state, seat);
    return view !== null && this.contract.owesChoice(view, seat) ? view : null;
  }
}

/** A client in a room of the test game (or any game given), knowing only the table's requests. */
export class TableClient extends ContractClient {
  /** Creates a room of `game` (the test game unless told). */
  static async create(url: string, options: TableCreateOptions, game: string = TEST_GAME.name): Promise<TableClient> {
    const client = new TableClient(await RoomClient.connect<ClientTableState>(url, game, null, options));
    await client.ready();
    return client;
  }

  static async join(url: string, code: string, options: JoinOptions): Promise<TableClient> {
    const client = new TableClient(await RoomClient.connect<ClientTableState>(url, TEST_GAME.name, code, options));
    await client.ready();
    return client;
  }

  /**
   * Tries to create (code null) or join a room and expects a refusal: resolves with the error's
   * code as colyseus.js reports it (our JOIN_REFUSED, an HTTP status such as 429, or a Colyseus
   * code such as 4212) and our error code from its message, or null if it was let in.
   */
  static refusal(
    url: string,
    code: string | null,
    options: object,
    game: string = TEST_GAME.name,
  ): Promise<{ code: number; error: string | null; message: string } | null> {
    return RoomClient.refusalIn(url, game, code, options, parseJoinError);
  }

  /** A seat's time as the server has it now, in tenths of a second: every figure goes to a newcomer with its first state. */
  static async clockLeft(url: string, code: string, seat: number): Promise<number> {
    const peek = await TableClient.join(url, code, { role: 'spectator' });
    const tenths = peek.state.seats[seat].clockLeft;
    await peek.leave();
    return tenths;
  }
}
