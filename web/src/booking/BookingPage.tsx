import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDollars } from 'api/shared/money';
import { paymentOptionsFor } from 'api/shared/policy';
import { useHttpStatus } from '../ssr/ServerRenderContext';
import { PageMeta } from '../ui/PageMeta';
import { Empty, Loading } from '../ui/States';
import { BookingChallenge } from './BookingChallenge';
import { BookingForm, INITIAL_VALUES, type BookingFormValues } from './BookingForm';
import { BookingSummary } from './BookingSummary';
import { BOOKING_WORKSHOP_QUERY } from './documents';
import { useBookThenPay } from './useBookThenPay';
import '../styles/booking.css';

export { BOOKING_ERROR_MESSAGE } from './useBookThenPay';

/**
 * /booking/{id}: the form, its live summary and the book-then-pay flow. Server-rendered
 * (decision 040): the first HTML holds the form and the summary, from catalog data only.
 */
export default function BookingPage() {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(BOOKING_WORKSHOP_QUERY, { variables: { id } });
  const [values, setValues] = useState<BookingFormValues>(INITIAL_VALUES);
  const flow = useBookThenPay(id);
  useHttpStatus(!loading && !data?.workshop ? 404 : 200);
  if (error) console.warn('Failed to load workshop', error);

  if (loading && !data) return <Loading>Loading...</Loading>;
  const workshop = data?.workshop;
  if (!workshop) {
    return (
      <div className="container">
        <PageMeta title="Not found" />
        <Empty>
          <h1>Not found</h1>
          <p>
            This workshop does not exist. <Link to="/workshops">Browse the 2026 workshops</Link>.
          </p>
        </Empty>
      </div>
    );
  }
  const soldOut = workshop.availableSpots <= 0;
  // Options the dates do not allow are disabled; a choice that is not offered becomes "in full".
  const offers = paymentOptionsFor(workshop.startDate, new Date(), workshop.timeZone);
  const shown: BookingFormValues = offers.find((o) => o.option === values.payment_option)?.available ? values : { ...values, payment_option: 'full' };

  const change = (name: keyof BookingFormValues, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    flow.formChanged();
  };

  return (
    <div className="container booking-page">
      <PageMeta title={`Book ${workshop.name}`} description={`Reserve your place on ${workshop.name}, ${workshop.dates}.`} />
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link to={`/workshop/${workshop.id}`}>← Back to {workshop.name}</Link>
      </nav>
      <header className="booking-page__header">
        <span className="eyebrow">Book your place</span>
        <h1>{workshop.name}</h1>
        <p className="lead">
          {workshop.location}, {workshop.state} · {workshop.dates} · {formatDollars(workshop.price)} per person ·{' '}
          <strong>{soldOut ? 'Sold out' : `${workshop.availableSpots} ${workshop.availableSpots === 1 ? 'spot' : 'spots'} left`}</strong>
        </p>
      </header>

      <div className="booking-page__layout">
        <BookingForm
          workshop={workshop}
          values={shown}
          paymentOffers={offers}
          onChange={change}
          onSubmit={() => void flow.submit(shown)}
          submitting={flow.submitting}
          problem={flow.problem}
          check={flow.challengeRound !== null && <BookingChallenge key={flow.challengeRound} onSolved={flow.challengeSolved} />}
        />
        <BookingSummary
          workshop={workshop}
          numParticipants={parseInt(values.num_participants, 10)}
          numSpouses={parseInt(values.num_spouses, 10)}
          roomType={values.room_type}
          paymentOption={shown.payment_option}
        />
      </div>
    </div>
  );
}
