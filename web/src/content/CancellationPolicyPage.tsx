import { Link } from 'react-router-dom';
import { BRAND } from 'api/shared/brand';
import { POLICY } from 'api/shared/policy';
import { LegalPage, type LegalSection } from './LegalPage';
import { PolicyTable } from './PolicyTable';
import { CANCELLATION_ROWS, CREDIT_RULE, PROCESSING_TIME, REFUND_EXAMPLE, REFUND_TIME, TRANSFER_AFTER_RULE, TRANSFER_EXAMPLE, TRANSFER_MONEY_RULE, TRANSFER_ROWS, rowsSentence } from './policyText';

const Email = () => <a href={`mailto:${BRAND.contactEmail}`}>{BRAND.contactEmail}</a>;

const SECTIONS: LegalSection[] = [
  {
    id: 'your-cancellation',
    title: 'If you cancel',
    body: (
      <>
        <p>
          Plans change, and we would rather know early. The refund depends on how many days before the first day of the workshop we
          receive your written cancellation. It applies to everything you have paid for the booking, including spouse or partner
          places and a private room supplement.
        </p>
        <PolicyTable caption="Refunds when you cancel" rows={CANCELLATION_ROWS} outcomeHeader="Refund" />
        <p>
          The percentages apply to the amount paid so far, whether that is a deposit, the full price or the installments of a payment
          plan, not to the workshop price; a fee is deducted from the refund. Payments that are not yet due are simply cancelled.{' '}
          {REFUND_EXAMPLE}
        </p>
      </>
    ),
  },
  {
    id: 'how-to-cancel',
    title: 'How to cancel',
    body: (
      <>
        <p>
          Open the <strong>Manage your booking</strong> link in any email about your booking: it shows the refund you would get
          today, and cancelling there takes effect at once, with the refund sent to the card you paid with straight away. You can
          also email <Email /> from the address you booked with and include your booking number; the date we receive your email is
          the date of cancellation, and we process such requests within {PROCESSING_TIME}.
        </p>
        <p>
          Refunds reach your card within {REFUND_TIME}. Money you paid us another way (bank transfer) is returned the same way, and
          we confirm the amount in writing.
        </p>
      </>
    ),
  },
  {
    id: 'transfers',
    title: 'Transferring your booking',
    body: (
      <>
        <p>
          Instead of cancelling you can transfer your place to another person, or move it to another workshop of the season that
          still has open spots. The new participant must meet the same requirements (including the minimum age of {POLICY.minAge}).
        </p>
        <PolicyTable caption="Transfer fees" rows={TRANSFER_ROWS} outcomeHeader="Transfer" />
        <p>{TRANSFER_MONEY_RULE}</p>
        <p>
          {TRANSFER_AFTER_RULE} {TRANSFER_EXAMPLE}
        </p>
        <p>The manage page shows all of this before you confirm a transfer, with the dates of the new workshop.</p>
      </>
    ),
  },
  {
    id: 'our-cancellation',
    title: 'If we cancel a workshop',
    body: (
      <>
        <p>
          Each workshop needs at least {POLICY.minParticipants} participants to run. If a workshop does not reach that number, or if
          we must cancel it for any other reason, you choose between a {POLICY.providerCancellationRefundPercent}% refund of
          everything you have paid and a credit of the same amount toward any other workshop. {CREDIT_RULE}
        </p>
        <p>
          We are not responsible for flights, hotels or other travel arrangements you have made yourself, which is one more reason to
          book refundable travel or take out travel insurance.
        </p>
      </>
    ),
  },
  {
    id: 'weather',
    title: 'Weather, wildlife and changes on location',
    body: (
      <>
        <p>
          Nature keeps its own schedule. Storms, closures of roads or parks, wildfire smoke or the movements of animals can change the
          daily plan. We adapt the itinerary to give you the best photography that conditions allow; such changes are not a
          cancellation and do not give a right to a refund.
        </p>
        <p>
          If an event outside our control (for example a government closure of a national park or a natural disaster) prevents a
          workshop from taking place at all, it counts as a cancellation by us, as described under “If we cancel a workshop”.
        </p>
      </>
    ),
  },
  {
    id: 'no-shows',
    title: 'No-shows and leaving early',
    body: (
      <p>
        If you do not arrive, arrive late or leave before the end of the workshop, there is no refund for the missed days or services.
        We will still do our best to help you join the group at a later point of the itinerary.
      </p>
    ),
  },
  {
    id: 'insurance',
    title: 'Travel insurance',
    body: (
      <p>
        We strongly recommend travel insurance that covers trip cancellation, medical emergencies and evacuation, taken out as soon as
        you book. It protects you in the situations this policy cannot, such as illness shortly before departure.
      </p>
    ),
  },
  {
    id: 'questions',
    title: 'Questions',
    body: (
      <p>
        Write to <Email /> or use our <Link to="/contact">contact page</Link>. This policy is part of our{' '}
        <Link to="/terms">terms of service</Link>.
      </p>
    ),
  },
];

export default function CancellationPolicyPage() {
  return (
    <LegalPage
      title="Cancellation Policy"
      description={`Cancellation and transfer terms of ${BRAND.name}: ${rowsSentence(CANCELLATION_ROWS)}.`}
      intro={
        <p className="lead">
          What happens to your payment if you cancel, transfer your place, or if we have to cancel a workshop. The short version:
          the earlier you tell us, the more you get back.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
