import fs from 'node:fs';
import path from 'node:path';
import { execute, GraphQLObjectType, parse, type DocumentNode, type ExecutionResult, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { startTestServer, type TestServer } from '../../test/app';
import { aBookingBody, aBookingInput } from '../../test/builders';
import { createLogger } from '../../infrastructure/logger';
import { createSchema } from './schema';
import { createLoaders } from './loaders';
import { graphqlProtection } from './protection';
import { CompiledDocuments } from './compiled-documents';
import { TrustedDocuments, trustedDocumentsOf } from './trusted-documents';
import type { GraphQLContext } from './context';

/** The web app's documents (sha256 → text), every one of which the server compiles. */
const MANIFEST = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../web/src/gql/trusted-documents.json'), 'utf8')) as Record<string, string>;
const operationOf = (text: string) => /^(query|mutation) (\w+)/.exec(text)!;

/**
 * A schema whose root fields (Query, Mutation) remember what they answered (or threw) for one
 * execution and answer the same to the next: graphql-js and graphql-jit then run one document on
 * the same root values (a mutation is done once), and everything below the root runs for real in
 * both, on the same database.
 */
function recordingSchema(schema: GraphQLSchema): { schema: GraphQLSchema; replay(on: boolean): void } {
  let replaying = false;
  let recorded = new Map<string, { value?: unknown; error?: unknown }>();
  for (const type of [schema.getQueryType(), schema.getMutationType()].filter((t): t is GraphQLObjectType => !!t)) {
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve as GraphQLFieldResolver<unknown, unknown>;
      field.resolve = async (root, args, context, info) => {
        const key = `${type.name}.${info.path.key}`;
        if (replaying) {
          const r = recorded.get(key)!;
          if ('error' in r) throw r.error;
          return r.value;
        }
        try {
          const value = await resolve(root, args, context, info);
          recorded.set(key, { value });
          return value;
        } catch (error) {
          recorded.set(key, { error });
          throw error;
        }
      };
    }
  }
  return {
    schema,
    replay(on) {
      replaying = on;
      if (!on) recorded = new Map();
    },
  };
}

