import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The seeded 2026 season is in the past by now, and the payment options and refunds
 * depend on how far ahead a workshop starts (a deposit more than 60 days ahead, the first
 * cancellation tier 90+). Tests add a copy of a seeded workshop starting `startInDays`
 * from today, straight into the database of the app they use (the servers empty their
 * database at start, playwright.config.ts). The app's catalog re-reads rows it did not
 * write itself within its safety-net age (10 s, decision 053): wait for the copy with
 * `untilListed`.
 */
const tmp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '.tmp');
export const APP_DB = path.join(tmp, 'e2e.db');
export const STRIPE_APP_DB = path.join(tmp, 'e2e-stripe.db');

const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

export async function addFutureWorkshop(
  request: APIRequestContext,
  options: { baseUrl: string; db: string; from: string; id: string; name?: string; startInDays: number; priceCents?: number },
): Promise<void> {
  const db = new DatabaseSync(options.db);
  try {
    const row = db.prepare('SELECT * FROM workshops WHERE id = ?').get(options.from) as Record<string, string | number | null>;
    const days = Math.round((Date.parse(String(row.end_date)) - Date.parse(String(row.start_date))) / 86_400_000);
    const copy: Record<string, string | number | null> = {
      ...row,
      id: options.id,
      name: options.name ?? row.name,
      start_date: day(options.startInDays),
      end_date: day(options.startInDays + days),
      spots_claimed: 0,
      ...(options.priceCents === undefined ? {} : { price_cents: options.priceCents }),
    };
    const columns = Object.keys(copy);
    db.prepare(`INSERT OR IGNORE INTO workshops (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(...columns.map((c) => copy[c]));
  } finally {
    db.close();
  }
  await expect.poll(async () => (await request.get(`${options.baseUrl}/api/workshops/${options.id}`)).status(), { timeout: 20_000 }).toBe(200);
}
