/**
 * A known deal for the Mangoku browser test: the seeded server deals game 1 of every room from
 * dealingRngFor(seed, 1), exactly as the room does (createGame, then chance settled after each
 * move from the same generator), so the test can find a seed whose first round lets three people
 * answer attacks with each kind of answer, and replay that round with the engine to check it.
 *
 * The round: Ann (seat 0, first) attacks Ben and Cleo with a Commander; Ben cancels it with a Monk,
 * Cleo (before her first turn) pays a coin. Ben attacks Ann, who defends with her hand. Cleo plays
 * a card whose effect is not an attack at a person (or at everyone), who accepts it. Seat 3 is a bot.
 */
import { mangoku, Rng } from '@samurai/shared';
import { dealingRngFor } from '../dealing-seed';

export const PLAYERS = 4;
export const PROMPT_SECONDS = 20;
const ATTACKS: readonly mangoku.CardName[] = ['captain', 'warlord', 'commander'];
/** Effects that ask a person to accept; the Tea Master and Nobleman also take a card. */
const OTHER_EFFECTS: readonly mangoku.CardName[] = ['bandit', 'ninja', 'princess', 'merchant', 'shrinemaiden', 'nobleman', 'teamaster'];

export interface Opening {
  readonly seed: number;
  /** Ben's attack on Ann. */
  readonly benAttack: mangoku.CardName;
  /** Cleo's play that everyone it reaches accepts, and the people it reaches. */
  readonly cleoPlay: mangoku.PlayChoice;
  readonly accepting: readonly number[];
}

function apply(game: mangoku.GameState, rng: Rng, text: string): void {
  const bad = mangoku.applyMoveInPlace(game, mangoku.parseMove(text)!);
  if (bad) throw new Error(`${text}: ${bad.error} ${bad.detail}`);
  mangoku.settle(game, rng);
}

/** Whose play the game waits for (the engine's moves change the step under TypeScript's narrowing). */
function playing(game: mangoku.GameState): number {
  const step: mangoku.Step = game.step;
  return step.kind === 'play' ? step.seat : -1;
}

/** The opening this seed allows, or null. */
export function openingFor(seed: number): Opening | null {
  const rng = dealingRngFor(seed, 1);
  const game = mangoku.createGame({ players: PLAYERS, options: { promptSeconds: PROMPT_SECONDS } }, rng);
  if (game.firstSeat !== 0 || !game.hands[0].includes('commander') || !game.hands[1].includes('monk')) return null;
  apply(game, rng, '0 commander>1,2');
  apply(game, rng, '1 answer monk');
  apply(game, rng, '2 answer pay');
  if (playing(game) !== 1) return null;
  const benAttack = game.hands[1].find((c) => ATTACKS.includes(c));
  if (!benAttack) return null;
  apply(game, rng, `1 ${benAttack}>0`);
  apply(game, rng, '0 answer defend');
  if (playing(game) !== 2) return null;
  // A card aimed at a person still in the campaign, or one that reaches everyone.
  const people = [0, 1].filter((s) => game.inCampaign[s]);
  for (const card of OTHER_EFFECTS) {
    if (!game.hands[2].includes(card)) continue;
    const info = mangoku.CARDS[card];
    if (info.target === 'none') return { seed, benAttack, cleoPlay: { card }, accepting: card === 'merchant' ? [0, 1] : people };
    const target = people[people.length - 1];
    if (target !== undefined) return { seed, benAttack, cleoPlay: { card, targets: [target] }, accepting: [target] };
  }
  return null;
}

export function findOpening(): Opening {
  for (let seed = 1; seed < 20_000; seed++) {
    const opening = openingFor(seed);
    if (opening) return opening;
  }
  throw new Error('no seed deals the opening the test needs');
}
