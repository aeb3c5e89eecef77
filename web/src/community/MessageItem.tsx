import { gql, type TypedDocumentNode } from '@apollo/client';
import type { MessageItem_MessageFragment } from '../gql/graphql';
import { RelativeTime } from '../ui/RelativeTime';
import { TOPIC_LABELS } from './topics';

export const MESSAGE_ITEM_FRAGMENT: TypedDocumentNode<MessageItem_MessageFragment> = gql`
  fragment MessageItem_message on CommunityMessage {
    id
    authorName
    message
    topic
    createdAt
  }
`;

/** One message of the board. The text is rendered as text: markup in it shows as typed. */
export function MessageItem({ message, now }: { message: MessageItem_MessageFragment; now: Date }) {
  return (
    <li className="message" data-testid="message">
      <div className="message__meta">
        <strong className="message__author">{message.authorName}</strong>
        <span className="badge message__topic">{TOPIC_LABELS[message.topic]}</span>
        <span className="message__time muted">
          <RelativeTime iso={message.createdAt} now={now} />
        </span>
      </div>
      <p className="message__text">{message.message}</p>
    </li>
  );
}
