/**
 * Whether a replay or a late spectator's look-back animates a change of what it shows. Live play
 * animates each move (a capture flies to its winner, a card to the discard pile); so may one step
 * on. Anything else is no move of the game: a step back would fly a card from the discard pile
 * back into a hand, and a jump would fly every capture of the turns skipped. Those positions are
 * drawn at once.
 */

/** One step on from `from` (null: nothing shown yet) to `to`, steps numbered in order. */
export function animatesStep(from: number | null, to: number): boolean {
  return from !== null && to === from + 1;
}

/** Where a look-back stands: the index of the moment shown among those offered, the live game last. */
export interface LookBackPosition {
  readonly index: number;
  /** Following the game as it is played. */
  readonly live: boolean;
}

/**
 * A look-back's change animates when it follows the game live (live play, however far the game
 * moved meanwhile) or steps one moment on (the last moment's step on is to the live game).
 */
export function lookBackAnimates(from: LookBackPosition | null, to: LookBackPosition): boolean {
  if (from?.live && to.live) return true;
  return from !== null && animatesStep(from.index, to.index);
}
