const CREDIT_CODE_SYMBOLS = 12;
import { newCreditCode, normalizeCreditCode } from './credits.service';

/** Credit codes (docs/decisions/063; issue 21 finding 12: longer, unbiased, old codes still redeemable). */
describe('credit codes', () => {
  const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

  it('are WL- and 12 symbols of the alphabet in groups of four (about 59 bits)', () => {
    expect(CREDIT_CODE_SYMBOLS).toBe(12);
    for (let i = 0; i < 200; i++) expect(newCreditCode()).toMatch(/^WL-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(Math.log2(ALPHABET.length ** CREDIT_CODE_SYMBOLS)).toBeGreaterThan(59);
  });

  // The old codes took a random byte modulo 31: the first 8 symbols came 9 times in 256, the others 8.
  it('draw every symbol of the alphabet evenly (no modulo bias)', () => {
    const counts = new Map<string, number>(Array.from(ALPHABET, (c) => [c, 0]));
    const codes = 30_000;
    for (let i = 0; i < codes; i++) for (const c of newCreditCode().slice(3).replace(/-/g, '')) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect([...counts.keys()].join('')).toBe(ALPHABET);
    const expected = (codes * CREDIT_CODE_SYMBOLS) / ALPHABET.length;
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    // 30 degrees of freedom: the 99.99th percentile is about 66; the old bias gave about 1500.
    expect(chiSquare).toBeLessThan(70);
    const mean = (symbols: string) => Array.from(symbols, (c) => counts.get(c)!).reduce((a, b) => a + b, 0) / symbols.length;
    expect(mean(ALPHABET.slice(0, 8)) / mean(ALPHABET.slice(8))).toBeCloseTo(1, 1);
  });

  it.each([
    ['WL-7KQ3-M9XD-4HPT', 'WL-7KQ3-M9XD-4HPT'],
    [' wl 7kq3 m9xd 4hpt ', 'WL-7KQ3-M9XD-4HPT'],
    ['wl7kq3m9xd4hpt', 'WL-7KQ3-M9XD-4HPT'],
    // Codes issued before issue 21 (8 symbols) stay redeemable.
    ['WL-7KQ3-M9XD', 'WL-7KQ3-M9XD'],
    ['wl 7kq3m9xd', 'WL-7KQ3-M9XD'],
  ])('normalises %j to %s', (typed, stored) => expect(normalizeCreditCode(typed)).toBe(stored));

  it.each(['', 'WL', 'WL-7KQ3', 'WL-7KQ3-M9XD-4H', 'WL-7KQ3-M9XD-4HPT-2', 'XX-7KQ3-M9XD', 'WL-7KQ3-M9XD-4HP!', 'WL-7KQ3-M9XD\u200B'])('refuses %j', (typed) =>
    expect(normalizeCreditCode(typed)).toBeNull(),
  );
});
