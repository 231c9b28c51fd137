import type { ClientTableState, TableMessages, TableMessageType, TableOptions } from '@samurai/shared';
import type { GameReplay } from '../replay/game-replay';
import type { GameTutorial } from '../tutorial/tutorial-game';
import type { GameModel, Identity } from './table-model';

/** The table's requests, the same in every game, with their payloads. */
export type TableRequests = { [K in TableMessageType]: TableMessages[K]['_zod']['input'] };

/** What the table gives a game's screen: the room, the toasts, and what this browser keeps. */
export interface TableActions {
  /** Sends a request to the room (the game's screen knows its game's requests). */
  send(type: string, payload?: unknown): void;
  leave(): void;
  notify(text: string, kind?: 'info' | 'error'): void;
  /** Where the record of the room's last finished game downloads from. */
  recordUrl(): string;
  /** The page that replays the room's game `game` once it has ended ("Watch again"). */
  replayUrl(game: number): string;
  /**
   * The table's own controls for the game's header bar: who is watching, the turn alerts'
   * sound and notification switches. The same element for the screen's life: the table keeps it current.
   */
  readonly tableBar: HTMLElement;
  /** The seats' clocks, kept current by the table, for the players' panels and the turn banner. */
  readonly clocks: SeatClockFaces;
  /**
   * A choice picked in this room's game `game` but not yet sent, kept under `name` so a reload
   * keeps it: as saved (JSON), or null. Check it before use: storage is the user's to edit.
   */
  draft(name: string, game: number): unknown;
  /** Keeps a draft (JSON-serialisable); null forgets it. */
  saveDraft(name: string, game: number, picks: unknown): void;
}

/** The seats' clocks as a game's screen places them (hidden where the room has no clock). */
export interface SeatClockFaces {
  /** Seat `seat`'s clock, for its player panel: the same element for the table's life (a panel drawn again puts it back). */
  seat(seat: number): HTMLElement;
  /** The clock for the turn banner: yours while it runs, else that of `acting`, the seat the game waits for (-1: none). */
  banner(acting: number): HTMLElement;
}

/** A game's screen: from the first deal to the end of the game, and through rematches. */
export interface GameScreenView<Model extends GameModel = GameModel> {
  readonly el: HTMLElement;
  /** Built for a spectator: the table builds a new screen when that changes. */
  readonly spectator: boolean;
  /** A new model after a state patch. */
  update(model: Model): void;
  /** The room refused the last request (the table has shown why). */
  refused(): void;
  destroy(): void;
}

/**
 * A game as the client shows it: everything else (home, lobby, connection, seats, reclaim) is
 * the table's. One per game, listed in games/registry.ts.
 */
export interface GameClient<Options extends TableOptions = TableOptions, Model extends GameModel<Options> = GameModel<Options>> {
  /** The room type: the server's name for the game, and the room state's `gameType`. */
  readonly type: string;
  /** The game's name, as the home screen, the lobby and the window's title show it. */
  readonly title: string;
  /** One line about the game, under its name on the home screen. */
  readonly tagline: string;
  /** The game's emblem, SVG markup in `color`. */
  emblem(color: string): string;
  /** The room's options unless someone changes them (the server's defaults). */
  readonly defaultOptions: Options;
  /** What the home screen proposes for a new room, over the defaults. */
  readonly suggestedOptions: Partial<Options>;
  /**
   * The options as a form (the home screen's, and the host's in the lobby); `onChange` gets the
   * one option changed; `unavailable` says why a choice cannot be made now, or null.
   */
  optionsForm(
    values: Options,
    onChange: (patch: Partial<Options>) => void,
    idPrefix: string,
    unavailable?: (key: keyof Options & string, value: string | number) => string | null,
  ): HTMLElement;
  /** The options as text, for everyone in the lobby but the host. */
  optionsSummary(values: Options): HTMLElement;
  /** A bot level in words, for a bot's seat. */
  botLevelLabel(level: string): string;
  /** Shows the rules. */
  openRules(): void;
  /** The model the screens show, from a room state whose `gameType` is this game's. */
  model(state: ClientTableState, identity: Identity): Model;
  /** The game's screen, once the lobby is over. */
  newScreen(actions: TableActions, model: Model): GameScreenView<Model>;
  /**
   * Whether the game waits for you now: a move, a choice or an answer your seat owes (false when
   * watching, and while the server plays for you). The table's turn alerts follow it: the window
   * title, the favicon's badge, the sound, the notification and the vibration.
   */
  owesAction(model: Model): boolean;
  /** The replay viewer's part: the records this game reads and shows again; none where it has no replay. */
  readonly replay?: GameReplay;
  /** The guided first game against a bot (`/?learn=<type>`), loaded on demand; none where it has no lesson. */
  readonly tutorial?: GameTutorial;
  /** A refusal's code as a person reads it in the interface's language (the game's own codes), or null for a code not the game's. */
  errorText?(code: string): string | null;
}

// Any game at all: the registry's entries, each typed by its own options and model. `any`, since a
// game's options form takes its own options (wider than the table's): no other type holds them all.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameClient = GameClient<any, any>;
