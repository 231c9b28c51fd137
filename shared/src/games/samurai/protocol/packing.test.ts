import fc from 'fast-check';
import { SETTLEMENT_COUNT } from '../board';
import { HAND_SIZE } from '../tiles';
import { packCounts, packHand, packPieces, unpackCounts, unpackHand, unpackPieces } from './packing';

describe('packed numbers', () => {
  it('round-trip every hand of up to five tiles', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 16 }), { maxLength: HAND_SIZE }), (tiles) => {
        const hand = tiles.sort((a, b) => a - b);
        const packed = packHand(hand);
        expect(packed).toBeLessThan(2 ** 32); // fits a uint32
        expect(unpackHand(packed)).toEqual(hand);
      }),
    );
  });

  it('round-trip the castes present at every settlement, five to a uint16 entry', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(7), { minLength: SETTLEMENT_COUNT, maxLength: SETTLEMENT_COUNT }), (pieces) => {
        const packed = packPieces(pieces);
        expect(packed).toHaveLength(Math.ceil(SETTLEMENT_COUNT / 5));
        expect(Math.max(...packed)).toBeLessThan(2 ** 16);
        expect(unpackPieces(packed)).toEqual(pieces);
      }),
    );
  });

  it('round-trip counts of up to 13 pieces per caste', () => {
    fc.assert(
      fc.property(fc.tuple(fc.nat(13), fc.nat(13), fc.nat(13)), (counts) => {
        const packed = packCounts(counts);
        expect(packed).toBeLessThan(2 ** 15); // fits an int16
        expect(unpackCounts(packed)).toEqual(counts);
      }),
    );
  });
});
