/**
 * What a player is doing with the pointer or keyboard: a tile or piece chosen, then where it goes.
 * Targets come from the engine's own legal-move generation, so the board only ever offers what
 * the server will accept; a finished choice becomes an engine Move to send.
 */
import {
  boardFor,
  canSwap,
  checkMove,
  GameView,
  HEXES,
  legalPlacements,
  legalPlays,
  Move,
  movableTiles,
  PIECES,
  PlaceTileName,
  SETTLEMENTS,
  TILE_ID,
  TileName,
  TILES,
  turnHasNonFast,
  hexIndex,
} from '@samurai/shared';
import { t } from '../../../i18n/i18n';
import { castePhrase } from './words';

export interface PieceRef {
  readonly settlement: number;
  readonly caste: number;
}

export type Selection =
  | { readonly kind: 'none' }
  /** A tile placed on a hex (caste, samurai, ronin, ship). */
  | { readonly kind: 'tile'; readonly tile: PlaceTileName }
  /** The switch: the first piece once chosen. */
  | { readonly kind: 'switch'; readonly first: PieceRef | null }
  /** The move tile: the hex of the tile to move once chosen, else -1. */
  | { readonly kind: 'move'; readonly from: number }
  /** Setup: a caste from the supply, to put on a settlement. */
  | { readonly kind: 'caste'; readonly caste: number };

export const NO_SELECTION: Selection = { kind: 'none' };

/** A hex, or a piece on a settlement hex (caste >= 0). */
export interface Target {
  readonly hex: number;
  readonly caste: number;
}

export interface Step {
  readonly selection: Selection;
  /** The move to send when the choice is complete. */
  readonly move: Move | null;
}

function hexOfSettlement(settlement: number): number {
  return SETTLEMENTS[settlement].hex;
}

/** The selection a tile from the hand starts. */
export function selectTile(tile: TileName): Selection {
  if (tile === 'switch') return { kind: 'switch', first: null };
  if (tile === 'move') return { kind: 'move', from: -1 };
  return { kind: 'tile', tile };
}

/** The hand tile a selection belongs to, if any. */
export function selectedTile(selection: Selection): TileName | null {
  if (selection.kind === 'tile') return selection.tile;
  if (selection.kind === 'switch') return 'switch';
  if (selection.kind === 'move') return 'move';
  return null;
}

/** Why a tile in `seat`'s hand cannot be played now, or null when it can (it has a legal target). */
export function tileBlocked(view: GameView, seat: number, tile: TileName): string | null {
  if (view.phase !== 'play') return t('samurai.blocked.setup');
  if (view.seat !== seat) return t('samurai.blocked.wait');
  const info = TILES[TILE_ID[tile]];
  if (!info.fast && turnHasNonFast(view)) return t('samurai.blocked.oneNonFast');
  if (targets(view, seat, selectTile(tile)).length === 0) {
    if (info.target === 'tile') return t('samurai.blocked.noMove');
    if (info.target === 'pieces') return t('samurai.blocked.noSwitch');
    if (info.target === 'sea') return t('samurai.blocked.noSea');
    return t('samurai.blocked.noLand');
  }
  return null;
}

/** Every legal target for the selection, as the engine judges it. */
export function targets(view: GameView, seat: number, selection: Selection): Target[] {
  switch (selection.kind) {
    case 'none':
      return [];
    case 'caste': {
      const piece = PIECES[selection.caste];
      return legalPlacements(view, seat)
        .filter((m) => m.type === 'placePiece' && m.piece === piece)
        .map((m) => ({ hex: hexIndex((m as { hex: string }).hex), caste: -1 }));
    }
    case 'tile':
      return legalPlays(view, seat)
        .filter((p) => p.tile === selection.tile)
        .map((p) => ({ hex: hexIndex((p as { hex: string }).hex), caste: -1 }));
    case 'move': {
      if (!hasTile(view, seat, 'move') || view.phase !== 'play' || view.seat !== seat || turnHasNonFast(view)) return [];
      const emptyLand = boardFor(view.players).landHexes.filter((h) => view.hexOwner[h] < 0);
      if (emptyLand.length === 0) return [];
      if (selection.from < 0) return movableTiles(view, seat).map((hex) => ({ hex, caste: -1 }));
      return emptyLand.map((hex) => ({ hex, caste: -1 }));
    }
    case 'switch': {
      if (!hasTile(view, seat, 'switch') || view.phase !== 'play' || view.seat !== seat) return [];
      const pieces = piecesOf(view);
      const first = selection.first;
      if (first) return pieces.filter((p) => canSwap(view, first, p)).map(pieceTarget);
      return pieces.filter((p) => pieces.some((q) => canSwap(view, p, q))).map(pieceTarget);
    }
  }
}

