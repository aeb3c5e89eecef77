import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { problemMessage } from '../forms/graphqlProblem';
import { useMutation, useQuery } from '@apollo/client/react';
import { formatDollars } from 'api/shared/money';
import { formatIsoDate } from 'api/shared/policy';
import { runLabel } from 'api/shared/dates';
import type {
  AdminDepartureReadinessQuery,
  AdminDepartureReadinessQueryVariables,
  AdminGoNoGoQuery,
  AdminGoNoGoQueryVariables,
  CancelWorkshopMutation,
  CancelWorkshopMutationVariables,
} from '../gql/graphql';
import { Empty } from '../ui/States';

/** Go or no-go for every workshop not archived (docs/decisions/063): its own query, loaded with the Workshops tab. */
export const ADMIN_GO_NO_GO_QUERY: TypedDocumentNode<AdminGoNoGoQuery, AdminGoNoGoQueryVariables> = gql`
  query AdminGoNoGo {
    adminGoNoGo {
      workshop {
        id
        name
        dates
      }
      state
      label
      decisionDate
      daysToDecision
      paid
      held
      minimum
      missing
    }
  }
`;

/** Readiness of the runs beside go/no-go (issue 25): travellers with every pre-trip task done, of all. */
export const ADMIN_DEPARTURE_READINESS_QUERY: TypedDocumentNode<AdminDepartureReadinessQuery, AdminDepartureReadinessQueryVariables> = gql`
  query AdminDepartureReadiness($workshopIds: [ID!]!) {
    adminDepartureReadiness(workshopIds: $workshopIds) {
      workshopId
      travellerCount
      readyCount
    }
  }
`;

type ReadinessById = ReadonlyMap<string, { readyCount: number; travellerCount: number }>;

export const CANCEL_WORKSHOP_MUTATION: TypedDocumentNode<CancelWorkshopMutation, CancelWorkshopMutationVariables> = gql`
  mutation CancelWorkshop($input: CancelWorkshopInput!) {
    cancelWorkshop(input: $input) {
      workshop {
        id
        cancelled
      }
      bookingsCancelled
      onlineRefund
      offlineRefund
      waitlistClosed
    }
  }
`;

type Row = AdminGoNoGoQuery['adminGoNoGo'][number];

/** The state's badge: words first, a symbol too, colour last (never colour alone). */
const STATE_STYLE: Record<string, { badge: string; symbol: string }> = {
  on_track: { badge: 'badge--success', symbol: '✓' },
  at_risk: { badge: 'badge--warning', symbol: '!' },
  decide_now: { badge: 'badge--danger', symbol: '‼' },
  running: { badge: 'badge--amber', symbol: '▶' },
  finished: { badge: 'badge--grey', symbol: '•' },
  cancelled: { badge: 'badge--grey', symbol: '×' },
};

/** "in 12 days", "today", "3 days ago". */
export function daysText(days: number): string {
  if (days === 0) return 'today';
  if (days > 0) return `in ${days} day${days === 1 ? '' : 's'}`;
  return `${-days} day${days === -1 ? '' : 's'} ago`;
}

/** Whether the admin may still cancel it here (the server decides too). */
const cancellable = (r: Row) => r.state === 'on_track' || r.state === 'at_risk' || r.state === 'decide_now';

/** What needs the admin first: decide now, then at risk, then the runs on track, then those running. */
const URGENCY: Record<string, number> = { decide_now: 0, at_risk: 1, on_track: 2, running: 3 };
/** Over or called off: folded away below the list. */
const isPast = (r: Row) => r.state === 'finished' || r.state === 'cancelled';

/**
 * The rows to decide on first (most urgent, then the nearest decision date) and
 * the past ones apart (the latest first).
 */
export function goNoGoOrder(rows: ReadonlyArray<Row>): { current: Row[]; past: Row[] } {
  const current = rows
    .filter((r) => !isPast(r))
    .sort((a, b) => (URGENCY[a.state] ?? 9) - (URGENCY[b.state] ?? 9) || a.daysToDecision - b.daysToDecision || a.workshop.id.localeCompare(b.workshop.id));
  const past = rows.filter(isPast).sort((a, b) => b.daysToDecision - a.daysToDecision || a.workshop.id.localeCompare(b.workshop.id));
  return { current, past };
}

