import { formatCents } from 'api/shared/money';
import {
  balanceDueDate,
  computeDueNow,
  computeTotalCents,
  formatIsoDate,
  installmentSchedule,
  paymentOptionsFor,
  POLICY,
  type PaymentOption,
  type RoomType,
} from 'api/shared/policy';

export interface SummaryWorkshop {
  name: string;
  dates: string;
  startDate: string;
  /** The workshop's IANA time zone: "days before the start" are counted in it. */
  timeZone?: string | null;
  priceCents: number;
  privateRoomSupplement: number;
}

interface Props {
  workshop: SummaryWorkshop;
  numParticipants: number;
  numSpouses: number;
  roomType: RoomType;
  paymentOption: PaymentOption;
  /** The options the server offers now (Workshop.paymentOptions); computed here when not given. */
  offers?: ReadonlyArray<{ option: string; available: boolean; reason?: string | null }>;
  /** The server's quote for the promo code (PromoQuote): its discount and the total and first payment after it. */
  promo?: SummaryPromo | null;
  /** The server's figures for the credit or gift card code typed (codeBalance with these choices). */
  code?: SummaryCode | null;
  now?: Date;
}

/** What a credit or gift card code pays of this booking, as the server computed it for these choices, in cents. */
export interface SummaryCode {
  code: string;
  kind: string;
  coversCents: number;
  leftToPayNowCents: number;
  balanceAfterCents: number;
}

/** A promo code's figures as the server computed them for these choices (docs/decisions/096), in cents. */
export interface SummaryPromo {
  promoCode: string;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  dueNowCents: number;
}

/**
 * The live price of the form's choices. Shown for information only: the
 * server prices the booking itself with the same policy module. A promo code's
 * discount and the first payment after it are the server's (PromoQuote), never
 * computed here.
 */
export function BookingSummary({ workshop, numParticipants, numSpouses, roomType, paymentOption, offers: given, promo: quoted, code, now = new Date() }: Props) {
  const participants = Number.isFinite(numParticipants) && numParticipants > 0 ? Math.floor(numParticipants) : 0;
  const spouses = Number.isFinite(numSpouses) && numSpouses > 0 ? Math.min(POLICY.maxSpouses, Math.floor(numSpouses)) : 0;
  const supplementCents = Math.round(workshop.privateRoomSupplement * 100);
  const subtotalCents = computeTotalCents({
    priceCents: workshop.priceCents,
    privateRoomSupplementCents: supplementCents,
    numParticipants: participants,
    numSpouses: spouses,
    roomType,
  });
  // The server's discount, only while it was computed for these very choices (a quote for the old ones is being replaced).
  const promo = quoted && quoted.subtotalCents === subtotalCents && quoted.discountCents > 0 ? quoted : null;
  const totalCents = promo ? promo.totalCents : subtotalCents;
  const offers = given ?? paymentOptionsFor(workshop.startDate, now, workshop.timeZone);
  const notOffered = offers.filter((o) => !o.available);
  // An option the dates do not allow is never priced: the form falls back to paying in full.
  const option = offers.find((o) => o.option === paymentOption)?.available ? paymentOption : 'full';
  const computed = computeDueNow(totalCents, option, workshop.startDate, now, workshop.timeZone);
  const due = promo ? { ...computed, dueNowCents: promo.dueNowCents } : computed;
  const schedule = option === 'payment_plan' ? installmentSchedule(totalCents, workshop.startDate, now, workshop.timeZone) : null;
  const spouseCents = Math.round((workshop.priceCents * POLICY.spousePercent) / 100);

  return (
    <aside className="card booking-summary" aria-labelledby="summary-heading">
      <div className="card__body">
        <h2 id="summary-heading">Booking summary</h2>
        <p className="booking-summary__workshop">
          <strong>{workshop.name}</strong>
          <br />
          <span className="muted">{workshop.dates}</span>
        </p>
        <dl className="facts">
          <div>
            <dt>
              {participants} × participant{participants === 1 ? '' : 's'} at {formatCents(workshop.priceCents)}
            </dt>
            <dd>{formatCents(workshop.priceCents * participants)}</dd>
          </div>
          {spouses > 0 && (
            <div>
              <dt>
                {spouses} × spouse/partner at {formatCents(spouseCents)}
              </dt>
              <dd>{formatCents(spouseCents * spouses)}</dd>
            </div>
          )}
          {roomType === 'private' && (
            <div>
              <dt>Private room supplement</dt>
              <dd>{formatCents(supplementCents)}</dd>
            </div>
          )}
          {promo && (
            <div className="booking-summary__discount">
              <dt>Discount ({promo.promoCode})</dt>
              <dd data-testid="booking-discount">-{formatCents(promo.discountCents)}</dd>
            </div>
          )}
          <div className="booking-summary__total">
            <dt>Total</dt>
            <dd data-testid="booking-total">{formatCents(totalCents)}</dd>
          </div>
          <div className="booking-summary__due">
            <dt>
              {option === 'deposit'
                ? `Due today (${POLICY.depositPercent}% deposit)`
                : option === 'full'
                  ? 'Due today (paid in full)'
                  : `Due today (1 of ${due.installments} monthly payments)`}
            </dt>
            <dd data-testid="booking-due-now">{formatCents(due.dueNowCents)}</dd>
          </div>
          {code && code.coversCents > 0 && (
            <>
              <div className="booking-summary__discount">
                <dt>
                  Paid with your {code.kind === 'credit' ? 'credit' : 'gift card'} ({code.code})
                </dt>
                <dd data-testid="booking-code-covers">-{formatCents(code.coversCents)}</dd>
              </div>
              <div className="booking-summary__due">
                <dt>Left to pay today</dt>
                <dd data-testid="booking-left-to-pay">{formatCents(code.leftToPayNowCents)}</dd>
              </div>
            </>
          )}
        </dl>
        {code && code.coversCents > 0 && (
          <p className="booking-summary__note muted" data-testid="booking-code-note">
            {code.coversCents > due.dueNowCents ? `Your ${code.kind === 'credit' ? 'credit' : 'gift card'} also pays ${formatCents(code.coversCents - due.dueNowCents)} of the later payments. ` : ''}
            {`${formatCents(code.balanceAfterCents)} stays on your code for later.`}
          </p>
        )}
        {option === 'deposit' && (
          <p className="booking-summary__note muted">
            The balance of {formatCents(totalCents - due.dueNowCents)} is due {POLICY.balanceDueDaysBefore} days before the workshop starts (
            {formatIsoDate(balanceDueDate(workshop.startDate))}).
          </p>
        )}
        {schedule && (
          <div className="booking-summary__note">
            <p className="muted">Your card is saved and charged automatically on each date:</p>
            <ol className="booking-summary__schedule" aria-label="Installment dates">
              {schedule.map((i) => (
                <li key={i.number}>
                  <span>{i.number === 1 ? 'Today' : formatIsoDate(i.dueDate)}</span>
                  <span>{formatCents(i.amountCents)}</span>
                </li>
              ))}
            </ol>
          </div>
        )}
        {notOffered.length > 0 && (
          <div id="payment-options-note" className="booking-summary__note muted">
            {notOffered.map((o) => (
              <p key={o.option}>
                <strong>{o.option === 'deposit' ? 'Deposit' : 'Payment plan'} not offered:</strong> {o.reason}
              </p>
            ))}
          </div>
        )}
        <p className="booking-summary__note muted">Shared accommodation, meals and permits are included.</p>
      </div>
    </aside>
  );
}
