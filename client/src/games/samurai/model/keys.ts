/**
 * What the keyboard means on the game screen: on the board, arrows move the focus among the
 * targets, Enter or Space chooses, Escape steps back; anywhere, U takes back, E ends the turn and
 * H asks for a hint. Pure: the screen does what these say.
 */
import type { Direction } from '../board/hex-layout';

export type BoardKey = { readonly kind: 'focus'; readonly direction: Direction } | { readonly kind: 'choose' } | { readonly kind: 'back' };

const ARROWS: Readonly<Record<string, Direction>> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

/** A key pressed on the board, or null for one it leaves alone. */
export function boardKey(key: string): BoardKey | null {
  const direction = ARROWS[key];
  if (direction) return { kind: 'focus', direction };
  if (key === 'Enter' || key === ' ') return { kind: 'choose' };
  if (key === 'Escape') return { kind: 'back' };
  return null;
}

export const SHORTCUTS = ['undo', 'endTurn', 'hint'] as const;
export type Shortcut = (typeof SHORTCUTS)[number];

const SHORTCUT_KEYS: Readonly<Record<string, Shortcut>> = { u: 'undo', e: 'endTurn', h: 'hint' };

/** Where a shortcut key was pressed: a modifier held, in a text field, with a dialog open. */
export interface KeyContext {
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly typing: boolean;
  readonly dialogOpen: boolean;
}

/** The shortcut a key press asks for: none with a modifier held, while typing, nor with a dialog open. */
export function shortcut(key: string, context: KeyContext): Shortcut | null {
  if (context.typing || context.ctrlKey || context.metaKey || context.altKey || context.dialogOpen) return null;
  return SHORTCUT_KEYS[key.toLowerCase()] ?? null;
}
