/**
 * The game in words: tiles, pieces, settlements and public events, for the log, tooltips and
 * screen readers, in the interface's language (each sentence is built from the structured entry
 * at the time it is shown). Pure but for the language.
 */
import { hexIndex, LogEntry, Piece, PIECES, Play, TILE_ID, TileName, TILES } from '@samurai/shared';
import { t } from '../../../i18n/i18n';
import { placeWords, PlaceForm } from './places';

/** A caste's key in the language files, by caste index (0 Buddha, 1 rice field, 2 castle). */
export const CASTE_KEYS = PIECES;

function casteIndex(piece: Piece | number): number {
  return typeof piece === 'number' ? piece : PIECES.indexOf(piece);
}

/** "Buddha", "rice field", "castle". */
export function casteName(piece: Piece | number): string {
  return t(`samurai.castes.${CASTE_KEYS[casteIndex(piece)]}`);
}

/** "Buddhas", "rice fields", "castles". */
export function castePlural(piece: Piece | number): string {
  return t(`samurai.castesPlural.${CASTE_KEYS[casteIndex(piece)]}`);
}

/** "the Buddha" as an object, "a Buddha", or "the Buddha" as a sentence's subject (languages with cases differ). */
export function castePhrase(piece: Piece | number, article: 'the' | 'a' | 'subject'): string {
  const key = CASTE_KEYS[casteIndex(piece)];
  if (article === 'a') return t(`samurai.aCaste.${key}`);
  return article === 'the' ? t(`samurai.theCaste.${key}`) : t(`samurai.theCasteSubject.${key}`);
}

/** The first letter as a capital (a sentence's start). */
export function capitalised(text: string): string {
  return text.replace(/^./, (c) => c.toUpperCase());
}

const TILE_KINDS = ['buddha', 'rice', 'castle', 'samurai', 'ronin', 'ship', 'switch', 'move'] as const;
type TileKind = (typeof TILE_KINDS)[number];

/** A tile's kind in words: "Buddha", "Ship". */
function kindName(kind: string): string {
  return (TILE_KINDS as readonly string[]).includes(kind) ? t(`samurai.tiles.${kind as TileKind}`) : kind;
}

/** "Buddha 3", "Ship 1", "Switch". */
export function tileLabel(tile: TileName | number): string {
  const info = TILES[typeof tile === 'number' ? tile : TILE_ID[tile]];
  const kind = kindName(info.kind);
  return info.target === 'pieces' || info.target === 'tile' ? kind : `${kind} ${info.strength}`;
}

/** A tile's name as its button says it: with the strength its face shows (the move tile's 0 too). */
export function tileButtonName(tile: TileName | number): string {
  const info = TILES[typeof tile === 'number' ? tile : TILE_ID[tile]];
  const label = tileLabel(tile);
  return info.target === 'pieces' || label.endsWith(` ${info.strength}`) ? label : t('samurai.tileWithStrength', { tile: label, strength: info.strength });
}

/** What a tile does, in one sentence. */
export function tileHelp(tile: TileName | number): string {
  const info = TILES[typeof tile === 'number' ? tile : TILE_ID[tile]];
  switch (info.kind) {
    case 'buddha':
    case 'rice':
    case 'castle':
      return t('samurai.tileHelp.caste', { strength: info.strength, castes: castePlural(['buddha', 'rice', 'castle'].indexOf(info.kind)) });
    case 'samurai':
    case 'ronin':
    case 'ship':
      return t(`samurai.tileHelp.${info.kind}`, { strength: info.strength });
    case 'switch':
    case 'move':
      return t(`samurai.tileHelp.${info.kind}`);
    default:
      return '';
  }
}

/** A hex ("14,11") in words found on the board: "Edo", "Kyoto", "the village north of Edo", "land north-east of Edo". */
export function placeLabel(hexName: string, form: PlaceForm = 'name'): string {
  const index = hexIndex(hexName);
  return index < 0 ? hexName : placeWords(index, form);
}

export function placeLabelOf(index: number, form: PlaceForm = 'name'): string {
  return placeWords(index, form);
}

/** One public event as a sentence, with seats named. */
export function entryText(entry: LogEntry, nameOf: (seat: number) => string): string {
  switch (entry.kind) {
    case 'hand':
    case 'end':
    case 'pass':
      return t(`samurai.log.${entry.kind}`, { name: nameOf(entry.seat) });
    case 'dealt':
      return t('samurai.log.dealt');
    case 'piece':
      return t('samurai.log.piece', { name: nameOf(entry.seat), piece: castePhrase(entry.piece, 'a'), place: placeLabel(entry.hex, 'at') });
    case 'play':
      return playText(nameOf(entry.seat), entry.play);
    case 'capture':
      return entry.seat === null
        ? t('samurai.log.setAside', { piece: capitalised(castePhrase(entry.piece, 'subject')), place: placeLabel(entry.hex, 'of') })
        : t('samurai.log.capture', { name: nameOf(entry.seat), piece: castePhrase(entry.piece, 'the'), place: placeLabel(entry.hex, 'of') });
  }
}

function playText(name: string, play: Play): string {
  if (play.tile === 'switch') {
    const [a, b] = play.swap;
    return t('samurai.log.switch', {
      name,
      pieceA: castePhrase(a.piece, 'the'),
      placeA: placeLabel(a.hex, 'of'),
      pieceB: castePhrase(b.piece, 'the'),
      placeB: placeLabel(b.hex, 'of'),
    });
  }
  if (play.tile === 'move') return t('samurai.log.move', { name, from: placeLabel(play.from), to: placeLabel(play.to) });
  return t('samurai.log.play', { name, tile: tileLabel(play.tile), place: placeLabel(play.hex, 'at') });
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
