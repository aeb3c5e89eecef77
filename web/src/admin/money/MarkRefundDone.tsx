import { formatDollars } from 'api/shared/money';
import { Outcome, useAdminAction } from './useAdminAction';
import { useMarkRefundDone } from './useAdminMoneyMutations';

/** "Mark $X paid back": a refund owed offline, paid back by hand. */
export function MarkRefundDone({ refundId, amount, onChanged }: { refundId: string; amount: number; onChanged?: () => void }) {
  const markDone = useMarkRefundDone();
  const { busy, problem, done, run } = useAdminAction(onChanged);
  return (
    <>
      <button type="button" className="btn btn--outline btn--small" disabled={busy} onClick={() => void run(() => markDone(refundId), 'Marked as paid back')}>
        Mark {formatDollars(amount)} paid back
      </button>
      <Outcome problem={problem} done={done} />
    </>
  );
}
