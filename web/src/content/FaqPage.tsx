import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BRAND } from 'api/shared/brand';
import { POLICY } from 'api/shared/policy';
import { PageMeta } from '../ui/PageMeta';
import { JsonLd } from '../ui/JsonLd';
import { textOf } from '../ui/textOf';
import { BALANCE_DUE, CANCELLATION_ROWS, DEFAULT_SUPPLEMENT, DEPOSIT, INSTALLMENTS, PROCESSING_TIME, REFUND_EXAMPLE, REFUND_TIME, rowsSentence, SPOUSE_RATE, TRANSFER_AFTER_RULE, TRANSFER_ROWS } from './policyText';

interface Faq {
  question: string;
  answer: ReactNode;
}

/** The ten questions; every number comes from POLICY through policyText. */
export const FAQS: Faq[] = [
  {
    question: 'What is included in the workshop price?',
    answer: (
      <>
        <p>
          Every workshop is all-inclusive from the first evening to the last morning: shared accommodation (two participants per
          room), all meals, park entrance fees and photography permits, ground transport between locations, and daily instruction
          and image reviews with {BRAND.instructor.name}.
        </p>
        <p>
          Not included: your travel to and from the meeting point, travel insurance, alcoholic drinks and your camera gear. A
          private room is available for a supplement of {POLICY.privateRoomSupplementRangeText} depending on the lodge (
          {DEFAULT_SUPPLEMENT} unless the workshop page says otherwise).
        </p>
      </>
    ),
  },
  {
    question: 'How big are the groups?',
    answer: (
      <p>
        Never more than {POLICY.maxGroupSize} participants, so everyone gets a good position at every location and one-to-one time
        with the instructor. A workshop needs at least {POLICY.minParticipants} participants to run; if it does not reach that number
        we may cancel it, and you choose between a {POLICY.providerCancellationRefundPercent}% refund or a credit toward another
        workshop.
      </p>
    ),
  },
  {
    question: 'What payment options do you offer?',
    answer: (
      <p>
        Up to three, depending on how far ahead the workshop starts: pay in full when you book (always), reserve your place with a{' '}
        {DEPOSIT} deposit (until the balance falls due, {BALANCE_DUE}), or spread the cost over {INSTALLMENTS} (when at least{' '}
        {POLICY.minInstallments} fit before that date). Each workshop&rsquo;s page shows the options open today. All payments are made by card
        through our secure payment provider; we never see or store your card number.
      </p>
    ),
  },
  {
    question: 'When is the balance due?',
    answer: (
      <p>
        If you paid a {DEPOSIT} deposit, the remaining balance is due {BALANCE_DUE}. On a payment plan the last monthly installment
        falls due by the same date, so everything is settled {POLICY.balanceDueDaysBefore} days ahead.
      </p>
    ),
  },
  {
    question: 'What is your cancellation policy?',
    answer: (
      <>
        <p>
          If you cancel, the refund depends on how long before the start we receive your request. {rowsSentence(CANCELLATION_ROWS)}.
          The percentages apply to what you have paid so far. {REFUND_EXAMPLE} You can cancel from the Manage your booking link in
          your booking emails.
        </p>
        <p>
          Requests are processed within {PROCESSING_TIME} and refunds reach your card within {REFUND_TIME}. The full terms are in our{' '}
          <Link to="/cancellation-policy">cancellation policy</Link>.
        </p>
      </>
    ),
  },
  {
    question: 'Can I transfer my booking to someone else or another workshop?',
    answer: (
      <p>
        Yes, to another person or to another workshop of the season with open spots. {rowsSentence(TRANSFER_ROWS)}. {TRANSFER_AFTER_RULE}
      </p>
    ),
  },
  {
    question: 'Can my spouse or partner come along without photographing?',
    answer: (
      <p>
        Yes, and many do. A non-photographer spouse or partner shares your room, meals and transport and joins every outing, for{' '}
        {SPOUSE_RATE} of the workshop price. Up to {POLICY.maxSpouses} non-photographers can be added to one booking.
      </p>
    ),
  },
  {
    question: 'Do I need to be an experienced photographer?',
    answer: (
      <p>
        No. Our groups mix beginners and working professionals, and the instruction adapts to each person. You should know how to
        switch your camera to manual mode; everything else we teach in the field. Each workshop page lists a difficulty level
        (Easy, Moderate, Challenging or Extreme) that describes the physical effort, not the photography.
      </p>
    ),
  },
  {
    question: 'What equipment should I bring?',
    answer: (
      <p>
        A DSLR or mirrorless camera with manual mode, a sturdy tripod, at least two spare batteries and 64GB or more of memory cards.
        Portrait and wildlife workshops add a few items. The complete checklist is on our <Link to="/equipment">equipment page</Link>.
      </p>
    ),
  },
  {
    question: 'Is there a minimum age?',
    answer: (
      <p>
        Participants must be at least {POLICY.minAge} years old, unless they travel with a parent or legal guardian who is also
        booked on the workshop.
      </p>
    ),
  },
];

/** schema.org FAQPage: search engines can show the questions and answers directly. */
const FAQ_JSON_LD = {
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  mainEntity: FAQS.map((f) => ({
    '@type': 'Question',
    name: f.question,
    acceptedAnswer: { '@type': 'Answer', text: textOf(f.answer).replace(/\s+/g, ' ').trim() },
  })),
};

export default function FaqPage() {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();

  return (
    <>
      <PageMeta
        title="Frequently Asked Questions"
        description={`Answers about ${BRAND.name}: what is included, group sizes, payment options (${DEPOSIT} deposit or ${INSTALLMENTS}), cancellation, transfers, spouses and equipment.`}
      />
      <JsonLd data={FAQ_JSON_LD} />
      <section className="page-hero">
        <div className="container container--narrow">
          <span className="eyebrow">Help</span>
          <h1>Frequently Asked Questions</h1>
          <p className="lead">The ten questions we hear most often, answered plainly. Prices, payments and refunds work exactly as described here.</p>
        </div>
      </section>
      <section className="section">
        <div className="container container--narrow">
          <div className="accordion">
            {FAQS.map((faq, i) => {
              const isOpen = open === i;
              const buttonId = `${baseId}-q${i}`;
              const panelId = `${baseId}-a${i}`;
              return (
                <div key={faq.question} className="accordion__item" data-open={isOpen}>
                  <h2 className="accordion__heading">
                    <button
                      type="button"
                      id={buttonId}
                      className="accordion__button"
                      aria-expanded={isOpen}
                      aria-controls={panelId}
                      onClick={() => setOpen(isOpen ? null : i)}
                    >
                      <span>{faq.question}</span>
                      <svg className="accordion__icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                        <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                      </svg>
                    </button>
                  </h2>
                  <div id={panelId} role="region" aria-labelledby={buttonId} className="accordion__panel" hidden={!isOpen}>
                    {faq.answer}
                  </div>
                </div>
              );
            })}
          </div>
          <aside className="help-card" aria-labelledby="faq-more">
            <h2 id="faq-more">Still have a question?</h2>
            <p>We answer every message personally, {BRAND.responseTime.charAt(0).toLowerCase() + BRAND.responseTime.slice(1)}.</p>
            <Link to="/contact" className="btn btn--secondary">
              Contact us
            </Link>
          </aside>
        </div>
      </section>
    </>
  );
}
