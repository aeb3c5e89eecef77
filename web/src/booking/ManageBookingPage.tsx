import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { formatDollars } from 'api/shared/money';
import { POLICY } from 'api/shared/policy';
import type { BookingAccountQuery } from '../gql/graphql';
import { dueSentence, PaymentsTable, RefundsTable, ScheduleTable } from '../payment/BookingLedger';
import { formatCalendarDate } from '../ui/format';
import { usePaymentStatus } from '../payment/usePaymentStatus';
import { redirectTo } from '../ui/browser';
import { bookingStatusLabel, labelOf } from '../ui/labels';
import { PageMeta } from '../ui/PageMeta';
import { Failure, Loading } from '../ui/States';
import { BOOKING_ACCOUNT_QUERY, CANCEL_MY_BOOKING_MUTATION, PAY_BOOKING_NOW_MUTATION, TRANSFER_MY_BOOKING_MUTATION } from './manage.documents';
import { PaymentStatusBadge } from './PaymentStatusBadge';
import { CreditChoice } from './CreditChoice';
import '../styles/booking.css';

type Account = BookingAccountQuery['bookingAccount'];

/**
 * The manage link's token lives in the address's fragment (`/manage/{id}#token`), which
 * browsers never send to a server, a proxy or a Referer header. It is kept for this tab
 * (sessionStorage) so the page still opens when the payment page sends the visitor back
 * without it.
 */
const tokenKey = (bookingId: string) => `manage-token:${bookingId}`;
/** The checkout session of a "pay now" in progress, to confirm it on return. */
const sessionKey = (bookingId: string) => `manage-session:${bookingId}`;

function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the token in the address still works.
  }
}

