import type { MessageTopic, MessageTopicFilter } from '../gql/graphql';

/** Filter buttons of the spec, in its order. */
export const TOPIC_FILTERS: readonly MessageTopicFilter[] = ['all', 'general', 'ride_sharing', 'equipment', 'questions'];

/** Topics a message can be posted under (the select of the form), general first: it is the default. */
export const MESSAGE_TOPICS: readonly MessageTopic[] = ['general', 'ride_sharing', 'equipment', 'questions'];

export const TOPIC_LABELS: Record<MessageTopicFilter, string> = {
  all: 'All',
  general: 'General',
  ride_sharing: 'Ride Sharing',
  equipment: 'Equipment',
  questions: 'Questions',
};

export const isTopicFilter = (value: string | null): value is MessageTopicFilter =>
  value !== null && (TOPIC_FILTERS as readonly string[]).includes(value);
