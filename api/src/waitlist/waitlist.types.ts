import { registerEnumType } from 'type-graphql';
import type { RateLimitRule } from '../infrastructure/rate-limit';
import { POLICY } from '../shared/policy';

/**
 * Where a waiting-list entry is (docs/decisions/061): waiting for spots; offered
 * (spots claimed for it until offerExpiresAt); booked (the offer was used);
 * lapsed (the offer ran out unused); removed (by the admin).
 */
export enum WaitlistState {
  waiting = 'waiting',
  offered = 'offered',
  booked = 'booked',
  lapsed = 'lapsed',
  removed = 'removed',
}
registerEnumType(WaitlistState, { name: 'WaitlistState', description: 'Where a waiting-list entry is: waiting, offered, booked, lapsed or removed.' });

/** How long an offer holds its spots. */
export const OFFER_HOURS = 48;

/** Spots one entry may ask for: one group, as a booking. */
export const WAITLIST_LIMITS = { name: 120, email: 254, minSpots: 1, maxSpots: POLICY.maxGroupSize } as const;

/** Joins per client (IP address) and minute: the limit of the other public forms (community posts). */
export const WAITLIST_JOIN_RATE_LIMIT: RateLimitRule = { name: 'waiting-list requests', limit: 30, windowMs: 60_000 };
