import { ApolloClient, ApolloLink, InMemoryCache, type HttpLink, type NormalizedCacheObject, type Reference, type TypePolicies } from '@apollo/client';
import { from, mergeMap } from 'rxjs';
import { adminAuthLink } from './adminAuthLink';

/** The cached shape of a `messages` page (its message list holds references). */
interface CachedMessagePage {
  messages: Reference[];
  nextCursor: string | null;
  hasMore: boolean;
}

/** The cached shape of an `adminActivity` page. */
interface CachedWorkshopPage {
  workshops: Reference[];
  nextCursor: string | null;
}

interface CachedAuditPage {
  entries: Reference[];
  nextCursor: string | null;
  hasMore: boolean;
}

/** The cached shape of a page of an admin list (adminBookingPage, adminMessagePage, ...). */
interface CachedListPage {
  items: Reference[];
  nextCursor: string | null;
  hasMore: boolean;
}

/**
 * An admin list read a page at a time (docs/decisions/075): one list per set of
 * filters; a page fetched with `cursor` extends it, a first page replaces it.
 */
function pagedList(keyArgs: string[] | false) {
  return {
    keyArgs,
    merge(existing: CachedListPage | undefined, incoming: CachedListPage, { args, readField }: { args: Record<string, unknown> | null; readField: <T>(field: string, from: Reference) => T | undefined }) {
      if (!existing || !args?.cursor) return incoming;
      const seen = new Set(existing.items.map((item) => readField<string>('id', item)));
      return { ...incoming, items: [...existing.items, ...incoming.items.filter((item) => !seen.has(readField<string>('id', item)))] };
    },
  };
}

/**
 * Every cache rule of the app, in one place. Objects are normalised by their
 * GraphQL id; lists that are filtered by arguments are keyed by those arguments.
 */
export const typePolicies: TypePolicies = {
  Query: {
    fields: {
      // Single-entity lookups read straight from the normalised cache when the
      // entity is already there (e.g. from the workshop list): no second request.
      // A stored null (an unknown id, e.g. from the server render) is an answer too.
      workshop: {
        read(existing, { args, toReference }) {
          return existing !== undefined ? existing : args?.id ? toReference({ __typename: 'Workshop', id: args.id }) : undefined;
        },
      },
      booking: {
        read(existing, { args, toReference }) {
          return existing !== undefined ? existing : args?.id ? toReference({ __typename: 'Booking', id: args.id }) : undefined;
        },
      },
      // One list per board and topic; page size and cursor only say which part of it.
      // A page fetched with `after` extends the list, a first page replaces it.
      messages: {
        keyArgs: ['workshopId', 'topic'],
        merge(existing: CachedMessagePage | undefined, incoming: CachedMessagePage, { args, readField }) {
          if (!existing || !args?.after) return incoming;
          const seen = new Set(existing.messages.map((m) => readField<string>('id', m)));
          return { ...incoming, messages: [...existing.messages, ...incoming.messages.filter((m) => !seen.has(readField<string>('id', m)))] };
        },
      },
      participants: { keyArgs: ['workshopId'] },
      // Admin workshop list (newest first): a page fetched with `cursor` extends it, a first page replaces it.
      adminWorkshops: {
        keyArgs: false,
        merge(existing: CachedWorkshopPage | undefined, incoming: CachedWorkshopPage, { args, readField }) {
          if (!existing || !args?.cursor) return incoming;
          const seen = new Set(existing.workshops.map((w) => readField<string>('id', w)));
          return { ...incoming, workshops: [...existing.workshops, ...incoming.workshops.filter((w) => !seen.has(readField<string>('id', w)))] };
        },
      },
      // Admin audit log: one list per set of filters; a page fetched with `cursor` extends it.
      adminActivity: {
        keyArgs: ['text', 'action', 'bookingId', 'workshopId', 'from', 'to'],
        merge(existing: CachedAuditPage | undefined, incoming: CachedAuditPage, { args, readField }) {
          if (!existing || !args?.cursor) return incoming;
          const seen = new Set(existing.entries.map((e) => readField<string>('id', e)));
          return { ...incoming, entries: [...existing.entries, ...incoming.entries.filter((e) => !seen.has(readField<string>('id', e)))] };
        },
      },
      adminBookingPage: pagedList(['text', 'workshopId', 'status', 'paymentStatus', 'from', 'to', 'sortBy', 'direction']),
      adminMessagePage: pagedList(['workshopId', 'topic', 'from', 'to', 'direction']),
      adminWaitlistPage: pagedList(['workshopId', 'state']),
      adminOverduePage: pagedList(false),
    },
  },
  Workshop: { keyFields: ['id'] },
  Testimonial: { keyFields: ['id'] },
  CommunityMessage: { keyFields: ['id'] },
  ParticipantsSummary: { keyFields: ['workshopId'] },
  // Admin dashboard: totals are one object per cache (no id); per-workshop sales by workshop id.
  AdminStats: { keyFields: [] },
  // The sizes of the admin lists (the tab labels): one object per cache.
  AdminCounts: { keyFields: [] },
  WorkshopSales: { keyFields: ['id'] },
  AuditEvent: { keyFields: ['id'] },
  // A booking's money (manage page, admin panel) is one object per booking: a mutation's
  // answer (cancel, transfer, refund) replaces what the page shows without a refetch.
  BookingAccount: { keyFields: ['booking', ['id']] },
  // A traveller's tasks (issue 25): one object per traveller, replaced by each task's answer;
  // a booking's list of travellers one per booking (the manage page's progress).
  TravellerTasks: { keyFields: ['travellerId'] },
  BookingTravellers: { keyFields: ['bookingId'] },
  BookingTraveller: { keyFields: ['travellerId'] },
};

export interface CreateApolloClientOptions {
  /** Absolute on the server (SSR), relative in the browser. */
  uri?: string;
  ssrMode?: boolean;
  /** Cache state serialised by the server, to hydrate without refetching. */
  initialState?: NormalizedCacheObject;
  fetch?: typeof fetch;
  /** The terminating link; the server renderer passes one that executes in-process. */
  link?: ApolloLink;
}

/**
 * The HTTP link, loaded on the first request that needs the network: a
 * server-rendered page hydrates from its embedded cache state without it, so its
 * code is not part of the first load (docs/performance.md).
 */
function lazyHttpLink(options: HttpLink.Options): ApolloLink {
  let link: Promise<ApolloLink> | undefined;
  return new ApolloLink((operation, forward) => {
    link ??= import('./httpLink').then((m) => m.createHttpLink(options));
    return from(link).pipe(mergeMap((l) => l.request(operation, forward)));
  });
}

/** A new client per browser session or per server request; nothing global. */
export function createApolloClient(options: CreateApolloClientOptions = {}): ApolloClient {
  const cache = new InMemoryCache({ typePolicies });
  if (options.initialState) cache.restore(options.initialState);
  return new ApolloClient({
    link: ApolloLink.from([adminAuthLink, options.link ?? lazyHttpLink({ uri: options.uri ?? '/graphql', fetch: options.fetch })]),
    cache,
    ssrMode: options.ssrMode,
  });
}
