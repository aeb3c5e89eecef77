import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AdminAuthService } from '../../admin/admin-auth.service';
import { snakeBodyToCamel } from '../../infrastructure/case';
import { clientKey } from '../../infrastructure/rate-limit';
import { inputFieldNames, validateInputOrThrow } from '../../infrastructure/validation';
import type { TravellerTasksService } from '../../traveller/traveller-tasks.service';
import { NameTravellerInput, SaveWaiverInput, SignWaiverInput, TravellerAccessInput, TravellerGearInput, TravellerHealthInput, TravellerTravelInput } from '../../traveller/traveller.input';
import type { BookingTravellers, TravellerReadiness, TravellerTasks, WorkshopWaiver } from '../../traveller/traveller.objects';
import { refuseCrossSite, requireAdmin } from '../admin-guard';
import type { WriteLimit } from '../rate-limits';
import { jsonObjectBody } from './http';
import { TRAVELLER_ROUTES } from './schemas/traveller';

const readinessJson = (r: TravellerReadiness) => ({ tasks_done: r.tasksDone, tasks_total: r.tasksTotal, missing: r.missing });
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A traveller's tasks page in snake_case. */
export function travellerTasksJson(t: TravellerTasks) {
  return {
    traveller_id: t.travellerId,
    booking_id: t.bookingId,
    position: t.position,
    name: t.name,
    email: t.email,
    workshop_id: t.workshopId,
    workshop_name: t.workshopName,
    start_date: t.startDate,
    end_date: t.endDate,
    workshop_type: t.workshopType,
    room_type: t.roomType,
    deadline: t.deadline,
    waiver: { version: t.waiver.version, text: t.waiver.text, content_hash: t.waiver.contentHash, signed: t.waiver.signed, signed_name: t.waiver.signedName, signed_at: iso(t.waiver.signedAt) },
    age: t.age,
    health_concerns: t.healthConcerns,
    dietary_restrictions: t.dietaryRestrictions,
    emergency_contact_name: t.emergencyContactName,
    emergency_contact_phone: t.emergencyContactPhone,
    emergency_contact_email: t.emergencyContactEmail,
    health_confirmed_at: iso(t.healthConfirmedAt),
    arrival_date: t.arrivalDate,
    arrival_time: t.arrivalTime,
    arrival_by: t.arrivalBy,
    flight_number: t.flightNumber,
    roommate_preference: t.roommatePreference,
    roommate_name: t.roommateName,
    travel_confirmed_at: iso(t.travelConfirmedAt),
    gear: t.gear.map((g) => ({ id: g.id, label: g.label, required: g.required, ticked: g.ticked })),
    readiness: readinessJson(t.readiness),
  };
}

export function bookingTravellersJson(b: BookingTravellers) {
  return {
    booking_id: b.bookingId,
    deadline: b.deadline,
    can_edit_travellers: b.canEditTravellers,
    travellers: b.travellers.map((t) => ({ traveller_id: t.travellerId, position: t.position, name: t.name, email: t.email, readiness: readinessJson(t.readiness) })),
  };
}

export function workshopWaiverJson(w: WorkshopWaiver) {
  const v = (x: WorkshopWaiver['current']) => ({ version: x.version, text: x.text, content_hash: x.contentHash, created_at: iso(x.createdAt) });
  return { workshop_id: w.workshopId, current: v(w.current), versions: w.versions.map(v) };
}

type IdPath = { Params: { id: string } };

/**
 * The link's token: the X-Traveller-Token header (the traveller's own link) or
 * X-Manage-Token (the booker's, with booking_id), else the JSON body's `token`.
 * Never the query string: the token stays out of every URL we could log.
 */
function accessOf(req: FastifyRequest<IdPath>): Record<string, unknown> {
  const body = snakeBodyToCamel(req.body);
  const query = (req.query ?? {}) as Record<string, unknown>;
  const header = req.headers['x-traveller-token'] ?? req.headers['x-manage-token'];
  return {
    ...body,
    travellerId: req.params.id,
    token: typeof header === 'string' ? header : body.token,
    bookingId: body.bookingId ?? query.booking_id ?? undefined,
  };
}

