import { useMutation, useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { POLICY, type PaymentOption, type RoomType } from '@shared/policy';
import { formatDollars } from '@shared/money';
import { EMAIL_HINT, EMAIL_PATTERN, PHONE_HINT, PHONE_PATTERN } from '@shared/formats';
import type { ExperienceLevel } from '../gql/graphql';
import { PageMeta } from '../ui/PageMeta';
import { redirectTo } from '../ui/browser';
import { Empty, Loading } from '../ui/States';
import { BookingChallenge } from './BookingChallenge';
import { BookingSummary } from './BookingSummary';
import { BOOKING_WORKSHOP_QUERY, CREATE_BOOKING_MUTATION, CREATE_CHECKOUT_SESSION_MUTATION } from './documents';
import '../styles/booking.css';

/** The form's values, as typed; numbers are parsed on submit (spec section 7). */
interface FormValues {
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  num_participants: string;
  room_type: RoomType;
  num_spouses: string;
  payment_option: PaymentOption;
  special_requests: string;
  age: string;
  experience_level: ExperienceLevel;
  camera_body: string;
  lenses: string;
  other_equipment: string;
  health_concerns: string;
  dietary_restrictions: string;
  trip_goals: string;
  emergency_contact_name: string;
  emergency_contact_phone: string;
  emergency_contact_email: string;
}

/** Defaults of spec section 4. */
export const INITIAL_VALUES: FormValues = {
  customer_name: '',
  customer_email: '',
  customer_phone: '',
  num_participants: '1',
  room_type: 'shared',
  num_spouses: '0',
  payment_option: 'deposit',
  special_requests: '',
  age: '',
  experience_level: 'intermediate',
  camera_body: '',
  lenses: '',
  other_equipment: '',
  health_concerns: '',
  dietary_restrictions: '',
  trip_goals: '',
  emergency_contact_name: '',
  emergency_contact_phone: '',
  emergency_contact_email: '',
};

export const BOOKING_ERROR_MESSAGE = 'Booking error. Please try again.';

const optional = (v: string) => (v.trim() ? v.trim() : null);

/** A message the server gave for the visitor (sold out, too many spots held, invalid field), if any. */
function serverMessage(error: unknown): string | null {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message ?? null;
  return null;
}

/** The server wants a solved proof-of-work challenge with this booking (docs/decisions/056). */
function challengeRequired(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors[0]?.extensions?.code === 'CHALLENGE_REQUIRED';
}

export default function BookingPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading, error } = useQuery(BOOKING_WORKSHOP_QUERY, { variables: { id } });
  const [createBooking] = useMutation(CREATE_BOOKING_MUTATION);
  const [createCheckoutSession] = useMutation(CREATE_CHECKOUT_SESSION_MUTATION);
  const [values, setValues] = useState<FormValues>(INITIAL_VALUES);
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A booking made by a submit whose payment step failed: retrying pays for it
  // instead of holding a second set of spots, unless the form changed since.
  const [createdBookingId, setCreatedBookingId] = useState<string | null>(null);
  // Set when the server asked for a challenge: the widget shows and the booking is sent again once solved.
  const [challenge, setChallenge] = useState<{ round: number; solvedOnce: boolean } | null>(null);
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

  const change = (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const { name, value } = e.target;
    setValues((v) => ({ ...v, [name]: value }));
    setCreatedBookingId(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    void book(null);
  };

  /** Book (with a challenge solution when the server asked for one), then pay. */
  const book = async (altcha: string | null) => {
    setSubmitting(true);
    setProblem(null);
    try {
      let bookingId = createdBookingId;
      if (!bookingId) {
        const result = await createBooking({
          variables: {
            input: {
              workshopId: workshop.id,
              customerName: values.customer_name,
              customerEmail: values.customer_email,
              customerPhone: values.customer_phone,
              numParticipants: parseInt(values.num_participants, 10),
              roomType: values.room_type,
              numSpouses: parseInt(values.num_spouses, 10) || 0,
              paymentOption: values.payment_option,
              specialRequests: optional(values.special_requests),
              age: parseInt(values.age, 10),
              experienceLevel: values.experience_level,
              cameraBody: values.camera_body,
              lenses: values.lenses,
              otherEquipment: optional(values.other_equipment),
              healthConcerns: optional(values.health_concerns),
              dietaryRestrictions: optional(values.dietary_restrictions),
              tripGoals: values.trip_goals,
              emergencyContactName: values.emergency_contact_name,
              emergencyContactPhone: values.emergency_contact_phone,
              emergencyContactEmail: values.emergency_contact_email,
              ...(altcha ? { altcha } : {}),
            },
          },
        });
        bookingId = result.data!.createBooking.booking.id;
        setCreatedBookingId(bookingId);
        setChallenge(null);
      }
      const session = await createCheckoutSession({ variables: { input: { bookingId, originUrl: window.location.origin } } });
      const url = session.data?.createCheckoutSession.url;
      if (url) {
        redirectTo(url);
        return; // keep "Processing..." while the browser leaves for the payment page
      }
      navigate(`/confirmation/${bookingId}`);
    } catch (err) {
      // Not a failure the first time: show the check, which books again by itself once solved.
      if (challengeRequired(err) && !(altcha && challenge?.solvedOnce)) {
        setChallenge((c) => ({ round: (c?.round ?? 0) + 1, solvedOnce: altcha !== null }));
        return; // stays "Processing..." while the check runs
      }
      console.warn('Booking failed', err);
      setChallenge(null);
      setProblem(serverMessage(err));
      window.alert(BOOKING_ERROR_MESSAGE);
    }
    setSubmitting(false);
  };

  const field = (name: keyof FormValues) => ({ id: name, name, value: values[name], onChange: change });

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
        <form className="booking-form" onSubmit={submit} aria-label="Booking form">
          <fieldset className="fieldset">
            <legend>Your details</legend>
            <div className="form-grid form-grid--2">
              <div className="field">
                <label htmlFor="customer_name">Full name *</label>
                <input className="input" type="text" required autoComplete="name" maxLength={120} {...field('customer_name')} />
              </div>
              <div className="field">
                <label htmlFor="customer_email">Email *</label>
                <input className="input" type="email" required autoComplete="email" maxLength={254} pattern={EMAIL_PATTERN} title={EMAIL_HINT} {...field('customer_email')} />
              </div>
              <div className="field">
                <label htmlFor="customer_phone">Phone *</label>
                <input className="input" type="tel" required autoComplete="tel" maxLength={40} pattern={PHONE_PATTERN} title={PHONE_HINT} {...field('customer_phone')} />
              </div>
              <div className="field">
                <label htmlFor="age">Age *</label>
                <input className="input" type="number" required min={POLICY.minAge} max={POLICY.maxAge} step={1} inputMode="numeric" {...field('age')} />
                <span className="field__hint">
                  Minimum age {POLICY.minAge} unless accompanied by a guardian.
                </span>
              </div>
            </div>
          </fieldset>

          <fieldset className="fieldset">
            <legend>Your trip</legend>
            <div className="form-grid form-grid--2">
              <div className="field">
                <label htmlFor="num_participants">Participants (photographers) *</label>
                <input
                  className="input"
                  type="number"
                  required
                  min={1}
                  max={Math.max(1, workshop.availableSpots)}
                  step={1}
                  inputMode="numeric"
                  {...field('num_participants')}
                />
                <span className="field__hint">Up to {workshop.availableSpots} available.</span>
              </div>
              <div className="field">
                <label htmlFor="num_spouses">Spouses or partners (non-photographers)</label>
                <input className="input" type="number" min={0} max={POLICY.maxSpouses} step={1} inputMode="numeric" {...field('num_spouses')} />
                <span className="field__hint">
                  {POLICY.spousePercent}% of the workshop price each, up to {POLICY.maxSpouses}.
                </span>
              </div>
              <div className="field">
                <label htmlFor="room_type">Room</label>
                <select className="select" {...field('room_type')}>
                  <option value="shared">Shared room (included)</option>
                  <option value="private">Private room (+{formatDollars(workshop.privateRoomSupplement)})</option>
                </select>
              </div>
              <div className="field">
                <label htmlFor="payment_option">Payment</label>
                <select className="select" {...field('payment_option')}>
                  <option value="deposit">{POLICY.depositPercent}% deposit now</option>
                  <option value="full">Pay in full</option>
                  <option value="payment_plan">
                    Monthly payment plan ({POLICY.minInstallments}-{POLICY.maxInstallments} installments)
                  </option>
                </select>
              </div>
            </div>
          </fieldset>

          <fieldset className="fieldset">
            <legend>Your photography</legend>
            <div className="form-grid form-grid--2">
              <div className="field">
                <label htmlFor="experience_level">Experience level</label>
                <select className="select" {...field('experience_level')}>
                  <option value="beginner">Beginner</option>
                  <option value="intermediate">Intermediate</option>
                  <option value="advanced">Advanced</option>
                  <option value="professional">Professional</option>
                </select>
              </div>
              <div className="field">
                <label htmlFor="camera_body">Camera body *</label>
                <input className="input" type="text" required maxLength={200} placeholder="e.g. Sony A7 IV" {...field('camera_body')} />
              </div>
              <div className="field">
                <label htmlFor="lenses">Lenses *</label>
                <textarea className="textarea" required maxLength={1000} rows={3} placeholder="e.g. 24-70mm f/2.8, 100-400mm" {...field('lenses')} />
              </div>
              <div className="field">
                <label htmlFor="other_equipment">Other equipment</label>
                <textarea className="textarea" maxLength={2000} rows={3} placeholder="Tripod, filters, flash…" {...field('other_equipment')} />
              </div>
            </div>
            <div className="field">
              <label htmlFor="trip_goals">What do you want to get out of this trip? *</label>
              <textarea className="textarea" required maxLength={2000} rows={3} {...field('trip_goals')} />
            </div>
          </fieldset>

          <fieldset className="fieldset">
            <legend>Health and needs</legend>
            <div className="form-grid form-grid--2">
              <div className="field">
                <label htmlFor="health_concerns">Health concerns</label>
                <textarea className="textarea" maxLength={2000} rows={3} {...field('health_concerns')} />
              </div>
              <div className="field">
                <label htmlFor="dietary_restrictions">Dietary restrictions</label>
                <textarea className="textarea" maxLength={2000} rows={3} {...field('dietary_restrictions')} />
              </div>
            </div>
            <div className="field">
              <label htmlFor="special_requests">Special requests</label>
              <textarea className="textarea" maxLength={2000} rows={3} {...field('special_requests')} />
            </div>
          </fieldset>

          <fieldset className="fieldset">
            <legend>Emergency contact</legend>
            <div className="form-grid form-grid--2">
              <div className="field">
                <label htmlFor="emergency_contact_name">Name *</label>
                <input className="input" type="text" required maxLength={120} {...field('emergency_contact_name')} />
              </div>
              <div className="field">
                <label htmlFor="emergency_contact_phone">Phone *</label>
                <input className="input" type="tel" required maxLength={40} pattern={PHONE_PATTERN} title={PHONE_HINT} {...field('emergency_contact_phone')} />
              </div>
              <div className="field">
                <label htmlFor="emergency_contact_email">Email *</label>
                <input className="input" type="email" required maxLength={254} pattern={EMAIL_PATTERN} title={EMAIL_HINT} {...field('emergency_contact_email')} />
              </div>
            </div>
          </fieldset>

          {challenge && <BookingChallenge key={challenge.round} onSolved={(payload) => void book(payload)} />}
          {problem && (
            <p className="notice notice--error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--block booking-form__submit" disabled={submitting || soldOut}>
            {submitting ? 'Processing...' : soldOut ? 'Sold Out' : 'Continue to payment'}
          </button>
          <p className="muted booking-form__legal">
            By booking you accept our <Link to="/terms">terms</Link> and <Link to="/cancellation-policy">cancellation policy</Link>.
          </p>
        </form>

        <BookingSummary
          workshop={workshop}
          numParticipants={parseInt(values.num_participants, 10)}
          numSpouses={parseInt(values.num_spouses, 10)}
          roomType={values.room_type}
          paymentOption={values.payment_option}
        />
      </div>
    </div>
  );
}
