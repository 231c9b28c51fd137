/**
 * What a game gives the replay viewer: it reads and verifies its own records and shows them on
 * its own game screen (the same views as live play, fed the engine's projection of each step).
 * The viewer's chrome (source, controls, speed, perspective, sharing) is the table's: ReplayScreen.
 */
import type { ColourId, RecordSeat } from '@samurai/shared';
import { COLOUR_IDS } from '@samurai/shared';
import { t } from '../i18n/i18n';

/** Who sat where, as the room's history keeps it; a record file alone names nobody. */
export interface ReplaySeat {
  readonly name: string;
  readonly colour: string;
  /** The bot's level, or null for a person. */
  readonly bot: string | null;
}

/** What the viewer tells a game's replay. */
export interface ReplayContext {
  /** Per seat, from the room's history; null (or a null seat) where unknown: seats are then numbered. */
  readonly seats: readonly (ReplaySeat | null)[] | null;
  /** Where the record can be downloaded again (the room's record, or the file itself). */
  readonly recordUrl: string;
  notify(text: string, kind?: 'info' | 'error'): void;
  /** Back to the home page. */
  home(): void;
}

export interface PerspectiveOption {
  /** A seat's number, 'spectator' or 'everything'. */
  readonly value: string;
  readonly label: string;
}

/** A verified record on the game's own screen: one step, through one perspective, at a time. */
export interface ReplayShow {
  readonly el: HTMLElement;
  /** Steps 0 … steps-1: 0 the game's first position, the last its end. */
  readonly steps: number;
  /** The seats, a spectator and everything; `value` is what `show` takes. Asked again when the language changes. */
  readonly perspectives: readonly PerspectiveOption[];
  /** The step one turn on (1) or back (-1) from `step`. */
  turnStep(step: number, direction: 1 | -1): number;
  /** Where `step` is in the game, in words ("Turn 12 of 40 · Ann plays"). */
  describe(step: number): string;
  show(step: number, perspective: string): void;
  /** The step at which line `line` of the log (as shown now, at `step`) happened; null when none. */
  stepOfLogLine(line: number, step: number): number | null;
  destroy(): void;
}

export type ReplayOpened = { readonly ok: true; readonly show: ReplayShow } | { readonly ok: false; readonly rule: string; readonly message: string };

/** A game's replay code, loaded on demand with its screen. */
export interface ReplayModule {
  /** Verifies the record through the engine; a refusal names the rule it breaks. */
  open(json: unknown, context: ReplayContext): ReplayOpened;
}

/** A game's entry for the viewer (in its GameClient): which records it reads, and its code. */
export interface GameReplay {
  /** The record format it reads (the record's `format`, as '<game>-record/1'). */
  readonly format: string;
  load(): Promise<ReplayModule>;
}

/** The seat's name and colour where known; "Seat N" (in the interface's language) in the table's Nth colour otherwise. */
export function seatOf(seats: ReplayContext['seats'], index: number): ReplaySeat {
  const known = seats?.[index];
  if (known) return known;
  return { name: t('replay.seat', { n: index + 1 }), colour: COLOUR_IDS[index % COLOUR_IDS.length] as ColourId, bot: null };
}

/** Who sat where, for a record downloaded from the replay: every seat, or null when any is unknown. */
export function knownRecordSeats(seats: ReplayContext['seats']): RecordSeat[] | null {
  return seats && seats.every((s) => s !== null) ? seats.map((s) => ({ name: s!.name, colour: s!.colour, bot: s!.bot })) : null;
}

/** A replay's perspectives in the viewer's order: everything, each seat by name, a spectator (labels in the game's words). */
export function seatPerspectives(
  players: number,
  seats: ReplayContext['seats'],
  labels: { readonly everything: string; readonly spectator: string },
): PerspectiveOption[] {
  const options: PerspectiveOption[] = [{ value: 'everything', label: labels.everything }];
  for (let s = 0; s < players; s++) options.push({ value: String(s), label: seatOf(seats, s).name });
  options.push({ value: 'spectator', label: labels.spectator });
  return options;
}
