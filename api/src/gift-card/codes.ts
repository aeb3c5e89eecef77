import crypto from 'node:crypto';

/**
 * The codes of the one code box (docs/decisions/063, 094, 095): gift cards
 * (GC-, 16 symbols) and credits (WL-, 12 symbols; 8 for credits issued before
 * issue 21). Both are rows of `gift_cards`; the prefix only tells a person
 * which is which.
 */

/** Letters and digits that cannot be misread (no 0/O, 1/I/L): a code read aloud or copied by hand still works. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** Random symbols of a new credit code: 31^12, about 59 bits (issue 21 finding 12; codes issued before have 8, about 40 bits). */
export const CREDIT_CODE_SYMBOLS = 12;
/** Random symbols of a gift card code: 31^16, about 79 bits. */
export const GIFT_CARD_CODE_SYMBOLS = 16;

const groupsOfFour = (symbols: string): string => symbols.match(/.{1,4}/g)!.join('-');
const randomSymbols = (n: number): string => Array.from({ length: n }, () => CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)]).join('');

/** WL-XXXX-XXXX-XXXX: 12 symbols drawn evenly from the alphabet (crypto.randomInt, no modulo bias). */
export function newCreditCode(): string {
  return `WL-${groupsOfFour(randomSymbols(CREDIT_CODE_SYMBOLS))}`;
}

/** GC-XXXX-XXXX-XXXX-XXXX: 16 symbols drawn evenly from the alphabet. */
export function newGiftCardCode(): string {
  return `GC-${groupsOfFour(randomSymbols(GIFT_CARD_CODE_SYMBOLS))}`;
}

/**
 * A credit code as typed ("wl 7kq3m9xd4hpt", "WL-7KQ3-M9XD-4HPT ") in its
 * stored form, or null when it cannot be one. The 8-symbol codes issued before
 * (WL-7KQ3-M9XD) stay redeemable.
 */
export function normalizeCreditCode(typed: string): string | null {
  const s = typed.toUpperCase().replace(/[\s-]/g, '');
  const m = /^WL([2-9A-Z]{8}|[2-9A-Z]{12})$/.exec(s);
  return m ? `WL-${groupsOfFour(m[1])}` : null;
}

/** A typed gift card code ("gc 7kq3 ...") in its stored form, or null when it cannot be one. */
export function normalizeGiftCardCode(typed: string): string | null {
  const s = typed.toUpperCase().replace(/[\s-]/g, '');
  const m = /^GC([2-9A-Z]{16})$/.exec(s);
  return m ? `GC-${groupsOfFour(m[1])}` : null;
}

/** Whatever the one code box was given, in its stored form (a gift card's or a credit's), or null. */
export function normalizeBalanceCode(typed: string): string | null {
  return normalizeGiftCardCode(typed) ?? normalizeCreditCode(typed);
}
