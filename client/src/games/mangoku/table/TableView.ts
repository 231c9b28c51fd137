import { type Application, Container, Graphics, Sprite, Text } from 'pixi.js';
import { t } from '../../../i18n/i18n';
// Pixi's eval-free shader and uniform code: the server's Content-Security-Policy forbids eval.
import 'pixi.js/unsafe-eval';
import { mangoku } from '@samurai/shared';
import { createCanvasApp } from '../../../ui/canvas-app';
import { RenderLoop } from '../../../ui/RenderLoop';
import { Tweens } from '../../../ui/Tweens';
import { MARK_BODIES, SeatLook } from '../../../ui/seat-look';
import { Flight, Place } from '../model/flights';
import { SeatScene, TableScene } from '../model/scene';
import { centreOf, contains, handSlots, Rect, Size, tableLayout, TableLayout } from '../model/table-layout';
import { CardArt, fitText, FONT, textResolution } from './card-art';

type Target = mangoku.Target;

export interface TableEvents {
  /** A card of your hand (or the card taken, after the hand) was tapped. */
  tapCard(index: number): void;
  tapSeat(seat: number): void;
  tapCentre(): void;
  tapDiscard(): void;
}

const FLIGHT_MS = 520;
const STAGGER_MS = 90;
const TAP_SLOP_PX = 12;
const FELT = 0x173a34;
const FELT_EDGE = 0x0f2824;
const RIM = 0x5b3a1f;
const PANEL = 0x1c2b3c;
const LINE = 0x33495f;
const ACCENT = 0xe8b04a;
const MUTED = 0xa3b3c4;
const TEXT = 0xf1f3f5;

/**
 * The Pixi card table: seats with their coins and card backs, the piles in the middle, your hand
 * along the bottom, marks for targets and keyboard focus, and cards and coins in flight. It draws
 * what it is given and reports taps; it never decides what a tap means.
 */
export class TableView {
  readonly app: Application;
  private readonly host: HTMLElement;
  private readonly events: TableEvents;
  private art: CardArt;
  private readonly staticLayer = new Container();
  private readonly feltLayer = new Graphics();
  private readonly seatLayer = new Container();
  private readonly pileLayer = new Container();
  private readonly handLayer = new Container();
  private readonly markLayer = new Graphics();
  private readonly flightLayer = new Container();
  private readonly seatNodes = new Map<number, { key: string; node: Container }>();
  private pileKey = '';
  private handKey = '';
  private staticDirty = true;
  private scene: TableScene | null = null;
  private layoutNow: TableLayout;
  private viewport: Size = { width: 1, height: 1 };
  private readonly tweens = new Tweens();
  private readonly loop: RenderLoop;
  private readonly resizeObserver: ResizeObserver;
  private readonly pointers = new Map<number, { x: number; y: number }>();
  private destroyed = false;

  private constructor(app: Application, host: HTMLElement, events: TableEvents) {
    this.app = app;
    this.host = host;
    this.events = events;
    this.art = new CardArt(app.renderer, textResolution());
    this.loop = new RenderLoop(app, {
      advance: (delta, clock) => this.advance(delta, clock),
      beforeRender: () => {
        if (this.staticDirty) {
          this.staticDirty = false;
          this.staticLayer.updateCacheTexture();
        }
      },
      moving: () => this.tweens.moving,
      pulsing: () => this.pulsing,
    });
    this.layoutNow = tableLayout({ width: 1, height: 1 }, 2, 0);
    // What changes only with the game sits in one cached texture: a frame of an animation then
    // draws that texture plus the few moving things, which keeps software rendering at 60 fps.
    this.staticLayer.addChild(this.feltLayer, this.pileLayer, this.seatLayer, this.handLayer);
    this.staticLayer.cacheAsTexture({ antialias: true });
    app.stage.addChild(this.staticLayer, this.markLayer, this.flightLayer);
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(host);
    this.listen(app.canvas);
  }

