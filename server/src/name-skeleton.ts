import unhomoglyph from 'unhomoglyph';
import { claimedRole, sameName, Skeleton } from '@samurai/shared';

/**
 * The Unicode TR39 skeleton (NFD, each character mapped to its confusable prototype from the
 * Unicode confusables data, NFD again). The data is ~28 KB gzipped, so it stays on the server;
 * the browser checks names without it and the server has the last word.
 */
export const skeleton: Skeleton = (text) => unhomoglyph(text.normalize('NFD')).normalize('NFD');

/** Two names look alike: one player cannot sit down beside another, or a bot, with either. */
export function confusableNames(a: string, b: string): boolean {
  return sameName(a, b, skeleton);
}

/** The role a name claims, look-alike characters included ("(һost)" with a Cyrillic һ), or null. */
export function claimedRoleOf(name: string): string | null {
  return claimedRole(name, skeleton);
}
