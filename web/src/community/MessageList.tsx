import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CommunityMessagesQuery, CommunityMessagesQueryVariables, MessageTopicFilter } from '../gql/graphql';
import { useNow } from '../ui/RelativeTime';
import { Empty, Failure, Loading } from '../ui/States';
import { MESSAGE_ITEM_FRAGMENT, MessageItem } from './MessageItem';
import { TOPIC_LABELS } from './topics';

/** Messages fetched per page (the api allows up to 50). */
export const MESSAGE_PAGE_SIZE = 20;

export const MESSAGES_QUERY: TypedDocumentNode<CommunityMessagesQuery, CommunityMessagesQueryVariables> = gql`
  query CommunityMessages($workshopId: ID!, $topic: MessageTopicFilter!, $first: Int!, $after: String) {
    messages(workshopId: $workshopId, topic: $topic, first: $first, after: $after) {
      hasMore
      nextCursor
      messages {
        id
        ...MessageItem_message
      }
    }
  }
  ${MESSAGE_ITEM_FRAGMENT}
`;

/** The board, newest first, in its loading, failure, empty and filled states. */
export function MessageList({
  page,
  topic,
  loading,
  failed,
  loadingMore,
  onRetry,
  onLoadMore,
}: {
  page: CommunityMessagesQuery['messages'] | undefined;
  topic: MessageTopicFilter;
  loading: boolean;
  failed: boolean;
  loadingMore: boolean;
  onRetry: () => void;
  onLoadMore: () => void;
}) {
  const now = useNow();
  if (!page) {
    if (failed) {
      return (
        <Failure>
          <p>We could not load the messages.</p>
          <button type="button" className="btn btn--outline btn--small" onClick={onRetry}>
            Try again
          </button>
        </Failure>
      );
    }
    return loading ? <Loading>Loading messages...</Loading> : null;
  }
  if (page.messages.length === 0) {
    return (
      <Empty>
        <p className="messages__empty-title">{topic === 'all' ? 'No messages yet.' : `No ${TOPIC_LABELS[topic]} messages yet.`}</p>
        <p>
          <a href="#post-message">Be the first to post</a>: say hello, offer a ride or ask a question.
        </p>
      </Empty>
    );
  }
  return (
    <>
      <ol className="messages" aria-label="Messages, newest first">
        {page.messages.map((m) => (
          <MessageItem key={m.id} message={m} now={now} />
        ))}
      </ol>
      {page.hasMore ? (
        <p className="messages__more">
          <button type="button" className="btn btn--outline btn--small" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading...' : 'Show older messages'}
          </button>
        </p>
      ) : null}
    </>
  );
}