/** /api/travellers/{id}/...: each traveller's tasks, through their link or the booker's (validate → limit → act). */
export function travellerRoutes(tasks: TravellerTasksService, secretCheck: WriteLimit): FastifyPluginAsync {
  return async (app) => {
    app.get<IdPath>('/travellers/:id', { schema: TRAVELLER_ROUTES.read }, async (req) => {
      const input = await validateInputOrThrow(TravellerAccessInput, accessOf(req), inputFieldNames(TravellerAccessInput));
      await secretCheck(req);
      return travellerTasksJson(await tasks.viewOrThrow(input));
    });

    app.post<IdPath>('/travellers/:id/waiver', { schema: TRAVELLER_ROUTES.signWaiver }, async (req) => {
      jsonObjectBody(req);
      const input = await validateInputOrThrow(SignWaiverInput, accessOf(req), inputFieldNames(SignWaiverInput));
      await secretCheck(req);
      return travellerTasksJson(await tasks.signWaiverOrThrow(input, { ip: clientKey(req), userAgent: req.headers['user-agent'] ?? '' }));
    });

    app.put<IdPath>('/travellers/:id/health', { schema: TRAVELLER_ROUTES.health }, async (req) => {
      jsonObjectBody(req);
      const input = await validateInputOrThrow(TravellerHealthInput, accessOf(req), inputFieldNames(TravellerHealthInput));
      await secretCheck(req);
      return travellerTasksJson(await tasks.saveHealthOrThrow(input));
    });

    app.put<IdPath>('/travellers/:id/travel', { schema: TRAVELLER_ROUTES.travel }, async (req) => {
      jsonObjectBody(req);
      const input = await validateInputOrThrow(TravellerTravelInput, accessOf(req), inputFieldNames(TravellerTravelInput));
      await secretCheck(req);
      return travellerTasksJson(await tasks.saveTravelOrThrow(input));
    });

    app.put<IdPath>('/travellers/:id/gear', { schema: TRAVELLER_ROUTES.gear }, async (req) => {
      jsonObjectBody(req);
      const input = await validateInputOrThrow(TravellerGearInput, accessOf(req), inputFieldNames(TravellerGearInput));
      await secretCheck(req);
      return travellerTasksJson(await tasks.saveGearOrThrow(input));
    });

    // The manage page: the booking's travellers and their progress; the booker names the others.
    app.get<IdPath>('/manage/:id/travellers', { schema: TRAVELLER_ROUTES.bookingTravellers }, async (req) => {
      const token = req.headers['x-manage-token'] ?? snakeBodyToCamel(req.body).token;
      await secretCheck(req);
      return bookingTravellersJson(await tasks.bookingTravellersOrThrow(req.params.id, typeof token === 'string' ? token : ''));
    });

    app.put<{ Params: { id: string; travellerId: string } }>('/manage/:id/travellers/:travellerId', { schema: TRAVELLER_ROUTES.nameTraveller }, async (req) => {
      const body = snakeBodyToCamel(jsonObjectBody(req));
      const header = req.headers['x-manage-token'];
      const input = await validateInputOrThrow(NameTravellerInput, { name: body.name, email: body.email, bookingId: req.params.id, travellerId: req.params.travellerId, token: typeof header === 'string' ? header : body.token });
      await secretCheck(req);
      return bookingTravellersJson(await tasks.nameTravellerOrThrow(input));
    });
  };
}

export interface AdminTravellerRouteDeps {
  adminAuth: AdminAuthService;
  tasks: TravellerTasksService;
  publicOrigin: string | undefined;
  secureCookies: boolean;
}

/** /api/admin: a workshop's waiver versions, a new version, and a traveller's signed copy (PDF). */
export function adminTravellerRoutes(deps: AdminTravellerRouteDeps): FastifyPluginAsync {
  const { tasks } = deps;
  return async (app) => {
    app.addHook('preHandler', refuseCrossSite(deps.publicOrigin));
    app.addHook('preHandler', requireAdmin(deps.adminAuth, { secureCookies: deps.secureCookies }));

    app.get<IdPath>('/workshops/:id/waiver', { schema: TRAVELLER_ROUTES.adminWaiver }, async (req) => workshopWaiverJson(await tasks.waiverOrThrow(req.params.id)));

    app.put<IdPath>('/workshops/:id/waiver', { schema: TRAVELLER_ROUTES.adminSaveWaiver }, async (req) => {
      const body = snakeBodyToCamel(jsonObjectBody(req));
      const input = await validateInputOrThrow(SaveWaiverInput, { text: body.text, workshopId: req.params.id });
      return workshopWaiverJson(await tasks.saveWaiverOrThrow(input));
    });

    app.get<IdPath>('/travellers/:id/waiver.pdf', { schema: TRAVELLER_ROUTES.adminSignedPdf }, async (req, reply) => {
      const { filename, pdf } = await tasks.signedPdfOrThrow(req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    });
  };
}