function useManageToken(bookingId: string): string | null {
  const { hash } = useLocation();
  let fromHash = '';
  try {
    fromHash = decodeURIComponent(hash.replace(/^#/, '')).trim();
  } catch {
    fromHash = '';
  }
  useEffect(() => {
    if (fromHash) writeSession(tokenKey(bookingId), fromHash);
  }, [bookingId, fromHash]);
  return fromHash || readSession(tokenKey(bookingId));
}

/** The server's message for a refused action, or a general one. */
function problemOf(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message ?? fallback;
  return fallback;
}

/** Focus an element once it is shown (a result, a confirm step), so keyboard and screen-reader users land on it. */
function useFocusWhen<T extends HTMLElement>(shown: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return ref;
}

/** /manage/{bookingId}#{token}: a booking's money and what its customer can do (issue 14). Not server-rendered. */
export default function ManageBookingPage() {
  const { bookingId = '' } = useParams();
  const token = useManageToken(bookingId);
  if (!token) {
    return (
      <LinkProblem bookingId={bookingId} title="Manage your booking">
        This page opens from the personal &ldquo;Manage your booking&rdquo; link in your booking emails. Without it, the booking can be viewed but not
        changed.
      </LinkProblem>
    );
  }
  return <ManageBooking bookingId={bookingId} token={token} />;
}

function LinkProblem({ bookingId, title, children }: { bookingId: string; title: string; children: ReactNode }) {
  return (
    <div className="container manage">
      <PageMeta title={title} />
      <div className="card">
        <div className="card__body">
          <h1>{title}</h1>
          <p className="notice notice--warning">{children}</p>
          <p>
            <Link to={`/confirmation/${encodeURIComponent(bookingId)}`}>See the booking&rsquo;s confirmation page</Link> or{' '}
            <Link to="/contact">contact us</Link>.
          </p>
        </div>
      </div>
    </div>
  );
}

function ManageBooking({ bookingId, token }: { bookingId: string; token: string }) {
  const variables = { bookingId, token };
  const { data, loading, error, refetch } = useQuery(BOOKING_ACCOUNT_QUERY, { variables, fetchPolicy: 'cache-and-network' });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Back from the payment page (?paid=1): remembered here, so the notice stays until the next
  // action while the address goes back to the personal link (a reload shows no stale notice).
  const [returned, setReturned] = useState(() =>
    params.get('paid') === '1' ? { sessionId: params.get('session_id') ?? readSession(sessionKey(bookingId)) } : null,
  );
  useEffect(() => {
    if (params.get('paid') === '1') navigate({ search: '', hash: token }, { replace: true });
  }, [params, navigate, token]);
  const actionDone = () => setReturned(null);

  if (loading && !data) return <Loading>Loading your booking...</Loading>;
  const account = data?.bookingAccount;
  if (!account) {
    if (CombinedGraphQLErrors.is(error)) {
      return (
        <LinkProblem bookingId={bookingId} title="This link does not work">
          This manage link is not valid for this booking (it may be incomplete: copy the whole address from the email).
        </LinkProblem>
      );
    }
    if (error) console.warn('Failed to load the booking account', error);
    return (
      <div className="container manage">
        <PageMeta title="Manage your booking" />
        <Failure>
          <p>Your booking could not be loaded.</p>
          <button type="button" className="btn btn--outline" onClick={() => void refetch().catch(() => {})}>
            Try again
          </button>
        </Failure>
      </div>
    );
  }

  return (
    <div className="container manage">
      <PageMeta title="Manage your booking" />
      <header className="manage__header">
        <span className="eyebrow">Manage your booking</span>
        <h1>{account.workshop.name}</h1>
        <p className="lead">
          {account.workshop.location}, {account.workshop.state} · {account.workshop.dates}
        </p>
      </header>
      {returned && <PaymentReturn sessionId={returned.sessionId} bookingId={bookingId} onConfirmed={() => void refetch().catch(() => {})} />}
      <BookingFacts account={account} />
      {/* A workshop we cancelled: the refund now or a credit; the credits issued from this booking (docs/decisions/063). */}
      <CreditChoice
        bookingId={bookingId}
        token={token}
        onChanged={() => {
          actionDone();
          void refetch().catch(() => {});
        }}
      />
      <MoneySection account={account} token={token} />
      <CancelSection account={account} token={token} onDone={actionDone} />
      {account.booking.status === 'confirmed' && <TransferSection account={account} token={token} onDone={actionDone} />}
      <p className="muted manage__keep">
        Keep this link: it is the key to your booking. <Link to="/cancellation-policy">Cancellation and transfer policy</Link>
      </p>
    </div>
  );
}

/** Back from the payment page: confirm the payment (the same status poll as /payment-success), then reload the booking. */
function PaymentReturn({ sessionId, bookingId, onConfirmed }: { sessionId: string | null; bookingId: string; onConfirmed: () => void }) {
  if (!sessionId) return <ReturnNotice state="received" onShown={onConfirmed} bookingId={bookingId} />;
  return <PolledReturn sessionId={sessionId} bookingId={bookingId} onConfirmed={onConfirmed} />;
}

function PolledReturn({ sessionId, bookingId, onConfirmed }: { sessionId: string; bookingId: string; onConfirmed: () => void }) {
  const status = usePaymentStatus(sessionId);
  if (status.kind === 'checking') {
    return (
      <p className="notice manage__notice" role="status">
        Confirming your payment...
      </p>
    );
  }
  if (status.kind === 'timeout') {
    return (
      <p className="notice notice--warning manage__notice" role="status">
        We have not received the payment provider&rsquo;s confirmation yet. If you completed the payment there is nothing more to do: it shows here as soon as it
        arrives.
      </p>
    );
  }
  if (status.kind === 'expired') {
    return (
      <p className="notice notice--warning manage__notice" role="status">
        The payment was not completed, so nothing was charged.
      </p>
    );
  }
  // Paid, or a status the poll could not read: the provider sent the visitor back as paid.
  return <ReturnNotice state="received" onShown={onConfirmed} bookingId={bookingId} />;
}

function ReturnNotice({ onShown, bookingId }: { state: 'received'; onShown: () => void; bookingId: string }) {
  const ref = useFocusWhen<HTMLDivElement>(true);
  useEffect(() => {
    writeSession(sessionKey(bookingId), null);
    onShown();
    // Once, when the payment is known to be received.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div ref={ref} tabIndex={-1} className="notice notice--success manage__notice" role="status">
      <strong>Payment received.</strong> Thank you: it is listed under your payments below as soon as the payment provider confirms it.
    </div>
  );
}

function BookingFacts({ account }: { account: Account }) {
  const b = account.booking;
  return (
    <section className="card manage__section" aria-labelledby="manage-booking-heading">
      <div className="card__body">
        <h2 id="manage-booking-heading">Your booking</h2>
        <dl className="facts">
          <Fact term="Booking ID">
            <span data-testid="booking-id">{b.id}</span>
          </Fact>
          <Fact term="Workshop">{account.workshop.name}</Fact>
          <Fact term="Dates">{account.workshop.dates}</Fact>
          <Fact term="Name">{b.customerName}</Fact>
          <Fact term="Participants">
            {b.numParticipants}
            {b.numSpouses > 0 && ` + ${b.numSpouses} spouse${b.numSpouses === 1 ? '' : 's'}/partner${b.numSpouses === 1 ? '' : 's'}`}
          </Fact>
          <Fact term="Room">{labelOf({ shared: 'Shared', private: 'Private' }, b.roomType)}</Fact>
          <Fact term="Booking status">
            <span data-testid="booking-status">{bookingStatusLabel(b.status)}</span>
          </Fact>
          <Fact term="Payment status">
            <PaymentStatusBadge status={b.paymentStatus} paymentOption={b.paymentOption} />
          </Fact>
          <Fact term="Total">
            <span data-testid="total-amount">{formatDollars(b.totalAmount + b.fees)}</span>
          </Fact>
          {b.fees > 0 && <Fact term="Of which fees">{formatDollars(b.fees)}</Fact>}
          <Fact term="Paid">
            <span data-testid="amount-paid">{formatDollars(b.amountPaid)}</span>
          </Fact>
          {b.amountRefunded > 0 && (
            <Fact term="Refunded">
              <span data-testid="amount-refunded">{formatDollars(b.amountRefunded)}</span>
            </Fact>
          )}
        </dl>
      </div>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Payments, refunds, what is still due, and "pay now". */
function MoneySection({ account, token }: { account: Account; token: string }) {
  const id = useId();
  const next = account.nextPayment;
  const live = account.booking.status === 'held' || account.booking.status === 'confirmed';
  return (
    <>
      <section className="card manage__section" aria-labelledby={`${id}-due`}>
        <div className="card__body">
          <h2 id={`${id}-due`}>What is still due</h2>
          <p>
            <span data-testid="balance-sentence">{dueSentence(account)}</span>
            {live && next?.overdue && <span className="badge badge--danger manage__overdue">Overdue</span>}
          </p>
          {account.schedule.length > 0 && <ScheduleTable account={account} headingId={`${id}-due`} />}
          {live && next && next.canPayNow && account.balance > 0 && <PayNow account={account} token={token} />}
          {live && next && !next.canPayNow && account.balance > 0 && (
            <p className="muted">Online payment is not available right now: we will contact you about paying the rest.</p>
          )}
        </div>
      </section>
      <section className="card manage__section" aria-labelledby={`${id}-payments`}>
        <div className="card__body">
          <h2 id={`${id}-payments`}>Payments</h2>
          <PaymentsTable account={account} headingId={`${id}-payments`} />
        </div>
      </section>
      {(account.refunds.length > 0 || account.booking.amountRefunded > 0) && (
        <section className="card manage__section" aria-labelledby={`${id}-refunds`}>
          <div className="card__body">
            <h2 id={`${id}-refunds`}>Refunds</h2>
            <RefundsTable account={account} headingId={`${id}-refunds`} />
            <p className="muted">
              Card refunds reach your account within {POLICY.refundBusinessDays} business days. Money you paid us directly is paid back the same way.
            </p>
          </div>
        </section>
      )}
    </>
  );
}

/** The next installment's number, or null for a balance. */
function nextInstallment(account: Account): number | null {
  if (account.schedule.length === 0) return null;
  return account.schedule.find((i) => i.state === 'scheduled' || i.state === 'failed')?.number ?? null;
}

function PayNow({ account, token }: { account: Account; token: string }) {
  const [payNow] = useMutation(PAY_BOOKING_NOW_MUTATION);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const n = nextInstallment(account);
  const label = n === null ? 'Pay the balance' : `Pay installment ${n} now`;
  const problemId = useId();

  const pay = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await payNow({ variables: { input: { bookingId: account.booking.id, token } } });
      const { url, sessionId } = result.data?.payBookingNow ?? {};
      if (url) {
        writeSession(sessionKey(account.booking.id), sessionId ?? null);
        redirectTo(url);
        return; // stays busy while the browser leaves for the payment page
      }
      setProblem('Online payment is not available right now. Please try again later or contact us.');
    } catch (e) {
      console.warn('Pay now failed', e);
      setProblem(problemOf(e, 'The payment could not be started. Please try again.'));
    }
    setBusy(false);
  };

  return (
    <div className="manage__action">
      <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void pay()} aria-describedby={problem ? problemId : undefined}>
        {busy ? 'Processing...' : label}
      </button>
      {problem && (
        <p id={problemId} className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

type Step = 'idle' | 'confirm' | 'done';

function CancelSection({ account, token, onDone }: { account: Account; token: string; onDone: () => void }) {
  const [cancel] = useMutation(CANCEL_MY_BOOKING_MUTATION, { refetchQueries: [BOOKING_ACCOUNT_QUERY], awaitRefetchQueries: true });
  const [step, setStep] = useState<Step>('idle');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The quote the customer confirmed, kept for the result once the booking is cancelled.
  const [confirmed, setConfirmed] = useState<{ refund: number; owed: number } | null>(null);
  const quote = account.cancellation;
  const confirmRef = useFocusWhen<HTMLHeadingElement>(step === 'confirm');
  const resultRef = useFocusWhen<HTMLDivElement>(step === 'done');
  const id = useId();

  const doCancel = async () => {
    if (!quote) return;
    setBusy(true);
    setProblem(null);
    try {
      const result = await cancel({ variables: { input: { bookingId: account.booking.id, token, expectedRefund: quote.refund } } });
      const after = result.data?.cancelMyBooking;
      const owed = after ? after.refunds.filter((r) => r.state === 'owed').reduce((sum, r) => sum + r.amount, 0) : 0;
      setConfirmed({ refund: quote.refund, owed });
      setStep('done');
      onDone();
    } catch (e) {
      console.warn('Cancellation failed', e);
      setProblem(problemOf(e, 'The booking could not be cancelled. Please try again.'));
    }
    setBusy(false);
  };

  if (step === 'done' && confirmed) {
    return (
      <section className="card manage__section" aria-labelledby={`${id}-h`}>
        <div className="card__body">
          <h2 id={`${id}-h`}>Cancellation</h2>
          <div ref={resultRef} tabIndex={-1} className="notice notice--success" role="status" data-testid="cancel-result">
            <strong>Your booking is cancelled.</strong>{' '}
            {confirmed.refund > 0
              ? `You get ${formatDollars(confirmed.refund)} back${confirmed.owed > 0 ? `, of which ${formatDollars(confirmed.owed)} we pay back directly` : ''}; refunds arrive within ${POLICY.refundBusinessDays} business days.`
              : 'No refund is due under the cancellation policy.'}
          </div>
        </div>
      </section>
    );
  }
  if (!quote) return null;

  return (
    <section className="card manage__section" aria-labelledby={`${id}-h`}>
      <div className="card__body">
        <h2 id={`${id}-h`}>Cancel your booking</h2>
        <p>
          If you cancel today ({quote.daysBeforeStart} days before the workshop starts), you get{' '}
          <strong data-testid="cancel-refund">{formatDollars(quote.refund)}</strong> back.
        </p>
        {step === 'idle' && (
          <button type="button" className="btn btn--outline" onClick={() => setStep('confirm')}>
            Cancel booking
          </button>
        )}
        {step === 'confirm' && (
          <div className="manage__confirm">
            <h3 ref={confirmRef} tabIndex={-1}>
              Cancel this booking?
            </h3>
            <p>{quote.explanation}</p>
            <dl className="facts">
              <Fact term="Paid so far">{formatDollars(quote.paid)}</Fact>
              {quote.fee > 0 && <Fact term="Cancellation fee">{formatDollars(quote.fee)}</Fact>}
              <Fact term="Kept under the policy">{formatDollars(quote.kept)}</Fact>
              <Fact term="Your refund">{formatDollars(quote.refund)}</Fact>
            </dl>
            <p className="muted">Your spots are released at once; this cannot be undone.</p>
            <div className="manage__buttons">
              <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void doCancel()}>
                {busy ? 'Cancelling...' : `Confirm cancellation (refund ${formatDollars(quote.refund)})`}
              </button>
              <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setStep('idle')}>
                Keep my booking
              </button>
            </div>
          </div>
        )}
        {problem && (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </section>
  );
}

type TransferOptionView = Account['transfer']['options'][number];

/** What the option moves, in a few words: the refund now, or what is left to pay and by when (docs/decisions/066). */
function movesText(o: Pick<TransferOptionView, 'refundNow' | 'balanceAfter' | 'balanceDueDate'>): string {
  if (o.refundNow > 0) return `${formatDollars(o.refundNow)} refunded to you now`;
  if (o.balanceAfter > 0) return `${formatDollars(o.balanceAfter)} left to pay${o.balanceDueDate ? ` by ${formatCalendarDate(o.balanceDueDate)}` : ''}`;
  return 'nothing more to pay';
}

function TransferSection({ account, token, onDone }: { account: Account; token: string; onDone: () => void }) {
  const [transfer] = useMutation(TRANSFER_MY_BOOKING_MUTATION, { refetchQueries: [BOOKING_ACCOUNT_QUERY], awaitRefetchQueries: true });
  const [step, setStep] = useState<Step>('idle');
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [moved, setMoved] = useState<{ name: string; option: TransferOptionView } | null>(null);
  const confirmRef = useFocusWhen<HTMLHeadingElement>(step === 'confirm');
  const resultRef = useFocusWhen<HTMLDivElement>(step === 'done');
  const id = useId();
  const t = account.transfer;
  const option = t.options.find((o) => o.workshop.id === choice) ?? null;

  const doTransfer = async () => {
    if (!option) return;
    setBusy(true);
    setProblem(null);
    try {
      await transfer({ variables: { input: { bookingId: account.booking.id, token, workshopId: option.workshop.id } } });
      setMoved({ name: option.workshop.name, option });
      setStep('done');
      onDone();
      setChoice(null);
    } catch (e) {
      console.warn('Transfer failed', e);
      setProblem(problemOf(e, 'The booking could not be moved. Please try again.'));
    }
    setBusy(false);
  };

  return (
    <section className="card manage__section" aria-labelledby={`${id}-h`}>
      <div className="card__body">
        <h2 id={`${id}-h`}>Transfer to another workshop</h2>
        {step === 'done' && moved && (
          <div ref={resultRef} tabIndex={-1} className="notice notice--success" role="status" data-testid="transfer-result">
            <strong>Your booking is now on {moved.name}.</strong>{' '}
            {moved.option.refundNow > 0
              ? `${formatDollars(moved.option.refundNow)} is refunded to your card now.`
              : moved.option.balanceAfter > 0
                ? `${formatDollars(moved.option.balanceAfter)} is left to pay${moved.option.balanceDueDate ? `, due by ${formatCalendarDate(moved.option.balanceDueDate)}` : ''}: see what is still due above.`
                : 'Nothing more to pay.'}
          </div>
        )}
        {!t.allowed ? (
          <p className="muted">{t.reason ?? 'A transfer is not available for this booking.'}</p>
        ) : t.options.length === 0 ? (
          <p className="muted">{t.reason ?? 'No other workshop can take this booking right now.'}</p>
        ) : step !== 'confirm' ? (
          <>
            <p>
              {t.fee > 0 ? `A transfer costs a ${formatDollars(t.fee)} fee today.` : 'A transfer is free today.'} A higher price is left to pay; a lower one
              is refunded, never more than cancelling today would return (<Link to="/cancellation-policy#transfers">transfer policy</Link>).
            </p>
            <fieldset className="fieldset manage__options">
              <legend>Move to</legend>
              {t.options.map((o) => (
                <label key={o.workshop.id} className="manage__option">
                  <input type="radio" name={`${id}-workshop`} value={o.workshop.id} checked={choice === o.workshop.id} onChange={() => setChoice(o.workshop.id)} />
                  <span>
                    <strong>{o.workshop.name}</strong>
                    <span className="muted"> · {o.workshop.dates}</span>
                    <span className="manage__option-money">
                      New total {formatDollars(o.newTotal)} · fee {formatDollars(o.fee)} · {movesText(o)}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
            <button type="button" className="btn btn--outline" disabled={!option} onClick={() => setStep('confirm')}>
              Transfer
            </button>
          </>
        ) : (
          option && (
            <div className="manage__confirm">
              <h3 ref={confirmRef} tabIndex={-1}>
                Move your booking to {option.workshop.name}?
              </h3>
              <dl className="facts">
                <Fact term="Dates">{option.workshop.dates}</Fact>
                <Fact term="New total">{formatDollars(option.newTotal)}</Fact>
                <Fact term="Transfer fee">{formatDollars(option.fee)}</Fact>
                <Fact term="Refunded to you now">{formatDollars(option.refundNow)}</Fact>
                {option.kept > 0 && <Fact term="Kept under the cancellation policy">{formatDollars(option.kept)}</Fact>}
                <Fact term="Left to pay">
                  {option.balanceAfter > 0 && option.balanceDueDate
                    ? `${formatDollars(option.balanceAfter)}, due by ${formatCalendarDate(option.balanceDueDate)}`
                    : formatDollars(option.balanceAfter)}
                </Fact>
                <Fact term="If you cancel after the transfer">{`${formatDollars(option.cancelRefundAfter)} back today`}</Fact>
              </dl>
              <ul className="manage__terms" data-testid="transfer-terms">
                {option.terms.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p className="muted">Your spots on {account.workshop.name} are released.</p>
              <div className="manage__buttons">
                <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void doTransfer()}>
                  {busy ? 'Moving...' : 'Confirm transfer'}
                </button>
                <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setStep('idle')}>
                  Back
                </button>
              </div>
            </div>
          )
        )}
        {problem && (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </section>
  );
}
