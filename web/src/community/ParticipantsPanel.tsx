import { gql, type TypedDocumentNode } from '@apollo/client';
import { Link } from 'react-router-dom';
import type { ParticipantsPanel_SummaryFragment } from '../gql/graphql';

export const PARTICIPANTS_PANEL_FRAGMENT: TypedDocumentNode<ParticipantsPanel_SummaryFragment> = gql`
  fragment ParticipantsPanel_summary on ParticipantsSummary {
    workshopId
    totalParticipants
    bookings {
      customerName
      numParticipants
    }
  }
`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Who's going": the total and one line per booking holding spots (the list scrolls). */
export function ParticipantsPanel({
  workshopId,
  summary,
  loading,
  failed,
}: {
  workshopId: string;
  summary: ParticipantsPanel_SummaryFragment | undefined;
  loading: boolean;
  failed: boolean;
}) {
  return (
    <section className="card participants" aria-labelledby="participants-heading">
      <div className="card__body">
        <h2 id="participants-heading" className="participants__title">
          Who&apos;s going
        </h2>
        {summary ? (
          <>
            <p className="participants__total" data-testid="participants-total">
              <strong>{summary.totalParticipants}</strong> {summary.totalParticipants === 1 ? 'participant' : 'participants'}
            </p>
            {summary.bookings.length === 0 ? (
              <p className="muted">
                Nobody has booked yet. <Link to={`/booking/${workshopId}`}>Be the first to book</Link>.
              </p>
            ) : (
              <ul className="participants__list" aria-label="Bookings" tabIndex={0}>
                {summary.bookings.map((b, i) => (
                  <li key={`${i}-${b.customerName}`} className="participants__item">
                    <span>{b.customerName}</span>
                    <span className="badge">{plural(b.numParticipants, 'spot', 'spots')}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : loading ? (
          <p className="muted" role="status">
            Loading participants...
          </p>
        ) : failed ? (
          <p className="state--error" role="alert">
            Could not load who&apos;s going.
          </p>
        ) : null}
      </div>
    </section>
  );
}