/**
 * "Go / no-go": per workshop, participants paid and held against the minimum,
 * the decision date and a state in words; "Cancel this workshop" with the
 * name typed to confirm (the server checks it too).
 */
export function GoNoGoSection({
  onDone,
  onError,
}: {
  /** After a cancellation: the tab says what happened (its status line) and reloads its lists. */
  onDone: (message: string) => void;
  onError: (error: unknown) => boolean;
}) {
  const { data, loading, error, refetch } = useQuery(ADMIN_GO_NO_GO_QUERY, { context: { admin: true }, fetchPolicy: 'cache-and-network' });
  const [cancelling, setCancelling] = useState<Row | null>(null);
  const headingId = useId();
  const upcoming = (data?.adminGoNoGo ?? []).filter((r) => !isPast(r)).map((r) => r.workshop.id);
  const { data: ready } = useQuery(ADMIN_DEPARTURE_READINESS_QUERY, { variables: { workshopIds: upcoming }, skip: upcoming.length === 0, context: { admin: true }, fetchPolicy: 'cache-and-network' });
  const readiness: ReadinessById = new Map((ready?.adminDepartureReadiness ?? []).map((r) => [r.workshopId, r]));
  useEffect(() => {
    if (error) onError(error);
  }, [error, onError]);

  let body;
  if (!data) {
    // Plain text: the tab's own list carries the loading and failure announcements.
    body = <p className="muted">{loading ? 'Loading go/no-go...' : 'Go/no-go could not be loaded.'}</p>;
  } else if (data.adminGoNoGo.length === 0) {
    body = <Empty>No workshops.</Empty>;
  } else {
    const { current, past } = goNoGoOrder(data.adminGoNoGo);
    body = (
      <>
        {current.length > 0 ? (
          <GoNoGoTable rows={current} readiness={readiness} label="Go / no-go table" caption="Go or no-go per workshop, the ones to decide first: participants paid and held, the minimum to run, the decision date, the state and how many travellers are ready" onCancel={setCancelling} />
        ) : (
          <Empty>No workshops to decide on.</Empty>
        )}
        {past.length > 0 && (
          <details className="admin-go-no-go__past">
            <summary>
              Past and cancelled runs ({past.length})
            </summary>
            <GoNoGoTable rows={past} readiness={readiness} label="Past runs table" caption="Past and cancelled runs, the latest first" onCancel={setCancelling} />
          </details>
        )}
      </>
    );
  }

  return (
    <section className="admin-go-no-go-section stack" aria-labelledby={headingId}>
      <h3 id={headingId}>Go / no-go</h3>
      <p className="muted">
        A workshop is on track once its paid participants reach the minimum. Below it, it is at risk until 14 days before the decision date, then you must decide: run it anyway or cancel it.
      </p>
      {cancelling ? (
        <CancelWorkshopForm
          row={cancelling}
          onDone={(message) => {
            setCancelling(null);
            refetch().catch((e: unknown) => onError(e));
            onDone(message);
          }}
          onClose={() => setCancelling(null)}
          onError={onError}
        />
      ) : null}
      {body}
    </section>
  );
}

/** "2 of 5 ready" (travellers with every pre-trip task done), or a dash until known. */
function readinessText(r: { readyCount: number; travellerCount: number } | undefined): string {
  return r ? `${r.readyCount} of ${r.travellerCount} ready` : '–';
}

