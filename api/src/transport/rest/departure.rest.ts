import type { FastifyPluginAsync } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import type { AdminAuthService } from '../../admin/admin-auth.service';
import type { DepartureService } from '../../departure/departure.service';
import { DEPARTURE_CSV_COLUMNS } from '../../departure/departure.service';
import type { DepartureMessageWithRecipients, DepartureTraveller, DepartureView } from '../../departure/departure.types';
import type { KnowBeforeYouGo } from '../../departure/know-before-you-go.entity';
import type { KnowBeforeYouGoService } from '../../departure/know-before-you-go.service';
import { DepartureArgs, DepartureReadinessArgs, GroupMessageInput, SetKnowBeforeYouGoInput } from '../../departure/departure.input';
import type { BookingAccountService } from '../../money/booking-account.service';
import { ManageBookingInput } from '../../money/booking-account.types';
import type { TravellerTasksService } from '../../traveller/traveller-tasks.service';
import { TravellerAccessInput } from '../../traveller/traveller.input';
import { validateInputOrThrow } from '../../infrastructure/validation';
import { refuseCrossSite, requireAdmin } from '../admin-guard';
import type { WriteLimit } from '../rate-limits';
import { defuseFormula } from './activity.rest';
import { parseRestInput } from './http';
import { type IdPath, manageLinkCheck } from './manage-link';
import { DEPARTURE_ROUTES } from './schemas/departure';

export function knowBeforeYouGoJson(k: KnowBeforeYouGo | null) {
  return (
    k && {
      workshop_id: k.workshopId,
      meeting_address: k.meetingAddress,
      meeting_map_url: k.meetingMapUrl,
      meeting_time: k.meetingTime,
      weather: k.weather,
      what_to_bring: k.whatToBring,
      emergency_phone: k.emergencyPhone,
      updated_at: k.updatedAt.toISOString(),
    }
  );
}

function travellerJson(t: DepartureTraveller) {
  return {
    traveller_id: t.travellerId,
    booking_id: t.bookingId,
    booking_reference: t.bookingReference,
    position: t.position,
    is_booker: t.isBooker,
    name: t.name,
    named: t.named,
    email: t.email,
    age: t.age,
    room_type: t.roomType,
    health_concerns: t.healthConcerns,
    dietary_restrictions: t.dietaryRestrictions,
    emergency_contact_name: t.emergencyContactName,
    emergency_contact_phone: t.emergencyContactPhone,
    emergency_contact_email: t.emergencyContactEmail,
    arrival: t.arrival,
    roommate_preference: t.roommatePreference,
    readiness: t.readiness && { done: t.readiness.done, total: t.readiness.total, missing: t.readiness.missing },
  };
}

function messageJson({ message: m, recipients }: DepartureMessageWithRecipients) {
  return {
    id: m.id,
    kind: m.kind,
    subject: m.subject,
    body: m.body,
    includes_waitlist: m.includesWaitlist,
    created_at: m.createdAt.toISOString(),
    recipients: recipients.map((r) => ({ name: r.name, email: r.email, audience: r.audience, delivery: r.delivery, sent_at: r.sentAt ? r.sentAt.toISOString() : null })),
  };
}

function departureJson(v: DepartureView) {
  return {
    workshop_id: v.workshopId,
    workshop_name: v.workshopName,
    dates: v.dates,
    start_date: v.startDate,
    time_zone: v.timeZone,
    traveller_count: v.travellerCount,
    ready_count: v.readyCount,
    travellers: v.travellers.map(travellerJson),
    rooms: v.rooms.map((r) => ({ room_type: r.roomType, occupants: r.occupants, note: r.note })),
    know_before_you_go: knowBeforeYouGoJson(v.knowBeforeYouGo),
    messages: v.messages.map(messageJson),
  };
}

export interface AdminDepartureRouteDeps {
  adminAuth: AdminAuthService;
  knowBeforeYouGo: KnowBeforeYouGoService;
  departures: DepartureService;
  publicOrigin: string | undefined;
  secureCookies: boolean;
}

/**
 * The admin's departure calls under /api/admin (docs/decisions/087, 088):
 * know before you go per workshop run, the departure view (JSON and CSV) and
 * messages to the group, behind the admin guards (own pages only for writes).
 */
