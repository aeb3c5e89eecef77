import { useEffect, useState } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { runLabel } from 'api/shared/dates';
import type { SortDirection, AdminMessagesQuery, AdminMessagesQueryVariables, DeleteMessageMutation, DeleteMessageMutationVariables, MessageTopic, MessagesTab_MessageFragment } from '../gql/graphql';
import { Empty, Failure, Loading } from '../ui/States';
import { labelOf } from '../ui/labels';
import { LoadMore } from './LoadMore';
import { dayStart } from './BookingsTab';

export const MESSAGES_TAB_FRAGMENT: TypedDocumentNode<MessagesTab_MessageFragment> = gql`
  fragment MessagesTab_message on CommunityMessage {
    id
    workshopId
    workshopName
    authorName
    authorEmail
    message
    topic
    createdAt
  }
`;

/** One page of the messages of every board, filtered on the server (docs/decisions/075); `cursor` extends the list (apollo/client.ts). */
export const ADMIN_MESSAGES_QUERY: TypedDocumentNode<AdminMessagesQuery, AdminMessagesQueryVariables> = gql`
  query AdminMessages($workshopId: ID, $topic: MessageTopic, $from: DateTimeISO, $to: DateTimeISO, $direction: SortDirection, $limit: Int!, $cursor: String) {
    adminMessagePage(workshopId: $workshopId, topic: $topic, from: $from, to: $to, direction: $direction, limit: $limit, cursor: $cursor) {
      items {
        id
        ...MessagesTab_message
      }
      nextCursor
      hasMore
      totalCount
      topicCounts {
        value
        count
      }
      workshopCounts {
        value
        count
      }
    }
  }
  ${MESSAGES_TAB_FRAGMENT}
`;

export const MESSAGES_PAGE_SIZE = 50;

/** The days posted, as chosen in the form: the admin's calendar days (YYYY-MM-DD), '' for none; `to` includes its whole day. */
export interface MessageDays {
  from: string;
  to: string;
}

export const ANY_DAY: MessageDays = { from: '', to: '' };

/** The query's variables for the chosen run, topic ('all': no filter), days posted and order (newest first by default). */
export function messagesVariables(
  workshopId: string,
  topic: string,
  extra: Partial<AdminMessagesQueryVariables> = {},
  direction: 'asc' | 'desc' = 'desc',
  days: MessageDays = ANY_DAY,
): AdminMessagesQueryVariables {
  return {
    workshopId: workshopId === 'all' ? null : workshopId,
    topic: topic === 'all' ? null : (topic as MessageTopic),
    from: dayStart(days.from),
    to: dayStart(days.to, 1),
    direction: direction as SortDirection,
    limit: MESSAGES_PAGE_SIZE,
    ...extra,
  };
}

export const DELETE_MESSAGE_MUTATION: TypedDocumentNode<DeleteMessageMutation, DeleteMessageMutationVariables> = gql`
  mutation DeleteMessage($input: DeleteMessageInput!) {
    deleteMessage(input: $input) {
      deletedMessageId
    }
  }
`;

const TOPIC_LABELS: Record<string, string> = { general: 'General', ride_sharing: 'Ride Sharing', equipment: 'Equipment', questions: 'Questions' };

/**
 * Moderation: removes the message at once (optimistically) from the cache –
 * the list, the tab's count and the Statistics total – and puts it back if the
 * server refuses.
 */
export function useDeleteMessage() {
  return useMutation(DELETE_MESSAGE_MUTATION, {
    context: { admin: true },
    optimisticResponse: (vars) => ({ deleteMessage: { __typename: 'DeleteMessagePayload' as const, deletedMessageId: String(vars.input.id) } }),
    update(cache, { data }) {
      const id = data?.deleteMessage.deletedMessageId;
      if (!id) return;
      cache.modify<{ totalMessages: number }>({
        id: cache.identify({ __typename: 'AdminStats' }),
        fields: { totalMessages: (n) => Math.max(0, n - 1) },
      });
      cache.modify<{ messages: number }>({
        id: cache.identify({ __typename: 'AdminCounts' }),
        fields: { messages: (n) => Math.max(0, n - 1) },
      });
      cache.evict({ id: cache.identify({ __typename: 'CommunityMessage', id }) });
      cache.gc();
    },
  });
}

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The community messages of every board, newest (or oldest) first, a page at a
 * time (filtered by run and topic on the server, each choice with its count),
 * each with a Delete button in its row that asks first.
 */
