import type { FastifyPluginAsync } from 'fastify';
import type { AdminAuthService } from '../../admin/admin-auth.service';
import type { CustomerErasure, PersonalDataService } from '../../privacy/personal-data.service';
import { EraseCustomerInput } from '../../privacy/personal-data.input';
import { refuseCrossSite, requireAdmin } from '../admin-guard';
import { parseRestInput } from './http';
import { PRIVACY_ROUTES } from './schemas/privacy';

export interface PrivacyRouteDeps {
  adminAuth: AdminAuthService;
  personalData: PersonalDataService;
  publicOrigin: string | undefined;
  secureCookies: boolean;
}

const erasureJson = (e: CustomerErasure) => ({
  request_id: e.requestId,
  bookings: e.bookings,
  travellers: e.travellers,
  messages: e.messages,
  reviews: e.reviews,
  waitlist_entries: e.waitlistEntries,
  mails: e.mails,
  credits: e.credits,
  audit_entries: e.auditEntries,
});

/**
 * /api/admin/customers: a customer's data on their request (docs/decisions/101),
 * behind the admin guards. POST so the address travels in the body, never in a URL or a log line.
 */
export function privacyRoutes(deps: PrivacyRouteDeps): FastifyPluginAsync {
  const { personalData } = deps;
  return async (app) => {
    app.addHook('preHandler', refuseCrossSite(deps.publicOrigin));
    app.addHook('preHandler', requireAdmin(deps.adminAuth, { secureCookies: deps.secureCookies }));

    app.post('/export', { schema: PRIVACY_ROUTES.export }, async (req, reply) => {
      const { email } = await parseRestInput(EraseCustomerInput, req);
      const data = await personalData.exportOf(email);
      return reply.header('cache-control', 'no-store').send({ email: data.email, exported_at: data.exportedAt, sections: data.sections });
    });
    app.post('/export.csv', { schema: PRIVACY_ROUTES.exportCsv }, async (req, reply) => {
      const { email } = await parseRestInput(EraseCustomerInput, req);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="customer-data.csv"')
        .header('cache-control', 'no-store')
        .send(await personalData.exportCsvOf(email));
    });
    app.post('/erase', { schema: PRIVACY_ROUTES.erase }, async (req) => erasureJson(await personalData.eraseOrThrow((await parseRestInput(EraseCustomerInput, req)).email)));
  };
}
