import type { GameState } from './state';

/**
 * A game state as JSON text and back, for a room's durable log (a new game's deal is stored
 * whole, so restoring it needs no random generator). The board's byte arrays travel as plain
 * arrays; everything else is plain already.
 */
export function stateToJson(state: GameState): string {
  return JSON.stringify({ ...state, hexOwner: Array.from(state.hexOwner), hexTile: Array.from(state.hexTile) });
}

/** The inverse of stateToJson. Throws on text that is not a game state's shape (a broken log). */
export function stateFromJson(text: string): GameState {
  return stateFromParsed(JSON.parse(text));
}

/** stateToJson's text once parsed (inside a larger document, say). Throws when it is not a game state's shape. */
export function stateFromParsed(parsed: unknown): GameState {
  const raw = parsed as Omit<GameState, 'hexOwner' | 'hexTile'> & { hexOwner: number[]; hexTile: number[] };
  if (!raw || !Array.isArray(raw.hexOwner) || !Array.isArray(raw.hexTile) || !Array.isArray(raw.hands) || !Array.isArray(raw.stacks)) {
    throw new Error('not a Samurai game state');
  }
  return { ...raw, hexOwner: Int8Array.from(raw.hexOwner), hexTile: Int8Array.from(raw.hexTile) };
}
