/**
 * What a game gives the command-line tools beside its rules: its contract (shared/src/games/<game>/game.ts)
 * names it and gives its bots, views, legal check and records; the rest here is the tools' own,
 * its quick loop of whole games and its figures.
 */
import type { ContractBot, GameContract, Rng } from '@samurai/shared';

/** The line `replay` prints for one record (its file and game aside). */
export type ReplayLine = { ok: boolean } & Record<string, unknown>;

export interface ToolGame<State, Move> {
  /** Its rules as the table runs them: its name (--game), bots, views, legal check, records. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly contract: GameContract<any, Move, any, any, any, any>;
  /** The contract's state around the engine's (what its views, checks and records read). */
  tableOf(state: State): unknown;
  readonly simulate: {
    /** Its options beyond the shared ones (--players, --games, --seed, --bot, --records). */
    readonly options: readonly string[];
    /** Its line of the usage text. */
    readonly usage: string;
    /** Plays the games the options ask for and returns the summary printed. */
    run(values: Record<string, string | undefined>, usage: string): object;
  };
  /** Measures the engine for about `seconds` per figure, printing as it goes. */
  bench(seconds: number): void;
  /** `bench --match`: games between bot levels (match-games.ts). */
  readonly match: {
    readonly playerCounts: readonly number[];
    /** A searching level's bot at a match's budget (its level's own where the budget leaves it). */
    searchingBot(options: object): ContractBot<unknown, Move>;
    /** A whole game between `bots` (each handed the whole state), played by the engine's own loop: its winners. */
    play(players: number, bots: readonly ContractBot<State, Move>[], gameRng: Rng, botRng: Rng): readonly number[];
  };
  readonly replay: {
    /** The `format` its records carry. */
    readonly format: string;
    /** The line for what the contract's `verifyRecord` said of one record. */
    line(checked: { readonly ok: boolean }): ReplayLine;
  };
  /** A game played on a board prints it (`npm run -s board`). */
  readonly board?: {
    readonly playerCounts: readonly number[];
    /** The board for `players`, as JSON. */
    describe(players: number): object;
  };
}

/** A game's tools with its types forgotten, as the registry holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyToolGame = ToolGame<any, any>;
