/** What a game gives the command-line tools: its simulate, bench, match and replay pieces. */
import type { ExpertBudget, MatchGameResult } from '../match-games';

/** The line `replay` prints for one record (its file aside). */
export type ReplayLine = { ok: boolean } & Record<string, unknown>;

export interface ToolGame {
  /** Its name on the command line (--game). */
  readonly name: string;
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
    readonly levels: readonly string[];
    readonly playerCounts: readonly number[];
    /** Game number `g` of a match between `levels` (one per seat, rotated by g) from `seed`. */
    readonly play: (levels: readonly string[], g: number, seed: number, budget: ExpertBudget) => MatchGameResult;
  };
  readonly replay: {
    /** The `format` its records carry. */
    readonly format: string;
    /** Verifies one parsed record of its format. */
    check(json: unknown): ReplayLine;
  };
}
