import { useState, useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { formatDollars } from 'api/shared/money';
import type { WorkshopsTab_WorkshopFragment } from '../gql/graphql';
import { Empty, Failure, Loading } from '../ui/States';
import { problemMessage } from '../forms/graphqlProblem';
import { GoNoGoSection } from './GoNoGoSection';
import { ADMIN_WORKSHOPS_PAGE, ADMIN_WORKSHOPS_QUERY } from './workshops.documents';
import { useArchiveWorkshop } from './useWorkshopMutations';
import { WorkshopForm } from './WorkshopForm';
import { ScheduleAgainForm } from './ScheduleAgainForm';
import { DeparturePanel } from './departure/DeparturePanel';
import { WaiverForm } from './WaiverForm';

type Workshop = WorkshopsTab_WorkshopFragment;

type Mode =
  | { kind: 'list' }
  | { kind: 'create' }
  | { kind: 'edit'; workshop: Workshop }
  | { kind: 'again'; workshop: Workshop }
  | { kind: 'departure'; workshop: Workshop }
  | { kind: 'waiver'; workshop: Workshop };

/**
 * Workshops: the admin's calendar (docs/decisions/059). A list of every
 * workshop (archived ones too), newest first, a page at a time ("Show older
 * workshops", docs/decisions/076), a form to add or edit one, "Schedule again"
 * (a copy on new dates: the proposed id and dates a year on, one more click
 * to create) and "Archive" for workshops that have started.
 */
export function WorkshopsTab({
  onChanged,
  onError,
}: {
  /** After a change: reload the dashboard (its statistics list the workshops). */
  onChanged: () => void;
  /** A failure: true when it was handled (a 401 logs out). */
  onError: (error: unknown) => boolean;
}) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [status, setStatus] = useState('');
  const { data, loading, error, refetch, fetchMore } = useQuery(ADMIN_WORKSHOPS_QUERY, {
    variables: { limit: ADMIN_WORKSHOPS_PAGE },
    context: { admin: true },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const archive = useArchiveWorkshop();
  useEffect(() => {
    if (error) onError(error);
  }, [error, onError]);

  const reload = () => {
    refetch().catch((e: unknown) => onError(e));
    onChanged();
  };
  const nextCursor = data?.adminWorkshops.nextCursor ?? null;
  const loadOlder = () => {
    if (!nextCursor) return;
    fetchMore({ variables: { cursor: nextCursor } }).catch((e: unknown) => onError(e));
  };
  const done = (message: string) => {
    setMode({ kind: 'list' });
    setStatus(message);
    reload();
  };

  const toggleArchive = async (w: Workshop) => {
    try {
      await archive({ workshopId: w.id, archived: !w.archived });
      done(w.archived ? `${w.name} is shown in the lists again.` : `${w.name} was archived: it no longer shows in the lists.`);
    } catch (e) {
      if (!onError(e)) setStatus(problemMessage(e, 'The change failed. Please try again.'));
    }
  };

  if (mode.kind === 'create' || mode.kind === 'edit') {
    return <WorkshopForm workshop={mode.kind === 'edit' ? mode.workshop : null} onDone={done} onCancel={() => setMode({ kind: 'list' })} onError={onError} />;
  }
  if (mode.kind === 'departure') {
    return <DeparturePanel workshopId={mode.workshop.id} onBack={() => setMode({ kind: 'list' })} onError={onError} />;
  }
  if (mode.kind === 'waiver') {
    return <WaiverForm workshop={mode.workshop} onDone={done} onCancel={() => setMode({ kind: 'list' })} onError={onError} />;
  }
  if (mode.kind === 'again') {
    return <ScheduleAgainForm source={mode.workshop} onDone={done} onCancel={() => setMode({ kind: 'list' })} onError={onError} />;
  }

  if (!data) {
    return loading ? (
      <Loading>Loading workshops...</Loading>
    ) : (
      <Failure>
        <p>The workshops could not be loaded.</p>
        <button type="button" className="btn btn--outline" onClick={reload}>
          Try again
        </button>
      </Failure>
    );
  }
  const workshops = data.adminWorkshops.workshops;

  return (
    <div className="admin-workshops">
      <GoNoGoSection onDone={done} onError={onError} />
      <h3 className="admin-workshops__heading">All workshops</h3>
      <div className="admin-workshops__bar">
        <p className="muted">
          {nextCursor ? `The newest ${workshops.length} workshops.` : `${workshops.length} workshops.`} Past ones can be archived: hidden from the public lists, still reachable by their address.
        </p>
        <button type="button" className="btn btn--primary" onClick={() => setMode({ kind: 'create' })}>
          New workshop
        </button>
      </div>
      <p role="status" className="admin-workshops__status">
        {status}
      </p>
      {workshops.length === 0 ? <Empty>No workshops yet.</Empty> : null}
      <table className="admin-workshops-table" hidden={workshops.length === 0}>
        <caption className="visually-hidden">Every workshop, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Workshop</th>
            <th scope="col">Dates</th>
            <th scope="col">Spots taken</th>
            <th scope="col">Price</th>
            <th scope="col">State</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {workshops.map((w) => (
            <tr key={w.id} data-workshop={w.id}>
              <th scope="row">
                <a href={`/workshop/${w.id}`}>{w.name}</a>
                <div className="muted admin-workshops-table__id">{w.id}</div>
              </th>
              <td>
                {w.dates}
                <div className="muted">{w.timeZone}</div>
              </td>
              <td>
                {w.spotsClaimed} of {w.capacity} <span className="muted">(min {w.minimumParticipants})</span>
              </td>
              <td>{formatDollars(w.price)}</td>
              <td>
                {w.cancelled ? <span className="badge badge--grey">Cancelled</span> : w.archived ? <span className="badge badge--grey">Archived</span> : w.hasStarted ? <span className="badge badge--grey">{w.hasEnded ? 'Past' : 'Under way'}</span> : <span className="badge badge--success">Upcoming</span>}
              </td>
              <td>
                <div className="admin-workshops-table__actions">
                  <button type="button" className="btn btn--outline btn--small" onClick={() => setMode({ kind: 'edit', workshop: w })} aria-label={`Edit ${w.name}`}>
                    Edit
                  </button>
                  <button type="button" className="btn btn--outline btn--small" onClick={() => setMode({ kind: 'departure', workshop: w })} aria-label={`Departure of ${w.name}`}>
                    Departure
                  </button>
                  <button type="button" className="btn btn--outline btn--small" onClick={() => setMode({ kind: 'again', workshop: w })} aria-label={`Schedule ${w.name} again`}>
                    Schedule again
                  </button>
                  <button type="button" className="btn btn--outline btn--small" onClick={() => setMode({ kind: 'waiver', workshop: w })} aria-label={`Waiver of ${w.name}`}>
                    Waiver
                  </button>
                  {w.hasStarted || w.archived ? (
                    <button type="button" className="btn btn--outline btn--small" onClick={() => void toggleArchive(w)} aria-label={`${w.archived ? 'Unarchive' : 'Archive'} ${w.name}`}>
                      {w.archived ? 'Unarchive' : 'Archive'}
                    </button>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {nextCursor ? (
        <p className="admin-workshops__more">
          <button type="button" className="btn btn--outline" onClick={loadOlder} disabled={loading}>
            {loading ? 'Loading...' : 'Show older workshops'}
          </button>
        </p>
      ) : null}
    </div>
  );
}
