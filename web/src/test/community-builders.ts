import type { CommunityMessagesQuery, MessageTopic, ParticipantsQuery } from '../gql/graphql';

type Message = CommunityMessagesQuery['messages']['messages'][number];

let seq = 0;

/** A board message as the API returns it (GraphQL shape, with __typename), posted `minutesAgo` before now. */
export function aMessage(overrides: Partial<Message> & { minutesAgo?: number } = {}): Message & { __typename: 'CommunityMessage' } {
  const { minutesAgo = 5, ...rest } = overrides;
  seq += 1;
  return {
    __typename: 'CommunityMessage',
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    authorName: 'Maria Garcia',
    message: 'Anyone driving from Las Vegas?',
    topic: 'ride_sharing' as MessageTopic,
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    ...rest,
  };
}

/** One page of messages, as `messages(...)` answers it. */
export function aMessagePage(messages: Message[], more: { hasMore?: boolean; nextCursor?: string | null } = {}) {
  return { __typename: 'MessagePage' as const, hasMore: more.hasMore ?? false, nextCursor: more.nextCursor ?? null, messages };
}

/** The participants summary of a workshop. */
export function aParticipantsSummary(
  workshopId: string,
  bookings: Array<{ customerName: string; numParticipants: number }>,
): ParticipantsQuery['participants'] & { __typename: 'ParticipantsSummary' } {
  return {
    __typename: 'ParticipantsSummary',
    workshopId,
    totalParticipants: bookings.reduce((sum, b) => sum + b.numParticipants, 0),
    bookings: bookings.map((b) => ({ __typename: 'ParticipantBooking' as const, ...b })),
  };
}
