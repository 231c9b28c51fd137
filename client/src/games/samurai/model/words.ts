/**
 * The game in words: tiles, pieces, settlements and public events, for the log, tooltips and
 * screen readers. Pure.
 */
import { hexIndex, LogEntry, Piece, PIECES, Play, TILE_ID, TileName, TILES } from '@samurai/shared';
import { placeName } from './places';

export const CASTE_NAMES: readonly string[] = ['Buddha', 'rice field', 'castle'];
export const CASTE_PLURALS: readonly string[] = ['Buddhas', 'rice fields', 'castles'];

export function casteName(piece: Piece | number): string {
  return CASTE_NAMES[typeof piece === 'number' ? piece : PIECES.indexOf(piece)];
}

const KIND_NAMES: Readonly<Record<string, string>> = {
  buddha: 'Buddha',
  rice: 'Rice',
  castle: 'Castle',
  samurai: 'Samurai',
  ronin: 'Ronin',
  ship: 'Ship',
  switch: 'Switch',
  move: 'Move',
};

/** "Buddha 3", "Ship 1", "Switch". */
export function tileLabel(tile: TileName | number): string {
  const info = TILES[typeof tile === 'number' ? tile : TILE_ID[tile]];
  const kind = KIND_NAMES[info.kind] ?? info.kind;
  return info.target === 'pieces' || info.target === 'tile' ? kind : `${kind} ${info.strength}`;
}

/** A tile's name as its button says it: with the strength its face shows (the move tile's 0 too). */
export function tileButtonName(tile: TileName | number): string {
  const info = TILES[typeof tile === 'number' ? tile : TILE_ID[tile]];
  const label = tileLabel(tile);
  return info.target === 'pieces' || label.endsWith(` ${info.strength}`) ? label : `${label}, strength ${info.strength}`;
}

/** What a tile does, in one sentence. */
export function tileHelp(tile: TileName | number): string {
  const info = TILES[typeof tile === 'number' ? tile : TILE_ID[tile]];
  switch (info.kind) {
    case 'buddha':
    case 'rice':
    case 'castle': {
      const caste = ['buddha', 'rice', 'castle'].indexOf(info.kind);
      return `Strength ${info.strength} for ${CASTE_PLURALS[caste]} only. Goes on empty land.`;
    }
    case 'samurai':
      return `Strength ${info.strength} for every caste. Goes on empty land.`;
    case 'ronin':
      return `Fast: strength ${info.strength} for every caste. Goes on empty land.`;
    case 'ship':
      return `Fast: strength ${info.strength} for every caste. Goes on an empty sea hex.`;
    case 'switch':
      return 'Fast: exchange two pieces anywhere on the board. Then it leaves the game.';
    case 'move':
      return 'Move one of your caste or samurai tiles from an earlier turn to empty land; this tile (strength 0) takes its place. Counts as your non-fast tile.';
    default:
      return '';
  }
}

/** A hex ("14,11") in words found on the board: "Edo", "Kyoto", "the village north of Edo", "land north-east of Edo". */
export function placeLabel(hexName: string): string {
  const index = hexIndex(hexName);
  return index < 0 ? hexName : placeName(index);
}

export function placeLabelOf(index: number): string {
  return placeName(index);
}

export function playText(play: Play): string {
  if (play.tile === 'switch') {
    const [a, b] = play.swap;
    return `switched the ${casteName(a.piece)} of ${placeLabel(a.hex)} with the ${casteName(b.piece)} of ${placeLabel(b.hex)}`;
  }
  if (play.tile === 'move') return `moved a tile from ${placeLabel(play.from)} to ${placeLabel(play.to)}`;
  return `played ${tileLabel(play.tile)} on ${placeLabel(play.hex)}`;
}

/** One public event as a sentence, with seats named. */
export function entryText(entry: LogEntry, nameOf: (seat: number) => string): string {
  switch (entry.kind) {
    case 'hand':
      return `${nameOf(entry.seat)} chose a starting hand.`;
    case 'dealt':
      return 'The pieces were dealt to the settlements at random.';
    case 'piece':
      return `${nameOf(entry.seat)} placed a ${casteName(entry.piece)} in ${placeLabel(entry.hex)}.`;
    case 'play':
      return `${nameOf(entry.seat)} ${playText(entry.play)}.`;
    case 'end':
      return `${nameOf(entry.seat)} ended the turn.`;
    case 'pass':
      return `${nameOf(entry.seat)} could play no tile and passed.`;
    case 'capture':
      return entry.seat === null
        ? `The ${casteName(entry.piece)} of ${placeLabel(entry.hex)} was set aside: nobody had the most influence.`
        : `${nameOf(entry.seat)} captured the ${casteName(entry.piece)} of ${placeLabel(entry.hex)}.`;
  }
}

/** One line of the game log. */
export interface LogLine {
  readonly text: string;
  readonly kind: LogEntry['kind'];
  readonly seat: number | null;
  /** The hexes the event happened on (global indices), to point them out on the board. */
  readonly hexes: readonly number[];
}

/** Where an event happened: the hexes it names. */
export function entryHexes(entry: LogEntry): number[] {
  const index = hexIndex;
  switch (entry.kind) {
    case 'piece':
    case 'capture':
      return [index(entry.hex)];
    case 'play': {
      const play = entry.play;
      if (play.tile === 'switch') return play.swap.map((p) => index(p.hex));
      if (play.tile === 'move') return [index(play.from), index(play.to)];
      return [index(play.hex)];
    }
    default:
      return [];
  }
}

/** The log as lines, newest last. A play taken back is not in the log: its line simply disappears. */
export function logLines(entries: readonly LogEntry[], nameOf: (seat: number) => string): LogLine[] {
  return entries.map((entry) => ({ text: entryText(entry, nameOf), kind: entry.kind, seat: 'seat' in entry ? entry.seat : null, hexes: entryHexes(entry) }));
}
