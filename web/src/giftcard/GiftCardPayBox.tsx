import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { formatDollars } from 'api/shared/money';
import { graphqlProblem } from '../forms/graphqlProblem';
import { PAY_WITH_GIFT_CARD_MUTATION } from './documents';

/**
 * The manage page's code box (docs/decisions/094): a gift card pays the next
 * charge (the balance or the next installment) as far as its balance goes;
 * the server decides how much, and the page reloads the account after.
 */
export function GiftCardPayBox({ bookingId, token, onPaid }: { bookingId: string; token: string; onPaid: () => void }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pay, { loading }] = useMutation(PAY_WITH_GIFT_CARD_MUTATION);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    try {
      const a = await pay({ variables: { input: { bookingId, token, code } } });
      const r = a.data!.payWithGiftCard;
      setDone(`Your gift card paid ${formatDollars(r.spent)}; ${formatDollars(r.balanceLeft)} is left on it.`);
      setCode('');
      onPaid();
    } catch (err) {
      const p = graphqlProblem(err);
      setError(p.fields.code ?? p.message ?? 'The gift card could not be used. Please try again.');
    }
  };
  return (
    <section className="card manage__section" aria-labelledby={`${id}-gc`}>
      <form className="card__body stack" onSubmit={(e) => void submit(e)} noValidate>
        <h2 id={`${id}-gc`}>Pay with a gift card</h2>
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-code`}>Gift card code</label>
          <input
            id={`${id}-code`}
            className="input"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          />
          <p id={`${id}-hint`} className="field__hint">
            GC-XXXX-XXXX-XXXX-XXXX. It pays your next payment as far as its balance goes; the rest stays on the card.
          </p>
          {error && (
            <p id={`${id}-error`} className="field__error">
              {error}
            </p>
          )}
        </div>
        {done && (
          <p className="notice notice--success" role="status">
            {done}
          </p>
        )}
        <button type="submit" className="btn btn--outline" disabled={loading || !code.trim()}>
          {loading ? 'Processing...' : 'Use gift card'}
        </button>
      </form>
    </section>
  );
}
