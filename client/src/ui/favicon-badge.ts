/**
 * A badge on the page's favicon, drawn on a canvas over the page's own icon: a tab in a row of
 * tabs shows that the game waits for you. The drawing is a PNG data: URL, which the server's
 * Content-Security-Policy admits for images (img-src 'self' data:), as it does the icon itself.
 */

const SIZE = 64;
const BADGE = '#ffd43b';
const RING = '#14202e';

export class FaviconBadge {
  private readonly link: HTMLLinkElement | null;
  private readonly plain: string;
  private badged: string | null = null;
  private icon: HTMLImageElement | null = null;
  private wanted = false;

  constructor(link: HTMLLinkElement | null = document.querySelector('link[rel~="icon"]')) {
    this.link = link;
    this.plain = link?.href ?? '';
  }

  /** Shows the badge, or the plain icon. */
  show(on: boolean): void {
    this.wanted = on;
    if (!this.link) return;
    if (!on) {
      if (this.link.href !== this.plain) this.link.href = this.plain;
      return;
    }
    if (this.badged) {
      this.link.href = this.badged;
      return;
    }
    this.draw();
  }

  /** Whether the badge is on the favicon now (tests read it). */
  get showing(): boolean {
    return this.link !== null && this.badged !== null && this.link.href === this.badged;
  }

  private draw(): void {
    if (this.icon) return;
    const icon = new Image();
    this.icon = icon;
    const finish = (withIcon: boolean): void => {
      this.badged = render(withIcon ? icon : null);
      this.show(this.wanted);
    };
    icon.onload = () => finish(true);
    icon.onerror = () => finish(false);
    icon.src = this.plain;
  }
}

/** The icon (or a plain tile when it cannot be drawn) with the badge in its top right corner. */
function render(icon: HTMLImageElement | null): string {
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  const g = canvas.getContext('2d')!;
  if (icon) g.drawImage(icon, 0, 0, SIZE, SIZE);
  else {
    g.fillStyle = '#c0392b';
    g.beginPath();
    g.roundRect(0, 0, SIZE, SIZE, 13);
    g.fill();
  }
  const r = SIZE * 0.24;
  g.beginPath();
  g.arc(SIZE - r - 2, r + 2, r, 0, Math.PI * 2);
  g.fillStyle = BADGE;
  g.fill();
  g.lineWidth = 4;
  g.strokeStyle = RING;
  g.stroke();
  try {
    return canvas.toDataURL('image/png');
  } catch {
    // A canvas the icon tainted cannot be read: the badge alone, on a plain tile.
    return icon ? render(null) : '';
  }
}
