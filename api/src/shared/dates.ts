/** Date helpers shared by api and web. Dates of workshops are calendar dates (YYYY-MM-DD). */

const monthShort = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parts(date: string): { y: number; m: number; d: number } {
  const [y, m, d] = date.split('-').map(Number);
  return { y, m, d };
}

/** "May 14-19, 2026", "Sep 28 - Oct 3, 2026", "Dec 29, 2026 - Jan 3, 2027". */
export function formatDateRange(start: string, end: string): string {
  const a = parts(start);
  const b = parts(end);
  if (a.y !== b.y) {
    return `${monthShort[a.m - 1]} ${a.d}, ${a.y} - ${monthShort[b.m - 1]} ${b.d}, ${b.y}`;
  }
  if (a.m === b.m) return `${monthShort[a.m - 1]} ${a.d}-${b.d}, ${a.y}`;
  return `${monthShort[a.m - 1]} ${a.d} - ${monthShort[b.m - 1]} ${b.d}, ${a.y}`;
}
