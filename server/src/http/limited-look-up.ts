import type express from 'express';
import type { Gatekeeper } from '../limits/Gatekeeper';
import { refuse } from './refuse';

/**
 * A look-up by room code under the address's limit on failed look-ups. The attempt is taken
 * before `look` runs (before its first await, so requests in flight together cannot all pass on
 * the same last attempt) and given back when `look` finds something or throws: only look-ups that
 * found nothing cost. Answers undefined when the address is out of attempts (the refusal is
 * answered here), null when nothing was found, otherwise what was found.
 */
export async function limitedLookUp<T>(gate: Gatekeeper, address: string, res: express.Response, look: () => Promise<T | null>): Promise<T | null | undefined> {
  const admitted = gate.lookUp(address);
  if (!admitted.ok) {
    refuse(res, admitted, gate, address);
    return undefined;
  }
  let found: T | null;
  try {
    found = await look();
  } catch (error) {
    gate.giveBackLookUp(address);
    throw error;
  }
  if (found !== null) gate.giveBackLookUp(address);
  return found;
}
