import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { AppError } from '../infrastructure/errors';
import { whereTextMatches, type SearchIndex } from '../infrastructure/db/text-search';
import type { ActorType, AuditAction } from '../shared/audit-actions';
import { AuditEvent } from './audit-event.entity';
import { AUDIT_EXPORT_MAX, AUDIT_PAGE, type AuditFilters, type AuditSearchArgs } from './audit.input';
import type { AuditPage } from './audit.objects';

/** Who did it. Use ADMIN_ACTOR, SYSTEM_ACTOR or customerActor(email). */
export interface AuditActor {
  actorType: ActorType;
  /** "admin", the customer's email, or "system". */
  actor: string;
}

export const ADMIN_ACTOR: AuditActor = { actorType: 'admin', actor: 'admin' };
export const SYSTEM_ACTOR: AuditActor = { actorType: 'system', actor: 'system' };
export const customerActor = (email: string): AuditActor => ({ actorType: 'customer', actor: email });

/**
 * One thing that happened, as a caller hands it to AuditLog.record. `before`
 * and `after` hold only the fields the change touched (money in integer
 * cents, never a password or card data); `detail` is a sentence for people.
 *
 * @example
 * // inside the transaction that issues the refund:
 * await this.audit.record(m, {
 *   ...ADMIN_ACTOR, // or SYSTEM_ACTOR (a webhook), customerActor(booking.customerEmail)
 *   action: 'refund.issued',
 *   bookingId: booking.id,
 *   workshopId: booking.workshopId,
 *   before: { amountRefundedCents: 0 },
 *   after: { amountRefundedCents: 86850 },
 *   detail: `${formatCents(86850)} refunded through Stripe (re_123)`,
 * });
 */
export interface AuditEntry extends AuditActor {
  action: AuditAction;
  bookingId?: string | null;
  workshopId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  detail?: string | null;
}

/** Position of an entry in the log order (at DESC, id DESC). Opaque to callers. */
function encodeCursor(e: Pick<AuditEvent, 'at' | 'id'>): string {
  return Buffer.from(JSON.stringify([e.at.getTime(), e.id])).toString('base64url');
}

function decodeCursorOrThrow(cursor: string): { at: Date; id: number } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (Number.isSafeInteger(at) && Number.isSafeInteger(id)) return { at: new Date(at as number), id: id as number };
  } catch {
    // fall through to the error below
  }
  throw AppError.invalid([{ field: 'cursor', message: 'cursor is not a cursor returned by this API' }]);
}

/**
 * The text search's full-text index (migration AdminPagingAndSearch, docs/decisions/075):
 * actor, action, detail, the ids and the before/after values.
 */
export const AUDIT_SEARCH: SearchIndex = {
  columns: ['actor', 'action', 'detail', 'bookingId', 'workshopId', 'before', 'after'],
  fts5Table: 'audit_log_search',
  fts5Key: 'rowid',
  entityKey: 'id',
};

const json = (value: Record<string, unknown> | null | undefined): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * The audit log (docs/decisions/060): every admin action and every money
 * movement, written in the transaction of the change. Append-only by design:
 * this class has no method that updates or deletes an entry, and nothing else
 * may write to the table. Read by the admin's Activity tab, its CSV export and
 * the history of one booking.
 */
export class AuditLog {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  /**
   * Write one entry with `m`, the caller's transaction: it commits or rolls
   * back with the change it describes. Call it after the change succeeded
   * (a refused change must leave no entry) and before the transaction ends.
   */
  async record(m: EntityManager, entry: AuditEntry): Promise<void> {
    await m.insert(AuditEvent, {
      at: new Date(this.clock().getTime()),
      actorType: entry.actorType,
      actor: entry.actor.slice(0, 254),
      action: entry.action,
      bookingId: entry.bookingId ?? null,
      workshopId: entry.workshopId ?? null,
      before: json(entry.before),
      after: json(entry.after),
      detail: entry.detail ?? null,
    });
  }

  /**
   * An entry for an event that changes nothing else (an admin sign-in): its
   * own transaction (on SQLite a bare insert could land inside another
   * caller's open transaction on the one connection, and roll back with it).
   */
  async recordAlone(entry: AuditEntry): Promise<void> {
    await this.db.transaction((m) => this.record(m, entry));
  }

  /** A page of entries matching every given filter, newest first. */
  async search(args: Partial<AuditSearchArgs> = {}): Promise<AuditPage> {
    const limit = args.limit ?? AUDIT_PAGE.defaultSize;
    if (!Number.isInteger(limit) || limit < 1 || limit > AUDIT_PAGE.maxSize) {
      throw AppError.invalid([{ field: 'limit', message: `limit must be between 1 and ${AUDIT_PAGE.maxSize}` }]);
    }
    const query = this.filtered(args).limit(limit + 1);
    if (args.cursor) {
      const c = decodeCursorOrThrow(args.cursor);
      query.andWhere('(e.at < :cursorAt OR (e.at = :cursorAt AND e.id < :cursorId))', { cursorAt: c.at, cursorId: c.id });
    }
    const rows = await query.getMany();
    const hasMore = rows.length > limit;
    const entries = hasMore ? rows.slice(0, limit) : rows;
    return { entries, hasMore, nextCursor: hasMore ? encodeCursor(entries[entries.length - 1]) : null };
  }

  /** Every entry matching the filters, newest first, for the CSV export (at most AUDIT_EXPORT_MAX, read in pages). */
  async *exportRows(filters: AuditFilters = {}): AsyncGenerator<AuditEvent> {
    let cursor: string | null = null;
    let sent = 0;
    do {
      const page: AuditPage = await this.search({ ...filters, limit: AUDIT_PAGE.maxSize, cursor });
      for (const e of page.entries) {
        if (sent++ >= AUDIT_EXPORT_MAX) return;
        yield e;
      }
      cursor = page.nextCursor;
    } while (cursor);
  }

  private filtered(f: AuditFilters): SelectQueryBuilder<AuditEvent> {
    const q = this.db.manager.createQueryBuilder(AuditEvent, 'e').orderBy('e.at', 'DESC').addOrderBy('e.id', 'DESC');
    if (f.action) q.andWhere('e.action = :action', { action: f.action });
    if (f.bookingId) q.andWhere('e.bookingId = :bookingId', { bookingId: f.bookingId.toLowerCase() });
    if (f.workshopId) q.andWhere('e.workshopId = :workshopId', { workshopId: f.workshopId });
    if (f.from) q.andWhere('e.at >= :from', { from: f.from });
    if (f.to) q.andWhere('e.at < :to', { to: f.to });
    // Each word must be found in the entry (like the bookings search), through the full-text index.
    if (f.text) whereTextMatches(q, this.db.kind, 'e', AUDIT_SEARCH, f.text);
    return q;
  }
}
