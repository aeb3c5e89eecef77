import { useId, useState } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { centsToDollars, dollarsToCents, formatDollars, netReceivedCents } from 'api/shared/money';
import type { AdminRefundForm_AccountFragment } from '../../gql/graphql';
import { Field } from '../../forms/Field';
import { useForm } from '../../forms/useForm';
import { useAdminSession } from '../useAdminSession';
import { Outcome } from './useAdminAction';
import { useAdminRefund } from './useAdminMoneyMutations';

export const ADMIN_REFUND_FORM_FRAGMENT: TypedDocumentNode<AdminRefundForm_AccountFragment> = gql`
  fragment AdminRefundForm_account on BookingAccount {
    booking {
      id
      amountPaid
      amountRefunded
    }
  }
`;

/** A refund of any amount up to what is refundable, with a note (docs/decisions/070: useForm). */
export function AdminRefundForm({ account, onChanged }: { account: AdminRefundForm_AccountFragment; onChanged?: () => void }) {
  const refund = useAdminRefund();
  const { logoutIfUnauthenticated } = useAdminSession();
  const [done, setDone] = useState<string | null>(null);
  const refundable = centsToDollars(netReceivedCents({ amountPaidCents: dollarsToCents(account.booking.amountPaid), amountRefundedCents: dollarsToCents(account.booking.amountRefunded) }));
  const id = useId();
  const form = useForm<{ amount: string; note: string }>({
    initial: { amount: '', note: '' },
    fallback: 'The action failed.',
    onFailure: logoutIfUnauthenticated,
    onSubmit: async ({ amount, note }) => {
      setDone(null);
      const dollars = Number(amount.replace(/[$,\s]/g, ''));
      await refund(account.booking.id, dollars, note.trim() || null);
      setDone(`Refund of ${formatDollars(dollars)} made`);
      form.setValues(() => ({ amount: '', note: '' }));
      onChanged?.();
    },
  });
  if (refundable <= 0) return null;

  return (
    <form className="admin-money__form" onSubmit={form.handleSubmit} aria-labelledby={`${id}-h`}>
      <h5 id={`${id}-h`}>Refund</h5>
      <p className="muted">
        Up to {formatDollars(refundable)}. Card payments are refunded through the payment provider; money paid offline becomes a refund to make by hand.
      </p>
      <div className="admin-money__fields">
        <Field id={`${id}-amount`} name="amount" label="Amount (dollars)" error={form.errors.amount}>
          {(props) => (
            <input
              {...props}
              ref={form.fieldRef('amount')}
              className="input"
              type="number"
              inputMode="decimal"
              min={0.01}
              max={refundable}
              step={0.01}
              required
              value={form.values.amount}
              onChange={form.set('amount')}
            />
          )}
        </Field>
        <Field id={`${id}-note`} name="note" label="Note" error={form.errors.note}>
          {(props) => <input {...props} ref={form.fieldRef('note')} className="input" type="text" maxLength={300} value={form.values.note} onChange={form.set('note')} />}
        </Field>
      </div>
      <div className="admin-booking__actions">
        <button type="button" className="btn btn--ghost btn--small" onClick={() => form.setValues((v) => ({ ...v, amount: String(refundable) }))}>
          Full amount ({formatDollars(refundable)})
        </button>
        <button type="submit" className="btn btn--outline btn--small" disabled={form.busy}>
          Refund
        </button>
      </div>
      {form.problem && (
        <div ref={form.problemRef} tabIndex={-1} className="notice notice--error" role="alert">
          {form.problem}
        </div>
      )}
      <Outcome problem={null} done={done} />
    </form>
  );
}
