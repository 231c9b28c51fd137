import type { Rng } from '@samurai/shared';
import { log } from '../log';
import { botPool, botSettings } from './BotPool';

/**
 * A session's bot thinking off the event loop: the room asks it to think for a seat at a point of
 * the game (a key: the session's count of changes, and the seat), waits for it, and then the
 * session takes the move (once). A thought whose point the game has left (a prompt ran out,
 * someone else answered) is dropped: the room asks again from where the game is.
 */
export class BotThinking {
  private asked: { readonly key: string; readonly done: Promise<void> } | null = null;
  private answer: { readonly key: string; readonly move: unknown } | null = null;

  /** `game`: the contract's name; `levels`: its levels that search (the others decide at once). */
  constructor(
    private readonly game: string,
    private readonly levels: readonly string[],
  ) {}

  /**
   * For a searching level, a promise while the move at `key` is thought of (the room waits for it,
   * then asks again); null once the move is ready to take, and for a level that decides at once.
   * `view` is the seat's view there; `prompt`, whether it answers a prompt (a shorter time).
   */
  think(key: string, level: string, seat: number, view: () => unknown, prompt: boolean, rng: Rng): Promise<void> | null {
    if (!this.levels.includes(level) || this.answer?.key === key) return null;
    if (this.asked?.key === key) return this.asked.done;
    const settings = botSettings();
    const task = {
      game: this.game,
      seat,
      view: view(),
      seed: rng.int(2 ** 31),
      timeMs: prompt ? settings.promptMs : settings.turnMs,
      iterations: settings.iterations,
    };
    const settle = (move: unknown) => {
      if (this.asked?.key !== key) return;
      this.asked = null;
      this.answer = { key, move };
    };
    const done = botPool()
      .think(task)
      .then(settle, (error: unknown) => {
        // The move falls back to a quicker level (see take): the table never stalls on a bot.
        log.error(`${this.game}: an expert bot could not think (${error instanceof Error ? error.message : String(error)})`);
        settle(null);
      });
    this.asked = { key, done };
    return done;
  }

  /** The move thought of at `key` (once), or null when there is none (thinking failed, or was for another point). */
  take(key: string): unknown {
    const answer = this.answer;
    this.answer = null;
    return answer && answer.key === key ? answer.move : null;
  }
}
