import { formatCents } from 'api/shared/money';
import { computeDueNow, computeTotalCents, POLICY, type PaymentOption, type RoomType } from 'api/shared/policy';

export interface SummaryWorkshop {
  name: string;
  dates: string;
  startDate: string;
  priceCents: number;
  privateRoomSupplement: number;
}

interface Props {
  workshop: SummaryWorkshop;
  numParticipants: number;
  numSpouses: number;
  roomType: RoomType;
  paymentOption: PaymentOption;
  now?: Date;
}

/**
 * The live price of the form's choices. Shown for information only: the
 * server prices the booking itself with the same policy module.
 */
export function BookingSummary({ workshop, numParticipants, numSpouses, roomType, paymentOption, now = new Date() }: Props) {
  const participants = Number.isFinite(numParticipants) && numParticipants > 0 ? Math.floor(numParticipants) : 0;
  const spouses = Number.isFinite(numSpouses) && numSpouses > 0 ? Math.min(POLICY.maxSpouses, Math.floor(numSpouses)) : 0;
  const supplementCents = Math.round(workshop.privateRoomSupplement * 100);
  const totalCents = computeTotalCents({
    priceCents: workshop.priceCents,
    privateRoomSupplementCents: supplementCents,
    numParticipants: participants,
    numSpouses: spouses,
    roomType,
  });
  const due = computeDueNow(totalCents, paymentOption, workshop.startDate, now);
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
          <div className="booking-summary__total">
            <dt>Total</dt>
            <dd data-testid="booking-total">{formatCents(totalCents)}</dd>
          </div>
          <div className="booking-summary__due">
            <dt>
              {paymentOption === 'deposit'
                ? `Due today (${POLICY.depositPercent}% deposit)`
                : paymentOption === 'full'
                  ? 'Due today (paid in full)'
                  : `Due today (1 of ${due.installments} monthly payments)`}
            </dt>
            <dd data-testid="booking-due-now">{formatCents(due.dueNowCents)}</dd>
          </div>
        </dl>
        {paymentOption !== 'full' && (
          <p className="booking-summary__note muted">
            The balance of {formatCents(totalCents - due.dueNowCents)} is due {POLICY.balanceDueDaysBefore} days before the workshop starts.
          </p>
        )}
        <p className="booking-summary__note muted">Shared accommodation, meals and permits are included.</p>
      </div>
    </aside>
  );
}
