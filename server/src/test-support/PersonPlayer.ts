import type { Rng } from '@samurai/shared';
import type { ContractClient } from './TableClient';

/**
 * A person's client waits this long before each move. The server lets a connection send 20
 * messages a second (RATE_LIMIT_PER_SECOND, not settable from main.ts's environment), and each
 * move is two (the move, then a sync that tells when the server has answered it): a client
 * answering every change at machine speed would be cut off for flooding.
 */
export const PERSON_GAP_MS = 120;

/** What a person's player uses of a client: any game's client is one. */
export type PlayingClient = Pick<ContractClient, 'owesMove' | 'positionKey' | 'waitFor' | 'state' | 'closeCode' | 'sendMove' | 'chooseMove' | 'sync'>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A person's client playing its seat, in any game: whenever it owes a move, after a short pause,
 * a random legal move chosen from what this client received (the game's random bot). The server
 * makes a seat's only move for it (a forced pass).
 */
export class PersonPlayer {
  private stopped = false;
  readonly done: Promise<void>;

  constructor(
    private readonly client: PlayingClient,
    private readonly rng: Rng,
    private readonly onSent: (sender: PlayingClient) => void = () => undefined,
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
  private due(): string {
    return this.client.owesMove() ? this.client.positionKey() : '';
  }

  private async run(): Promise<void> {
    let answered = '';
    const client = this.client;
    for (;;) {
      await client.waitFor((s) => s.phase === 'over' || (this.due() !== '' && this.due() !== answered), 60_000, 'its turn');
      if (this.stopped || client.state.phase === 'over') return;
      await sleep(PERSON_GAP_MS);
      if (this.stopped || client.closeCode !== null) return;
      const key = this.due();
      if (key === '' || key === answered) continue;
      answered = key;
      client.sendMove(client.chooseMove('random', this.rng));
      this.onSent(client);
      // The server's answer has arrived before the seat looks again: a choice made at once by
      // several seats shows the others' before its own.
      await client.sync();
    }
  }
}