  static async create(host: HTMLElement, events: TableEvents): Promise<TableView> {
    const app = await createCanvasApp(host, FELT_EDGE);
    const view = new TableView(app, host, events);
    view.resize();
    return view;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.loop.stop();
    this.resizeObserver.disconnect();
    // Not `destroy(true)`: that also releases Pixi's global pools (its batches), which another
    // board or table alive in this page (the screen that replaces this one) is still drawing with.
    this.app.destroy({ removeView: true }, { children: true });
    this.art.destroy();
  }

  show(scene: TableScene): void {
    const relayout = !this.scene || this.scene.players !== scene.players || this.scene.viewer !== scene.viewer;
    this.scene = scene;
    if (relayout) this.relayout();
    else this.drawScene();
  }

  get layout(): TableLayout {
    return this.layoutNow;
  }

  get animating(): boolean {
    return this.tweens.moving;
  }

  // ---- where things are, for flights, overlays and tests -------------------------------------

  /** The hand's cards as laid out now (hand, then the card taken). */
  cardRects(): Rect[] {
    const scene = this.scene;
    if (!scene) return [];
    return handSlots(this.layoutNow, scene.hand.length, scene.taken !== null);
  }

  /** A canvas point on the page. */
  toClient(p: { x: number; y: number }): { x: number; y: number } {
    const rect = this.app.canvas.getBoundingClientRect();
    return { x: rect.left + p.x, y: rect.top + p.y };
  }

  /** The middle of a place on the table, in canvas pixels. */
  placePoint(place: Place): { x: number; y: number } {
    const layout = this.layoutNow;
    switch (place.kind) {
      case 'seat': {
        if (place.seat === layout.bottomSeat && layout.hand) return centreOf(layout.hand);
        const r = layout.seats[place.seat];
        return r ? centreOf(r) : { x: layout.size.width / 2, y: 0 };
      }
      case 'supply':
        return centreOf(layout.supply);
      case 'discard':
        return centreOf(layout.discard);
      case 'centre':
        return centreOf(layout.centre);
      case 'out':
        return { x: layout.size.width + 40, y: -40 };
    }
  }

  // ---- flights ------------------------------------------------------------------------------

  /** Cards and coins moving across the table; resolves when the last has landed. */
  fly(flights: readonly Flight[]): Promise<void> {
    if (!flights.length || this.destroyed) return Promise.resolve();
    const layout = this.layoutNow;
    const card = layout.pileCard;
    const coinSize = Math.round(card.width * 0.34);
    flights.forEach((flight, i) => {
      const from = this.placePoint(flight.from);
      const to = this.placePoint(flight.to);
      const count = flight.kind === 'coin' ? Math.min(4, flight.count) : 1;
      for (let k = 0; k < count; k++) {
        const texture = flight.kind === 'coin' ? this.art.coin(coinSize) : flight.card ? this.art.face(flight.card, card, 'short') : this.art.back(card);
        const sprite = new Sprite(texture);
        sprite.anchor.set(0.5);
        sprite.position.set(from.x, from.y);
        this.flightLayer.addChild(sprite);
        const lift = Math.min(60, Math.hypot(to.x - from.x, to.y - from.y) * 0.15);
        this.tweens.add(
          sprite,
          from,
          to,
          { delay: i * STAGGER_MS + k * 60, duration: FLIGHT_MS },
          { lift, swell: 0.12, fadeFrom: flight.to.kind === 'out' ? 'all' : 0.9 },
        );
      }
    });
    this.loop.request();
    return new Promise((resolve) => {
      const check = () => (!this.tweens.moving || this.destroyed ? resolve() : setTimeout(check, 50));
      check();
    });
  }

  /** Whatever is flying lands at once (the table is about to show another moment). */
  land(): void {
    this.tweens.landAll();
    this.loop.request();
  }

  // ---- layout and drawing -------------------------------------------------------------------

