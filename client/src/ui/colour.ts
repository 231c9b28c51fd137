/** Colours as numbers (as Pixi takes them) and as CSS, and the ink that reads on each. */

export function cssColor(color: number): string {
  return `#${color.toString(16).padStart(6, '0')}`;
}

export function parseCssColor(css: string): number {
  const hex = css.trim().replace(/^#/, '');
  const full = hex.length === 3 ? hex.replace(/(.)/g, '$1$1') : hex;
  const value = Number.parseInt(full, 16);
  if (!/^[0-9a-f]{6}$/i.test(full) || Number.isNaN(value)) throw new Error(`not a colour: ${css}`);
  return value;
}

/** Black or white, whichever reads better on `color` (WCAG relative luminance). */
export function inkFor(color: number): number {
  const channel = (shift: number) => {
    const v = ((color >> shift) & 0xff) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  return luminance > 0.36 ? 0x111111 : 0xffffff;
}

/** A colour moved toward black (amount < 0) or white (amount > 0). */
export function shade(color: number, amount: number): number {
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  let out = 0;
  for (const shift of [16, 8, 0]) {
    const v = (color >> shift) & 0xff;
    out |= Math.round(v + (target - v) * t) << shift;
  }
  return out;
}
