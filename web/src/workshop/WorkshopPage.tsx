import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatDollars } from 'api/shared/money';
import type { WorkshopDetailQuery, WorkshopDetailQueryVariables } from '../gql/graphql';
import { JsonLd } from '../ui/JsonLd';
import { useHttpStatus, useOrigin } from '../ssr/ServerRenderContext';
import { PageMeta } from '../ui/PageMeta';
import { Loading } from '../ui/States';
import { WorkshopImage } from '../ui/WorkshopImage';
import { labelOf, WORKSHOP_TYPE_LABELS } from '../ui/labels';
import { SpotsBadge } from './SpotsBadge';
import { eventJsonLd } from './eventJsonLd';
import { WorkshopNotFound } from './WorkshopNotFound';
import { WaitlistForm } from './WaitlistForm';
import { paymentOptionsSentence } from './paymentOptionsText';
import { WORKSHOP_GALLERY_FRAGMENT, WorkshopGallery } from './WorkshopGallery';
import { PICTURE_PHOTO_FRAGMENT } from '../ui/Picture';
import { BookBar } from './BookBar';
import { WorkshopReviews } from './WorkshopReviews';

export const WORKSHOP_DETAIL_QUERY: TypedDocumentNode<WorkshopDetailQuery, WorkshopDetailQueryVariables> = gql`
  query WorkshopDetail($id: ID!) {
    workshop(id: $id) {
      id
      name
      description
      location
      state
      dates
      startDate
      endDate
      durationDays
      price
      availableSpots
      capacity
      difficultyLevel
      workshopType
      imageUrl
      cover {
        ...Picture_photo
      }
      gallery {
        ...WorkshopGallery_photo
      }
      highlights
      itinerary
      privateRoomSupplement
      hasStarted
      hasEnded
      cancelled
      boardOpen
      paymentOptions {
        option
        available
        reason
      }
    }
  }
  ${PICTURE_PHOTO_FRAGMENT}
  ${WORKSHOP_GALLERY_FRAGMENT}
`;

