import { AWAY_MINUTES, AwayMinutes, CLOCK_IDS, ClockId, ClientTableOptionsState, DEFAULT_TABLE_OPTIONS } from '@samurai/shared';

/** The table's own options (clock, away time, spectators' chat) as the room state has them, checked: a game's model spreads them into its options. */
export function tableOptionsOf(o: ClientTableOptionsState): { clock: ClockId; awayMinutes: AwayMinutes; spectatorChat: boolean } {
  return {
    clock: (CLOCK_IDS as readonly string[]).includes(o.clock) ? (o.clock as ClockId) : DEFAULT_TABLE_OPTIONS.clock,
    awayMinutes: (AWAY_MINUTES as readonly number[]).includes(o.awayMinutes) ? (o.awayMinutes as AwayMinutes) : DEFAULT_TABLE_OPTIONS.awayMinutes,
    spectatorChat: o.spectatorChat !== false,
  };
}
