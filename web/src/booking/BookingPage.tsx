import { useMutation, useQuery } from '@apollo/client/react';
import { problemMessage } from '../forms/graphqlProblem';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { formatDollars } from 'api/shared/money';
import { paymentOptionsFor } from 'api/shared/policy';
import { useHttpStatus } from '../ssr/ServerRenderContext';
import { PageMeta } from '../ui/PageMeta';
import { Empty, Loading } from '../ui/States';
import { BookingChallenge } from './BookingChallenge';
import { BookingForm, INITIAL_VALUES, type BookingFormValues, type BookingTextField, type PromoState } from './BookingForm';
import { BookingSummary } from './BookingSummary';
import { BOOKING_WORKSHOP_QUERY, PROMO_QUOTE_QUERY, RESUME_CHECKOUT_MUTATION, WAITLIST_OFFER_QUERY } from './documents';
import { formatCents } from 'api/shared/money';
import type { PaymentOption, RoomType } from 'api/shared/policy';
import { useBookThenPay } from './useBookThenPay';
import { useCodeBalance } from '../giftcard/useCodeBalance';
import { WaitlistForm } from '../workshop/WaitlistForm';
import type { RecoveredCheckout } from './FinishBooking';
import '../styles/booking.css';

/** Only a recovery link (issue 27) shows it, never the server's render: loaded when needed, not with every booking page. */
const FinishBooking = lazy(() => import('./FinishBooking').then((m) => ({ default: m.FinishBooking })));

export { BOOKING_ERROR_MESSAGE } from './useBookThenPay';

/** "Wed, Nov 25, 2026, 10:17 AM EST": the end of an offer in the visitor's own time. */
export function formatHeldUntil(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(
    new Date(iso),
  );
}

/**
 * The waiting-list offer of the link (`?offer=<token>`), read once the page runs in
 * the browser: the token is the visitor's secret, never part of a server-rendered page.
 */
function useWaitlistOffer(workshopId: string) {
  const [searchParams] = useSearchParams();
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(searchParams.get('offer') || null), [searchParams]);
  const { data, error } = useQuery(WAITLIST_OFFER_QUERY, {
    variables: { workshopId, offerToken: token ?? '' },
    skip: !token,
    fetchPolicy: 'network-only',
  });
  const problem = token && error ? problemMessage(error, 'This offer link could not be checked.') : null;
  return { token: data?.waitlistOffer ? token : null, offer: data?.waitlistOffer ?? null, problem };
}

/**
 * The promo code the visitor applied, priced by the server for the form's current choices
 * (docs/decisions/096): the quote follows the participants, room and payment option.
 */
function usePromoQuote(workshopId: string, values: BookingFormValues, paymentOption: PaymentOption) {
  const [applied, setApplied] = useState<string | null>(null);
  const numParticipants = parseInt(values.num_participants, 10);
  const usable = applied !== null && Number.isInteger(numParticipants) && numParticipants > 0;
  const email = values.customer_email.trim();
  const { data, error, loading } = useQuery(PROMO_QUOTE_QUERY, {
    variables: {
      input: {
        workshopId,
        promoCode: applied ?? '',
        numParticipants: usable ? numParticipants : 1,
        numSpouses: Math.max(0, parseInt(values.num_spouses, 10) || 0),
        roomType: values.room_type as RoomType,
        paymentOption,
        // The per-email cap is checked once an address is typed.
        customerEmail: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null,
      },
    },
    skip: !usable,
    fetchPolicy: 'network-only',
  });
  const typed = values.promo_code.trim();
  const current = applied !== null && typed.toUpperCase() === applied.toUpperCase();
  const quote = current && !error ? (data?.promoQuote ?? null) : null;
  const state: PromoState = !current
    ? null
    : loading && !data
      ? { state: 'checking' }
      : error
        ? { state: 'refused', message: problemMessage(error, 'This promo code could not be checked. Please try again.') }
        : quote
          ? { state: 'applied', code: quote.promoCode, discountText: formatCents(quote.discountCents) }
          : null;
  return { quote, state, apply: () => setApplied(typed || null) };
}

