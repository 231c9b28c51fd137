/** Mangoku as the client shows it: its options, rules, model and game screen (the rest is the table's). */
import { mangoku } from '@samurai/shared';
import type { GameClient } from '../../table/game-client';
import { svgIcon } from '../../ui/seat-look';
import { buildViewModel, MangokuModel } from './model/view-model';
import { LazyGameScreen } from './screen/LazyGameScreen';
import { EMBLEM_GLYPH } from './ui/glyphs';
import { openHelp } from './ui/help';
import { optionLabel, ROOM_OPTIONS } from './ui/room-options';
import './mangoku.css';

const TITLE = 'Mangoku';

export const mangokuClient: GameClient<mangoku.RoomOptions, MangokuModel> = {
  type: mangoku.ROOM_NAME,
  title: TITLE,
  tagline: 'A samurai card game of attacks, bluff and coins for 2–6 players.',
  emblem: (color) => svgIcon(EMBLEM_GLYPH, color),
  defaultOptions: mangoku.DEFAULT_ROOM_OPTIONS,
  // A few friends; the host adds seats (or bots) in the lobby.
  suggestedOptions: { players: 4 },
  optionsForm: (values, onChange, idPrefix, unavailable) => ROOM_OPTIONS.form(values, onChange, idPrefix, unavailable),
  optionsSummary: (values) => ROOM_OPTIONS.summary(values),
  botLevelLabel: (level) => optionLabel('botLevel', level),
  openRules: openHelp,
  // The table hands over only rooms whose gameType is Mangoku's: their state is Mangoku's.
  model: (state, identity) => buildViewModel(state as mangoku.ClientRoomState, identity),
  newScreen: (actions, model) => new LazyGameScreen(actions, model),
  documentTitle: (vm) => {
    const step = vm.view?.step;
    const you = vm.yourSeat;
    const yours =
      you >= 0 &&
      step !== undefined &&
      (((step.kind === 'play' || step.kind === 'take') && step.seat === you) || (step.kind === 'answer' && step.prompt.seats.includes(you) && vm.view!.answers[step.prompt.seats.indexOf(you)] === null));
    return yours ? `Your move · ${TITLE} ${vm.code}` : `${TITLE} · room ${vm.code}`;
  },
};
