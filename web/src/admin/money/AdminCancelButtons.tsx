import { gql, type TypedDocumentNode } from '@apollo/client';
import { formatDollars } from 'api/shared/money';
import type { AdminCancelButtons_AccountFragment } from '../../gql/graphql';
import { Outcome, useAdminAction } from './useAdminAction';
import { useAdminCancelWithRefund } from './useAdminMoneyMutations';

export const ADMIN_CANCEL_BUTTONS_FRAGMENT: TypedDocumentNode<AdminCancelButtons_AccountFragment> = gql`
  fragment AdminCancelButtons_account on BookingAccount {
    booking {
      id
      customerName
    }
    cancellation {
      paid
      refund
      explanation
    }
  }
`;

/** Cancel from the money panel: keeping the policy's fee, or refunding everything. */
export function AdminCancelButtons({ account, onChanged }: { account: AdminCancelButtons_AccountFragment; onChanged?: () => void }) {
  const cancel = useAdminCancelWithRefund();
  const { busy, problem, done, run } = useAdminAction(onChanged);
  const q = account.cancellation;
  // Once cancelled there is no quote any more: keep saying what was done.
  if (!q) return done ? <Outcome problem={null} done={done} /> : null;
  const name = account.booking.customerName;
  const ask = (applyPolicyFee: boolean, refund: number) => {
    if (!window.confirm(`Cancel the booking of ${name} and refund ${formatDollars(refund)}? Its spots become available again.`)) return;
    void run(() => cancel(account.booking.id, applyPolicyFee), `Booking cancelled, ${formatDollars(refund)} refunded`);
  };
  return (
    <div className="admin-money__cancel">
      <h5>Cancel</h5>
      <p className="muted">{q.explanation}</p>
      <div className="admin-booking__actions">
        <button type="button" className="btn btn--outline btn--small" disabled={busy} onClick={() => ask(true, q.refund)}>
          Cancel with the policy fee (refund {formatDollars(q.refund)})
        </button>
        <button type="button" className="btn btn--outline btn--small" disabled={busy} onClick={() => ask(false, q.paid)}>
          Cancel and refund everything ({formatDollars(q.paid)})
        </button>
      </div>
      <Outcome problem={problem} done={done} />
    </div>
  );
}
