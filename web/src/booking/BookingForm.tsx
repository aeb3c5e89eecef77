import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AGE_RULE_TEXT, formatIsoDate, POLICY, type PaymentOption, type PaymentOptionOffer, type RoomType } from 'api/shared/policy';
import { formatCents, formatDollars } from 'api/shared/money';
import { balanceText, type CodeBalanceState, UNUSABLE_CODE_TEXT } from '../giftcard/useCodeBalance';
import type { ExperienceLevel } from '../gql/graphql';
import { EMAIL_HINT, EMAIL_PATTERN, PHONE_HINT, PHONE_PATTERN } from 'api/shared/formats';
import { validateBooking, type BookingErrors } from './validateBooking';
import { TravellerFields, travellersFor, validateTravellers, type TravellerEntry } from './TravellerFields';

/** The form's values, as typed; numbers are parsed on submit (spec section 7). */
export interface BookingFormValues {
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
  /** Optional: a credit code from a workshop we cancelled (docs/decisions/063). */
  credit_code: string;
  /** Optional: a promo code (docs/decisions/096); the server checks it and takes its discount off. */
  promo_code: string;
  /** 'yes': one mail with a link to finish if the payment is not finished (unticked by default; decision 098). */
  recovery_consent?: string;
  /** The other travellers (2..N), as typed (issue 25). */
  travellers?: TravellerEntry[];
}

/** The form's text fields (every value but the other travellers). */
export type BookingTextField = Exclude<keyof BookingFormValues, 'travellers'>;

/** Defaults of spec section 4. */
export const INITIAL_VALUES: BookingFormValues = {
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
  credit_code: '',
  promo_code: '',
};

interface Props {
  workshop: { availableSpots: number; privateRoomSupplement: number };
  values: BookingFormValues;
  onChange(name: BookingTextField, value: string): void;
  /** Called once the browser has accepted the fields (required, patterns, ranges). */
  onSubmit(): void;
  submitting: boolean;
  /** The server's message for the last failed submit, if any. */
  problem: string | null;
  /** Shown above the problem and the submit button: the automatic check, when the server asked for one. */
  check?: ReactNode;
  /** Which payment options a booking made now can use (paymentOptionsFor); all when not given. */
  paymentOffers?: readonly PaymentOptionOffer[];
  /** The booking summary: placed before the submit button, so a phone shows the money before asking for it. */
  summary?: ReactNode;
  /** The other travellers changed (issue 25). */
  onTravellersChange?(travellers: TravellerEntry[]): void;
  /** Check the typed promo code (its Apply button, or leaving the field). */
  onApplyPromo?(): void;
  /** The server's answer about the promo code. */
  promo?: PromoState;
  /** The server's answer about the credit or gift card code as typed (its balance). */
  codeBalance?: CodeBalanceState;
}

/** The hints a field's control is described by. */
const HINTS: Partial<Record<BookingTextField, string>> = {
  age: 'age-hint',
  num_participants: 'num_participants-hint',
  num_spouses: 'num_spouses-hint',
  credit_code: 'credit_code-hint',
  promo_code: 'promo_code-hint',
};

/** What the server said of the promo code: checking it, its discount applied, or why it was refused. */
export type PromoState = { state: 'checking' } | { state: 'applied'; code: string; discountText: string } | { state: 'refused'; message: string } | null;

/**
 * The booking form of spec section 4: its fields, checked before sending
 * (validateBooking: required, patterns and ranges matching the server's rules,
 * spec section 5) with each message next to its field in the site's words, not
 * the browser's pop-ups (noValidate); the first invalid field takes the focus.
 */