export function adminDepartureRoutes(deps: AdminDepartureRouteDeps): FastifyPluginAsync {
  const { knowBeforeYouGo, departures } = deps;
  const workshopIdOf = async (id: string) => (await validateInputOrThrow(DepartureArgs, { workshopId: id })).workshopId;
  return async (app) => {
    app.addHook('preHandler', refuseCrossSite(deps.publicOrigin));
    app.addHook('preHandler', requireAdmin(deps.adminAuth, { secureCookies: deps.secureCookies }));

    app.get<IdPath>('/workshops/:id/know-before-you-go', { schema: DEPARTURE_ROUTES.getKnowBeforeYouGo }, async (req) => {
      return knowBeforeYouGoJson(await knowBeforeYouGo.getOrThrow(await workshopIdOf(req.params.id)));
    });
    app.put<IdPath>('/workshops/:id/know-before-you-go', { schema: DEPARTURE_ROUTES.putKnowBeforeYouGo }, async (req) => {
      const input = await parseRestInput(SetKnowBeforeYouGoInput, req, { workshopId: req.params.id });
      return knowBeforeYouGoJson(await knowBeforeYouGo.setOrThrow(input));
    });
    // ?workshop_ids=a,b: readiness at a glance beside go/no-go.
    app.get<{ Querystring: { workshop_ids?: string } }>('/departure-readiness', { schema: DEPARTURE_ROUTES.readiness }, async (req) => {
      const ids = req.query.workshop_ids;
      const { workshopIds } = await validateInputOrThrow(DepartureReadinessArgs, { workshopIds: typeof ids === 'string' && ids !== '' ? ids.split(',') : [] });
      return (await departures.readiness(workshopIds)).map((r) => ({ workshop_id: r.workshopId, traveller_count: r.travellerCount, ready_count: r.readyCount }));
    });
    app.get<IdPath>('/departures/:id', { schema: DEPARTURE_ROUTES.view }, async (req) => {
      return departureJson(await departures.viewOrThrow(await workshopIdOf(req.params.id)));
    });
    app.get<IdPath>('/departures/:id/roster.csv', { schema: DEPARTURE_ROUTES.csv }, async (req, reply) => {
      const { workshop, records } = await departures.csvRecordsOrThrow(await workshopIdOf(req.params.id));
      const rows = records.map((r) => Object.fromEntries(DEPARTURE_CSV_COLUMNS.map((c) => [c, defuseFormula(r[c])])));
      const csv = stringify(rows, { header: true, columns: [...DEPARTURE_CSV_COLUMNS], record_delimiter: 'windows', bom: true });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="departure-${workshop.id}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    });
    app.post<IdPath>('/departures/:id/messages/preview', { schema: DEPARTURE_ROUTES.preview }, async (req) => {
      const input = await parseRestInput(GroupMessageInput, req, { workshopId: req.params.id });
      return departures.previewOrThrow(input);
    });
    app.post<IdPath>('/departures/:id/messages', { schema: DEPARTURE_ROUTES.send }, async (req, reply) => {
      const input = await parseRestInput(GroupMessageInput, req, { workshopId: req.params.id });
      return reply.code(201).send(messageJson(await departures.sendOrThrow(input)));
    });
  };
}

const myDepartureJson = (d: Awaited<ReturnType<DepartureService['forBooking']>>) => ({
  know_before_you_go: knowBeforeYouGoJson(d.knowBeforeYouGo),
  messages: d.messages.map((x) => ({ id: x.id, subject: x.subject, body: x.body, sent_at: x.sentAt.toISOString() })),
});

/**
 * GET /api/manage/{id}/departure (the booker's manage link) and
 * GET /api/travellers/{id}/departure (a traveller's own link, X-Traveller-Token;
 * or the booker's, X-Manage-Token with ?booking_id=): know before you go and the
 * messages from the instructor (validate → count → act).
 */
export function manageDepartureRoutes(accounts: Pick<BookingAccountService, 'authorizeOrThrow'>, travellers: Pick<TravellerTasksService, 'authorizeOrThrow'>, departures: DepartureService, secretCheck: WriteLimit): FastifyPluginAsync {
  return async (app) => {
    app.get<IdPath & { Querystring: { booking_id?: string } }>('/travellers/:id/departure', { schema: DEPARTURE_ROUTES.travellerDeparture }, async (req) => {
      const header = req.headers['x-traveller-token'] ?? req.headers['x-manage-token'];
      const input = await validateInputOrThrow(TravellerAccessInput, { travellerId: req.params.id, token: typeof header === 'string' ? header : undefined, bookingId: req.query.booking_id });
      await secretCheck(req);
      const { booking } = await travellers.authorizeOrThrow(input);
      return myDepartureJson(await departures.forBooking(booking));
    });
    const authorize = manageLinkCheck(accounts, secretCheck);
    app.get<IdPath>('/manage/:id/departure', { schema: DEPARTURE_ROUTES.manage }, async (req) => {
      const { booking } = await authorize(req, ManageBookingInput);
      return myDepartureJson(await departures.forBooking(booking));
    });
  };
}
