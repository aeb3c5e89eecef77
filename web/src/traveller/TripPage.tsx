import { useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Link, useLocation, useParams } from 'react-router-dom';
import { formatDateRange } from 'api/shared/dates';
import { PageMeta } from '../ui/PageMeta';
import { Failure, Loading } from '../ui/States';
import { TRAVELLER_TASKS_QUERY } from './traveller.documents';
import { TravellerTasksPanel } from './TravellerTasksPanel';
import '../styles/booking.css';

/** The link's token, from the address's fragment (never sent to a server: issue 25, like the manage link). */
function useTripToken(): string {
  const { hash } = useLocation();
  try {
    return decodeURIComponent(hash.replace(/^#/, '')).trim();
  } catch {
    return '';
  }
}

/** /trip/{travellerId}#{token}: one traveller's pre-trip tasks, from their personal link (issue 25). Not server-rendered. */
export default function TripPage() {
  const { travellerId = '' } = useParams();
  const token = useTripToken();
  if (!token) return <LinkProblem>This page opens from the personal link in your &ldquo;Before you go&rdquo; email.</LinkProblem>;
  return <Trip travellerId={travellerId} token={token} />;
}

function LinkProblem({ children }: { children: React.ReactNode }) {
  return (
    <div className="container manage">
      <PageMeta title="Your pre-trip tasks" />
      <div className="card">
        <div className="card__body">
          <h1>Your pre-trip tasks</h1>
          <p className="notice notice--warning">{children}</p>
          <p>
            Lost it? Ask the person who booked, or <Link to="/contact">contact us</Link>.
          </p>
        </div>
      </div>
    </div>
  );
}

function Trip({ travellerId, token }: { travellerId: string; token: string }) {
  const access = { travellerId, token };
  const { data, loading, error, refetch } = useQuery(TRAVELLER_TASKS_QUERY, { variables: { input: access } });
  if (loading && !data) return <Loading>Loading your tasks...</Loading>;
  const tasks = data?.travellerTasks;
  if (!tasks) {
    if (CombinedGraphQLErrors.is(error)) return <LinkProblem>This link does not work (it may be incomplete: copy the whole address from the email).</LinkProblem>;
    return (
      <div className="container manage">
        <PageMeta title="Your pre-trip tasks" />
        <Failure>
          <p>Your tasks could not be loaded.</p>
          <button type="button" className="btn btn--outline" onClick={() => void refetch().catch(() => {})}>
            Try again
          </button>
        </Failure>
      </div>
    );
  }
  return (
    <div className="container manage trip">
      <PageMeta title="Your pre-trip tasks" />
      <header className="manage__header">
        <span className="eyebrow">Before you go</span>
        <h1>{tasks.name ? `${tasks.name}: your pre-trip tasks` : 'Your pre-trip tasks'}</h1>
        <p className="lead">
          {tasks.workshopName} · {formatDateRange(tasks.startDate, tasks.endDate)}
        </p>
      </header>
      <TravellerTasksPanel tasks={tasks} access={access} />
      <p className="muted manage__keep">This link is personal: keep it to come back to your tasks.</p>
    </div>
  );
}
