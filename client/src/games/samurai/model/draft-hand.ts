import { HAND_SIZE, TILE_SET } from '@samurai/shared';

/** The table keeps the starting tiles picked but not yet confirmed under this name (TableActions.draft). */
export const DRAFT_HAND = 'hand';

/**
 * The starting tiles picked so far, as the table kept them: at most HAND_SIZE of a player's
 * tiles, each named once by its place in TILE_SET; anything else (storage is the user's to
 * edit) is no picks at all.
 */
export function draftHandOf(picks: unknown): number[] {
  const valid =
    Array.isArray(picks) &&
    picks.length <= HAND_SIZE &&
    new Set(picks).size === picks.length &&
    picks.every((p) => Number.isInteger(p) && p >= 0 && p < TILE_SET.length);
  return valid ? (picks as number[]) : [];
}
