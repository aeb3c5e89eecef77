import { registerEnumType } from 'type-graphql';

export enum MessageTopic {
  general = 'general',
  ride_sharing = 'ride_sharing',
  equipment = 'equipment',
  questions = 'questions',
}
registerEnumType(MessageTopic, { name: 'MessageTopic', description: 'Topic of a community message.' });

/** The topic filter accepts every topic plus "all". */
export const TOPIC_FILTERS = ['all', ...Object.values(MessageTopic)] as const;
export type TopicFilter = (typeof TOPIC_FILTERS)[number];

/** The same filter as a GraphQL enum, so a GraphQL caller cannot send an unknown topic. */
export enum MessageTopicFilter {
  all = 'all',
  general = 'general',
  ride_sharing = 'ride_sharing',
  equipment = 'equipment',
  questions = 'questions',
}
registerEnumType(MessageTopicFilter, { name: 'MessageTopicFilter', description: 'Which messages to list: one topic, or all of them.' });

export const isTopicFilter = (value: unknown): value is TopicFilter =>
  typeof value === 'string' && (TOPIC_FILTERS as readonly string[]).includes(value);

/** Page size of the message list: the default, and the most one request may ask for. */
export const MESSAGE_PAGE = { defaultSize: 20, maxSize: 50 } as const;

/** Posting limit per client (IP address). */
export const MESSAGE_POST_RATE_LIMIT = { name: 'message posts', limit: 30, windowMs: 60_000 } as const;

/** Longest author name and message accepted (characters). */
export { MESSAGE_LIMITS } from '../shared/formats';