  private resize(): void {
    if (this.destroyed) return;
    const width = Math.max(1, this.host.clientWidth);
    const height = Math.max(1, this.host.clientHeight);
    if (width === this.viewport.width && height === this.viewport.height) return;
    this.viewport = { width, height };
    this.app.renderer.resize(width, height);
    this.relayout();
  }

  /** The language changed: every card face and label is drawn again in it. */
  relabel(): void {
    const old = this.art;
    this.tweens.landAll();
    this.art = new CardArt(this.app.renderer, textResolution());
    this.relayout();
    old.destroy();
  }

  private relayout(): void {
    const scene = this.scene;
    const before = this.layoutNow;
    this.layoutNow = tableLayout(this.viewport, scene?.players ?? 2, scene?.viewer ?? -1);
    for (const { node } of this.seatNodes.values()) node.destroy({ children: true });
    this.seatNodes.clear();
    this.pileKey = '';
    this.handKey = '';
    // New card sizes: new textures, and the old ones go (a window being resized makes many sizes).
    const sizes = (l: TableLayout) => JSON.stringify([l.handCard, l.pileCard, l.miniCard]);
    const old = sizes(before) === sizes(this.layoutNow) ? null : this.art;
    if (old) {
      this.tweens.landAll();
      this.art = new CardArt(this.app.renderer, textResolution());
    }
    this.drawFelt();
    this.drawScene();
    old?.destroy();
  }

  private drawScene(): void {
    if (!this.scene) return this.loop.request();
    this.drawSeats();
    this.drawPiles();
    this.drawHand();
    this.drawMarks();
    this.loop.request();
  }

  private drawFelt(): void {
    this.staticDirty = true;
    const { width, height } = this.viewport;
    const g = this.feltLayer;
    g.clear();
    const inset = Math.min(width, height) * 0.03;
    const radius = Math.min(width, height) * 0.22;
    g.roundRect(inset, inset, width - 2 * inset, height - 2 * inset, radius).fill(RIM);
    g.roundRect(inset + 6, inset + 6, width - 2 * inset - 12, height - 2 * inset - 12, radius * 0.94).fill(FELT);
  }

  private drawSeats(): void {
    const scene = this.scene!;
    const layout = this.layoutNow;
    scene.seats.forEach((seat, s) => {
      const r = layout.seats[s];
      if (!r) return;
      const own = s === layout.bottomSeat && layout.hand !== null;
      const key = JSON.stringify([seat, r, own]);
      const cached = this.seatNodes.get(s);
      if (cached?.key === key) return;
      cached?.node.destroy({ children: true });
      const node = own && layout.compact ? this.stripNode(seat, r) : this.seatNode(seat, r, own);
      this.seatLayer.addChild(node);
      this.seatNodes.set(s, { key, node });
      this.staticDirty = true;
    });
  }

