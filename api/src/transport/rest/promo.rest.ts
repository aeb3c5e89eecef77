import type { FastifyPluginAsync } from 'fastify';
import type { AdminAuthService } from '../../admin/admin-auth.service';
import type { PromoCodeService } from '../../promo/promo.service';
import type { PromoCode } from '../../promo/promo-code.entity';
import { CreatePromoCodeInput, type PromoQuote, PromoQuoteInput, SetPromoCodePausedInput } from '../../promo/promo.input';
import { refuseCrossSite, requireAdmin } from '../admin-guard';
import type { WriteLimit } from '../rate-limits';
import { parseRestInput } from './http';
import { PROMO_ROUTES } from './schemas/promo';

/** A promo code as the admin reads it (snake_case). */
export function promoCodeJson(p: PromoCode) {
  return {
    id: p.id,
    code: p.code,
    kind: p.kind,
    percent_off: p.percentOff,
    amount_off_cents: p.amountOffCents,
    amount_off: p.amountOff,
    workshop_ids: p.workshopIds,
    valid_from: p.validFrom?.toISOString() ?? null,
    valid_until: p.validUntil?.toISOString() ?? null,
    max_uses: p.maxUses,
    max_uses_per_email: p.maxUsesPerEmail,
    min_participants: p.minParticipants,
    paused: p.paused,
    uses_count: p.usesCount,
    created_at: p.createdAt.toISOString(),
  };
}

function quoteJson(q: PromoQuote) {
  return {
    promo_code: q.promoCode,
    subtotal_cents: q.subtotalCents,
    discount_cents: q.discountCents,
    total_cents: q.totalCents,
    due_now_cents: q.dueNowCents,
    installments: q.installments,
  };
}

/** POST /api/promo-codes/quote: the booking form's price with a code (the same service method as GraphQL's promoQuote). */
export function promoQuoteRoutes(promos: PromoCodeService, secretCheck: WriteLimit): FastifyPluginAsync {
  return async (app) => {
    app.post('/promo-codes/quote', { schema: PROMO_ROUTES.quote }, async (req) => {
      const input = await parseRestInput(PromoQuoteInput, req);
      await secretCheck(req);
      return quoteJson(await promos.quoteOrThrow(input));
    });
  };
}

export interface AdminPromoRouteDeps {
  adminAuth: AdminAuthService;
  promos: PromoCodeService;
  publicOrigin: string | undefined;
  secureCookies: boolean;
}

type IdPath = { Params: { id: string } };

/** /api/admin/promo-codes: list, create, pause and resume (docs/decisions/096), behind the admin guards. */
export function adminPromoRoutes(deps: AdminPromoRouteDeps): FastifyPluginAsync {
  const { promos } = deps;
  return async (app) => {
    app.addHook('preHandler', refuseCrossSite(deps.publicOrigin));
    app.addHook('preHandler', requireAdmin(deps.adminAuth, { secureCookies: deps.secureCookies }));

    app.get('/', { schema: PROMO_ROUTES.list }, async () => (await promos.list()).map(promoCodeJson));
    app.post('/', { schema: PROMO_ROUTES.create }, async (req, reply) => {
      const input = await parseRestInput(CreatePromoCodeInput, req);
      return reply.code(201).send(promoCodeJson(await promos.createOrThrow(input)));
    });
    app.put<IdPath>('/:id/paused', { schema: PROMO_ROUTES.pause }, async (req) => {
      const input = await parseRestInput(SetPromoCodePausedInput, req, { id: req.params.id });
      return promoCodeJson(await promos.setPausedOrThrow(input.id, input.paused));
    });
  };
}
