import {
  ClientMessages,
  ClientMessageType,
  ClientRoomState,
  ErrorMessage,
  normaliseRoomCode,
  RoomOptions,
  WelcomeMessage,
} from '@samurai/shared';
import { buildViewModel, Identity, justDrawn, ViewModel } from '../games/samurai/model/view-model';
import { Connection, ConnectionStatus } from './Connection';
import { JoinFailure } from './join-errors';
import { Profile, SeatStore } from './seat-store';
import { GameScreen } from '../games/samurai/screen/GameScreen';
import { HomeScreen } from './HomeScreen';
import { LobbyScreen } from './LobbyScreen';
import { fill, h } from '../ui/dom';
import { Toasts } from '../ui/Toasts';

type Screen = HomeScreen | LobbyScreen | GameScreen;

/**
 * The client: which screen shows, the connection to the room, and who you are in it. Screens
 * get a fresh view-model after every state patch and send intents back through here.
 */
export class App {
  private screen: Screen | null = null;
  private connection: Connection | null = null;
  private identity: Identity = { memberId: '', role: 'player' };
  private vm: ViewModel | null = null;
  private readonly toasts = new Toasts();
  private readonly statusBar: HTMLElement;
  private readonly screenHost: HTMLElement;

  constructor(
    root: HTMLElement,
    private readonly endpoint: string,
    private readonly store: SeatStore,
  ) {
    this.statusBar = h('div', { class: 'connection-bar', role: 'status', hidden: true, dataset: { testid: 'connection' } });
    this.screenHost = h('div', { class: 'screen-host' });
    fill(root, this.statusBar, this.screenHost, this.toasts.el);
  }

  /** Opens on the invite's room: back into your seat if this browser holds its token. */
  async start(): Promise<void> {
    const code = normaliseRoomCode(new URLSearchParams(location.search).get('room') ?? '');
    if (code && this.store.token(code)) {
      this.showStatus('Rejoining your seat…');
      const failure = await this.enter(code, { seatToken: this.store.token(code)! }, 'player');
      if (!failure) return;
      if (failure.forgetSeat) this.store.forget(code);
      this.showHome(code, failure.message);
      return;
    }
    if (code && this.store.watching(code)) {
      const failure = await this.enter(code, { role: 'spectator' }, 'spectator');
      if (!failure) return;
      this.showHome(code, failure.message);
      return;
    }
    this.showHome(code, null);
  }

  /** Test and tooling hook. */
  get current(): { screen: Screen | null; vm: ViewModel | null; connection: Connection | null } {
    return { screen: this.screen, vm: this.vm, connection: this.connection };
  }

  // ---- screens ------------------------------------------------------------------------------

  private showHome(code: string | null, message: string | null): void {
    this.hideStatus();
    this.setUrl(code);
    this.vm = null;
    this.mount(
      new HomeScreen(
        {
          create: (profile, options) => this.create(profile, options),
          join: (c, profile) => this.joinAsPlayer(c, profile),
          watch: (c, name) => this.watch(c, name),
          saveProfile: (p) => this.store.saveProfile(p),
        },
        this.store.profile(),
        code,
        message,
      ),
    );
  }

  private mount(screen: Screen): void {
    this.screen?.destroy();
    this.screen = screen;
    this.screenHost.appendChild(screen.el);
    // For the benchmark: when each screen was first on screen.
    const mark = `samurai:${screen instanceof HomeScreen ? 'home' : screen instanceof LobbyScreen ? 'lobby' : 'game'}-painted`;
    if (performance.getEntriesByName(mark).length === 0) requestAnimationFrame(() => performance.mark(mark));
    document.body.dataset.screen = screen instanceof HomeScreen ? 'home' : screen instanceof LobbyScreen ? 'lobby' : 'game';
  }

  private route(vm: ViewModel): void {
    const wantsLobby = vm.phase === 'lobby';
    if (wantsLobby) {
      if (this.screen instanceof LobbyScreen) this.screen.update(vm);
      else this.mount(new LobbyScreen({ send: (t, p) => this.send(t, p), leave: () => void this.leave(), notify: (t) => this.toasts.show(t) }, vm));
      document.title = `Samurai · room ${vm.code}`;
    } else {
      if (this.screen instanceof GameScreen && this.screen.spectator === vm.isSpectator) this.screen.update(vm);
      else {
        this.mount(
          new GameScreen(
            {
              send: (t, p) => this.send(t, p),
              leave: () => void this.leave(),
              notify: (t, kind) => this.toasts.show(t, kind),
              recordUrl: () => this.recordUrl(vm.code),
              draftHand: (game) => this.store.draftHand(vm.code, game),
              saveDraftHand: (game, picked) => this.store.saveDraftHand(vm.code, game, picked),
            },
            vm,
          ),
        );
      }
      document.title = vm.view?.seat === vm.yourSeat && vm.yourSeat >= 0 && vm.phase === 'play' ? `Your turn · Samurai ${vm.code}` : `Samurai · room ${vm.code}`;
    }
  }

