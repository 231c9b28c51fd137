/**
 * The fault benchmark's reckoning, made against what the store kept: once a fault's run is over,
 * its server processes are killed (SIGKILL: nothing more is written) and one process is started
 * alone on the same store. Each room must come back with every log entry any client had been
 * shown, and each seat token must still open its seat.
 */
import { Client, Room } from 'colyseus.js';
import { ClientTableState, WelcomeMessage } from '@samurai/shared';
import { FaultClient } from './FaultClient';
import { FaultTable, until } from './FaultTable';
import { logOf } from './owed-move';

type Entries = readonly (number | string)[];

export interface Reckoning {
  readonly rooms: number;
  readonly roomsLost: number;
  /** Log entries shown to at least one client, each counted once per room. */
  readonly entriesShown: number;
  /** Of those, entries the restored room does not have (or a client saw taken back). */
  readonly entriesLost: number;
  /** Entries of a game the room has since left behind (a rematch): not checked. None here: nobody asks for a rematch. */
  readonly entriesUnchecked: number;
  readonly seats: number;
  readonly seatsForgotten: number;
  /** What went wrong, one line each. */
  readonly problems: string[];
}

/** What a newcomer gets from room `code` with `options`: its state and welcome, or why it was refused. */
async function visit(url: string, code: string, options: object): Promise<{ state: ClientTableState; welcome: WelcomeMessage | null } | { refused: string }> {
  let room: Room<ClientTableState>;
  try {
    room = await new Client(url).joinById<ClientTableState>(code, options);
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  }
  let welcome: WelcomeMessage | null = null;
  room.onMessage('*', () => undefined);
  room.onMessage('welcome', (message: WelcomeMessage) => (welcome = message));
  try {
    const seated = 'seatToken' in options;
    await until(`the state of ${code}`, () => room.state?.code === code && (!seated || welcome !== null), 15_000);
    return { state: room.state, welcome };
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  } finally {
    await room.leave(true).catch(() => undefined);
  }
}

/** How many of `shown` are not at the start of `truth`. */
function missing(shown: Entries, truth: Entries): number {
  let same = 0;
  while (same < shown.length && same < truth.length && shown[same] === truth[same]) same++;
  return shown.length - same;
}

/**
 * Reckons the tables against the restored server at `url`. `notBack`: players whose page was not
 * back in its seat when the run ended (a seat forgotten as much as a token lost).
 */
export async function reckon(url: string, tables: readonly FaultTable[], notBack: ReadonlySet<FaultClient>): Promise<Reckoning> {
  const problems: string[] = [];
  let roomsLost = 0;
  let entriesShown = 0;
  let entriesLost = 0;
  let entriesUnchecked = 0;
  let seats = 0;
  let seatsForgotten = 0;
  for (const table of tables) {
    const found = await visit(url, table.code, { role: 'spectator' });
    const truth = 'state' in found ? { game: found.state.game, log: logOf(found.state) } : null;
    if (!truth) {
      roomsLost++;
      problems.push(`room ${table.code} (${table.layout.game}) did not come back: ${'refused' in found ? found.refused : ''}`);
    }
    const clients = table.everyone;
    const games = new Set(clients.flatMap((c) => [...c.shown.keys()]));
    for (const game of games) {
      const shown = Math.max(...clients.map((c) => c.shownOf(game)));
      entriesShown += shown;
      let lost = 0;
      if (!truth || game > truth.game) lost = shown;
      else if (game < truth.game) entriesUnchecked += shown;
      else lost = Math.max(...clients.map((c) => missing(c.shown.get(game) ?? [], truth.log)));
      // What a client saw go back is lost whatever the store kept.
      lost = Math.max(lost, ...clients.map((c) => c.takenBack));
      if (lost > 0)
        problems.push(
          `room ${table.code} (${table.layout.game}), game ${game}: ${lost} of ${shown} entries shown are lost (restored: game ${truth?.game ?? '-'}, ${truth?.log.length ?? 0} entries)`,
        );
      entriesLost += lost;
    }
    for (const player of clients.filter((c) => c.role !== 'spectator')) {
      seats++;
      const why: string[] = [];
      if (!player.token || player.heldToken !== player.token) why.push('its page forgot the seat token');
      if (notBack.has(player)) why.push(`its page was not back in its seat (${player.status?.kind ?? 'no status'})`);
      if (player.token) {
        const back = await visit(url, table.code, { seatToken: player.token });
        if (!('state' in back) || back.welcome?.role !== 'player' || back.welcome.memberId !== player.memberId) {
          why.push(
            `its token does not open its seat after a restart (${'refused' in back ? back.refused : `welcomed as ${back.welcome?.role} ${back.welcome?.memberId}`})`,
          );
        }
      }
      if (why.length > 0) {
        seatsForgotten++;
        problems.push(`room ${table.code}, ${player.name}: ${why.join('; ')}`);
      }
    }
  }
  return { rooms: tables.length, roomsLost, entriesShown, entriesLost, entriesUnchecked, seats, seatsForgotten, problems };
}