/**
 * The "finish your booking" link of a lapsed checkout (`?resume=<booking>#<token>`, decision 098),
 * read once the page runs in the browser (the token is in the fragment, never sent with the page):
 * the same choices priced now and what one click would do. `reload` reads it again (after a refusal).
 */
function useResumedCheckout(workshopId: string) {
  const [searchParams] = useSearchParams();
  const [resume] = useMutation(RESUME_CHECKOUT_MUTATION);
  const [link, setLink] = useState<{ bookingId: string; token: string } | null>(null);
  const [choices, setChoices] = useState<RecoveredCheckout | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  // Until the fragment was read (in the browser), a link's page shows that it is being checked, not an empty form.
  const [read, setRead] = useState(false);
  useEffect(() => {
    const bookingId = searchParams.get('resume');
    const token = typeof window === 'undefined' ? '' : window.location.hash.slice(1);
    setLink(bookingId && token ? { bookingId, token } : null);
    setRead(true);
  }, [searchParams]);
  useEffect(() => {
    if (!link) return;
    resume({ variables: { input: link } })
      .then((r) => {
        if (r.data?.resumeCheckout.workshopId === workshopId) setChoices(r.data.resumeCheckout);
      })
      .catch((e: unknown) => setProblem(problemMessage(e, 'This link could not be checked; fill in the form below.')));
  }, [link, round, workshopId, resume]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const checking = searchParams.has('resume') && (!read || (link !== null && choices === null && problem === null));
  return { link, choices, problem, reload, checking };
}

/**
 * /booking/{id}: the form, its live summary and the book-then-pay flow. Server-rendered
 * (decision 040): the first HTML holds the form and the summary, from catalog data only.
 */
export default function BookingPage() {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(BOOKING_WORKSHOP_QUERY, { variables: { id } });
  const [values, setValues] = useState<BookingFormValues>(INITIAL_VALUES);
  const held = useWaitlistOffer(id);
  const [searchParams] = useSearchParams();
  const flow = useBookThenPay(id, held.token);
  // As the form shows it: a payment option the dates do not offer is priced "in full".
  const promoOption = data?.workshop?.paymentOptions?.find((o) => o.option === values.payment_option)?.available === false ? 'full' : values.payment_option;
  const promo = usePromoQuote(id, values, promoOption);
  // The credit or gift card code's balance and what it pays of these choices (the server's figures, decision 095).
  const participants = parseInt(values.num_participants, 10);
  const codeBalance = useCodeBalance(values.credit_code, {
    workshopId: id,
    numParticipants: Number.isInteger(participants) && participants > 0 ? participants : 1,
    numSpouses: Math.max(0, parseInt(values.num_spouses, 10) || 0),
    roomType: values.room_type as RoomType,
    paymentOption: promoOption,
    promoCode: promo.quote?.promoCode ?? null,
  });
  const offer = held.offer;
  const resumed = useResumedCheckout(id);
  // The link's one-click page, unless the visitor asked for the form (or the answers were erased).
  const [editing, setEditing] = useState(false);
  const [bookedSince, setBookedSince] = useState<string | null>(null);
  useEffect(() => {
    const c = resumed.choices;
    if (!c) return;
    setValues((v) => ({
      ...v,
      customer_name: c.customerName,
      customer_email: c.customerEmail,
      customer_phone: c.customerPhone,
      num_participants: String(c.numParticipants),
      room_type: c.roomType as BookingFormValues['room_type'],
      num_spouses: String(c.numSpouses),
      payment_option: c.paymentOption as BookingFormValues['payment_option'],
    }));
  }, [resumed.choices]);
  // The offer fills in who it is for and the spots it holds; the visitor may still change them.
  useEffect(() => {
    if (!offer) return;
    setValues((v) => ({
      ...v,
      customer_name: v.customer_name || offer.name,
      customer_email: v.customer_email || offer.email,
      num_participants: String(offer.spots),
    }));
  }, [offer]);
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
            This workshop does not exist. <Link to="/workshops">Browse the workshops</Link>.
          </p>
        </Empty>
      </div>
    );
  }
  if (workshop.cancelled) {
    return (
      <div className="container booking-page">
        <PageMeta title={`${workshop.name} is cancelled`} description={`${workshop.name} (${workshop.dates}) has been cancelled and takes no bookings.`} />
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <Link to={`/workshop/${workshop.id}`}>← Back to {workshop.name}</Link>
        </nav>
        <header className="booking-page__header">
          <span className="eyebrow">Bookings closed</span>
          <h1>{workshop.name}</h1>
        </header>
        <div className="notice" data-testid="booking-closed">
          <p>
            <strong>This workshop has been cancelled</strong> ({workshop.dates}), so it can no longer be booked.
          </p>
          <p>
            <Link to="/workshops">Browse the upcoming workshops</Link>.
          </p>
        </div>
      </div>
    );
  }
  if (workshop.hasStarted) {
    // The server refuses bookings once a workshop has started (its own time zone): say so instead of the form.
    const state = workshop.hasEnded ? 'has taken place' : 'is under way';
    return (
      <div className="container booking-page">
        <PageMeta title={`${workshop.name} ${state}`} description={`${workshop.name} (${workshop.dates}) ${state}: bookings are closed.`} />
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <Link to={`/workshop/${workshop.id}`}>← Back to {workshop.name}</Link>
        </nav>
        <header className="booking-page__header">
          <span className="eyebrow">Bookings closed</span>
          <h1>{workshop.name}</h1>
        </header>
        <div className="notice" data-testid="booking-closed">
          <p>
            <strong>This workshop {state}</strong> ({workshop.dates}), so it can no longer be booked.
          </p>
          <p>
            <Link to="/workshops">Browse the upcoming workshops</Link> or read its <Link to={`/workshop/${workshop.id}/community`}>community board</Link>.
          </p>
        </div>
      </div>
    );
  }
  const soldOut = workshop.availableSpots <= 0;
  if (soldOut && !searchParams.has('offer')) {
    // Nothing to book: the waiting list instead of a form that could only fail ("Up to 0 available").
    return (
      <div className="container booking-page">
        <PageMeta title={`${workshop.name} is sold out`} description={`${workshop.name} (${workshop.dates}) is sold out: join the waiting list.`} />
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <Link to={`/workshop/${workshop.id}`}>← Back to {workshop.name}</Link>
        </nav>
        <header className="booking-page__header">
          <span className="eyebrow">Sold out</span>
          <h1>{workshop.name}</h1>
          <p className="lead">
            {workshop.location}, {workshop.state} · {workshop.dates} · {formatDollars(workshop.price)} per person · <strong>Sold out</strong>
          </p>
        </header>
        <div className="card booking-page__waitlist" data-testid="booking-sold-out">
          <div className="card__body">
            <p>
              <strong>Every spot on this workshop is taken.</strong> Join the waiting list: when a spot frees up, we email you an offer
              that holds it for you.
            </p>
            <WaitlistForm workshopId={workshop.id} />
            <p className="muted">
              Or <Link to="/workshops">browse the other workshops</Link>.
            </p>
          </div>
        </div>
      </div>
    );
  }
  // The offer's spots are claimed already: they are this visitor's to book, not part of availableSpots.
  const bookable = offer ? { ...workshop, availableSpots: offer.spots } : workshop;
  // Options the dates do not allow are disabled; a choice that is not offered becomes "in full".
  // The server's answer (its clock decides what it accepts); the browser's own reckoning only when absent.
  const paymentOffers = workshop.paymentOptions ?? paymentOptionsFor(workshop.startDate, new Date(), workshop.timeZone);
  const shown: BookingFormValues = paymentOffers.find((o) => o.option === values.payment_option)?.available ? values : { ...values, payment_option: 'full' };

  const recovered = resumed.choices;
  const bookedSinceNow = bookedSince !== null || recovered?.state === 'booked_since';
  const leadTo = bookedSince ?? (recovered && (recovered.state === 'booked_since' || recovered.state === 'already_finished') ? recovered.existingBookingId : null);
  const tooFew = !leadTo && recovered?.state === 'sold_out';
  const finishing = !leadTo && !editing && recovered?.state === 'ready' && resumed.link !== null;
  const showForm = !leadTo && !tooFew && !finishing && !resumed.checking;

  const change = (name: BookingTextField, value: string) => {
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
          <strong>
            {offer
              ? `${offer.spots} ${offer.spots === 1 ? 'spot' : 'spots'} held for you`
              : soldOut
                ? 'Sold out'
                : `${workshop.availableSpots} ${workshop.availableSpots === 1 ? 'spot' : 'spots'} left`}
          </strong>
        </p>
        {offer && (
          <p className="notice notice--success booking-page__offer" role="status">
            <strong>Spots held for you until {formatHeldUntil(offer.expiresAt)}.</strong> Your waiting-list offer holds {offer.spots}{' '}
            {offer.spots === 1 ? 'spot' : 'spots'}: nobody else can book {offer.spots === 1 ? 'it' : 'them'} until then.
          </p>
        )}
        {held.problem && (
          <p className="notice notice--error booking-page__offer" role="alert">
            {held.problem}
          </p>
        )}
        {resumed.checking && (
          <p className="muted" role="status">
            Checking your link...
          </p>
        )}
        {leadTo && (
          <p className="notice notice--success booking-page__offer" role="status" data-testid="resumed-checkout">
            {bookedSinceNow ? (
              <>
                <strong>You have booked this workshop since.</strong> There is nothing left to finish:{' '}
              </>
            ) : (
              <>
                <strong>This booking was finished already.</strong> The link made its booking:{' '}
              </>
            )}
            <Link to={`/confirmation/${leadTo}`}>see your booking</Link>.
          </p>
        )}
        {recovered && showForm && (
          <p className="notice notice--success booking-page__offer" role="status" data-testid="resumed-checkout">
            <strong>Welcome back.</strong> Your choices are filled in below; add the rest and continue to a fresh, secure payment.
          </p>
        )}
        {resumed.problem && (
          <p className="notice notice--error booking-page__offer" role="alert">
            {resumed.problem}
          </p>
        )}
      </header>

      {finishing && resumed.link && (
        <Suspense fallback={<Loading>Loading your booking...</Loading>}>
          <FinishBooking checkout={recovered!} token={resumed.link.token} onEdit={() => setEditing(true)} onRefused={resumed.reload} onBookedSince={setBookedSince} />
        </Suspense>
      )}
      {tooFew && (
        <div className="card booking-page__waitlist" data-testid="resumed-sold-out">
          <div className="card__body">
            <p>
              <strong>
                {recovered!.spotsLeft === 0 ? 'Every spot on this workshop is taken now' : `Only ${recovered!.spotsLeft} ${recovered!.spotsLeft === 1 ? 'spot is' : 'spots are'} left now`}, not
                enough for your {recovered!.numParticipants} {recovered!.numParticipants === 1 ? 'place' : 'places'}.
              </strong>{' '}
              Join the waiting list: when spots free up, we email you an offer that holds them for you.
            </p>
            <WaitlistForm workshopId={workshop.id} />
          </div>
        </div>
      )}
      {showForm && (
      <div className="booking-page__layout">
        <BookingForm
          workshop={bookable}
          values={shown}
          paymentOffers={paymentOffers}
          onChange={change}
          onTravellersChange={(travellers) => {
            setValues((v) => ({ ...v, travellers }));
            flow.formChanged();
          }}
          onSubmit={() => void flow.submit(shown)}
          onApplyPromo={promo.apply}
          promo={promo.state}
          codeBalance={codeBalance}
          submitting={flow.submitting}
          problem={flow.problem}
          check={flow.challengeRound !== null && <BookingChallenge key={flow.challengeRound} onSolved={flow.challengeSolved} />}
          summary={
            <BookingSummary
              workshop={workshop}
              numParticipants={parseInt(values.num_participants, 10)}
              numSpouses={parseInt(values.num_spouses, 10)}
              roomType={values.room_type}
              paymentOption={shown.payment_option}
              offers={paymentOffers}
              promo={promo.quote}
              code={
                codeBalance?.state === 'found' && codeBalance.usable && codeBalance.coversCents !== null
                  ? { code: codeBalance.code, kind: codeBalance.kind, coversCents: codeBalance.coversCents, leftToPayNowCents: codeBalance.leftToPayNowCents ?? 0, balanceAfterCents: codeBalance.balanceAfterCents ?? 0 }
                  : null
              }
            />
          }
        />
      </div>
      )}
    </div>
  );
}
