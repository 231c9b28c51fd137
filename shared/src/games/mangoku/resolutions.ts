/**
 * Where the printed rules are silent or contradict themselves, the project's resolution stands;
 * players must be able to see each one (rules help, or a message when it applies). The first
 * three came with the rules the project was written from; the others say how this engine reads a
 * rule that leaves a choice. All six: docs/rules/mangoku.md § Resolutions.
 */
export const RESOLUTIONS = [
  {
    id: 'empty-supply',
    text: 'If the supply is empty when your turn begins, you do not draw; you still take your turn with the cards you hold, and the campaign ends after it (honour decides).',
  },
  {
    id: 'princess-targets',
    text: 'A Princess takes from the centre pile or from any other player still in the campaign (not from eliminated players).',
  },
  {
    id: 'kabuki-takes',
    text: 'A Kabuki cannot take itself, nor the face-down card at the bottom of the discard pile. It may take any other face-up card, including one played earlier in the same turn.',
  },
  {
    id: 'no-coin-targets',
    text: 'A Bandit may be aimed at any other player, even one with no coins (who then gives nothing); a Princess at any other player in the campaign, even one with a single coin (half of it, rounded down, is nothing).',
  },
  {
    id: 'honour-shown',
    text: 'When honour decides a campaign, the honour total of each hand still in the campaign is shown to everyone (the cards themselves are not).',
  },
  {
    id: 'draw-off-ranking',
    text: 'When a draw-off breaks a tie for first place at the end of the game, everyone who loses it shares second place, whichever round they lost in.',
  },
] as const;

export type ResolutionId = (typeof RESOLUTIONS)[number]['id'];
