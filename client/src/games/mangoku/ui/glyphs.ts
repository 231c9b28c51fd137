/**
 * The project's own drawings of Mangoku's cards and coins: one glyph per card as SVG markup in a
 * 24×24 box (its one colour written C), so the DOM (dialogs, rules) and the Pixi table (through
 * GraphicsContext.svg) draw the very same pictures; and each card's colour by what it does.
 */
import { mangoku } from '@samurai/shared';
import { svgIcon } from '../../../ui/seat-look';

type CardName = mangoku.CardName;

/** Ten beads on a ring: a Monk's prayer beads. */
const beads = Array.from({ length: 10 }, (_, i) => {
  const a = (i / 10) * Math.PI * 2 - Math.PI / 2;
  return `<circle cx="${(12 + 6.6 * Math.cos(a)).toFixed(2)}" cy="${(10 + 6.6 * Math.sin(a)).toFixed(2)}" r="1.75" fill="C"/>`;
}).join('');

export const CARD_GLYPHS: Readonly<Record<CardName, string>> = {
  // A crown.
  emperor: '<path d="M3 17.5 V7.5 L7.5 11.5 L12 4.5 L16.5 11.5 L21 7.5 V17.5 Z" fill="C"/><rect x="3" y="18.8" width="18" height="2.7" rx="1" fill="C"/>',
  // A straw hat over a sheaf of rice.
  peasant:
    '<path d="M1.5 10.5 L12 2.5 L22.5 10.5 Q12 13 1.5 10.5 Z" fill="C"/>' +
    '<path d="M12 13.5 V22 M8.3 15 L11.2 22 M15.7 15 L12.8 22" stroke="C" stroke-width="2" stroke-linecap="round" fill="none"/>',
  // A dagger.
  bandit:
    '<path d="M20.5 2 L22 3.5 L10.6 15.4 L8.6 13.4 Z" fill="C"/><path d="M6 11.8 L12.2 18 L10.8 19.4 L4.6 13.2 Z" fill="C"/>' +
    '<path d="M7.2 16.4 L2.6 21 L3.9 22.3 L8.5 17.7 Z" fill="C"/>',
  // A balance.
  merchant:
    '<rect x="11" y="3" width="2" height="16" fill="C"/><rect x="3.5" y="5" width="17" height="2" rx="1" fill="C"/>' +
    '<path d="M1.5 12.5 H9.5 Q5.5 17 1.5 12.5 Z" fill="C"/><path d="M14.5 12.5 H22.5 Q18.5 17 14.5 12.5 Z" fill="C"/>' +
    '<path d="M5.5 7 L2.5 12.5 M5.5 7 L8.5 12.5 M18.5 7 L15.5 12.5 M18.5 7 L21.5 12.5" stroke="C" stroke-width="1.1" fill="none"/>' +
    '<rect x="7" y="19.5" width="10" height="2.5" rx="1" fill="C"/>',
  // A folding fan.
  princess:
    '<path d="M12 20 L2.2 9.6 A13.5 13.5 0 0 1 21.8 9.6 Z" fill="C"/><circle cx="12" cy="20" r="2" fill="C"/>' +
    '<path d="M12 20 L12 22.5" stroke="C" stroke-width="1.6"/>',
  // A spear with its tassel.
  captain: '<path d="M12 1.5 L14.6 7.4 L13 7.9 V22.5 H11 V7.9 L9.4 7.4 Z" fill="C"/><rect x="9" y="9.5" width="6" height="1.8" rx="0.8" fill="C"/>',
  // Prayer beads.
  monk: `${beads}<path d="M12 16.5 L9.6 22.5 H14.4 Z" fill="C"/>`,
  // A torii gate.
  shrinemaiden:
    '<path d="M1.8 4 Q12 6.8 22.2 4 L21.6 7 Q12 9 2.4 7 Z" fill="C"/><rect x="3.5" y="10" width="17" height="2" fill="C"/>' +
    '<rect x="5.4" y="7" width="2.4" height="15.5" fill="C"/><rect x="16.2" y="7" width="2.4" height="15.5" fill="C"/><rect x="11" y="7.8" width="2" height="2.5" fill="C"/>',
  // A war fan (gunbai).
  commander:
    '<path d="M12 1.8 C18.2 1.8 20.4 6.6 20.4 10 C20.4 14.2 16.4 16.4 12 16.4 C7.6 16.4 3.6 14.2 3.6 10 C3.6 6.6 5.8 1.8 12 1.8 Z" fill="C"/><rect x="11" y="15.5" width="2" height="7" fill="C"/>',
  // A throwing star.
  ninja: '<path d="M12 1.5 L14.3 9.7 L22.5 12 L14.3 14.3 L12 22.5 L9.7 14.3 L1.5 12 L9.7 9.7 Z" fill="C"/>',
  // A tea bowl, steaming.
  teamaster:
    '<path d="M3 9.5 H21 Q20.4 18.2 12 18.2 Q3.6 18.2 3 9.5 Z" fill="C"/><rect x="8" y="18.8" width="8" height="2.6" rx="1" fill="C"/>' +
    '<path d="M9 7.5 Q7.6 5.6 9.2 3.4 M13.5 7.5 Q12.1 5.6 13.7 3.4" stroke="C" stroke-width="1.6" fill="none" stroke-linecap="round"/>',
  // A theatre mask.
  kabuki:
    '<path d="M12 2.5 C17.4 2.5 19.6 6.4 19.6 11 C19.6 16.5 16 21.5 12 21.5 C8 21.5 4.4 16.5 4.4 11 C4.4 6.4 6.6 2.5 12 2.5 Z" fill="none" stroke="C" stroke-width="2"/>' +
    '<path d="M6.6 9 L10.6 10.8 L6.8 12 Z M17.4 9 L13.4 10.8 L17.2 12 Z" fill="C"/><path d="M9 16 Q12 18.6 15 16 Q12 16.9 9 16 Z" fill="C"/>',
  // A courtier's tall cap.
  nobleman: '<path d="M7 19.5 V9 C7 4.2 10 2 14 2 C16.2 2 17.2 3.6 17.2 5.6 V19.5 Z" fill="C"/><rect x="4" y="19" width="16" height="3" rx="1.2" fill="C"/>',
  // A helmet with its crest.
  warlord:
    '<path d="M4.5 15 C4.5 9.2 7.8 6.5 12 6.5 C16.2 6.5 19.5 9.2 19.5 15 Z" fill="C"/><path d="M2 15.5 H22 L19.8 19.8 H4.2 Z" fill="C"/>' +
    '<path d="M4.5 1.5 Q12 9.5 19.5 1.5 Q12 6.6 4.5 1.5 Z" fill="C"/>',
};

