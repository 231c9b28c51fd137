import { applyMoveInPlace } from '../apply';
import { parsePosition } from '../notation';
import { viewFor } from '../projection';
import { seededRng } from '../../../random';
import { seatsToAct } from '../simulate';
import { cloneState, createGame, GameState, Move } from '../state';
import { TILE_NAMES } from '../tiles';
import { after, otherSecrets } from '../test-helpers';
import { greedyBot } from './greedy-bot';
import { hintFor } from './hint';

const steady = { int: () => 0 };

/** Every seat's decision points in a few seeded greedy games: the state, and the seat that owes a move. */
function decisions(): { state: GameState; seat: number }[] {
  const points: { state: GameState; seat: number }[] = [];
  for (const players of [2, 3, 4] as const) {
    for (let g = 0; g < 3; g++) {
      const state = createGame({ players, options: { captureTiming: g === 1 ? 'immediate' : 'end-of-turn' } }, seededRng(g));
      const rng = seededRng(100 + g);
      while (state.phase !== 'over') {
        const seat = seatsToAct(state)[0];
        points.push({ state: cloneState(state), seat });
        applyMoveInPlace(state, greedyBot.chooseMove(viewFor(state, seat), seat, rng));
      }
    }
  }
  return points;
}

describe('hintFor (Samurai)', () => {
  const points = decisions();

  it('is the greedy bot’s move from the seat’s view, at every decision of whole games', () => {
    expect(points.length).toBeGreaterThan(200);
    for (const { state, seat } of points) {
      const view = viewFor(state, seat);
      expect(hintFor(view, seat, steady)?.move).toEqual(greedyBot.chooseMove(view, seat, steady));
    }
  });

  it('does not change with anything the seat may not see: other hands and every stack', () => {
    let varied = 0;
    for (const { state, seat } of points) {
      const hint = hintFor(viewFor(state, seat), seat);
      const shuffled = otherSecrets(state, seat, varied);
      if (JSON.stringify(shuffled.hands) !== JSON.stringify(state.hands)) varied++;
      expect(hintFor(shuffled, seat)).toEqual(hint);
      expect(hintFor(state, seat)).toEqual(hint);
    }
    expect(varied).toBeGreaterThan(50); // the secrets really were different
  });

  it('is null for a seat that owes no move', () => {
    const state = parsePosition('2p end-of-turn seat:0; hand0 samurai3; hand1 samurai2');
    expect(hintFor(state, 1)).toBeNull();
    expect(hintFor(viewFor(state, 1), 1)).toBeNull();
    expect(hintFor(viewFor(state, 1), 0)).toBeNull(); // another seat's view has no hand to hint from
  });

  // Village 14,11 holds a buddha; its land neighbours are 14,10 15,10 15,11 14,12 13,11, and
  // only 15,11 is still open. The leader has 2 buddha influence there (buddha2), the other 1.
  const nearlySurrounded = (leader: 0 | 1, hand0: string) =>
    `2p end-of-turn seat:0; tiles 13,11=${leader}.buddha2 15,10=${1 - leader}.samurai1 14,10=1.castle2 14,12=0.rice2; ` +
    `pieces 14,11=b; hand0 ${hand0}; hand1 samurai3`;

  it('says a surround it finishes captures the piece, with both influences', () => {
    const hint = hintFor(parsePosition(nearlySurrounded(0, 'castle2')), 0)!;
    expect(hint.move).toEqual({ type: 'play', seat: 0, play: { tile: 'castle2', hex: '15,11' } });
    expect(hint.reason).toEqual({ kind: 'settlement', outcome: 'captures', piece: 'buddha', hex: '14,11', ours: 2, theirs: 1, open: 0 });
  });

  it('says a tile that takes the lead leads for the piece, with the land left open', () => {
    // Seat 1 leads 2 to 1 for the buddha; seat 0's samurai3 beside the village takes the lead.
    const state = parsePosition('2p end-of-turn seat:0; tiles 13,11=1.buddha2 15,10=0.samurai1; pieces 14,11=b; hand0 samurai3; hand1 samurai3');
    const hint = hintFor(state, 0)!;
    expect(hint.move.type).toBe('play');
    expect(hint.reason).toMatchObject({ kind: 'settlement', outcome: 'leads', piece: 'buddha', hex: '14,11', ours: 4, theirs: 2, open: 2 });
  });

  it('ends the turn when nothing more can be played, and passes with an empty hand', () => {
    const played = after(parsePosition(nearlySurrounded(0, 'castle2 rice3')), '0 castle2@15,11');
    expect(hintFor(played, 0)).toEqual({ move: { type: 'endTurn', seat: 0 }, reason: { kind: 'end-turn' } });
    const empty = parsePosition('2p end-of-turn seat:0; hand1 samurai3');
    expect(hintFor(empty, 0)).toEqual({ move: { type: 'pass', seat: 0 }, reason: { kind: 'pass' } });
  });

  it('hints a starting hand and a first piece in the setup', () => {
    const state = createGame({ players: 2, options: { startingHands: 'chosen', setup: 'players' } }, seededRng(3));
    const hand = hintFor(viewFor(state, 1), 1)!;
    const chosen = hand.move as Extract<Move, { type: 'chooseHand' }>;
    expect(chosen.tiles).toHaveLength(5);
    expect(chosen.tiles.every((t) => (TILE_NAMES as readonly string[]).includes(t))).toBe(true);
    expect(hand.reason).toEqual({ kind: 'hand', tiles: chosen.tiles });
    applyMoveInPlace(state, hintFor(viewFor(state, 0), 0)!.move);
    applyMoveInPlace(state, hand.move);
    expect(state.phase).toBe('pieces');
    const piece = hintFor(viewFor(state, state.seat), state.seat)!;
    expect(piece.move.type).toBe('placePiece');
    expect(piece.reason).toMatchObject({ kind: 'piece' });
    expect(applyMoveInPlace(state, piece.move)).toBeNull();
  });
});
