import { registerEnumType } from 'type-graphql';
import type { RateLimitRule } from '../infrastructure/rate-limit';
import { POLICY } from '../shared/policy';
import { WAITLIST_TEXT_LIMITS } from '../shared/formats';

/**
 * Where a waiting-list entry is (docs/decisions/061, 067): pending (joined, its address not
 * confirmed yet: no place in the queue, no offers; lapses after CONFIRM_HOURS); waiting for spots; offered
 * (spots claimed for it until offerExpiresAt); booked (the offer was used);
 * lapsed (the offer ran out unused); removed (by the admin).
 */
export enum WaitlistState {
  pending = 'pending',
  waiting = 'waiting',
  offered = 'offered',
  booked = 'booked',
  lapsed = 'lapsed',
  removed = 'removed',
}
registerEnumType(WaitlistState, { name: 'WaitlistState', description: 'Where a waiting-list entry is: pending (its email not confirmed yet), waiting, offered, booked, lapsed or removed.' });

/** How long the confirmation link of a new entry works; an entry not confirmed by then lapses. */
export const CONFIRM_HOURS = POLICY.waitlistConfirmHours;

/** How long an offer holds its spots. */
export const OFFER_HOURS = POLICY.waitlistOfferHours;

/** Spots one entry may ask for: one group, as a booking. */
export const WAITLIST_LIMITS = { ...WAITLIST_TEXT_LIMITS, minSpots: 1, maxSpots: POLICY.maxGroupSize } as const;

/** Joins per client (IP address) and minute: the limit of the other public forms (community posts). */
export const WAITLIST_JOIN_RATE_LIMIT: RateLimitRule = { name: 'waiting-list requests', limit: 30, windowMs: 60_000 };

/**
 * Per client (keyed hash of the address, as for bookings) and per email: how many entries may be
 * joined in a day, how many spots open entries may ask for at once (the hold caps' numbers), and
 * when joining needs a solved proof-of-work challenge (docs/decisions/067).
 */
export interface WaitlistEntryLimits {
  /** Entries joined from one client within `windowHours`. */
  maxEntriesPerClient: number;
  /** Entries joined under one email within `windowHours`. */
  maxEntriesPerEmail: number;
  windowHours: number;
  /** Spots asked for by one client's open entries (pending, waiting, offered) at once. */
  maxOpenSpotsPerClient: number;
  maxOpenSpotsPerEmail: number;
  /** Entries a client may join within `windowHours` before the next needs a challenge. */
  freeEntriesPerClient: number;
  /** Open spots above this (client or email) need a challenge. */
  freeOpenSpots: number;
}

export const DEFAULT_WAITLIST_LIMITS: WaitlistEntryLimits = {
  maxEntriesPerClient: 10,
  maxEntriesPerEmail: 10,
  windowHours: 24,
  maxOpenSpotsPerClient: 24,
  maxOpenSpotsPerEmail: 24,
  freeEntriesPerClient: 2,
  freeOpenSpots: 12,
};