/** One table of go/no-go rows; each run is named with its dates. */
function GoNoGoTable({ rows, readiness, label, caption, onCancel }: { rows: ReadonlyArray<Row>; readiness: ReadinessById; label: string; caption: string; onCancel: (r: Row) => void }) {
  return (
    <div className="admin-table__scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="admin-table admin-go-no-go stack-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Workshop</th>
            <th scope="col" className="admin-table__numeric">
              Paid
            </th>
            <th scope="col" className="admin-table__numeric">
              Held
            </th>
            <th scope="col" className="admin-table__numeric">
              Minimum
            </th>
            <th scope="col">Decision date</th>
            <th scope="col">State</th>
            <th scope="col">Ready</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const style = STATE_STYLE[r.state] ?? STATE_STYLE.finished;
            return (
              <tr key={r.workshop.id} data-go-no-go={r.workshop.id}>
                <th scope="row">{runLabel(r.workshop)}</th>
                <td className="admin-table__numeric" data-label="Paid">
                  {r.paid}
                </td>
                <td className="admin-table__numeric" data-label="Held">
                  {r.held}
                </td>
                <td className="admin-table__numeric" data-label="Minimum">
                  {r.minimum}
                </td>
                <td className="admin-table__nowrap" data-label="Decision date">
                  {formatIsoDate(r.decisionDate)}
                  <div className="muted admin-table__sub">{daysText(r.daysToDecision)}</div>
                </td>
                <td data-label="State">
                  <span className={`badge ${style.badge}`}>
                    <span aria-hidden="true">{style.symbol} </span>
                    {r.label}
                  </span>
                  {r.missing > 0 && cancellable(r) ? <div className="muted admin-table__sub">{r.missing} more paid needed</div> : null}
                </td>
                <td data-label="Ready">{readinessText(readiness.get(r.workshop.id))}</td>
                <td data-label="Action">
                  {cancellable(r) ? (
                    <button type="button" className="btn btn--outline btn--small" onClick={() => onCancel(r)} aria-label={`Cancel ${runLabel(r.workshop)}`}>
                      Cancel workshop
                    </button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** "Cancel this workshop": the admin types its name; every booking is cancelled with everything refunded. */
function CancelWorkshopForm({ row, onDone, onClose, onError }: { row: Row; onDone: (message: string) => void; onClose: () => void; onError: (e: unknown) => boolean }) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [cancel] = useMutation(CANCEL_WORKSHOP_MUTATION, { context: { admin: true } });
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const hintId = useId();
  const errorId = useId();
  useEffect(() => {
    inputRef.current?.focus();
  }, []);
  const matches = typed.trim().replace(/\s+/g, ' ') === row.workshop.name;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    if (!matches) {
      setProblem(`Type the workshop's name exactly: ${row.workshop.name}`);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const res = await cancel({ variables: { input: { workshopId: row.workshop.id, confirmName: typed } } });
      const r = res.data!.cancelWorkshop;
      onDone(
        `${row.workshop.name} is cancelled: ${r.bookingsCancelled} booking${r.bookingsCancelled === 1 ? '' : 's'} cancelled. ${formatDollars(r.onlineRefund)} paid online goes back to cards in 14 days unless customers take a credit; ${formatDollars(r.offlineRefund)} paid offline is listed as refunds you owe. Every customer was mailed.`,
      );
    } catch (error) {
      setBusy(false);
      if (onError(error)) return;
      setProblem(problemMessage(error, 'The cancellation failed. Please try again.'));
    }
  };

  return (
    <form className="admin-cancel-workshop stack" onSubmit={(e) => void submit(e)} aria-labelledby={headingId} noValidate>
      <h4 id={headingId}>Cancel {row.workshop.name}?</h4>
      <p>
        Every booking ({row.paid} paid and {row.held} held participants) is cancelled with no fee. Money paid online is refunded to the card after 14 days, or at once, or taken as a credit: each customer
        chooses from the mail. Money paid offline becomes a refund you owe. The waiting list is closed. This cannot be undone.
      </p>
      <div className={`field${problem ? ' field--invalid' : ''}`}>
        <label htmlFor={`${headingId}-name`}>Type the workshop&apos;s name to confirm</label>
        <input
          ref={inputRef}
          id={`${headingId}-name`}
          className="input"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[hintId, problem ? errorId : ''].filter(Boolean).join(' ')}
        />
        <p id={hintId} className="field__hint">
          {row.workshop.name}
        </p>
        {problem ? (
          <p id={errorId} className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="admin-cancel-workshop__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Cancelling...' : 'Cancel this workshop'}
        </button>
        <button type="button" className="btn btn--outline" onClick={onClose}>
          Keep it
        </button>
      </div>
    </form>
  );
}
