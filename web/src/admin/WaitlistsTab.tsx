import { useState } from 'react';
import { runLabel } from 'api/shared/dates';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import type {
  AdminWaitlistQuery,
  AdminWaitlistQueryVariables,
  RemoveWaitlistEntryMutation,
  RemoveWaitlistEntryMutationVariables,
  WaitlistsTab_WorkshopFragment,
} from '../gql/graphql';
import { Empty, Failure, Loading } from '../ui/States';
import { LoadMore } from './LoadMore';

export const WAITLISTS_TAB_FRAGMENT: TypedDocumentNode<WaitlistsTab_WorkshopFragment> = gql`
  fragment WaitlistsTab_workshop on Workshop {
    id
    name
    dates
    availableSpots
  }
`;

/** A page of a workshop's waiting list, oldest first (docs/decisions/075); `cursor` extends the list (apollo/client.ts). */
export const ADMIN_WAITLIST_QUERY: TypedDocumentNode<AdminWaitlistQuery, AdminWaitlistQueryVariables> = gql`
  query AdminWaitlist($workshopId: ID!, $limit: Int!, $cursor: String) {
    adminWaitlistPage(workshopId: $workshopId, limit: $limit, cursor: $cursor) {
      items {
        id
        name
        email
        spots
        state
        createdAt
        offeredAt
        offerExpiresAt
        bookingId
      }
      nextCursor
      hasMore
      totalCount
    }
  }
`;

export const WAITLIST_PAGE_SIZE = 50;

export const REMOVE_WAITLIST_ENTRY_MUTATION: TypedDocumentNode<RemoveWaitlistEntryMutation, RemoveWaitlistEntryMutationVariables> = gql`
  mutation RemoveWaitlistEntry($input: RemoveWaitlistEntryInput!) {
    removeWaitlistEntry(input: $input) {
      entry {
        id
        state
      }
    }
  }
`;

const STATE_LABELS: Record<string, string> = { pending: 'Email not confirmed', waiting: 'Waiting', offered: 'Offer open', booked: 'Booked', lapsed: 'Offer lapsed', removed: 'Removed' };
const dateTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '–');

/**
 * Waiting lists: per workshop, everyone who joined and the offers made, oldest
 * first; an entry still waiting or holding an offer can be removed (an open
 * offer's spots then pass to the next entry, docs/decisions/061).
 */
export function WaitlistsTab({ workshops, onError }: { workshops: ReadonlyArray<WaitlistsTab_WorkshopFragment>; onError: (error: unknown) => boolean }) {
  const [workshopId, setWorkshopId] = useState(() => (workshops.find((w) => w.availableSpots === 0) ?? workshops[0])?.id ?? '');
  const { data, loading, error, refetch, fetchMore } = useQuery(ADMIN_WAITLIST_QUERY, {
    variables: { workshopId, limit: WAITLIST_PAGE_SIZE },
    skip: !workshopId,
    context: { admin: true },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.adminWaitlistPage;
  const loadMore = () => {
    if (!page?.nextCursor) return;
    fetchMore({ variables: { cursor: page.nextCursor } }).catch((e: unknown) => onError(e));
  };
  // The removal may pass an offer on to the next entry: read the list again.
  const [removeEntry] = useMutation(REMOVE_WAITLIST_ENTRY_MUTATION, { context: { admin: true } });
  const [status, setStatus] = useState('');

  const remove = async (entry: { id: string; name: string; state: string }) => {
    const offer = entry.state === 'offered' ? ' Their held spots go to the next person waiting.' : '';
    if (!window.confirm(`Remove ${entry.name} from the waiting list?${offer}`)) return;
    try {
      await removeEntry({ variables: { input: { entryId: entry.id } } });
      setStatus(`${entry.name} was removed from the waiting list.`);
      await refetch();
    } catch (e) {
      if (!onError(e)) window.alert('Failed to remove the entry');
    }
  };

  let list;
  if (!page) {
    list = loading ? (
      <Loading>Loading waiting list...</Loading>
    ) : (
      <Failure>
        <p>The waiting list could not be loaded.</p>
        {error && (
          <button type="button" className="btn btn--outline" onClick={() => void refetch().catch(onError)}>
            Try again
          </button>
        )}
      </Failure>
    );
  } else if (page.items.length === 0) {
    list = <Empty>Nobody is waiting for this workshop.</Empty>;
  } else {
    list = (
      <div className="table-wrap">
        <table className="waitlist-table">
          <caption className="visually-hidden">Waiting list and offers, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Joined</th>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Spots</th>
              <th scope="col">State</th>
              <th scope="col">Offered</th>
              <th scope="col">Offer ends</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((e) => (
              <tr key={e.id}>
                <td>{dateTime(e.createdAt)}</td>
                <td>{e.name}</td>
                <td>
                  <a href={`mailto:${e.email}`}>{e.email}</a>
                </td>
                <td>{e.spots}</td>
                <td>
                  <span className={`badge waitlist-state waitlist-state--${e.state}`}>{STATE_LABELS[e.state] ?? e.state}</span>
                </td>
                <td>{dateTime(e.offeredAt)}</td>
                <td>{dateTime(e.offerExpiresAt)}</td>
                <td>
                  {(e.state === 'pending' || e.state === 'waiting' || e.state === 'offered') && (
                    <button type="button" className="btn btn--small btn--outline" onClick={() => void remove(e)} aria-label={`Remove ${e.name} from the waiting list`}>
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <LoadMore hasMore={page.hasMore} loading={loading} onLoad={loadMore} label="Load more entries" />
      </div>
    );
  }

  return (
    <section className="stack" aria-label="Waiting lists">
      <div className="field waitlist-tab__workshop">
        <label htmlFor="waitlist-workshop">Workshop</label>
        <select id="waitlist-workshop" className="select" value={workshopId} onChange={(e) => setWorkshopId(e.target.value)}>
          {workshops.map((w) => (
            <option key={w.id} value={w.id}>
              {runLabel(w)}{w.availableSpots === 0 ? ' · sold out' : ''}
            </option>
          ))}
        </select>
      </div>
      <p role="status" className="muted">
        {status}
      </p>
      {list}
    </section>
  );
}
