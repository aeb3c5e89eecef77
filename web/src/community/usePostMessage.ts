import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import type { MessageTopic, PostMessageMutation, PostMessageMutationVariables } from '../gql/graphql';
import { MESSAGE_ITEM_FRAGMENT } from './MessageItem';
import { MESSAGE_PAGE_SIZE, MESSAGES_QUERY } from './MessageList';

export const POST_MESSAGE_MUTATION: TypedDocumentNode<PostMessageMutation, PostMessageMutationVariables> = gql`
  mutation PostMessage($input: PostMessageInput!) {
    postMessage(input: $input) {
      message {
        id
        workshopId
        ...MessageItem_message
      }
    }
  }
  ${MESSAGE_ITEM_FRAGMENT}
`;

export interface NewMessage {
  workshopId: string;
  authorName: string;
  authorEmail: string;
  message: string;
  topic: MessageTopic;
  /** The hidden honeypot field: empty for people. */
  website: string;
}

/**
 * Post a message. It shows at once (optimistic answer) at the top of the
 * board's lists it belongs to that are already cached: "all" and its topic.
 * Lists not fetched yet stay untouched; they will load with it.
 */
export function usePostMessage() {
  const [mutate, { loading }] = useMutation(POST_MESSAGE_MUTATION, {
    update(cache, { data }) {
      const message = data?.postMessage.message;
      if (!message) return;
      for (const topic of ['all', message.topic] as const) {
        cache.updateQuery({ query: MESSAGES_QUERY, variables: { workshopId: message.workshopId, topic, first: MESSAGE_PAGE_SIZE } }, (cached) => {
          if (!cached || cached.messages.messages.some((m) => m.id === message.id)) return cached;
          return { messages: { ...cached.messages, messages: [message, ...cached.messages.messages] } };
        });
      }
    },
  });

  async function post({ website, ...fields }: NewMessage) {
    const input = { ...fields, ...(website ? { website } : {}) };
    // __typename lets the cache normalise the optimistic message (the generated types leave it out).
    const optimistic = {
      postMessage: {
        __typename: 'PostMessagePayload' as const,
        message: {
          __typename: 'CommunityMessage' as const,
          id: `optimistic-${Date.now()}`,
          workshopId: fields.workshopId,
          authorName: fields.authorName,
          message: fields.message,
          topic: fields.topic,
          createdAt: new Date().toISOString(),
        },
      },
    };
    await mutate({ variables: { input }, optimisticResponse: optimistic });
  }

  return { post, posting: loading };
}
