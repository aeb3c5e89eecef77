import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import type { DeleteMessageMutation, DeleteMessageMutationVariables, MessagesTab_MessageFragment } from '../gql/graphql';
import { Empty } from '../ui/States';
import { labelOf } from '../ui/labels';

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
 * the list and the Statistics total – and puts it back if the server refuses.
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
      cache.evict({ id: cache.identify({ __typename: 'CommunityMessage', id }) });
      cache.gc();
    },
  });
}

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** All community messages, newest first, each with a Delete button that asks first. */
export function MessagesTab({ messages, onError }: { messages: ReadonlyArray<MessagesTab_MessageFragment>; onError: (error: unknown) => void }) {
  const [deleteMessage] = useDeleteMessage();

  const remove = async (m: MessagesTab_MessageFragment) => {
    if (!window.confirm(`Delete this message by ${m.authorName}? This cannot be undone.`)) return;
    try {
      await deleteMessage({ variables: { input: { id: m.id } } });
    } catch (error) {
      onError(error);
    }
  };

  if (messages.length === 0) return <Empty>No messages yet.</Empty>;
  return (
    <ul className="admin-list">
      {messages.map((m) => (
        <li key={m.id}>
          <article className="card admin-message" aria-label={`Message by ${m.authorName}`}>
            <div className="card__body">
              <header className="admin-message__header">
                <div>
                  <h3 className="admin-message__author">{m.authorName}</h3>
                  <p className="muted">
                    <a href={`mailto:${m.authorEmail}`}>{m.authorEmail}</a> · {m.workshopName} · {dateTime(m.createdAt)}
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
  );
}
