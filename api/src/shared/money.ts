/**
 * Money is integer cents everywhere inside the system. These helpers are the
 * only place cents become dollars (at the API edges the spec names, and on screen).
 * Isomorphic: imported by the api and by the web.
 */

/** Cents to a dollar number for JSON/GraphQL edges, e.g. 249500 -> 2495, 12345 -> 123.45. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Whole or fractional dollars to integer cents, rounding half away from zero. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const exactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "$2,495" for whole amounts, "$748.50" when there are cents. */
export function formatCents(cents: number): string {
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : exactDollars.format(cents / 100);
}

/** Same as formatCents, for an amount already in dollars (API edge values). */
export function formatDollars(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}
