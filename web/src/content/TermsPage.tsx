import { Link } from 'react-router-dom';
import { BRAND } from 'api/shared/brand';
import { POLICY } from 'api/shared/policy';
import { LegalPage, type LegalSection } from './LegalPage';
import { BALANCE_DUE, CANCELLATION_ROWS, CREDIT_RULE, DEFAULT_SUPPLEMENT, DEPOSIT, INSTALLMENTS, PROCESSING_TIME, REFUND_TIME, rowsSentence, SPOUSE_RATE, TRANSFER_AFTER_RULE, TRANSFER_ROWS } from './policyText';

const Email = () => <a href={`mailto:${BRAND.contactEmail}`}>{BRAND.contactEmail}</a>;

const SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Who we are and this agreement',
    body: (
      <>
        <p>
          These terms govern every booking of a photography workshop with {BRAND.name} (“we”, “us”), based in{' '}
          {BRAND.instructor.homeBase}, and your use of this website. By booking a workshop you, and every person included in your
          booking, accept these terms, our <Link to="/cancellation-policy">cancellation policy</Link> and our{' '}
          <Link to="/privacy-policy">privacy policy</Link>.
        </p>
        <p>The person who makes a booking is responsible for the payments of everyone named in it.</p>
      </>
    ),
  },
  {
    id: 'workshops',
    title: 'The workshops and what is included',
    body: (
      <>
        <p>
          Each workshop is limited to {POLICY.maxGroupSize} participants.
          Unless a workshop page says otherwise, the price per person includes shared accommodation, meals, park entrance fees and
          photography permits, ground transport during the workshop and all instruction.
        </p>
        <p>
          Travel to and from the meeting point, travel insurance, alcoholic drinks, personal expenses and photographic equipment are
          not included. Workshop descriptions, including itineraries, describe our plan in good faith; see “Changes on location and safety” for changes on
          location.
        </p>
      </>
    ),
  },
  {
    id: 'booking',
    title: 'Booking and eligibility',
    body: (
      <>
        <p>
          A booking is confirmed when we have received your payment and sent you a confirmation. Places are allocated in the order
          bookings are confirmed.
        </p>
        <p>
          Participants must be at least {POLICY.minAge} years old, unless accompanied by a parent or legal guardian booked on the same
          workshop. You must give accurate information in the booking form, including health concerns that could affect your safety
          or the group’s, and an emergency contact.
        </p>
      </>
    ),
  },
  {
    id: 'prices',
    title: 'Prices, spouses and private rooms',
    body: (
      <>
        <p>
          Prices are per person in US dollars. A non-photographer spouse or partner who shares your accommodation and joins the group
          pays {SPOUSE_RATE} of the workshop price; up to {POLICY.maxSpouses} non-photographers may join one booking. They take part in
          outings but not in instruction or image reviews.
        </p>
        <p>
          A private room, where available, costs a supplement of {POLICY.privateRoomSupplementRangeText} per booking depending on the
          lodge, {DEFAULT_SUPPLEMENT} unless the workshop page states another amount.
        </p>
      </>
    ),
  },
  {
    id: 'payment',
    title: 'Payment',
    body: (
      <>
        <p>
          You may pay the total in full at booking, pay a deposit of {DEPOSIT} of the total at booking, or pay in {INSTALLMENTS}. The
          balance of a deposit booking, and the last installment of a payment plan, are due {BALANCE_DUE}.
        </p>
        <p>
          Card payments are processed by our payment provider; we do not receive or store card numbers. If a balance is not paid when
          due and remains unpaid after a written reminder, we may cancel the booking, and the cancellation policy applies as if you
          had cancelled on the due date.
        </p>
      </>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancellations and transfers',
    body: (
      <>
        <p>
          If you cancel: {rowsSentence(CANCELLATION_ROWS)}. Requests are processed within {PROCESSING_TIME}; refunds are issued within{' '}
          {REFUND_TIME}.
        </p>
        <p>
          Transfers to another person or workshop: {rowsSentence(TRANSFER_ROWS)}. {TRANSFER_AFTER_RULE} The full rules are in our{' '}
          <Link to="/cancellation-policy">cancellation policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'our-cancellation',
    title: 'If we cancel',
    body: (
      <p>
        A workshop needs at least {POLICY.minParticipants} participants. If it does not reach that number, or we must cancel it for any
        other reason, you receive a {POLICY.providerCancellationRefundPercent}% refund of what you have paid or, if you prefer, a credit
        of the same amount toward another workshop. {CREDIT_RULE} Our liability is limited to that amount; we do not refund travel arrangements you
        have made yourself.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes on location and safety',
    body: (
      <>
        <p>
          Weather, light, wildlife and access decide where the best photographs are, so the instructor may change the order or content
          of the daily plan. Such changes do not entitle you to a refund.
        </p>
        <p>
          Safety comes first. The instructor may exclude a participant from an activity, or from the rest of the workshop, if their
          health, fitness or behaviour puts themselves or others at risk or ignores park regulations or a guide’s instructions.
          Exclusion for these reasons gives no right to a refund.
        </p>
      </>
    ),
  },
  {
    id: 'responsibilities',
    title: 'Your responsibilities',
    body: (
      <ul>
        <li>Choose a workshop whose difficulty level matches your fitness, and tell us about any condition that may affect you.</li>
        <li>
          Bring the equipment on our <Link to="/equipment">equipment list</Link> and the clothing the season requires.
        </li>
        <li>Hold a valid ID, and any travel documents you need to reach the meeting point.</li>
        <li>Respect wildlife, leave no trace, and keep the distances the parks require.</li>
        <li>Treat fellow participants, guides and local people with courtesy.</li>
      </ul>
    ),
  },
  {
    id: 'risk',
    title: 'Risk and liability',
    body: (
      <>
        <p>
          Outdoor photography involves risks: uneven terrain, water, cold and heat, wild animals and, on storm workshops, severe
          weather. By booking you accept these inherent risks. We plan every workshop to keep them low, but we are not liable for
          injury, loss or damage except where caused by our negligence, and we are not liable for loss of or damage to your
          equipment.
        </p>
        <p>
          Nothing in these terms limits liability that cannot be limited by law. We strongly recommend travel insurance that covers
          cancellation, medical treatment, evacuation and your equipment.
        </p>
      </>
    ),
  },
  {
    id: 'photographs',
    title: 'Your photographs',
    body: (
      <p>
        You keep all rights to the photographs you take. With your permission we may photograph the group at work and share such
        images, or a photograph you choose to send us, on this website; we always credit you and remove any image on request.
      </p>
    ),
  },
  {
    id: 'community',
    title: 'Community board',
    body: (
      <p>
        Each workshop has a community board where participants can share rides, gear questions and plans. Posts are public. Keep
        them friendly and on topic; we remove posts that are abusive, commercial or share other people’s personal data.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law and changes',
    body: (
      <>
        <p>These terms are governed by the laws of the State of Utah, United States.</p>
        <p>
          We may update these terms; the version published when you booked applies to your booking. Questions: <Email />.
        </p>
      </>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      description={`Booking terms of ${BRAND.name}: payment by ${DEPOSIT} deposit, in full or in ${INSTALLMENTS}, balance due ${BALANCE_DUE}, cancellations, transfers and your responsibilities on location.`}
      intro={
        <p className="lead">
          The agreement between you and {BRAND.name} when you book a workshop. We have written it to be read, not skimmed: it explains
          how payment works, what happens when plans change and what we expect from each other in the field.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
