import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { formatCents, formatDollars } from 'api/shared/money';
import { formatIsoDate } from 'api/shared/policy';
import { graphqlProblem } from '../forms/graphqlProblem';
import { PAY_WITH_GIFT_CARD_MUTATION } from './documents';
import { balanceText, UNUSABLE_CODE_TEXT, useCodeBalance } from './useCodeBalance';

/** "credit" for a WL- code, "gift card" otherwise: how the page names what paid. */
const kindOf = (code: string) => (/^\s*WL/i.test(code) ? 'credit' : 'gift card');

/**
 * The manage page's one code box (docs/decisions/094, 095): a gift card or a
 * credit pays the next charge (the balance or the next installment) as far as
 * its balance goes; the rest stays on it. The code's balance shows as it is
 * typed (the server's figure); the server decides how much it pays, and the
 * page reloads the account after.
 */
export function GiftCardPayBox({ bookingId, token, onPaid }: { bookingId: string; token: string; onPaid: () => void }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pay, { loading }] = useMutation(PAY_WITH_GIFT_CARD_MUTATION);
  const balance = useCodeBalance(code);
  const shownError = error ?? (balance?.state === 'refused' ? balance.message : balance?.state === 'found' && !balance.usable ? UNUSABLE_CODE_TEXT : null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    try {
      const a = await pay({ variables: { input: { bookingId, token, code } } });
      const r = a.data!.payWithGiftCard;
      setDone(`Your ${kindOf(code)} paid ${formatDollars(r.spent)}; ${formatDollars(r.balanceLeft)} is left on it.`);
      setCode('');
      onPaid();
    } catch (err) {
      const p = graphqlProblem(err);
      setError(p.fields.code ? UNUSABLE_CODE_TEXT : (p.message ?? 'The code could not be used. Please try again.'));
    }
  };
  return (
    <section className="card manage__section" aria-labelledby={`${id}-gc`}>
      <form className="card__body stack" onSubmit={(e) => void submit(e)} noValidate>
        <h2 id={`${id}-gc`}>Pay with a credit or gift card</h2>
        <div className={`field${shownError ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-code`}>Credit or gift card code</label>
          <input
            id={`${id}-code`}
            className="input"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
            }}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={`${id}-hint ${id}-balance${shownError ? ` ${id}-error` : ''}`}
          />
          <p id={`${id}-hint`} className="field__hint">
            A gift card (GC-…) or a credit (WL-…). It pays your next payment as far as its balance goes; the rest stays on it.
          </p>
          <p id={`${id}-balance`} className="field__status" role="status" aria-live="polite" data-testid="code-balance">
            {balance?.state === 'checking' ? 'Checking the code…' : balance?.state === 'found' && balance.usable ? balanceText(balance, formatCents, formatIsoDate) : ''}
          </p>
          {shownError && (
            <p id={`${id}-error`} className="field__error">
              {shownError}
            </p>
          )}
        </div>
        {done && (
          <p className="notice notice--success" role="status">
            {done}
          </p>
        )}
        <button type="submit" className="btn btn--outline" disabled={loading || !code.trim()}>
          {loading ? 'Processing...' : 'Use this code'}
        </button>
      </form>
    </section>
  );
}
