/** Mangoku as the client shows it: its options, rules, model and game screen (the rest is the table's). */
import { mangoku } from '@samurai/shared';
import { t } from '../../i18n/i18n';
import { moveErrorKey } from '../../i18n/game-errors';
import type { GameClient } from '../../table/game-client';
import { svgIcon } from '../../ui/seat-look';
import { turnStatus } from './model/turn-status';
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
  get tagline() {
    return t('mangoku.tagline');
  },
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
  // Your play, the card you take, or your answer to a prompt that reaches you.
  owesAction: (vm) => vm.view !== null && turnStatus(vm.view, { names: vm.seats.map((s) => s.name), viewer: vm.yourSeat }).yourTurn,
  // The replay viewer's code arrives with the card table, only when a record is opened.
  errorText: (code) => ((mangoku.MOVE_ERRORS as readonly string[]).includes(code) ? t(`mangoku.errors.${moveErrorKey(code as mangoku.MoveError)}`) : null),
  replay: { format: mangoku.RECORD_FORMAT, load: () => import('./replay/MangokuReplay').then((m) => m.mangokuReplay) },
  // The guided first game's script and code arrive with the card table, only when the lesson is opened.
  tutorial: { load: () => import('./tutorial/MangokuTutorial').then((m) => m.mangokuTutorial) },
};
