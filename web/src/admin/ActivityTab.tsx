import { useEffect, useState, type FormEvent } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from 'api/shared/audit-actions';
import type { AdminActivityQuery, AdminActivityQueryVariables, ActivityTable_EntryFragment } from '../gql/graphql';
import { Empty, Failure, Loading } from '../ui/States';
import { labelOf } from '../ui/labels';
import { formatExactTime } from '../ui/time';
import { readAdminCredential } from './credential';
import { downloadBlob } from './manifest';
import { describeChanges, rawChanges } from './activityDescriber';

export const ACTIVITY_TABLE_FRAGMENT: TypedDocumentNode<ActivityTable_EntryFragment> = gql`
  fragment ActivityTable_entry on AuditEvent {
    id
    at
    actorType
    actor
    action
    bookingId
    workshopId
    before
    after
    detail
  }
`;

/** One page of the audit log; a page fetched with `cursor` extends the list (apollo/client.ts). */
export const ADMIN_ACTIVITY_QUERY: TypedDocumentNode<AdminActivityQuery, AdminActivityQueryVariables> = gql`
  query AdminActivity($text: String, $action: String, $bookingId: ID, $from: DateTimeISO, $to: DateTimeISO, $limit: Int!, $cursor: String) {
    adminActivity(text: $text, action: $action, bookingId: $bookingId, from: $from, to: $to, limit: $limit, cursor: $cursor) {
      entries {
        id
        ...ActivityTable_entry
      }
      nextCursor
      hasMore
    }
  }
  ${ACTIVITY_TABLE_FRAGMENT}
`;

export const ACTIVITY_PAGE_SIZE = 50;

/** The filters as typed in the form: dates are the admin's calendar days (YYYY-MM-DD). */
export interface ActivityFilters {
  text: string;
  action: string;
  from: string;
  to: string;
}

const NO_FILTERS: ActivityFilters = { text: '', action: '', from: '', to: '' };

/** Local calendar day → the instant it starts; `to` includes its whole day. */
function dayStart(day: string, plusDays = 0): string | null {
  if (!day) return null;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + plusDays).toISOString();
}

/** The query's variables for these filters (the same for the page and the CSV). */
export function activityVariables(f: ActivityFilters, extra: Partial<AdminActivityQueryVariables> = {}): AdminActivityQueryVariables {
  return {
    text: f.text.trim() || null,
    action: f.action || null,
    from: dayStart(f.from),
    to: dayStart(f.to, 1),
    limit: ACTIVITY_PAGE_SIZE,
    ...extra,
  };
}

/** GET /api/admin/activity.csv with the same filters (snake_case query string). */
export function activityCsvUrl(f: ActivityFilters): string {
  const v = activityVariables(f);
  const q = new URLSearchParams();
  if (v.text) q.set('text', v.text);
  if (v.action) q.set('action', v.action);
  if (v.from) q.set('from', v.from);
  if (v.to) q.set('to', v.to);
  const query = q.toString();
  return `/api/admin/activity.csv${query ? `?${query}` : ''}`;
}

const ACTOR_LABELS: Record<string, string> = { admin: 'Admin', system: 'System' };
/** In the admin's own time zone, named. */
const dateTime = (iso: string) => formatExactTime(new Date(iso));

/** The changes in the admin's words (activityDescriber.ts). */
export const changesOf = describeChanges;

