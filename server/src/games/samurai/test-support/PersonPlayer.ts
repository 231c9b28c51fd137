import { ClientRoomState, legalMoves, moveToIntent, randomBot, Rng, tableFromRoomState } from '@samurai/shared';
import type { SamuraiClient } from './SamuraiClient';

/**
 * A person's client waits this long before each move. The server lets a connection send 20
 * messages a second (RATE_LIMIT_PER_SECOND, not settable from main.ts's environment); a client
 * answering every change at machine speed would be cut off for flooding.
 */
export const PERSON_GAP_MS = 60;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A person's client playing its seat: whenever it has to act, after a short pause, a random
 * legal move chosen from what this browser received (never a take-back). The server passes for
 * a seat that can only pass.
 */
export class PersonPlayer {
  private stopped = false;
  readonly done: Promise<void>;

  constructor(
    private readonly client: SamuraiClient,
    private readonly rng: Rng,
    private readonly onSent: (sender: SamuraiClient) => void = () => undefined,
  ) {
    this.done = this.run().catch((error: unknown) => {
      // Its connection went with the server: expected once the test has stopped it.
      if (!this.stopped) throw error;
    });
  }

  stop(): void {
    this.stopped = true;
  }

  /** The position this seat must answer ('' when it need not act). */
  private due(state: ClientRoomState, handSentInGame: number): string {
    const seat = this.client.seat;
    if (seat === 'spectator' || state.seats[seat]?.hand === undefined) return '';
    const mustChoose = state.phase === 'hands' && !state.seats[seat].handChosen && handSentInGame !== state.game;
    const toAct = (state.phase === 'pieces' || state.phase === 'play') && state.seat === seat;
    return mustChoose || toAct ? `${state.game}:${state.phase}:${state.log.length}:${state.seat}` : '';
  }

  private async run(): Promise<void> {
    let answered = '';
    let handSentInGame = -1;
    const client = this.client;
    for (;;) {
      await client.waitFor((s) => s.phase === 'over' || (this.due(s, handSentInGame) !== '' && this.due(s, handSentInGame) !== answered), 60_000, 'its turn');
      if (this.stopped || client.state.phase === 'over') return;
      await sleep(PERSON_GAP_MS);
      if (this.stopped || client.closeCode !== null) return;
      const state = client.state;
      const key = this.due(state, handSentInGame);
      if (key === '' || key === answered) continue;
      answered = key;
      const seat = client.seat as number;
      const table = tableFromRoomState(state, seat);
      if (state.phase !== 'hands') {
        const moves = legalMoves(table, seat);
        if (moves.length === 1 && moves[0].type === 'pass') continue;
      }
      if (state.phase === 'hands') handSentInGame = state.game;
      const { type, payload } = moveToIntent(randomBot.chooseMove(table, seat, this.rng));
      client.sendRaw(type, payload);
      this.onSent(client);
    }
  }
}