  // ---- the room -----------------------------------------------------------------------------

  private async create(profile: Profile, options: Partial<RoomOptions>): Promise<void> {
    const connection = this.newConnection();
    this.identity = { memberId: '', role: 'player' };
    try {
      const code = await connection.create({ name: profile.name, ...(profile.colour ? { colour: profile.colour } : {}), options });
      this.setUrl(code);
    } catch (e) {
      this.dropConnection(connection);
      throw new Error((e as JoinFailure).message);
    }
  }

  private async joinAsPlayer(code: string, profile: Profile): Promise<void> {
    const failure = await this.enter(code, { role: 'player', name: profile.name, ...(profile.colour ? { colour: profile.colour } : {}) }, 'player');
    if (failure) throw new Error(failure.canWatch ? `${failure.message} You can press Watch instead.` : failure.message);
  }

  private async watch(code: string, name: string): Promise<void> {
    const failure = await this.enter(code, name ? { role: 'spectator', name } : { role: 'spectator' }, 'spectator');
    if (failure) throw new Error(failure.message);
    this.store.setWatching(code, true);
  }

  /** Joins; null when in, else why not. */
  private async enter(code: string, options: Parameters<Connection['join']>[1], role: Identity['role']): Promise<JoinFailure | null> {
    const connection = this.newConnection();
    this.identity = { memberId: '', role };
    try {
      await connection.join(code, options);
      this.setUrl(code);
      return null;
    } catch (e) {
      this.dropConnection(connection);
      return e as JoinFailure;
    }
  }

  private newConnection(): Connection {
    void this.connection?.leave();
    const connection: Connection = new Connection(this.endpoint, this.store, {
      state: (state) => connection === this.connection && this.onState(state),
      welcome: (welcome) => connection === this.connection && this.onWelcome(welcome),
      error: (error) => connection === this.connection && this.onError(error),
      status: (status) => connection === this.connection && this.onStatus(status),
    });
    this.connection = connection;
    return connection;
  }

  private dropConnection(connection: Connection): void {
    if (this.connection === connection) this.connection = null;
  }

  private onState(state: ClientRoomState): void {
    const previous = this.vm;
    this.vm = buildViewModel(state, this.identity);
    this.route(this.vm);
    const drawn = justDrawn(previous, this.vm);
    if (drawn.length > 0 && this.screen instanceof GameScreen) this.screen.drawn(drawn);
  }

  private onWelcome(welcome: WelcomeMessage): void {
    this.identity = { memberId: welcome.memberId, role: welcome.role };
    if (welcome.role === 'spectator' && this.connection) this.store.setWatching(this.connection.roomCode, true);
    const state = this.connectionState();
    if (state) this.onState(state);
  }

  private connectionState(): ClientRoomState | null {
    return this.connection?.state ?? null;
  }

  private onError(error: ErrorMessage): void {
    const text = error.detail && error.detail !== error.message ? `${error.message} ${error.detail}` : error.message;
    this.toasts.show(text, 'error');
    if (this.screen instanceof GameScreen) this.screen.refused();
  }

  private onStatus(status: ConnectionStatus): void {
    if (status.kind === 'connected') this.hideStatus();
    else if (status.kind === 'reconnecting') this.showStatus(`Connection lost — reconnecting${status.attempt > 1 ? ` (attempt ${status.attempt})` : ''}…`);
    else {
      const code = this.connection?.roomCode ?? null;
      this.connection = null;
      this.showHome(code, status.reason);
    }
  }

  private send<K extends ClientMessageType>(type: K, payload?: ClientMessages[K]): void {
    if (!this.connection) {
      this.toasts.show('Not connected to the room.', 'error');
      return;
    }
    this.connection.send(type, payload);
  }

  private async leave(): Promise<void> {
    const connection = this.connection;
    const code = connection?.roomCode ?? null;
    this.connection = null;
    if (code) {
      this.store.setWatching(code, false);
      // Leaving on purpose gives the seat up before the game; during it, keep the way back in.
      if (this.vm?.phase === 'lobby') this.store.forget(code);
    }
    await connection?.leave();
    this.showHome(null, null);
  }

  private recordUrl(code: string): string {
    const base = this.endpoint || location.origin;
    return `${base.replace(/\/+$/, '')}/api/rooms/${code}/record`;
  }

  // ---- chrome -------------------------------------------------------------------------------

  private setUrl(code: string | null): void {
    const url = new URL(location.href);
    if (code) url.searchParams.set('room', code);
    else url.searchParams.delete('room');
    if (url.href !== location.href) history.replaceState(null, '', url);
  }

  private showStatus(text: string): void {
    this.statusBar.textContent = text;
    this.statusBar.hidden = false;
  }

  private hideStatus(): void {
    this.statusBar.hidden = true;
  }
}
