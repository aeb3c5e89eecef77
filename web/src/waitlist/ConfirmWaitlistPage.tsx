import { useEffect, useRef, useState } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { ConfirmWaitlistEntryMutation, ConfirmWaitlistEntryMutationVariables } from '../gql/graphql';
import { PageMeta } from '../ui/PageMeta';
import { POLICY } from 'api/shared/policy';
import '../styles/booking.css';

export const CONFIRM_WAITLIST_ENTRY_MUTATION: TypedDocumentNode<ConfirmWaitlistEntryMutation, ConfirmWaitlistEntryMutationVariables> = gql`
  mutation ConfirmWaitlistEntry($input: ConfirmWaitlistEntryInput!) {
    confirmWaitlistEntry(input: $input) {
      entry {
        id
        spots
        state
        workshopId
      }
      workshopName
      position
    }
  }
`;

type Confirmed = ConfirmWaitlistEntryMutation['confirmWaitlistEntry'];

/** The token of the link: in the address's fragment, which no server, proxy log or Referer ever sees. */
function useLinkToken(): string {
  const { hash } = useLocation();
  try {
    return decodeURIComponent(hash.replace(/^#/, '')).trim();
  } catch {
    return '';
  }
}

const spotsText = (n: number) => `${n} ${n === 1 ? 'spot' : 'spots'}`;

/** What the confirmed entry now is: its place in the queue, or the offer made at once. */
function Outcome({ result }: { result: Confirmed }) {
  const { entry, workshopName, position } = result;
  if (entry.state === 'offered') {
    return (
      <p>
        {`Spots were free: ${spotsText(entry.spots)} on ${workshopName} are now held for you for ${POLICY.waitlistOfferHours} hours. We sent you an email with the link that books them.`}
      </p>
    );
  }
  if (entry.state === 'waiting') {
    return (
      <p>
        {`You are number ${position ?? 1} on the waiting list of ${workshopName} for ${spotsText(entry.spots)}. When spots come back, the first request that fits gets an email with a link that holds them for ${POLICY.waitlistOfferHours} hours. Nothing is charged until you book.`}
      </p>
    );
  }
  return <p>{`This request is ${entry.state}: there is nothing more to confirm.`}</p>;
}

/**
 * /waitlist/confirm/{entryId}#{token}: the link of the "confirm your place" mail
 * (docs/decisions/067). One click confirms (never on opening alone: mail
 * scanners open links), and the entry takes its place in the queue. Not
 * server-rendered.
 */
export default function ConfirmWaitlistPage() {
  const { entryId = '' } = useParams();
  const token = useLinkToken();
  const [confirm, { loading }] = useMutation(CONFIRM_WAITLIST_ENTRY_MUTATION);
  const [result, setResult] = useState<Confirmed | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (result || problem) heading.current?.focus();
  }, [result, problem]);

  const submit = async () => {
    setProblem(null);
    try {
      const answer = await confirm({ variables: { input: { entryId, token } } });
      setResult(answer.data!.confirmWaitlistEntry);
    } catch (err) {
      console.warn('Confirming the waiting-list place failed', err);
      const first = CombinedGraphQLErrors.is(err) ? err.errors[0] : undefined;
      setProblem(
        first?.extensions?.code === 'NOT_FOUND'
          ? 'This confirmation link is not valid (it may be incomplete: copy the whole address from the email).'
          : (first?.message ?? 'Your place could not be confirmed. Please try again.'),
      );
    }
  };

  const title = result ? 'Your place is confirmed' : 'Confirm your place on the waiting list';
  return (
    <div className="container manage">
      <PageMeta title="Confirm your place on the waiting list" />
      <div className="card">
        <div className="card__body stack">
          <h1 ref={heading} tabIndex={-1}>
            {title}
          </h1>
          {result ? (
            <div className="notice notice--success" role="status">
              <Outcome result={result} />
            </div>
          ) : !token ? (
            <p className="notice notice--warning">This page opens from the link in the &ldquo;Confirm your place&rdquo; email. Open the whole link from that email.</p>
          ) : (
            <>
              <p>Confirm that this email address is yours, and your request takes its place in the queue.</p>
              {problem && (
                <p className="notice notice--error" role="alert">
                  {problem}
                </p>
              )}
              <button type="button" className="btn btn--primary" disabled={loading} onClick={() => void submit()}>
                {loading ? 'Confirming...' : 'Confirm my place'}
              </button>
            </>
          )}
          <p>
            <Link to="/workshops">See all workshops</Link>
          </p>
        </div>
      </div>
    </div>
  );
}