  /** A seat's nameplate: mark and name; coins; the backs of the cards in hand (or the hand a reveal shows). */
  private seatNode(seat: SeatScene, r: Rect, own: boolean): Container {
    const node = new Container();
    const compact = this.layoutNow.compact;
    const pad = compact ? 5 : 8;
    const g = new Graphics();
    g.roundRect(r.x, r.y, r.width, r.height, 10).fill({ color: PANEL, alpha: 0.95 });
    g.roundRect(r.x, r.y, r.width, r.height, 10).stroke({ width: seat.active ? 3 : 1, color: seat.active ? seat.look.color : LINE });
    node.addChild(g);
    const markR = compact ? 9 : 11;
    node.addChild(this.markNode(seat.look, r.x + pad + markR, r.y + pad + markR, markR));
    const nameSize = compact ? 12.5 : 15;
    const tag = seat.active ? t('mangoku.seats.turn') : seat.status;
    const tagText = tag
      ? new Text({
          text: tag,
          style: { fontFamily: FONT, fontSize: compact ? 10 : 11, fontWeight: '700', fill: seat.active ? ACCENT : MUTED },
          resolution: textResolution(),
        })
      : null;
    const nameWidth = r.width - pad * 2 - markR * 2 - 6 - (tagText ? tagText.width + 6 : 0);
    const name = fitText(seat.name, nameWidth, nameSize, TEXT, '700');
    name.anchor.set(0, 0.5);
    name.position.set(r.x + pad + markR * 2 + 6, r.y + pad + markR);
    node.addChild(name);
    if (tagText) {
      tagText.anchor.set(1, 0.5);
      tagText.position.set(r.x + r.width - pad, r.y + pad + markR);
      node.addChild(tagText);
    }
    // Coins at the left of the second row, the hand's backs at its right.
    const row = r.y + pad + markR * 2 + (compact ? 4 : 6);
    const coin = compact ? 16 : 20;
    const coinSprite = new Sprite(this.art.coin(coin));
    coinSprite.position.set(r.x + pad, row + 2);
    const coins = new Text({
      text: String(seat.coins),
      style: { fontFamily: FONT, fontWeight: '800', fontSize: compact ? 14 : 17, fill: TEXT },
      resolution: textResolution(),
    });
    coins.anchor.set(0, 0.5);
    coins.position.set(r.x + pad + coin + 4, row + 2 + coin / 2);
    node.addChild(coinSprite, coins);
    const mini = this.layoutNow.miniCard;
    const cardsRight = r.x + r.width - pad;
    const cardsTop = r.y + r.height - pad - mini.height;
    if (seat.revealed && seat.revealed.length) {
      const size = { width: Math.round((r.height - (cardsTop - r.y) + mini.height * 0.25) * 0.72), height: Math.round(mini.height * 1.25) };
      seat.revealed.forEach((card, i) => {
        const sprite = new Sprite(this.art.face(card, size, 'short'));
        sprite.position.set(cardsRight - size.width * (seat.revealed!.length - i) - 2 * (seat.revealed!.length - 1 - i), r.y + r.height - pad - size.height);
        node.addChild(sprite);
      });
      // The reveal's time: a bar along the bottom edge that shrinks to nothing.
      const bar = new Graphics().rect(r.x + 6, r.y + r.height - 3, (r.width - 12) * Math.max(0, Math.min(1, seat.revealLeft)), 3).fill(ACCENT);
      node.addChild(bar);
    } else if (!own) {
      const step = Math.min(mini.width * 0.62, (r.width * 0.55) / Math.max(1, seat.cards));
      for (let i = 0; i < seat.cards; i++) {
        const sprite = new Sprite(this.art.back(mini));
        sprite.position.set(cardsRight - mini.width - step * (seat.cards - 1 - i), cardsTop);
        node.addChild(sprite);
      }
    } else if (seat.inCampaign) {
      const label = new Text({ text: t('mangoku.tableView.yourHand'), style: { fontFamily: FONT, fontSize: 12, fill: MUTED }, resolution: textResolution() });
      label.anchor.set(1, 1);
      label.position.set(cardsRight, r.y + r.height - pad);
      node.addChild(label);
    }
    if (!seat.inCampaign) {
      node.alpha = 0.55;
      const out = new Text({
        text: t('mangoku.seats.out'),
        style: { fontFamily: FONT, fontSize: compact ? 10 : 12, fontWeight: '700', fill: 0xff8787 },
        resolution: textResolution(),
      });
      out.anchor.set(1, 1);
      out.position.set(r.x + r.width - pad, r.y + r.height - pad);
      node.addChild(out);
    }
    // Between the coins and the cards: the prompt waits for this seat.
    if (seat.asked) node.addChild(this.askedBadge(r.x + r.width * 0.47, row + 2 + coin / 2));
    return node;
  }

