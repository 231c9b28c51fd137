import { mangoku } from '@samurai/shared';
import type { ViewFields } from '../../table/ViewMirror';

const { NO_GAME, NO_SEAT_GAME, NO_SECRETS, publicFields, revealsField, seatFields, secretFields } = mangoku;

/**
 * Mangoku's room state from its views (see ViewMirror), through the protocol's room fields: the
 * public ones from a spectator's view, a seat's secrets from its own; a prompt's and each
 * reveal's end from the game's timers.
 */
export const mangokuFields: ViewFields<mangoku.MangokuTableView> = {
  root: (open, endsAt) => ({
    ...publicFields(open),
    promptEndsAt: endsAt('prompt'),
    reveals: revealsField(open.reveals, (id) => endsAt(`reveal:${id}`)),
  }),
  seat: (open, s) => (s < open.players ? seatFields(open, s) : null),
  secrets: (own) => secretFields(own),
  log: (open) => open.log,
  noGame: { ...NO_GAME, promptEndsAt: 0, reveals: '' },
  noSeat: NO_SEAT_GAME,
  noSecrets: NO_SECRETS,
};
