import { gql, type TypedDocumentNode } from '@apollo/client';
import { formatDollars } from 'api/shared/money';
import { runLabel } from 'api/shared/dates';
import type { StatisticsTab_StatsFragment } from '../gql/graphql';
import { OwnerDashboard } from './numbers/OwnerDashboard';

export const STATISTICS_TAB_FRAGMENT: TypedDocumentNode<StatisticsTab_StatsFragment> = gql`
  fragment StatisticsTab_stats on AdminStats {
    totalWorkshops
    totalBookings
    totalRevenue
    totalMessages
    workshops {
      id
      name
      startDate
      dates
      capacity
      minimumParticipants
      spotsSold
      spotsHeld
      reachedMinimum
      revenue
    }
  }
`;

const percent = (part: number, whole: number) => `${Math.min(100, Math.max(0, whole > 0 ? (part / whole) * 100 : 0))}%`;

/** The four totals of the spec, then per workshop: spots sold of 12 against the minimum of 6. */
export function StatisticsTab({ stats, onError, onSignedOut }: { stats: StatisticsTab_StatsFragment; onError: (e: unknown) => void; onSignedOut: () => void }) {
  return (
    <div className="stack">
      <dl className="admin-totals">
        <div className="admin-total">
          <dt>Total Workshops</dt>
          <dd>{stats.totalWorkshops}</dd>
        </div>
        <div className="admin-total">
          <dt>Total Bookings</dt>
          <dd>{stats.totalBookings}</dd>
        </div>
        <div className="admin-total">
          <dt>Total Revenue</dt>
          <dd>
            {formatDollars(stats.totalRevenue)}
            <span className="admin-total__hint">received minus refunded</span>
          </dd>
        </div>
        <div className="admin-total">
          <dt>Total Messages</dt>
          <dd>{stats.totalMessages}</dd>
        </div>
      </dl>
      <p className="muted admin-note">
        Bookings count live bookings (paid, or held and not lapsed; not expired or cancelled). Revenue is money received minus money refunded.
      </p>

      <figure className="card sales-chart">
        <div className="card__body">
          <figcaption>
            <h2 className="sales-chart__title">Spots sold per workshop</h2>
            <p className="muted">
              Paid spots of each group’s {stats.workshops[0]?.capacity ?? 12}; the line marks the minimum of{' '}
              {stats.workshops[0]?.minimumParticipants ?? 6} a workshop needs to run. Unpaid holds are shown lighter.
            </p>
          </figcaption>
          {stats.workshops.length === 0 ? (
            <p className="muted">No workshops yet.</p>
          ) : (
            <ul className="sales-chart__rows">
              {stats.workshops.map((w) => {
                const summary = `${w.spotsSold} of ${w.capacity} sold${w.spotsHeld ? `, ${w.spotsHeld} held` : ''}`;
                const run = runLabel(w);
                return (
                  <li key={w.id} className="sales-chart__row" data-testid={`sales-${w.id}`}>
                    <span className="sales-chart__name">{run}</span>
                    <span
                      className="sales-chart__track"
                      role="img"
                      aria-label={`${run}: ${summary}; ${w.reachedMinimum ? 'minimum reached' : `${w.minimumParticipants - w.spotsSold} more needed for the minimum`}`}
                    >
                      <span className="sales-chart__sold" style={{ width: percent(w.spotsSold, w.capacity) }} />
                      <span className="sales-chart__held" style={{ width: percent(w.spotsHeld, w.capacity) }} />
                      <span className="sales-chart__minimum" style={{ left: percent(w.minimumParticipants, w.capacity) }} />
                    </span>
                    <span className="sales-chart__value">{summary}</span>
                    {w.reachedMinimum ? (
                      <span className="badge badge--success">Minimum reached</span>
                    ) : (
                      <span className="badge badge--warning">{w.minimumParticipants - w.spotsSold} more to run</span>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </figure>
      <OwnerDashboard onError={onError} onSignedOut={onSignedOut} />
    </div>
  );
}
