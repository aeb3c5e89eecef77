import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { formatDollars } from 'api/shared/money';
import { GIFT_CARD_RULES } from 'api/shared/gift-cards';
import { PageMeta } from '../ui/PageMeta';
import { Field } from '../forms/Field';
import { graphqlProblem } from '../forms/graphqlProblem';
import { BUY_GIFT_CARD_MUTATION, GIFT_CARD_WORKSHOPS_QUERY } from './documents';
import '../styles/booking.css';
import './giftcard.css';

type Values = {
  kind: 'amount' | 'place';
  amount: string;
  workshopId: string;
  buyerName: string;
  buyerEmail: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  deliverOn: string;
};

/** Today in the office's zone (the server checks the same day: "today or later"). */
function todayPacific(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: GIFT_CARD_RULES.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

const LABELS: Record<string, string> = {
  amountDollars: 'amount',
  workshopId: 'workshopId',
};

/**
 * /gift-cards: buy a gift card (docs/decisions/094): an amount or one place on
 * a workshop at its current price, for a recipient, delivered by email on a
 * chosen day; paid through Stripe Checkout. The server checks everything again.
 */
export default function GiftCardsPage() {
  const workshops = useQuery(GIFT_CARD_WORKSHOPS_QUERY);
  const [buy, { loading }] = useMutation(BUY_GIFT_CARD_MUTATION);
  const [values, setValues] = useState<Values>({ kind: 'amount', amount: '250', workshopId: '', buyerName: '', buyerEmail: '', recipientName: '', recipientEmail: '', message: '', deliverOn: todayPacific() });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const set = (k: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const list = workshops.data?.workshops ?? [];
  const chosen = list.find((w) => w.id === values.workshopId);
  const price = values.kind === 'place' ? (chosen ? formatDollars(chosen.price) : null) : /^\d+$/.test(values.amount) ? formatDollars(Number(values.amount)) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    setErrors({});
    try {
      const answer = await buy({
        variables: {
          input: {
            amountDollars: values.kind === 'amount' ? Number(values.amount) : null,
            workshopId: values.kind === 'place' ? values.workshopId || null : null,
            buyerName: values.buyerName,
            buyerEmail: values.buyerEmail,
            recipientName: values.recipientName,
            recipientEmail: values.recipientEmail,
            message: values.message || null,
            deliverOn: values.deliverOn,
          },
        },
      });
      const url = answer.data?.buyGiftCard.url;
      if (url) window.location.assign(url);
    } catch (err) {
      const p = graphqlProblem(err);
      const fields: Partial<Record<string, string>> = {};
      for (const [k, msg] of Object.entries(p.fields)) fields[LABELS[k] ?? k] = msg;
      setErrors(fields);
      setProblem(p.message ?? 'The gift card could not be bought. Please try again.');
    }
  };

  return (
    <div className="container giftcards">
      <PageMeta title="Gift cards" description="Give a photography workshop: a gift card for any amount or one place on a workshop, valid 5 years." />
      <h1>Give a photography workshop</h1>
      <p className="lead">{`A gift card for any amount from ${formatDollars(GIFT_CARD_RULES.minDollars)} to ${formatDollars(GIFT_CARD_RULES.maxDollars)}, or one place on a workshop at today's price. We email it with your message on the day you choose. It pays any part of a booking, and what is not used stays on the card: valid ${GIFT_CARD_RULES.validYears} years.`}</p>
      <form className="card" onSubmit={(e) => void submit(e)} noValidate aria-describedby={problem ? 'giftcard-problem' : undefined}>
        <div className="card__body stack">
          <fieldset className="fieldset">
            <legend>The gift</legend>
            <div className="giftcards__choice">
              <label>
                <input type="radio" name="kind" value="amount" checked={values.kind === 'amount'} onChange={() => setValues((v) => ({ ...v, kind: 'amount' }))} /> An amount
              </label>
              <label>
                <input type="radio" name="kind" value="place" checked={values.kind === 'place'} onChange={() => setValues((v) => ({ ...v, kind: 'place' }))} /> One place on a workshop
              </label>
            </div>
            {values.kind === 'amount' ? (
              <Field id="gc-amount" name="amount" label="Amount in US dollars" hint={`Whole dollars, ${GIFT_CARD_RULES.minDollars} to ${GIFT_CARD_RULES.maxDollars}`} error={errors.amount}>
                {(p) => <input {...p} className="input" type="number" inputMode="numeric" min={GIFT_CARD_RULES.minDollars} max={GIFT_CARD_RULES.maxDollars} step={1} required value={values.amount} onChange={set('amount')} />}
              </Field>
            ) : (
              <Field id="gc-workshop" name="workshopId" label="Workshop" error={errors.workshopId}>
                {(p) => (
                  <select {...p} className="input" required value={values.workshopId} onChange={set('workshopId')}>
                    <option value="">Choose a workshop</option>
                    {list.map((w) => (
                      <option key={w.id} value={w.id}>{`${w.name} (${formatDollars(w.price)})`}</option>
                    ))}
                  </select>
                )}
              </Field>
            )}
          </fieldset>
          <fieldset className="fieldset">
            <legend>From</legend>
            <div className="form-grid form-grid--2">
              <Field id="gc-buyer-name" name="buyerName" label="Your name" error={errors.buyerName}>
                {(p) => <input {...p} className="input" autoComplete="name" required value={values.buyerName} onChange={set('buyerName')} />}
              </Field>
              <Field id="gc-buyer-email" name="buyerEmail" label="Your email" hint="Your receipt goes here" error={errors.buyerEmail}>
                {(p) => <input {...p} className="input" type="email" autoComplete="email" required value={values.buyerEmail} onChange={set('buyerEmail')} />}
              </Field>
            </div>
          </fieldset>
          <fieldset className="fieldset">
            <legend>For</legend>
            <div className="form-grid form-grid--2">
              <Field id="gc-recipient-name" name="recipientName" label="Recipient's name" error={errors.recipientName}>
                {(p) => <input {...p} className="input" required value={values.recipientName} onChange={set('recipientName')} />}
              </Field>
              <Field id="gc-recipient-email" name="recipientEmail" label="Recipient's email" hint="The card and its code go here" error={errors.recipientEmail}>
                {(p) => <input {...p} className="input" type="email" required value={values.recipientEmail} onChange={set('recipientEmail')} />}
              </Field>
            </div>
            <Field id="gc-message" name="message" label="Your message (optional)" error={errors.message}>
              {(p) => <textarea {...p} className="input" rows={4} maxLength={1000} value={values.message} onChange={set('message')} />}
            </Field>
            <Field id="gc-deliver-on" name="deliverOn" label="Delivery date" hint="Today or later: the card is emailed that day" error={errors.deliverOn}>
              {(p) => <input {...p} className="input" type="date" min={todayPacific()} required value={values.deliverOn} onChange={set('deliverOn')} />}
            </Field>
          </fieldset>
          {problem && (
            <p id="giftcard-problem" className="notice notice--error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--large" disabled={loading}>
            {loading ? 'Processing...' : price ? `Pay ${price}` : 'Continue to payment'}
          </button>
          <p className="field__hint">Paid securely by card through Stripe. You get a receipt at once, and a note when the card is delivered.</p>
        </div>
      </form>
    </div>
  );
}