/** A Mangoku coin: a ring with a square hole. */
export const COIN_GLYPH =
  '<circle cx="12" cy="12" r="8.6" fill="none" stroke="C" stroke-width="3.6"/><rect x="9" y="9" width="6" height="6" fill="none" stroke="C" stroke-width="2.2"/>';

/** The game's emblem (DOM only): two cards fanned above a coin with its square hole. */
export const EMBLEM_GLYPH =
  '<path d="M3.4 5.2 L11 3.2 L13.6 14 L6 16 Z" fill="C" opacity=".55"/>' +
  '<path d="M13 3.2 L20.6 5.2 L18 16 L10.4 14 Z" fill="C" opacity=".85"/>' +
  '<path fill-rule="evenodd" d="M6.4 17.2 a5.6 5.6 0 1 0 11.2 0 a5.6 5.6 0 1 0 -11.2 0 Z M10.5 15.7 h3 v3 h-3 Z" fill="C"/>';

export const CARD_ROLES = ['attack', 'coins', 'reaction', 'taking', 'crown', 'trick', 'common'] as const;
/** What a card does, for its colour: attacks, coins, the Monk, the cards that take, the Emperor, the others. */
export type CardRole = (typeof CARD_ROLES)[number];

const ROLE_OF: Readonly<Record<CardName, CardRole>> = {
  emperor: 'crown',
  peasant: 'common',
  bandit: 'coins',
  merchant: 'coins',
  princess: 'coins',
  captain: 'attack',
  monk: 'reaction',
  shrinemaiden: 'trick',
  commander: 'attack',
  ninja: 'trick',
  teamaster: 'taking',
  kabuki: 'taking',
  nobleman: 'taking',
  warlord: 'attack',
};

/** The band colour of each role; the name is always written too, so colour is never the only cue. */
export const ROLE_COLOURS: Readonly<Record<CardRole, number>> = {
  attack: 0x9b2226,
  coins: 0x8a6a12,
  reaction: 0x1f6f58,
  taking: 0x3d3b8e,
  crown: 0x5e2a84,
  trick: 0x37474f,
  common: 0x6d5330,
};

export function roleOf(card: CardName): CardRole {
  return ROLE_OF[card];
}

/** Card paper, ink and the back's colours. */
export const PAPER = 0xf5eedc;
export const INK = 0x1d1a16;
export const BACK = 0x7a1f1f;
export const BACK_LINE = 0xe8b04a;
export const COIN = 0xd9a62e;
export const COIN_DARK = 0x8a6414;

/** A glyph as a complete <svg> element in `color`. */
export function glyphSvg(card: CardName, color: string, size?: number): string {
  return svgIcon(CARD_GLYPHS[card], color, size);
}
