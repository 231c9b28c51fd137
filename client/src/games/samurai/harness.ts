/**
 * A development page: the board showing a game the engine plays by itself, with no server.
 * `harness.html?players=3&seed=7&turns=20` picks the game; `&fly=1` replays its captures in a
 * loop (the capture-animation benchmark measures frame rate here).
 */
import '../../no-eval';
import { applyMoveInPlace, boardFor, createGame, HEXES, hexIndex, randomBot, seatsToAct, seededRng, viewFor } from '@samurai/shared';
import { applyLanguage } from '../../i18n/i18n';
import { BoardView, Flight, NO_MARKS } from './board/BoardView';
import type { SeatLook } from '../../ui/seat-look';
import { DEFAULT_SEAT_LOOKS } from './board/seat-looks';

const params = new URLSearchParams(location.search);
const players = Number(params.get('players') ?? 2) as 2 | 3 | 4;
const seed = Number(params.get('seed') ?? 1);
const turns = Number(params.get('turns') ?? 16);

const state = createGame({ players }, seededRng(seed));
const botRng = seededRng(seed + 1000);
while (state.phase !== 'over' && state.turns.length < turns) {
  const seat = seatsToAct(state)[0];
  applyMoveInPlace(state, randomBot.chooseMove(state, seat, botRng));
}
const view = viewFor(state, 0);
const looks: SeatLook[] = DEFAULT_SEAT_LOOKS.slice(0, players);

async function main(): Promise<void> {
  // The words first (English), as the game page loads its language before drawing.
  await applyLanguage('en');
  const host = document.getElementById('board')!;
  const board = await BoardView.create(host, {
    tap: (hex, caste, pointer) => console.log('tap', HEXES[hex].name, caste, pointer),
    hover: () => undefined,
  });
  const targets = boardFor(players)
    .landHexes.filter((h) => view.hexOwner[h] < 0)
    .slice(0, 6);
  board.show(view, looks, { ...NO_MARKS, targetHexes: params.has('targets') ? targets : [] });
  const captures = state.turns.flatMap((t) => t.captures);
  const w = window as unknown as Record<string, unknown>;
  w.samuraiHarness = { board, state, captures: captures.length };
  if (params.has('fly')) {
    const loop = async () => {
      const flights: Flight[] = (captures.length ? captures : [{ hex: '14,13', piece: 'rice', seat: 0 }]).map((c, i) => ({
        hex: hexIndex(c.hex),
        mask: 0b111,
        caste: ['buddha', 'rice', 'castle'].indexOf(c.piece),
        to: i % 2 ? { x: board.size.width, y: 40 } : { x: 0, y: board.size.height - 40 },
        color: c.seat === null ? null : looks[c.seat].color,
      }));
      await board.fly(flights);
      requestAnimationFrame(() => void loop());
    };
    void loop();
  }
  document.body.dataset.ready = '1';
}

void main();