  /** Your own nameplate on a phone: one slim row above your hand. */
  private stripNode(seat: SeatScene, r: Rect): Container {
    const node = new Container();
    const g = new Graphics().roundRect(r.x, r.y, r.width, r.height, 8).fill({ color: PANEL, alpha: 0.9 });
    if (seat.active) g.roundRect(r.x, r.y, r.width, r.height, 8).stroke({ width: 2, color: seat.look.color });
    node.addChild(g);
    const markR = r.height / 2 - 4;
    node.addChild(this.markNode(seat.look, r.x + 4 + markR, r.y + r.height / 2, markR));
    const name = fitText(seat.name, r.width * 0.45, 13, TEXT, '700');
    name.anchor.set(0, 0.5);
    name.position.set(r.x + 10 + markR * 2, r.y + r.height / 2);
    const coin = new Sprite(this.art.coin(16));
    coin.anchor.set(0, 0.5);
    coin.position.set(name.x + name.width + 12, r.y + r.height / 2);
    const coins = new Text({
      text: String(seat.coins),
      style: { fontFamily: FONT, fontWeight: '800', fontSize: 14, fill: TEXT },
      resolution: textResolution(),
    });
    coins.anchor.set(0, 0.5);
    coins.position.set(coin.x + 20, r.y + r.height / 2);
    node.addChild(name, coin, coins);
    const note = seat.active ? t('mangoku.tableView.yourTurn') : seat.inCampaign ? '' : t('mangoku.seats.out');
    if (note) {
      const noteText = new Text({
        text: note,
        style: { fontFamily: FONT, fontSize: 12, fontWeight: '700', fill: seat.active ? ACCENT : 0xff8787 },
        resolution: textResolution(),
      });
      noteText.anchor.set(1, 0.5);
      noteText.position.set(r.x + r.width - 8, r.y + r.height / 2);
      node.addChild(noteText);
    }
    if (seat.asked) node.addChild(this.askedBadge(coins.x + coins.width + 16, r.y + r.height / 2));
    return node;
  }

  /** An hourglass on a seat a prompt waits for, centred on (x, y). */
  private askedBadge(x: number, y: number): Container {
    const node = new Container();
    const size = 18;
    const g = new Graphics()
      .circle(x, y, size / 2)
      .fill(ACCENT)
      .stroke({ width: 1.5, color: 0x111111 });
    g.moveTo(x - 4, y - 5)
      .lineTo(x + 4, y - 5)
      .lineTo(x - 4, y + 5)
      .lineTo(x + 4, y + 5)
      .closePath()
      .fill(0x1b1405);
    node.addChild(g);
    return node;
  }

  /** A seat's colour disc with its mark, so colour is never the only cue. */
  private markNode(look: SeatLook, x: number, y: number, r: number): Container {
    const node = new Container();
    node.addChild(new Graphics().circle(x, y, r).fill(look.color).stroke({ width: 1.5, color: 0x000000, alpha: 0.45 }));
    node.addChild(this.art.glyph(MARK_BODIES[look.mark], look.ink, r * 1.24, x - r * 0.62, y - r * 0.62));
    return node;
  }