function hasTile(view: GameView, seat: number, tile: TileName): boolean {
  return view.hands[seat]?.includes(TILE_ID[tile]) ?? false;
}

function piecesOf(view: GameView): PieceRef[] {
  const result: PieceRef[] = [];
  for (const s of boardFor(view.players).settlements) {
    for (let c = 0; c < 3; c++) if (view.pieces[s] & (1 << c)) result.push({ settlement: s, caste: c });
  }
  return result;
}

function pieceTarget(p: PieceRef): Target {
  return { hex: hexOfSettlement(p.settlement), caste: p.caste };
}

/**
 * The target a tap on (hex, caste) means, among `options`: the same hex, and for pieces the
 * piece under the finger, or the only legal piece of that settlement. null when it is none.
 */
export function matchTap(options: readonly Target[], hex: number, caste: number): Target | null {
  const here = options.filter((t) => t.hex === hex);
  if (here.length === 0) return null;
  return here.find((t) => t.caste === caste) ?? (here.length === 1 ? here[0] : null);
}

/**
 * Choosing `target` for the selection: the next selection, and the move once the choice is
 * complete. null when the target is not legal (nothing changes then).
 */
export function choose(view: GameView, seat: number, selection: Selection, target: Target): Step | null {
  const legal = targets(view, seat, selection).some((t) => t.hex === target.hex && t.caste === target.caste);
  if (!legal) return null;
  const name = HEXES[target.hex].name;
  let step: Step;
  switch (selection.kind) {
    case 'none':
      return null;
    case 'caste':
      step = { selection, move: { type: 'placePiece', seat, hex: name, piece: PIECES[selection.caste] } };
      break;
    case 'tile':
      step = { selection: NO_SELECTION, move: { type: 'play', seat, play: { tile: selection.tile, hex: name } } };
      break;
    case 'move':
      if (selection.from < 0) return { selection: { kind: 'move', from: target.hex }, move: null };
      step = {
        selection: NO_SELECTION,
        move: { type: 'play', seat, play: { tile: 'move', from: HEXES[selection.from].name, to: name } },
      };
      break;
    case 'switch': {
      const piece: PieceRef = { settlement: HEXES[target.hex].settlement, caste: target.caste };
      if (!selection.first) return { selection: { kind: 'switch', first: piece }, move: null };
      const at = (p: PieceRef) => ({ hex: HEXES[hexOfSettlement(p.settlement)].name, piece: PIECES[p.caste] });
      step = { selection: NO_SELECTION, move: { type: 'play', seat, play: { tile: 'switch', swap: [at(selection.first), at(piece)] } } };
      break;
    }
  }
  // The engine has the last word: never send what it would refuse.
  return step.move && checkMove(view, step.move) ? null : step;
}

/** One step back: the second half of a switch or move undone, else the whole selection dropped. */
export function back(selection: Selection): Selection {
  if (selection.kind === 'switch' && selection.first) return { kind: 'switch', first: null };
  if (selection.kind === 'move' && selection.from >= 0) return { kind: 'move', from: -1 };
  return NO_SELECTION;
}

/** After the state changed: keep the selection while it still has targets, else drop it. */
export function revalidate(view: GameView, seat: number, selection: Selection): Selection {
  if (selection.kind === 'none') return selection;
  if (targets(view, seat, selection).length > 0) return selection;
  const earlier = back(selection);
  return earlier !== selection && targets(view, seat, earlier).length > 0 ? earlier : NO_SELECTION;
}

/** What the player is asked to do now, for the selection (shown beside the board). */
export function prompt(selection: Selection): string {
  switch (selection.kind) {
    case 'none':
      return '';
    case 'caste':
      return t('samurai.prompt.caste', { piece: castePhrase(selection.caste, 'the') });
    case 'tile': {
      const info = TILES[TILE_ID[selection.tile]];
      return info.target === 'sea' ? t('samurai.prompt.sea') : t('samurai.prompt.land');
    }
    case 'switch':
      return selection.first ? t('samurai.prompt.switchSecond') : t('samurai.prompt.switchFirst');
    case 'move':
      return selection.from < 0 ? t('samurai.prompt.moveFrom') : t('samurai.prompt.moveTo');
  }
}