export function MessagesTab({
  workshops,
  total,
  onError,
}: {
  /** The runs, named with their dates. */
  workshops: ReadonlyArray<{ id: string; name: string; dates: string }>;
  /** Every message, whatever the filters (the tab label's count). */
  total: number;
  /** A failed request: true when handled (a 401 logs out); a failed delete is otherwise announced. */
  onError: (error: unknown) => boolean;
}) {
  const [workshopId, setWorkshopId] = useState('all');
  const [topic, setTopic] = useState('all');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const [days, setDays] = useState<MessageDays>(ANY_DAY);
  const [deleteMessage] = useDeleteMessage();
  const { data, previousData, loading, error, fetchMore, refetch } = useQuery(ADMIN_MESSAGES_QUERY, {
    variables: messagesVariables(workshopId, topic, {}, direction, days),
    context: { admin: true },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  useEffect(() => {
    if (error) onError(error);
  }, [error, onError]);
  const page = (data ?? previousData)?.adminMessagePage;
  const filtered = workshopId !== 'all' || topic !== 'all' || days.from !== '' || days.to !== '';
  const countOf = (value: string) => page?.topicCounts.find((c) => c.value === value)?.count ?? 0;
  const runCount = (id: string) => page?.workshopCounts.find((c) => c.value === id)?.count ?? 0;
  const runs = new Map(workshops.map((w) => [w.id, runLabel(w)]));

  const remove = async (m: MessagesTab_MessageFragment) => {
    if (!window.confirm(`Delete this message by ${m.authorName}? This cannot be undone.`)) return;
    try {
      await deleteMessage({ variables: { input: { id: m.id } } });
    } catch (e) {
      if (!onError(e)) window.alert('Failed to delete message');
    }
  };
  const loadMore = () => {
    if (!page?.nextCursor) return;
    fetchMore({ variables: { cursor: page.nextCursor } }).catch((e: unknown) => onError(e));
  };

  if (!page) {
    return loading ? (
      <Loading>Loading messages...</Loading>
    ) : (
      <Failure>
        <p>The messages could not be loaded.</p>
        <button type="button" className="btn btn--outline" onClick={() => void refetch().catch((e: unknown) => onError(e))}>
          Try again
        </button>
      </Failure>
    );
  }
  const messages = page.items;
  if (!filtered && messages.length === 0) return <Empty>No messages yet.</Empty>;
  return (
    <div className="stack">
      <div className="admin-filters">
        <div className="field">
          <label htmlFor="message-workshop">Workshop</label>
          <select id="message-workshop" className="select" value={workshopId} onChange={(e) => setWorkshopId(e.target.value)}>
            <option value="all">All workshops</option>
            {workshops.map((w) => (
              <option key={w.id} value={w.id}>
                {runLabel(w)} ({runCount(w.id)})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="message-topic">Topic</label>
          <select id="message-topic" className="select" value={topic} onChange={(e) => setTopic(e.target.value)}>
            <option value="all">All topics</option>
            {Object.keys(TOPIC_LABELS).map((t) => (
              <option key={t} value={t}>
                {labelOf(TOPIC_LABELS, t)} ({countOf(t)})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="message-from">Posted from</label>
          <input id="message-from" className="input" type="date" value={days.from} max={days.to || undefined} onChange={(e) => setDays((d) => ({ ...d, from: e.target.value }))} />
        </div>
        <div className="field">
          <label htmlFor="message-to">Posted to (inclusive)</label>
          <input id="message-to" className="input" type="date" value={days.to} min={days.from || undefined} onChange={(e) => setDays((d) => ({ ...d, to: e.target.value }))} />
        </div>
        <div className="field">
          <label htmlFor="message-order">Order</label>
          <select id="message-order" className="select" value={direction} onChange={(e) => setDirection(e.target.value === 'asc' ? 'asc' : 'desc')}>
            <option value="desc">Newest first</option>
            <option value="asc">Oldest first</option>
          </select>
        </div>
      </div>
      <p className="muted" aria-live="polite">
        <span>
          Showing {messages.length} of {total} messages
        </span>
        {filtered && (
          <span>
            {' '}
            · {page.totalCount} {page.totalCount === 1 ? 'matches' : 'match'} these filters
          </span>
        )}
      </p>
      {messages.length === 0 ? (
        <Empty>No messages match these filters.</Empty>
      ) : (
        <ul className="admin-list">
          {messages.map((m) => (
            <li key={m.id}>
              <article className="card admin-message" aria-label={`Message by ${m.authorName}`}>
                <div className="card__body">
                  <header className="admin-message__header">
                    <div>
                      <h3 className="admin-message__author">{m.authorName}</h3>
                      <p className="muted">
                        <a href={`mailto:${m.authorEmail}`}>{m.authorEmail}</a> · {runs.get(m.workshopId) ?? m.workshopName} · {dateTime(m.createdAt)}
                      </p>
                    </div>
                    <span className="badge">{labelOf(TOPIC_LABELS, m.topic)}</span>
                  </header>
                  <p className="admin-message__text">{m.message}</p>
                  <button type="button" className="btn btn--small btn--outline admin-message__delete" onClick={() => remove(m)} aria-label={`Delete message by ${m.authorName}`}>
                    Delete
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasMore={page.hasMore} loading={loading} onLoad={loadMore} label="Load more messages" />
    </div>
  );
}