  private drawPiles(): void {
    const scene = this.scene!;
    const layout = this.layoutNow;
    const key = JSON.stringify([scene.supply, scene.faceDown, scene.discard, scene.centre]);
    if (key === this.pileKey) return;
    this.pileKey = key;
    this.staticDirty = true;
    for (const child of this.pileLayer.removeChildren()) child.destroy({ children: true });
    const card = layout.pileCard;
    const labelSize = layout.compact ? 11 : 12.5;
    const label = (text: string, r: Rect) => {
      const t = fitText(text, r.width + 30, labelSize, MUTED, '600');
      t.anchor.set(0.5, 1);
      t.position.set(r.x + r.width / 2, r.y + r.height);
      this.pileLayer.addChild(t);
    };
    // The supply: a stack of backs, as high as it holds cards.
    const supply = layout.supply;
    const layers = Math.min(4, Math.ceil(scene.supply / 4));
    for (let i = 0; i < layers; i++) {
      const sprite = new Sprite(this.art.back(card));
      sprite.position.set(supply.x + i * 1.5, supply.y + (3 - i) * 1.5);
      this.pileLayer.addChild(sprite);
    }
    if (scene.supply === 0)
      this.pileLayer.addChild(new Graphics().roundRect(supply.x, supply.y, card.width, card.height, 6).stroke({ width: 1.5, color: LINE }));
    label(t('mangoku.tableView.supply', { count: scene.supply }), supply);
    // The discard pile: the face-down card, then the face-up ones fanned, newest on top.
    const discard = layout.discard;
    if (scene.faceDown) {
      const sprite = new Sprite(this.art.back(card));
      sprite.position.set(discard.x, discard.y + 2);
      sprite.alpha = 0.8;
      this.pileLayer.addChild(sprite);
    }
    const shown = scene.discard.slice(-5);
    const room = discard.width - card.width - (scene.faceDown ? card.width * 0.25 : 0);
    const step = shown.length > 1 ? Math.min(card.width * 0.36, room / (shown.length - 1)) : 0;
    const x0 = discard.x + (scene.faceDown ? card.width * 0.25 : 0);
    shown.forEach((c, i) => {
      const sprite = new Sprite(this.art.face(c, card, 'short'));
      sprite.position.set(x0 + i * step, discard.y);
      this.pileLayer.addChild(sprite);
    });
    if (!scene.faceDown && shown.length === 0)
      this.pileLayer.addChild(new Graphics().roundRect(discard.x, discard.y, card.width, card.height, 6).stroke({ width: 1.5, color: LINE }));
    label(scene.discard.length ? t('mangoku.tableView.discardSee', { count: scene.discard.length }) : t('mangoku.tableView.discard'), discard);
    // The centre pile: a heap of coins and its count.
    const centre = layout.centre;
    const coin = Math.round(card.width * 0.42);
    const heap = Math.min(9, scene.centre);
    for (let i = 0; i < heap; i++) {
      const sprite = new Sprite(this.art.coin(coin));
      const col = i % 3;
      const rowN = Math.floor(i / 3);
      sprite.position.set(
        centre.x + centre.width / 2 - coin * 1.1 + col * coin * 0.7 + (rowN % 2) * coin * 0.3,
        centre.y + card.height - coin - rowN * coin * 0.45 - 8,
      );
      this.pileLayer.addChild(sprite);
    }
    const count = new Text({
      text: String(scene.centre),
      style: { fontFamily: FONT, fontWeight: '800', fontSize: layout.compact ? 18 : 22, fill: TEXT, stroke: { color: 0x000000, width: 3 } },
      resolution: textResolution(),
    });
    count.anchor.set(0.5, 0.5);
    count.position.set(centre.x + centre.width / 2, centre.y + card.height * 0.3);
    this.pileLayer.addChild(count);
    label(t('mangoku.tableView.centre'), centre);
  }

  private drawHand(): void {
    const scene = this.scene!;
    const slots = this.cardRects();
    const key = JSON.stringify([scene.hand, scene.taken, scene.chosen, scene.playable, slots]);
    if (key === this.handKey) return;
    this.handKey = key;
    this.staticDirty = true;
    for (const child of this.handLayer.removeChildren()) child.destroy({ children: true });
    const cards = scene.taken ? [...scene.hand, scene.taken] : scene.hand.slice();
    const ikki = scene.chosen.length === 2;
    cards.forEach((card, i) => {
      const r = slots[i];
      const chosen = scene.chosen.includes(i);
      const sprite = new Sprite(this.art.face(card, this.layoutNow.handCard, 'full', card === 'peasant' && ikki && chosen));
      sprite.position.set(r.x, r.y - (chosen ? Math.round(r.height * 0.1) : 0));
      sprite.alpha = scene.playable[i] === false ? 0.55 : 1;
      this.handLayer.addChild(sprite);
      if (scene.taken && i === cards.length - 1) {
        const note = fitText(t('mangoku.tableView.takenPlay'), r.width, 12, ACCENT, '700');
        note.anchor.set(0.5, 1);
        note.position.set(r.x + r.width / 2, sprite.y - 2);
        this.handLayer.addChild(note);
      }
    });
  }

