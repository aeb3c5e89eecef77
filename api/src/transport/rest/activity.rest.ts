import type { FastifyPluginAsync } from 'fastify';
import { stringify, type Stringifier } from 'csv-stringify';
import type { AdminAuthService } from '../../admin/admin-auth.service';
import type { AuditLog } from '../../audit/audit-log.service';
import type { AuditEvent } from '../../audit/audit-event.entity';
import { AuditSearchArgs } from '../../audit/audit.input';
import { validateInputOrThrow } from '../../infrastructure/validation';
import { requireAdmin } from '../admin-guard';
import { ADMIN_ROUTES } from './schemas/admin';

type ActivityQuery = { Querystring: Record<string, unknown> };

/** before/after are stored as JSON text; REST callers get them as objects. */
function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One audit entry as GET /api/admin/activity answers it (snake_case). */
export function auditEntryJson(e: AuditEvent) {
  return {
    id: e.id,
    at: e.at.toISOString(),
    actor_type: e.actorType,
    actor: e.actor,
    action: e.action,
    booking_id: e.bookingId,
    workshop_id: e.workshopId,
    before: parsed(e.before),
    after: parsed(e.after),
    detail: e.detail,
  };
}

const CSV_COLUMNS = ['at', 'actor_type', 'actor', 'action', 'booking_id', 'workshop_id', 'detail', 'before', 'after', 'id'] as const;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR at the
 * start) gets a leading apostrophe (CSV injection): actor emails and details
 * may carry text a customer typed.
 */
export function defuseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvRecord(e: AuditEvent): Record<string, string> {
  const row: Record<(typeof CSV_COLUMNS)[number], string> = {
    at: e.at.toISOString(),
    actor_type: e.actorType,
    actor: e.actor,
    action: e.action,
    booking_id: e.bookingId ?? '',
    workshop_id: e.workshopId ?? '',
    detail: e.detail ?? '',
    before: e.before ?? '',
    after: e.after ?? '',
    id: String(e.id),
  };
  return Object.fromEntries(CSV_COLUMNS.map((c) => [c, defuseFormula(row[c])]));
}

/**
 * The CSV of the entries, from the first one read: the rest are read in pages
 * and streamed, so an export of a whole season never sits in memory at once.
 */
function csvStream(first: IteratorResult<AuditEvent>, rows: AsyncIterator<AuditEvent>, failed: (err: unknown) => void): Stringifier {
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS], record_delimiter: 'windows', bom: true });
  void (async () => {
    try {
      for (let r = first; !r.done; r = await rows.next()) {
        if (!csv.write(csvRecord(r.value))) await new Promise((resolve) => csv.once('drain', resolve));
      }
      csv.end();
    } catch (err) {
      failed(err);
      csv.destroy(err as Error);
    }
  })();
  return csv;
}

/** The query string (snake_case, all text) as the search arguments; 422 naming the bad parameter. */
async function searchArgsOrThrow(q: Record<string, unknown>, paged: boolean): Promise<AuditSearchArgs> {
  const text = (key: string): string | undefined => {
    const v = q[key];
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  const date = (key: string) => {
    const v = text(key);
    return v === undefined ? undefined : new Date(v);
  };
  const limit = text('limit');
  // Errors name the parameters in snake_case (the REST error handler renames them).
  return validateInputOrThrow(AuditSearchArgs, {
    text: text('text'),
    action: text('action'),
    bookingId: text('booking_id'),
    workshopId: text('workshop_id'),
    from: date('from'),
    to: date('to'),
    ...(paged ? { limit: limit === undefined ? undefined : Number(limit), cursor: text('cursor') } : {}),
  });
}

/**
 * GET /api/admin/activity (a page, as JSON) and GET /api/admin/activity.csv
 * (every matching entry, newest first), with the same filters: text, action,
 * booking_id, workshop_id, from, to (ISO 8601); the JSON also takes limit and
 * cursor (next_cursor of the previous page). Behind the admin guard.
 */
export function activityRoutes(deps: { adminAuth: AdminAuthService; audit: AuditLog; secureCookies: boolean; clock: () => Date }): FastifyPluginAsync {
  return async (app) => {
    app.addHook('preHandler', requireAdmin(deps.adminAuth, { secureCookies: deps.secureCookies }));

    app.get<ActivityQuery>('/activity', { schema: ADMIN_ROUTES.activity }, async (req) => {
      const page = await deps.audit.search(await searchArgsOrThrow(req.query, true));
      return { entries: page.entries.map(auditEntryJson), next_cursor: page.nextCursor, has_more: page.hasMore };
    });

    app.get<ActivityQuery>('/activity.csv', { schema: ADMIN_ROUTES.activityCsv }, async (req, reply) => {
      const { text, action, bookingId, workshopId, from, to } = await searchArgsOrThrow(req.query, false);
      const rows = deps.audit.exportRows({ text, action, bookingId, workshopId, from, to });
      // The first page is read before answering, so a failing database is a proper error, not an empty file.
      const first = await rows.next();
      const csv = csvStream(first, rows, (err) => req.log.error({ err }, 'activity export failed midway'));
      const day = deps.clock().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="activity-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    });
  };
}