describe('compiled GraphQL documents (graphql-jit, docs/decisions/074)', () => {
  let s: TestServer;
  let bookingId: string;
  let token: string;
  let travellerId: string;
  let messageId: string;

  beforeAll(async () => {
    s = await startTestServer('sqlite');
    const booked = await fetch(`${s.url}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' }, body: JSON.stringify(aBookingBody()) });
    bookingId = ((await booked.json()) as { id: string }).id;
    token = s.services.accounts.manageUrl(bookingId).split('#')[1];
    travellerId = (await s.services.travellers.listForBooking(s.services.db.manager, bookingId))[0].id;
    const posted = await fetch(`${s.url}/api/workshops/zion-canyon-light/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.8' },
      body: JSON.stringify({ author_name: 'Mia Chen', author_email: 'mia@example.com', topic: 'equipment', message: 'Which tripod do you bring?' }),
    });
    messageId = ((await posted.json()) as { id: string }).id;
  });
  afterAll(() => s?.close());

  const workshop = {
    name: 'Compiled Canyons',
    description: 'A workshop made by the compiled-documents test.',
    location: 'Moab',
    state: 'UT',
    startDate: '2026-10-05',
    endDate: '2026-10-09',
    timeZone: 'America/Denver',
    price: 2400,
    privateRoomSupplement: 300,
    capacity: 8,
    minimumParticipants: 3,
    difficultyLevel: 'Moderate',
    workshopType: 'landscape',
    imageUrl: '/images/workshops/zion-canyon-light.svg',
    highlights: ['Arches at dawn'],
    itinerary: 'Day 1: arrive.',
  };

  /** Variables of every operation of the manifest: real ids and tokens where the operation reads them. */
  const variablesOf = (name: string): Record<string, unknown> => {
    const table: Record<string, Record<string, unknown>> = {
      AdminActivity: { limit: 10 },
      AdminBookingAccount: { bookingId },
      AdminCancelBooking: { input: { bookingId } },
      AdminCancelBookingWithRefund: { input: { bookingId, applyPolicyFee: false } },
      AdminConfirmTotp: { input: { factorId: '00000000-0000-4000-8000-000000000000', code: '123456' } },
      AdminEndSession: { input: { id: '00000000-0000-4000-8000-000000000000' } },
      AdminLogin: { input: { password: 'not-the-admin-password' } },
      AdminMarkRefundDone: { input: { refundId: 'no-such-refund' } },
      AdminRecordPayment: { input: { bookingId, amount: 100 } },
      AdminRefundBooking: { input: { bookingId, amount: 10, note: 'test' } },
      AdminRegisterPasskey: { input: { response: '{}', label: 'Key' } },
      AdminRemoveFactor: { input: { id: '00000000-0000-4000-8000-000000000000' } },
      AdminStartTotp: { input: { label: 'Phone' } },
      AdminVerifyPasskey: { input: { response: '{}' } },
      AdminVerifyRecoveryCode: { input: { code: 'aaaa-bbbb-cccc' } },
      AdminVerifyTotp: { input: { code: '123456' } },
      AdminBookings: { status: 'confirmed', limit: 20 },
      AdminMessages: { workshopId: 'zion-canyon-light', limit: 20 },
      AdminOverdueBookings: { limit: 20 },
      AdminWaitlist: { workshopId: 'zion-canyon-light', limit: 20 },
      AdminWorkshopWaiver: { workshopId: 'zion-canyon-light' },
      SaveWorkshopWaiver: { input: { workshopId: 'zion-canyon-light', text: 'A compiled release.' } },
      AdminWorkshops: { limit: 20 },
      AdminProposedRun: { sourceId: 'zion-canyon-light' },
      ArchiveWorkshop: { input: { workshopId: 'compiled-canyons-2026' } },
      BookingAccount: { bookingId, token },
      BookingTravellers: { bookingId, token },
      NameTraveller: { input: { bookingId, token, travellerId, name: 'Bea Kim', email: 'bea@example.com' } },
      SaveTravellerGear: { input: { travellerId, bookingId, token, ticked: ['camera'] } },
      SaveTravellerHealth: { input: { travellerId, bookingId, token, age: 40, emergencyContactName: 'Kim Lee', emergencyContactPhone: '555 0100', emergencyContactEmail: 'kim@example.com' } },
      SaveTravellerTravel: { input: { travellerId, bookingId, token, arrivalDate: '2026-04-12', arrivalTime: '16:00', arrivalBy: 'car', roommatePreference: 'no_preference' } },
      SignWaiver: { input: { travellerId, bookingId, token, fullName: 'Ana Lopez', consent: true, contentHash: '0'.repeat(64) } },
      TravellerTasks: { input: { travellerId, bookingId, token } },
      AdminDeparture: { workshopId: 'zion-canyon-light' },
      AdminDepartureReadiness: { workshopIds: ['zion-canyon-light', 'no-such-run'] },
      MyDeparture: { input: { bookingId, token } },
      TravellerDeparture: { input: { travellerId, bookingId, token } },
      PreviewGroupMessage: { input: { workshopId: 'zion-canyon-light', subject: 'Weather', body: 'Bring a shell.' } },
      SendGroupMessage: { input: { workshopId: 'zion-canyon-light', subject: 'Weather', body: 'Bring a shell.' } },
      SetKnowBeforeYouGo: { input: { workshopId: 'zion-canyon-light', meetingAddress: '1 Zion Park Blvd', meetingMapUrl: null, meetingTime: '07:30', weather: 'Warm.', whatToBring: 'A hat.', emergencyPhone: '555 0100' } },
      BookingConfirmation: { id: bookingId },
      BookingCredits: { bookingId, token },
      BookingWorkshop: { id: 'zion-canyon-light' },
      CancelMyBooking: { input: { bookingId, token, expectedRefund: 0 } },
      CancelWorkshop: { input: { workshopId: 'compiled-canyons-2026', confirmName: 'Not its name' } },
      CheckoutStatus: { sessionId: 'cs_test_unknown' },
      CommunityMessages: { workshopId: 'zion-canyon-light', topic: 'all', first: 20 },
      CommunityWorkshop: { id: 'zion-canyon-light' },
      ConfirmWaitlistEntry: { input: { entryId: 'no-such-entry', token: 'x'.repeat(43) } },
      CreateBooking: { input: { ...aBookingInput({ customerEmail: 'jit@example.com' }) } },
      CreateCheckoutSession: { input: { bookingId, originUrl: 'http://localhost' } },
      CreateWorkshop: { input: { id: 'compiled-canyons-2026', ...workshop } },
      DeleteMessage: { input: { id: messageId } },
      DeletePhoto: { input: { photoId: 'no-such-photo' } },
      JoinWaitlist: { input: { workshopId: 'zion-canyon-light', name: 'Ann Lee', email: 'ann@example.com', spots: 1 } },
      Participants: { workshopId: 'zion-canyon-light' },
      PayBookingNow: { input: { bookingId, token } },
      PostMessage: { input: { workshopId: 'zion-canyon-light', authorName: 'Ben Ode', authorEmail: 'ben@example.com', message: 'See you there.', topic: 'general' } },
      RefundMyCancelledWorkshopNow: { input: { bookingId, token } },
      ReorderPhotos: { input: { workshopId: 'zion-canyon-light', photoIds: [] } },
      RemoveWaitlistEntry: { input: { entryId: 'no-such-entry' } },
      ScheduleWorkshopAgain: { input: { sourceId: 'zion-canyon-light', id: 'zion-canyon-light-2028', startDate: '2028-04-10' } },
      TakeCreditInstead: { input: { bookingId, token } },
      TransferMyBooking: { input: { bookingId, token, workshopId: 'great-plains-supercells' } },
      UpdatePhoto: { input: { photoId: 'no-such-photo', caption: '', altText: 'A canyon at dawn' } },
      UpdateWorkshop: { input: { id: 'compiled-canyons-2026', ...workshop, name: 'Compiled Canyons II' } },
      UpdateWorkshopPhoto: { input: { workshopId: 'compiled-canyons-2026', imageUrl: '/images/workshops/great-plains-supercells.svg' } },
      WaitlistOffer: { workshopId: 'zion-canyon-light', offerToken: 'x'.repeat(43) },
      WorkshopDetail: { id: 'zion-canyon-light' },
      // Personal data, promo codes and gift cards (issues 26, 27): harmless inputs (an unknown address, unknown codes and ids).
      CustomerDataExport: { email: 'nobody@example.com' },
      EraseCustomer: { input: { email: 'nobody@example.com' } },
      // The privacy policy's retention periods (public, no variables).
      PrivacyRetention: {},
      PromoQuote: { input: { workshopId: 'zion-canyon-light', numParticipants: 1, promoCode: 'NO-SUCH-CODE' } },
      CreatePromoCode: { input: { code: 'COMPILED10', kind: 'percent', percentOff: 10 } },
      SetPromoCodePaused: { input: { id: 'no-such-code', paused: true } },
      GiftCardPurchase: { sessionId: 'cs_no_such_session' },
      BuyGiftCard: { input: { amountDollars: 100, buyerName: 'Ann Lee', buyerEmail: 'ann@example.com', recipientName: 'Bo Lee', recipientEmail: 'bo@example.com', deliverOn: '2026-12-24' } },
      IssueGiftCard: { input: { amountDollars: 100, recipientName: 'Bo Lee', recipientEmail: 'bo@example.com' } },
      PayWithGiftCard: { input: { bookingId, token, code: 'GC-AAAA-AAAA-AAAA-AAAA' } },
      PrintableGiftCard: { input: { code: 'GC-AAAA-AAAA-AAAA-AAAA' } },
      CodeBalance: { input: { code: 'WL-AAAA-AAAA-AAAA', workshopId: 'zion-canyon-light', numParticipants: 1, paymentOption: 'deposit' } },
      RefundGiftCard: { id: 'no-such-card' },
      VoidGiftCard: { id: 'no-such-card' },
      ResumeCheckout: { input: { bookingId, token: 'x'.repeat(43) } },
      FinishCheckout: { input: { bookingId, token: 'x'.repeat(43), promoCode: null } },
      // Reviews (issue 26): a link that does not verify and an unknown review answer typed errors, compiled like the rest.
      WorkshopReviews: { workshopId: 'zion-canyon-light' },
      OpenReviewLink: { input: { bookingId, token: 'x'.repeat(43) } },
      SubmitReview: { input: { bookingId, token: 'x'.repeat(43), rating: 5, text: 'Wonderful light.', name: 'Ann L.', consentToPublish: true } },
      PublishReview: { input: { id: 'no-such-review' } },
      HideReview: { input: { id: 'no-such-review' } },
      ReplyToReview: { input: { id: 'no-such-review', reply: 'Thank you!' } },
    };
    return table[name] ?? {};
  };

  const adminContext = (): GraphQLContext => ({
    clientKey: '198.51.100.9',
    userAgent: '',
    adminClient: { ip: '198.51.100.9' },
    rememberAdminDevice: () => undefined,
    rememberAdminSession: () => undefined,
    isAdmin: true,
    adminPasswordOk: true,
    loaders: createLoaders(s.services.workshops),
    consume: async () => undefined,
  });

  it('answers every document of the web app field by field as graphql-js does (queries first, then mutations, each done once)', async () => {
    const recording = recordingSchema(await createSchema(s.services));
    const trusted = new TrustedDocuments(trustedDocumentsOf(MANIFEST));
    const protection = graphqlProtection({ hideSuggestions: true, trusted });
    const documents = new CompiledDocuments({ schema: recording.schema, validationRules: protection.validationRules, parseOptions: protection.parseOptions, trusted, logger: createLogger('silent') });
    const texts = Object.values(MANIFEST).sort((a, b) => (operationOf(a)[1] === operationOf(b)[1] ? 0 : operationOf(a)[1] === 'query' ? -1 : 1));
    expect(texts.length).toBeGreaterThan(40);

    const compared: string[] = [];
    const byGraphqlJs: string[] = [];
    const withData: string[] = [];
    for (const text of texts) {
      const [, kind, name] = operationOf(text);
      const document: DocumentNode = parse(text);
      const variableValues = variablesOf(name);
      recording.replay(false);
      const expected = (await execute({ schema: recording.schema, document, operationName: name, variableValues, contextValue: adminContext() })) as ExecutionResult;
      recording.replay(true);
      // Twice: a document is compiled on its second use (the first runs graphql-js).
      await documents.execute({ document, operationName: name, variables: variableValues, context: adminContext() });
      const compiledBefore = documents.stats.compiled;
      const actual = await documents.execute({ document, operationName: name, variables: variableValues, context: adminContext() });
      if (documents.stats.compiled === compiledBefore) byGraphqlJs.push(name);
      expect({ name, answer: JSON.stringify(actual) }).toEqual({ name, answer: JSON.stringify(expected) });
      expect({ name, originals: actual.errors?.map((e) => e.originalError) }).toEqual({ name, originals: expected.errors?.map((e) => e.originalError) });
      compared.push(`${kind} ${name}`);
      if (Object.values((expected.data ?? {}) as Record<string, unknown>).some((v) => v !== null) && !expected.errors) withData.push(name);
    }
    expect(compared).toHaveLength(texts.length);
    // graphql-jit 0.8 does not apply the default of an input object's field given in a variable
    // (ArchiveWorkshopInput.archived: Boolean! = true) and refuses the variables: graphql-js runs
    // those requests (the answer above is still compared). Every other document ran compiled.
    expect(byGraphqlJs).toEqual(['ArchiveWorkshop']);
    // Not a vacuous comparison: most documents answered data without errors (the rest, errors).
    expect(withData.length).toBeGreaterThanOrEqual(26);
    recording.replay(false);
  });

  it('compiles every document of the manifest at start-up, and a stranger\'s document on its second use only', async () => {
    const { documents } = s.app;
    expect(documents.stats.compilations).toBeGreaterThanOrEqual(Object.keys(MANIFEST).length);
    const compilations = documents.stats.compilations;
    const post = (query: string) => fetch(`${s.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables: { id: 'zion-canyon-light' } }) });
    const stranger = 'query Mine($id: ID!) { participants(workshopId: $id) { totalParticipants } }';
    const first = await (await post(stranger)).text();
    expect(documents.stats.compilations).toBe(compilations);
    expect(await (await post(stranger)).text()).toBe(first);
    expect(documents.stats.compilations).toBe(compilations + 1);
    const direct = documents.stats.direct;
    expect(await (await post(stranger)).text()).toBe(first);
    expect(documents.stats.direct).toBe(direct + 1);
  });

  /** The same request answered by Apollo (an extension the answer cache and the direct path leave to Apollo) and then directly. */
  async function bothWays(body: Record<string, unknown>, accept?: string): Promise<{ apollo: Response; direct: Response; ranDirect: number }> {
    const headers = { 'content-type': 'application/json', ...(accept ? { accept } : {}), 'x-forwarded-for': '198.51.100.30' };
    const apollo = await fetch(`${s.url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ ...body, extensions: { viaApollo: true } }) });
    const before = s.app.documents.stats.direct;
    const direct = await fetch(`${s.url}/graphql`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { apollo, direct, ranDirect: s.app.documents.stats.direct - before };
  }
  const headersOf = (res: Response) => {
    const h = Object.fromEntries(res.headers);
    delete h['x-request-id'];
    delete h.date;
    return h;
  };

  it('answers the anonymous queries of the web app without Apollo\'s pipeline, byte for byte and header for header as Apollo does', async () => {
    const anonymous = ['Workshops', 'WorkshopDetail', 'Testimonials', 'Participants', 'CommunityMessages', 'CommunityWorkshop', 'BookingWorkshop', 'BookingConfirmation', 'BookingAccount', 'BookingCredits', 'PrivacyRetention'];
    // The browser's Accept (Apollo Client) and none at all (curl, autocannon): Apollo learns each first.
    for (const accept of ['application/graphql-response+json,application/json;q=0.9', undefined]) {
      await bothWays({ query: MANIFEST[Object.keys(MANIFEST).find((h) => MANIFEST[h].startsWith('query Testimonials'))!] }, accept);
      for (const name of anonymous) {
        const text = Object.values(MANIFEST).find((t) => operationOf(t)[2] === name)!;
        const { apollo, direct, ranDirect } = await bothWays({ operationName: name, query: text, variables: variablesOf(name) }, accept);
        const apolloText = await apollo.text();
        expect({ name, status: direct.status, body: await direct.text(), headers: headersOf(direct) }).toEqual({ name, status: apollo.status, body: apolloText, headers: headersOf(apollo) });
        // The catalog's reads may be answered from the answer cache instead; the others run directly.
        if (!['Workshops', 'WorkshopDetail', 'CommunityWorkshop', 'BookingWorkshop'].includes(name)) expect({ name, ranDirect }).toEqual({ name, ranDirect: 1 });
        expect(JSON.parse(apolloText).data).toBeTruthy();
      }
    }
  });

  it('a query whose answer has errors is answered by Apollo (formatted, with its status) without running twice', async () => {
    const text = Object.values(MANIFEST).find((t) => operationOf(t)[2] === 'BookingAccount')!;
    const wrong = { operationName: 'BookingAccount', query: text, variables: { bookingId, token: 'y'.repeat(43) } };
    const { apollo, direct, ranDirect } = await bothWays(wrong);
    expect(ranDirect).toBe(1);
    const body = await direct.text();
    expect(JSON.parse(body).errors[0].extensions.code).toBe('NOT_FOUND');
    expect({ status: direct.status, body, headers: headersOf(direct) }).toEqual({ status: apollo.status, body: await apollo.text(), headers: headersOf(apollo) });
  });

  it('bad variables get graphql-js\'s own 400 BAD_USER_INPUT, from a compiled document too', async () => {
    const text = Object.values(MANIFEST).find((t) => operationOf(t)[2] === 'Participants')!;
    for (const variables of [{}, { workshopId: true }, { workshopId: { a: 1 } }, { workshopId: null }]) {
      const { apollo, direct } = await bothWays({ operationName: 'Participants', query: text, variables });
      expect(direct.status).toBe(400);
      const body = await direct.json();
      expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(body.errors[0].message).toMatch(/^Variable "\$workshopId"/);
      expect(body).toEqual(await apollo.json());
    }
  });
});
