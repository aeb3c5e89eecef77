import { useEffect, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useLocation } from 'react-router-dom';
import { formatDollars } from 'api/shared/money';
import { PageMeta } from '../ui/PageMeta';
import { problemMessage } from '../forms/graphqlProblem';
import { PRINTABLE_GIFT_CARD_MUTATION } from './documents';
import type { PrintableGiftCardMutation } from '../gql/graphql';
import './giftcard.css';

/** The code, from the address's fragment (never sent to a server log or Referer). */
function useCode(): string {
  const { hash } = useLocation();
  try {
    return decodeURIComponent(hash.replace(/^#/, '')).trim();
  } catch {
    return '';
  }
}

const day = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

/** /gift-cards/card#<code>: the printable card of the recipient's mail (a print stylesheet keeps only the card). */
export default function GiftCardPrintPage() {
  const code = useCode();
  const [read] = useMutation(PRINTABLE_GIFT_CARD_MUTATION);
  const [card, setCard] = useState<PrintableGiftCardMutation['printableGiftCard'] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!code) return;
    read({ variables: { input: { code } } })
      .then((a) => setCard(a.data!.printableGiftCard))
      .catch((e) => setProblem(problemMessage(e, 'The card could not be loaded. Please try again.')));
  }, [code, read]);

  return (
    <div className="container giftcard-print">
      <PageMeta title="Your gift card" />
      {/* The card names its recipient in its own heading; until it is shown the page has one of its own. */}
      {!card ? <h1>Your gift card</h1> : null}
      {!code ? (
        <p className="notice notice--warning">This page opens from the link in your gift card email.</p>
      ) : problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : !card ? (
        <p role="status">Loading your gift card...</p>
      ) : (
        <>
          <article className="giftcard" aria-labelledby="giftcard-title">
            <p className="giftcard__brand">Wild Light Workshops</p>
            <h1 id="giftcard-title">{`A gift card for ${card.recipientName}`}</h1>
            <p className="giftcard__amount">{formatDollars(card.amount)}</p>
            {card.message ? <blockquote className="giftcard__message">{card.message}</blockquote> : null}
            <p>{card.kind === 'goodwill' ? 'With our compliments.' : `From ${card.buyerName}`}</p>
            <dl className="giftcard__facts">
              <dt>Code</dt>
              <dd className="giftcard__code">{card.code}</dd>
              <dt>Balance</dt>
              <dd>{formatDollars(card.balance)}</dd>
              <dt>Valid until</dt>
              <dd>{day(card.expiresAt as string)}</dd>
            </dl>
            <p className="giftcard__how">Enter the code in the “Credit or gift card code” box when you book a photography workshop, or on your booking’s page to pay a balance or an installment. Valid 5 years; what is not used stays on the card.</p>
          </article>
          <button type="button" className="btn btn--primary giftcard-print__button" onClick={() => window.print()}>
            Print this card
          </button>
        </>
      )}
    </div>
  );
}
