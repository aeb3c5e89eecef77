import { Brackets, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import { AppError } from '../infrastructure/errors';
import { containsPattern, whereTextMatches, type SearchIndex } from '../infrastructure/db/text-search';
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

/** Who an erasure removes from the older entries (PersonalDataService.eraseOrThrow). */
export interface ErasedPerson {
  /** Their email address, lower-cased. */
  email: string;
  /** The names they went by (bookings, travellers, posts, waiting lists). */
  names: readonly string[];
  /** Their bookings: those entries are theirs even where no address appears. */
  bookingIds: readonly string[];
  /**
   * Only the entries of `bookingIds` (the 7-year erasure of one booking, whose customer may have
   * later bookings still kept): the address is not looked for in the rest of the log.
   */
  bookingsOnly?: boolean;
  replacementEmail: string;
  replacementName: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces the person in every string of a JSON value (keys, numbers and booleans untouched: amounts in cents stay). */
function scrubJson(value: unknown, scrub: (text: string) => string): unknown {
  if (typeof value === 'string') return scrub(value);
  if (Array.isArray(value)) return value.map((v) => scrubJson(v, scrub));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubJson(v, scrub)]));
  return value;
}

/**
 * The audit log (docs/decisions/060): every admin action and every money
 * movement, written in the transaction of the change. Append-only by design:
 * this class has no method that deletes an entry, and one that updates: the
 * erasure of a customer replaces their address and names in older entries
 * (rewriteErased, docs/decisions/101 amendment); nothing else may write to the
 * table. Read by the admin's Activity tab, its CSV export and the history of
 * one booking.
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

  /**
   * The one rewrite of older entries (issue 26, docs/decisions/101 amendment): when a customer is
   * erased, every entry that names their email address (as the actor of their own actions, in the
   * sentence or in the before/after values), and every entry of their bookings, gets the address
   * and their names replaced, in the erasure's transaction `m`. What happened, when, and every
   * amount stay; the search index follows (FTS5 trigger on SQLite, FULLTEXT on MariaDB).
   * Returns how many entries changed.
   */
  async rewriteErased(m: EntityManager, person: ErasedPerson): Promise<number> {
    const email = person.email.toLowerCase();
    const like = containsPattern(email);
    const q = m
      .createQueryBuilder(AuditEvent, 'e')
      .where(
        new Brackets((w) => {
          if (person.bookingsOnly) {
            w.where(person.bookingIds.length ? 'e.bookingId IN (:...bookingIds)' : '1 = 0', { bookingIds: [...person.bookingIds] });
            return;
          }
          w.where('LOWER(e.actor) = :email', { email });
          for (const column of ['detail', 'before', 'after']) w.orWhere(`LOWER(e.${column}) LIKE :like ESCAPE '!'`, { like });
          if (person.bookingIds.length) w.orWhere('e.bookingId IN (:...bookingIds)', { bookingIds: [...person.bookingIds] });
        }),
      )
      .orderBy('e.id', 'ASC');
    const rows = await q.getMany();
    const names = [...new Set(person.names.map((n) => n.trim()).filter((n) => n.length >= 2))].sort((a, b) => b.length - a.length);
    const patterns = [
      // The whole address only: not "ana@example.com" inside "hana@example.com" (a sentence's full stop may follow).
      { re: new RegExp(`(?<![A-Za-z0-9._%+-])${escapeRegExp(email)}(?![A-Za-z0-9_%+-]|\\.[A-Za-z0-9])`, 'gi'), to: person.replacementEmail },
      ...names.map((n) => ({ re: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(n)}(?![\\p{L}\\p{N}])`, 'giu'), to: person.replacementName })),
    ];
    const scrub = (text: string) => patterns.reduce((t, p) => t.replace(p.re, p.to), text);
    // The stored JSON keeps its exact text unless a value changed.
    const scrubStored = (stored: string | null) => {
      if (stored === null) return null;
      try {
        const parsed: unknown = JSON.parse(stored);
        const scrubbed = JSON.stringify(scrubJson(parsed, scrub));
        return scrubbed === JSON.stringify(parsed) ? stored : scrubbed;
      } catch {
        return scrub(stored);
      }
    };
    let changed = 0;
    for (const row of rows) {
      const next = {
        actor: row.actor.toLowerCase() === email ? person.replacementEmail : scrub(row.actor),
        detail: row.detail === null ? null : scrub(row.detail),
        before: scrubStored(row.before),
        after: scrubStored(row.after),
      };
      if (next.actor === row.actor && next.detail === row.detail && next.before === row.before && next.after === row.after) continue;
      await m.update(AuditEvent, { id: row.id }, next);
      changed++;
    }
    return changed;
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