  /** Targets, the chosen card and the keyboard's focus: drawn over the cached table. */
  private drawMarks(): void {
    const scene = this.scene!;
    const layout = this.layoutNow;
    const m = this.markLayer;
    m.clear();
    const targetRect = (t: Target): Rect | null => (t === 'centre' ? layout.centre : (layout.seats[t] ?? null));
    for (const t of scene.aimable) {
      const r = targetRect(t);
      if (!r) continue;
      const aimed = scene.aimed.includes(t);
      m.roundRect(r.x - 4, r.y - 4, r.width + 8, r.height + 8, 12).stroke({ width: aimed ? 5 : 3, color: ACCENT, alpha: aimed ? 1 : 0.85 });
      if (aimed) m.roundRect(r.x, r.y, r.width, r.height, 10).fill({ color: ACCENT, alpha: 0.22 });
    }
    const slots = this.cardRects();
    for (const i of scene.chosen) {
      const r = slots[i];
      if (!r) continue;
      const lift = Math.round(r.height * 0.1);
      m.roundRect(r.x - 3, r.y - lift - 3, r.width + 6, r.height + 6, 10).stroke({ width: 4, color: ACCENT });
    }
    const focus = scene.focusCard >= 0 ? slots[scene.focusCard] : scene.focusTarget !== null ? targetRect(scene.focusTarget) : null;
    if (focus) {
      const lift = scene.focusCard >= 0 && scene.chosen.includes(scene.focusCard) ? Math.round(focus.height * 0.1) : 0;
      m.roundRect(focus.x - 7, focus.y - lift - 7, focus.width + 14, focus.height + 14, 14).stroke({ width: 3, color: 0xffffff });
    }
  }

  // ---- animation ----------------------------------------------------------------------------

  private get pulsing(): boolean {
    return (this.scene?.aimable.length ?? 0) > (this.scene?.aimed.length ?? 0);
  }

  private advance(deltaMs: number, clockMs: number): void {
    this.markLayer.alpha = this.pulsing ? 0.75 + 0.25 * Math.sin(clockMs / 240) : 1;
    this.tweens.advance(deltaMs);
  }

  // ---- input --------------------------------------------------------------------------------

  private listen(canvas: HTMLCanvasElement): void {
    // Taps only: the page scrolls on a phone, so vertical swipes are left to it.
    canvas.style.touchAction = 'pan-y';
    canvas.addEventListener('pointerdown', (e) => this.pointers.set(e.pointerId, this.local(e)));
    const end = (e: PointerEvent) => {
      const start = this.pointers.get(e.pointerId);
      this.pointers.delete(e.pointerId);
      if (!start || e.type !== 'pointerup') return;
      const p = this.local(e);
      if (Math.hypot(p.x - start.x, p.y - start.y) <= TAP_SLOP_PX) this.tapAt(p);
    };
    canvas.addEventListener('pointerup', end);
    canvas.addEventListener('pointercancel', end);
  }

  private tapAt(p: { x: number; y: number }): void {
    const scene = this.scene;
    if (!scene) return;
    const layout = this.layoutNow;
    const slots = this.cardRects();
    // The later cards lie on top of the earlier ones.
    for (let i = slots.length - 1; i >= 0; i--) {
      const lift = scene.chosen.includes(i) ? Math.round(slots[i].height * 0.1) : 0;
      if (contains({ ...slots[i], y: slots[i].y - lift }, p)) return this.events.tapCard(i);
    }
    for (let s = 0; s < layout.seats.length; s++) if (layout.seats[s] && contains(layout.seats[s], p)) return this.events.tapSeat(s);
    if (contains(layout.centre, p)) return this.events.tapCentre();
    if (contains(layout.discard, p)) return this.events.tapDiscard();
  }

  private local(e: { clientX: number; clientY: number }): { x: number; y: number } {
    const rect = this.app.canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }
}
