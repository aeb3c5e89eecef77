import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PageMeta } from '../ui/PageMeta';
import { Failure, Loading } from '../ui/States';
import { BOOKING_ACCOUNT_QUERY } from './manage.documents';
import { BookingFacts } from './manage/BookingFacts';
import { CancelSection } from './manage/CancelSection';
import { DueSection } from './manage/DueSection';
import { readSession, sessionKey, useManageToken } from './manage/manageSession';
import { PaymentReturn } from './manage/PaymentReturn';
import { TransferSection } from './manage/TransferSection';
import { DepartureSection } from './manage/DepartureSection';
import { CreditChoice } from './CreditChoice';
import { GiftCardPayBox } from '../giftcard/GiftCardPayBox';
import { TravellersSection } from '../traveller/TravellersSection';
import '../styles/booking.css';

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
      <DueSection account={account} token={token} />
      {/* A credit or a gift card pays the balance or the next installment (docs/decisions/094, 095). */}
      {account.booking.status === 'confirmed' && account.balance > 0 && (
        <GiftCardPayBox
          bookingId={bookingId}
          token={token}
          onPaid={() => {
            actionDone();
            void refetch().catch(() => {});
          }}
        />
      )}
      {(account.booking.status === 'confirmed' || account.booking.status === 'held' || account.booking.status === 'needs_attention') && <TravellersSection bookingId={bookingId} token={token} />}
      {/* Know before you go and the instructor's messages to the group (issue 25). */}
      <DepartureSection bookingId={bookingId} token={token} />
      <CancelSection account={account} token={token} onDone={actionDone} />
      {account.booking.status === 'confirmed' && <TransferSection account={account} token={token} onDone={actionDone} />}
      <p className="muted manage__keep">
        Keep this link: it is the key to your booking. <Link to="/cancellation-policy">Cancellation and transfer policy</Link>
      </p>
    </div>
  );
}
