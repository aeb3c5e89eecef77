import { useState, type FormEvent } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { formatDollars } from 'api/shared/money';
import type {
  AdminGiftCardsQuery,
  AdminGiftCardsQueryVariables,
  IssueGiftCardMutation,
  IssueGiftCardMutationVariables,
  RefundGiftCardMutation,
  RefundGiftCardMutationVariables,
  VoidGiftCardMutation,
  VoidGiftCardMutationVariables,
} from '../gql/graphql';
import { Empty, Failure, Loading } from '../ui/States';
import { graphqlProblem, problemMessage } from '../forms/graphqlProblem';
import { ProblemAlert } from '../forms/ProblemAlert';

export const ADMIN_GIFT_CARDS_QUERY: TypedDocumentNode<AdminGiftCardsQuery, AdminGiftCardsQueryVariables> = gql`
  query AdminGiftCards {
    adminGiftCards {
      code
      card {
        id
        kind
        state
        amount
        balance
        buyerName
        recipientName
        recipientEmail
        deliverOn
        deliveredAt
        createdAt
      }
      uses {
        bookingId
        amount
        usedAt
      }
    }
  }
`;

export const ISSUE_GIFT_CARD_MUTATION: TypedDocumentNode<IssueGiftCardMutation, IssueGiftCardMutationVariables> = gql`
  mutation IssueGiftCard($input: IssueGiftCardInput!) {
    issueGiftCard(input: $input) {
      code
    }
  }
`;

export const VOID_GIFT_CARD_MUTATION: TypedDocumentNode<VoidGiftCardMutation, VoidGiftCardMutationVariables> = gql`
  mutation VoidGiftCard($id: ID!) {
    voidGiftCard(id: $id) {
      code
    }
  }
`;

export const REFUND_GIFT_CARD_MUTATION: TypedDocumentNode<RefundGiftCardMutation, RefundGiftCardMutationVariables> = gql`
  mutation RefundGiftCard($id: ID!) {
    refundGiftCard(id: $id) {
      code
    }
  }
`;

const STATE_WORDS: Record<string, string> = { pending_payment: 'Awaiting payment', active: 'Active', void: 'Void', refunded: 'Refunded' };