export default function WorkshopPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const origin = useOrigin();
  const { data, loading, error } = useQuery(WORKSHOP_DETAIL_QUERY, { variables: { id } });
  if (error) console.warn('Failed to load workshop', error);
  useHttpStatus(!loading && !data?.workshop ? 404 : 200);

  if (loading && !data) return <Loading>Loading workshop...</Loading>;
  const w = data?.workshop;
  if (!w) {
    return <WorkshopNotFound />;
  }
  const soldOut = w.availableSpots <= 0;
  // The server says when a workshop has started (its own time zone): no more bookings.
  // A workshop we cancelled takes no bookings either (docs/decisions/063).
  const past = w.hasStarted || w.cancelled;

  return (
    <article className="workshop-detail">
      <PageMeta
        title={w.name}
        description={`${w.name}: ${w.durationDays}-day ${labelOf(WORKSHOP_TYPE_LABELS, w.workshopType).toLowerCase()} photography workshop in ${w.location}, ${w.state}, ${w.dates}. ${formatDollars(w.price)} per person, all-inclusive, at most ${w.capacity} participants.`}
        image={w.cover?.src ?? (w.imageUrl || undefined)}
      />
      <JsonLd data={eventJsonLd(w, origin)} />
      <header className="workshop-hero">
        <WorkshopImage src={w.imageUrl} photo={w.cover} alt={`${w.name}, ${w.location}`} className="workshop-hero__image" width={1600} height={900} priority sizes="100vw" />
        <div className="workshop-hero__overlay">
          <div className="container">
            <span className="badge badge--amber">{labelOf(WORKSHOP_TYPE_LABELS, w.workshopType)}</span>
            <h1>{w.name}</h1>
            <p className="workshop-hero__meta">
              {w.location}, {w.state} · {w.dates}
            </p>
          </div>
        </div>
      </header>

      <div className="container workshop-detail__layout">
        <div className="workshop-detail__main">
          <section aria-labelledby="about-heading" className="stack">
            <h2 id="about-heading">About this workshop</h2>
            {w.description.split(/\n\s*\n/).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </section>
          <WorkshopGallery photos={w.gallery} name={w.name} />
          <section aria-labelledby="highlights-heading">
            <h2 id="highlights-heading">Highlights</h2>
            <ul className="checklist">
              {w.highlights.map((h) => (
                <li key={h}>{h}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="itinerary-heading">
            <h2 id="itinerary-heading">Itinerary</h2>
            <ol className="itinerary">
              {w.itinerary
                .split('\n')
                .filter(Boolean)
                .map((line, i) => {
                  const m = /^(Day \d+):\s*(.*)$/.exec(line);
                  return (
                    <li key={i}>
                      <strong>{m ? m[1] : `Day ${i + 1}`}</strong>
                      <span>{m ? m[2] : line}</span>
                    </li>
                  );
                })}
            </ol>
          </section>
          <WorkshopReviews workshopId={w.id} />
        </div>

        <aside className="workshop-detail__aside" aria-label="Booking">
          <div className="card booking-panel">
            <div className="card__body">
              <p className="booking-panel__price">
                <strong>{formatDollars(w.price)}</strong> <span className="muted">per person</span>
              </p>
              <dl className="facts">
                <div>
                  <dt>Dates</dt>
                  <dd>{w.dates}</dd>
                </div>
                <div>
                  <dt>Duration</dt>
                  <dd>{w.durationDays} days</dd>
                </div>
                {past ? null : (
                  <div>
                    <dt>Available spots</dt>
                    <dd data-testid="available-spots">
                      {w.availableSpots} of {w.capacity}
                    </dd>
                  </div>
                )}
                <div>
                  <dt>Difficulty</dt>
                  <dd>{w.difficultyLevel}</dd>
                </div>
                <div>
                  <dt>Private room</dt>
                  <dd>+{formatDollars(w.privateRoomSupplement)}</dd>
                </div>
              </dl>
              <p className="booking-panel__spots">
                <SpotsBadge spots={w.availableSpots} hasStarted={past} hasEnded={w.hasEnded} cancelled={w.cancelled} />
              </p>
              {w.cancelled ? (
                <div className="notice booking-panel__past" data-testid="workshop-cancelled">
                  <p>
                    <strong>This workshop has been cancelled.</strong> Everyone booked was refunded or offered a credit.
                  </p>
                  <p>
                    <Link to="/workshops">See the upcoming workshops</Link>.
                  </p>
                </div>
              ) : past ? (
                <div className="notice booking-panel__past" data-testid="workshop-past">
                  <p>
                    <strong>{w.hasEnded ? 'This workshop has taken place.' : 'This workshop is under way.'}</strong> It began on {w.dates}; bookings are closed.
                  </p>
                  <p>
                    <Link to="/workshops">See the upcoming workshops</Link>.
                  </p>
                </div>
              ) : null}
              <div className="booking-panel__actions">
                {past ? null : (
                  <button
                    type="button"
                    className="btn btn--primary btn--block"
                    disabled={soldOut}
                    onClick={() => navigate(`/booking/${w.id}`)}
                  >
                    {soldOut ? 'Sold Out' : 'Book Now'}
                  </button>
                )}
                <button type="button" className="btn btn--outline btn--block" onClick={() => navigate(`/workshop/${w.id}/community`)}>
                  Join Community
                </button>
              </div>
              {soldOut && !past && (
                <div id="waitlist">
                  <WaitlistForm workshopId={w.id} />
                </div>
              )}
              <p className="booking-panel__note muted" hidden={past}>
                Shared accommodation, meals and permits included.{' '}
                <span data-testid="payment-options">{paymentOptionsSentence(w.paymentOptions)}</span>
              </p>
            </div>
          </div>
        </aside>
      </div>
      {past ? null : <BookBar workshopId={w.id} price={w.price} spots={w.availableSpots} />}
    </article>
  );
}
