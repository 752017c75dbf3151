import { describe, expect, it } from 'vitest';
import { TAX_AMOUNT_MAX } from './options';
import { designerShare, netForPrice, priceForNet } from './tax';

// Reference maths on BigInt, written independently of tax.ts: ceil by division and remainder.
function referencePrice(amount: number): bigint {
  const numerator = 10n * BigInt(amount);
  return numerator / 7n + (numerator % 7n === 0n ? 0n : 1n);
}
const referenceNet = (price: number) => (7n * BigInt(price)) / 10n;

describe('tax', () => {
  it('matches worked examples', () => {
    expect(priceForNet(700)).toBe(1000);
    expect(priceForNet(1)).toBe(2);
    expect(priceForNet(750)).toBe(1072);
    expect(netForPrice(1000)).toBe(700);
    expect(netForPrice(1072)).toBe(750);
    expect(netForPrice(1)).toBe(0);
  });

  it('matches the BigInt reference for every amount and price 1..1,000,000', () => {
    // One failure message instead of a million assertions keeps the loop fast.
    for (let n = 1; n <= TAX_AMOUNT_MAX; n++) {
      if (BigInt(priceForNet(n)) !== referencePrice(n)) throw new Error(`priceForNet(${n})`);
      if (BigInt(netForPrice(n)) !== referenceNet(n)) throw new Error(`netForPrice(${n})`);
    }
  });

  it('is right where floating point is wrong', () => {
    const floatPriceWrong: number[] = [];
    const floatNetWrong: number[] = [];
    for (let n = 1; n <= TAX_AMOUNT_MAX; n++) {
      if (Math.ceil(n / 0.7) !== Number(referencePrice(n))) floatPriceWrong.push(n);
      if (Math.floor(n * 0.7) !== Number(referenceNet(n))) floatNetWrong.push(n);
    }
    // 21 / 0.7 = 30.000000000000004 and 90 * 0.7 = 62.99999999999999 in floating point.
    expect(floatPriceWrong.slice(0, 3)).toEqual([21, 42, 84]);
    expect(floatNetWrong.slice(0, 3)).toEqual([90, 170, 180]);
    expect(floatPriceWrong.length).toBeGreaterThan(20_000);
    expect(floatNetWrong.length).toBeGreaterThan(10_000);
    for (const n of floatPriceWrong) {
      if (BigInt(priceForNet(n)) !== referencePrice(n)) throw new Error(`priceForNet(${n})`);
    }
    for (const n of floatNetWrong) {
      if (BigInt(netForPrice(n)) !== referenceNet(n)) throw new Error(`netForPrice(${n})`);
    }
    expect(priceForNet(21)).toBe(30);
    expect(netForPrice(90)).toBe(63);
  });

  it('charges the smallest price that yields the amount, for every amount 1..1,000,000', () => {
    for (let amount = 1; amount <= TAX_AMOUNT_MAX; amount++) {
      const price = priceForNet(amount);
      // Exactly the amount, never more: the payment embed promises the agreed amount.
      if (netForPrice(price) !== amount) throw new Error(`price ${price} yields not ${amount}`);
      if (price > 1 && netForPrice(price - 1) >= amount) {
        throw new Error(`price ${price - 1} would already yield ${amount}`);
      }
    }
  });

  it('stays exact near the largest safe integers', () => {
    const big = 900_719_925_474_099; // 10·big is past 2^53, which floating point would round
    expect(priceForNet(big)).toBe(1_286_742_750_677_285);
    expect(netForPrice(Number.MAX_SAFE_INTEGER)).toBe(6_305_039_478_318_693);
    expect(() => priceForNet(Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
  });

  it('pays designers 90% with QC and 80% without, rounding down', () => {
    expect(designerShare(1000, true)).toBe(900);
    expect(designerShare(1000, false)).toBe(800);
    expect(designerShare(1749, true)).toBe(1574);
    expect(designerShare(1749, false)).toBe(1399);
    expect(designerShare(1, true)).toBe(0);
  });

  it.each([0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('rejects %s', (bad) => {
    expect(() => priceForNet(bad)).toThrow(RangeError);
    expect(() => netForPrice(bad)).toThrow(RangeError);
    expect(() => designerShare(bad, true)).toThrow(RangeError);
  });
});
