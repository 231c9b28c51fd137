import { z } from 'zod';

export const NAME_MIN_LENGTH = 1;
export const NAME_MAX_LENGTH = 20;

/** A display name as stored: Unicode-normalised, control characters removed, spaces collapsed. */
export function normaliseName(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Names are compared without regard to case (so "Ann" and "ANN" cannot both sit down). */
export function sameName(a: string, b: string): boolean {
  return normaliseName(a).toLocaleLowerCase() === normaliseName(b).toLocaleLowerCase();
}

export const nameSchema = z
  .string()
  .max(200, 'a name is at most 20 characters')
  .transform(normaliseName)
  .pipe(
    z
      .string()
      .min(NAME_MIN_LENGTH, 'a name cannot be empty')
      .max(NAME_MAX_LENGTH, `a name is at most ${NAME_MAX_LENGTH} characters`),
  );