/** The admin's gift cards (docs/decisions/094): bought, delivered, balance and uses; issue one by hand, void or refund an unused one. */
export function GiftCardsTab({ onError }: { onError: (e: unknown) => boolean }) {
  const { data, loading, error, refetch } = useQuery(ADMIN_GIFT_CARDS_QUERY, { context: { admin: true }, fetchPolicy: 'cache-and-network' });
  const [issue, issuing] = useMutation(ISSUE_GIFT_CARD_MUTATION, { context: { admin: true } });
  const [voidCard] = useMutation(VOID_GIFT_CARD_MUTATION, { context: { admin: true } });
  const [refund] = useMutation(REFUND_GIFT_CARD_MUTATION, { context: { admin: true } });
  const [problem, setProblem] = useState<string | null>(null);
  const [form, setForm] = useState({ amount: '', name: '', email: '', message: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});

  const act = async (run: () => Promise<unknown>, fallback: string) => {
    setProblem(null);
    try {
      await run();
      await refetch();
    } catch (e) {
      onError(e);
      setProblem(problemMessage(e, fallback));
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFieldErrors({});
    setProblem(null);
    try {
      await issue({ variables: { input: { amountDollars: Number(form.amount), recipientName: form.name, recipientEmail: form.email, message: form.message || null } } });
      setForm({ amount: '', name: '', email: '', message: '' });
      await refetch();
    } catch (err) {
      onError(err);
      const p = graphqlProblem(err);
      setFieldErrors(p.fields);
      setProblem(p.message ?? 'The gift card could not be issued.');
    }
  };

  const rows = data?.adminGiftCards ?? [];
  return (
    <div className="stack">
      <form className="card" onSubmit={(e) => void submit(e)} noValidate>
        <div className="card__body stack">
          <h3>Issue a gift card (goodwill)</h3>
          <div className="form-grid form-grid--2">
            <div className="field">
              <label htmlFor="gc-issue-amount">Amount in US dollars</label>
              <input id="gc-issue-amount" className="input" type="number" min={1} max={5000} step={1} value={form.amount} onChange={(e) => setForm({ ...form, amount: e.target.value })} aria-invalid={fieldErrors.amountDollars ? true : undefined} />
              {fieldErrors.amountDollars && <p className="field__error">{fieldErrors.amountDollars}</p>}
            </div>
            <div className="field">
              <label htmlFor="gc-issue-name">Recipient&rsquo;s name</label>
              <input id="gc-issue-name" className="input" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} aria-invalid={fieldErrors.recipientName ? true : undefined} />
              {fieldErrors.recipientName && <p className="field__error">{fieldErrors.recipientName}</p>}
            </div>
            <div className="field">
              <label htmlFor="gc-issue-email">Recipient&rsquo;s email</label>
              <input id="gc-issue-email" className="input" type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} aria-invalid={fieldErrors.recipientEmail ? true : undefined} />
              {fieldErrors.recipientEmail && <p className="field__error">{fieldErrors.recipientEmail}</p>}
            </div>
            <div className="field">
              <label htmlFor="gc-issue-message">Message (optional)</label>
              <input id="gc-issue-message" className="input" value={form.message} onChange={(e) => setForm({ ...form, message: e.target.value })} />
            </div>
          </div>
          <button type="submit" className="btn btn--primary" disabled={issuing.loading}>
            {issuing.loading ? 'Issuing...' : 'Issue and email it today'}
          </button>
        </div>
      </form>
      <ProblemAlert problem={problem} />
      {loading && !data ? (
        <Loading>Loading gift cards...</Loading>
      ) : error && !data ? (
        <Failure>The gift cards could not be loaded.</Failure>
      ) : rows.length === 0 ? (
        <Empty>No gift cards yet.</Empty>
      ) : (
        <div className="table-scroll" role="region" aria-label="Gift cards" tabIndex={0}>
          <table className="table">
            <caption className="visually-hidden">Gift cards, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Bought</th>
                <th scope="col">For</th>
                <th scope="col">Delivered</th>
                <th scope="col">Amount</th>
                <th scope="col">Balance</th>
                <th scope="col">Uses</th>
                <th scope="col">State</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ code, card, uses }) => {
                const unused = uses.length === 0 && card.balance === card.amount;
                return (
                  <tr key={card.id}>
                    <td>{code}</td>
                    <td>{`${String(card.createdAt).slice(0, 10)} · ${card.kind === 'goodwill' ? 'goodwill' : card.kind === 'credit' ? 'credit (cancelled workshop)' : card.buyerName}`}</td>
                    <td>{`${card.recipientName} (${card.recipientEmail})`}</td>
                    <td>{card.deliveredAt ? String(card.deliveredAt).slice(0, 10) : `on ${card.deliverOn}`}</td>
                    <td>{formatDollars(card.amount)}</td>
                    <td>{formatDollars(card.balance)}</td>
                    <td>{uses.length ? uses.map((u) => `${formatDollars(u.amount)} on ${u.bookingId.slice(0, 8)}`).join(', ') : 'none'}</td>
                    <td>{STATE_WORDS[card.state] ?? card.state}</td>
                    <td>
                      {/* A credit is the customer's own money: never voided (the server refuses it too). */}
                      {unused && card.kind !== 'credit' && (card.state === 'active' || card.state === 'pending_payment') && (
                        <button type="button" className="btn btn--outline btn--small" onClick={() => void act(() => voidCard({ variables: { id: card.id } }), 'The card could not be voided.')}>
                          {`Void ${code}`}
                        </button>
                      )}
                      {unused && card.state === 'active' && card.kind === 'purchased' && (
                        <button type="button" className="btn btn--outline btn--small" onClick={() => void act(() => refund({ variables: { id: card.id } }), 'The purchase could not be refunded.')}>
                          {`Refund ${code}`}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