/** Entries as a table: when, who, what, which booking or workshop, what changed. */
export function ActivityTable({ entries, caption }: { entries: ReadonlyArray<ActivityTable_EntryFragment>; caption: string }) {
  return (
    // Focusable, so a keyboard can scroll it sideways on a narrow screen (it holds no links or buttons).
    <div className="admin-table__scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="admin-table admin-activity stack-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Booking / workshop</th>
            <th scope="col">Changes</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => {
            const changes = changesOf(e);
            return (
              <tr key={e.id}>
                <td className="admin-table__nowrap" data-label="When">
                  {dateTime(e.at)}
                </td>
                <td data-label="Who">
                  {ACTOR_LABELS[e.actor] ?? e.actor}
                  {e.actorType === 'customer' && <span className="muted"> (customer)</span>}
                </td>
                <td data-label="What">
                  <span className="admin-activity__action">{labelOf(AUDIT_ACTION_LABELS, e.action)}</span>
                  {e.detail && <span className="admin-activity__detail">{e.detail}</span>}
                </td>
                <td className="admin-activity__ids" data-label="Booking / workshop">
                  {e.bookingId && <span>Booking {e.bookingId}</span>}
                  {e.workshopId && <span>{e.workshopId}</span>}
                  {!e.bookingId && !e.workshopId && '–'}
                </td>
                <td data-label="Changes">
                  {changes.length === 0 ? (
                    '–'
                  ) : (
                    <ul className="admin-activity__changes">
                      {changes.map((c) => (
                        <li key={c}>{c}</li>
                      ))}
                    </ul>
                  )}
                  {(e.before || e.after) && (
                    <details className="admin-activity__raw">
                      <summary>Raw record</summary>
                      <pre>{rawChanges(e)}</pre>
                    </details>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The audit log (docs/decisions/060): searchable by text, action and dates,
 * newest first, a page at a time, with the same selection as a CSV download.
 */
export function ActivityTab({
  onError = () => false,
  onSignedOut = () => {},
}: {
  /** A failed request: true when handled (a 401 logs out). */
  onError?: (e: unknown) => boolean;
  /** The CSV download was refused (401): the session is over. */
  onSignedOut?: () => void;
}) {
  const [draft, setDraft] = useState<ActivityFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const { data, loading, error, fetchMore, refetch } = useQuery(ADMIN_ACTIVITY_QUERY, {
    variables: activityVariables(filters),
    context: { admin: true },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.adminActivity;
  useEffect(() => {
    if (error) onError(error);
  }, [error, onError]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
  };
  const loadOlder = () => {
    if (!page?.nextCursor) return;
    fetchMore({ variables: { cursor: page.nextCursor } }).catch((e: unknown) => onError(e));
  };

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      const res = await fetch(activityCsvUrl(filters), { headers: { authorization: `Basic ${readAdminCredential() ?? ''}` } });
      if (res.status === 401) {
        onSignedOut();
        return;
      }
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'activity.csv';
      downloadBlob(name, await res.blob());
    } catch {
      setDownloadError('The CSV could not be downloaded. Try again.');
    } finally {
      setDownloading(false);
    }
  };

  let body;
  if (!page) {
    body = loading ? (
      <Loading>Loading activity...</Loading>
    ) : (
      <Failure>
        <p>The activity could not be loaded.</p>
        <button type="button" className="btn btn--outline" onClick={() => void refetch().catch((e: unknown) => onError(e))}>
          Try again
        </button>
      </Failure>
    );
  } else if (page.entries.length === 0) {
    const filtered = Object.values(filters).some((v) => v.trim() !== '');
    body = <Empty>{filtered ? 'No activity matches these filters.' : 'No activity yet.'}</Empty>;
  } else {
    body = (
      <>
        <ActivityTable entries={page.entries} caption="Activity, newest first" />
        {page.hasMore && (
          <button type="button" className="btn btn--outline" onClick={loadOlder} disabled={loading}>
            {loading ? 'Loading...' : 'Load older entries'}
          </button>
        )}
      </>
    );
  }

  return (
    <div className="stack">
      <form className="admin-filters" role="search" aria-label="Activity" onSubmit={apply}>
        <div className="field">
          <label htmlFor="activity-search">Search activity</label>
          <input
            id="activity-search"
            className="input"
            type="search"
            placeholder="Email, booking id, workshop or words"
            value={draft.text}
            onChange={(e) => setDraft({ ...draft, text: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="activity-action">Action</label>
          <select id="activity-action" className="select" value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })}>
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {AUDIT_ACTION_LABELS[a]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="activity-from">From</label>
          <input id="activity-from" className="input" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="activity-to">To (inclusive)</label>
          <input id="activity-to" className="input" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </div>
        <div className="admin-filters__buttons">
          <button type="submit" className="btn btn--primary">
            Search
          </button>
          <button type="button" className="btn btn--ghost" onClick={clear}>
            Clear
          </button>
        </div>
      </form>

      <div className="admin-filters__export">
        <button type="button" className="btn btn--outline" onClick={() => void download()} disabled={downloading}>
          {downloading ? 'Preparing CSV...' : 'Download CSV'}
        </button>
        <span className="field__hint">Every entry matching the filters above, newest first.</span>
        {downloadError && (
          <p role="alert" className="admin-login__error">
            {downloadError}
          </p>
        )}
      </div>

      {page && (
        <p className="muted" aria-live="polite">
          Showing {page.entries.length} {page.entries.length === 1 ? 'entry' : 'entries'}
          {page.hasMore ? ' (older entries exist)' : ''}
        </p>
      )}
      {body}
    </div>
  );
}