export function BookingForm({ workshop, values, onChange, onSubmit, submitting, problem, check, paymentOffers, summary, onTravellersChange, onApplyPromo, promo = null, codeBalance = null }: Props) {
  const [errors, setErrors] = useState<BookingErrors>({});
  const [travellerErrors, setTravellerErrors] = useState<Record<string, string>>({});
  const travellers = travellersFor(parseInt(values.num_participants, 10), values.travellers ?? []);
  const changeTraveller = (index: number, entry: TravellerEntry) => {
    const next = travellers.map((t, i) => (i === index ? entry : t));
    onTravellersChange?.(next);
    if (Object.keys(travellerErrors).length) setTravellerErrors(validateTravellers(next));
  };
  const offered = (option: PaymentOption) => paymentOffers?.find((o) => o.option === option)?.available ?? true;
  const soldOut = workshop.availableSpots <= 0;
  const change = (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const name = e.target.name as BookingTextField;
    onChange(name, e.target.value);
    if (errors[name]) setErrors(({ [name]: _fixed, ...rest }) => rest);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateBooking(values, workshop.availableSpots);
    const foundTravellers = validateTravellers(travellers);
    setErrors(found);
    setTravellerErrors(foundTravellers);
    const first = Array.from(form.current?.elements ?? []).find((el) => {
      const name = (el as HTMLInputElement).name;
      return name in found || name in foundTravellers;
    }) as HTMLElement | undefined;
    if (first) {
      first.focus();
      return;
    }
    if (Object.keys(found).length === 0 && Object.keys(foundTravellers).length === 0) onSubmit();
  };
  const errorCount = Object.keys(errors).length + Object.keys(travellerErrors).length;
  const form = useRef<HTMLFormElement>(null);
  // The server renders the form and the app hydrates it once the page has loaded (main.tsx):
  // what the visitor typed meanwhile is in the fields but not yet in the values.
  useEffect(() => {
    for (const el of Array.from(form.current?.elements ?? [])) {
      const { name, value } = el as HTMLInputElement;
      if (name in INITIAL_VALUES && name !== 'travellers' && value !== INITIAL_VALUES[name as BookingTextField]) onChange(name as BookingTextField, value);
    }
    // Once, right after hydration: later edits come through the change handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Unknown, or empty / expired: said next to the field (the booking would be refused naming it).
  const codeRefused = codeBalance?.state === 'refused' ? codeBalance.message : codeBalance?.state === 'found' && !codeBalance.usable ? UNUSABLE_CODE_TEXT : null;
  const field = (name: BookingTextField) => ({
    id: name,
    name,
    value: values[name],
    onChange: change,
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': [HINTS[name], errors[name] ? `${name}-error` : undefined].filter(Boolean).join(' ') || undefined,
  });
  const errorOf = (name: BookingTextField) =>
    errors[name] ? (
      <p id={`${name}-error`} className="field__error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form ref={form} className="booking-form" onSubmit={submit} aria-label="Booking form" noValidate>
      <fieldset className="fieldset">
        <legend>Your details</legend>
        <div className="form-grid form-grid--2">
          <div className="field">
            <label htmlFor="customer_name">Full name *</label>
            <input className="input" type="text" required autoComplete="name" maxLength={120} {...field('customer_name')} />
            {errorOf('customer_name')}
          </div>
          <div className="field">
            <label htmlFor="customer_email">Email *</label>
            <input className="input" type="email" required autoComplete="email" maxLength={254} pattern={EMAIL_PATTERN} title={EMAIL_HINT} {...field('customer_email')} />
            {errorOf('customer_email')}
          </div>
          <div className="field">
            <label htmlFor="customer_phone">Phone *</label>
            <input className="input" type="tel" required autoComplete="tel" maxLength={40} pattern={PHONE_PATTERN} title={PHONE_HINT} {...field('customer_phone')} />
            {errorOf('customer_phone')}
          </div>
          <div className="field">
            <label htmlFor="age">Age *</label>
            <input className="input" type="number" required min={POLICY.minAge} max={POLICY.maxAge} step={1} inputMode="numeric" {...field('age')} />
            {errorOf('age')}
            <span className="field__hint" id="age-hint">
              {AGE_RULE_TEXT}
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
            {errorOf('num_participants')}
            <span className="field__hint" id="num_participants-hint">
              {workshop.availableSpots === 1 ? '1 spot' : `Up to ${workshop.availableSpots} spots`} available.
            </span>
          </div>
          <div className="field">
            <label htmlFor="num_spouses">Spouses or partners (non-photographers)</label>
            <input className="input" type="number" min={0} max={POLICY.maxSpouses} step={1} inputMode="numeric" {...field('num_spouses')} />
            {errorOf('num_spouses')}
            <span className="field__hint" id="num_spouses-hint">
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
            <select className="select" {...field('payment_option')} aria-describedby={paymentOffers?.some((o) => !o.available) ? 'payment-options-note' : undefined}>
              <option value="deposit" disabled={!offered('deposit')}>
                {POLICY.depositPercent}% deposit now{offered('deposit') ? '' : ' (not offered for these dates)'}
              </option>
              <option value="full">Pay in full</option>
              <option value="payment_plan" disabled={!offered('payment_plan')}>
                Monthly payment plan ({POLICY.minInstallments}-{POLICY.maxInstallments} installments){offered('payment_plan') ? '' : ' (not offered for these dates)'}
              </option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="credit_code">Credit or gift card code (optional)</label>
            <input
              className="input"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={30}
              {...field('credit_code')}
              aria-invalid={codeRefused ? true : undefined}
              aria-describedby={`credit_code-hint credit_code-balance${codeRefused ? ' credit_code-refused' : ''}`}
            />
            <span className="field__hint" id="credit_code-hint">
              A gift card (GC-…) pays what is due now; a credit from a workshop we cancelled (WL-…) pays up to the whole total. What is not used stays on the code for
              later.
            </span>
            <p className="field__status" id="credit_code-balance" role="status" aria-live="polite" data-testid="code-balance">
              {codeBalance?.state === 'checking' ? 'Checking the code…' : codeBalance?.state === 'found' && codeBalance.usable ? balanceText(codeBalance, formatCents, formatIsoDate) : ''}
            </p>
            {codeRefused && (
              <p id="credit_code-refused" className="field__error">
                {codeRefused}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="promo_code">Promo code (optional)</label>
            <div className="promo-code">
              <input
                className="input"
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={32}
                {...field('promo_code')}
                aria-invalid={promo?.state === 'refused' ? true : undefined}
                aria-describedby={`promo_code-hint${promo?.state === 'refused' ? ' promo_code-error' : ''}`}
                onBlur={() => values.promo_code.trim() && onApplyPromo?.()}
                onKeyDown={(e) => {
                  // Enter applies the code rather than submitting the whole form.
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    onApplyPromo?.();
                  }
                }}
              />
              <button type="button" className="btn btn--secondary" onClick={() => onApplyPromo?.()} disabled={!values.promo_code.trim() || promo?.state === 'checking'}>
                Apply
              </button>
            </div>
            <span className="field__hint" id="promo_code-hint">
              The discount is shown in the summary and taken off the total before your deposit or installments.
            </span>
            <p className="field__status" role="status" aria-live="polite" data-testid="promo-status">
              {promo?.state === 'checking' ? 'Checking the code…' : promo?.state === 'applied' ? `${promo.code} applied: ${promo.discountText} off.` : ''}
            </p>
            {promo?.state === 'refused' && (
              <p id="promo_code-error" className="field__error" role="alert">
                {promo.message}
              </p>
            )}
          </div>
        </div>
      </fieldset>

      <TravellerFields travellers={travellers} errors={travellerErrors} onChange={changeTraveller} />

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
            {errorOf('camera_body')}
          </div>
          <div className="field">
            <label htmlFor="lenses">Lenses *</label>
            <textarea className="textarea" required maxLength={1000} rows={3} placeholder="e.g. 24-70mm f/2.8, 100-400mm" {...field('lenses')} />
            {errorOf('lenses')}
          </div>
          <div className="field">
            <label htmlFor="other_equipment">Other equipment</label>
            <textarea className="textarea" maxLength={2000} rows={3} placeholder="Tripod, filters, flash…" {...field('other_equipment')} />
          </div>
        </div>
        <div className="field">
          <label htmlFor="trip_goals">What do you want to get out of this trip? *</label>
          <textarea className="textarea" required maxLength={2000} rows={3} {...field('trip_goals')} />
          {errorOf('trip_goals')}
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
            {errorOf('emergency_contact_name')}
          </div>
          <div className="field">
            <label htmlFor="emergency_contact_phone">Phone *</label>
            <input className="input" type="tel" required maxLength={40} pattern={PHONE_PATTERN} title={PHONE_HINT} {...field('emergency_contact_phone')} />
            {errorOf('emergency_contact_phone')}
          </div>
          <div className="field">
            <label htmlFor="emergency_contact_email">Email *</label>
            <input className="input" type="email" required maxLength={254} pattern={EMAIL_PATTERN} title={EMAIL_HINT} {...field('emergency_contact_email')} />
            {errorOf('emergency_contact_email')}
          </div>
        </div>
      </fieldset>

      <label className="check" htmlFor="recovery_consent">
        <input
          type="checkbox"
          id="recovery_consent"
          name="recovery_consent"
          checked={values.recovery_consent === 'yes'}
          onChange={(e) => onChange('recovery_consent', e.target.checked ? 'yes' : '')}
        />
        <span>Email me a link if I don’t finish (one email, about a day later, only if this booking is not paid).</span>
      </label>

      {summary}
      {check}
      {errorCount > 0 && (
        <p className="notice notice--error" role="alert" data-testid="form-errors">
          {errorCount === 1 ? 'Please correct the field marked above.' : `Please correct the ${errorCount} fields marked above.`}
        </p>
      )}
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
  );
}
