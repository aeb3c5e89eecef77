import type { FastifyPluginAsync } from 'fastify';
import type { AdminAuthService } from '../../admin/admin-auth.service';
import type { BookingAccountService } from '../../money/booking-account.service';
import type { GiftCardService } from '../../gift-card/gift-card.service';
import type { GiftCard, GiftCardUse } from '../../gift-card/gift-card.entity';
import { choicesOf, CodeBalanceInput, GiftCardCodeInput, GiftCardPurchaseInput, IssueGiftCardInput, PayWithGiftCardInput } from '../../gift-card/gift-card.input';
import { validateInputOrThrow } from '../../infrastructure/validation';
import { snakeBodyToCamel } from '../../infrastructure/case';
import { centsToDollars } from '../../shared/money';
import { refuseCrossSite, requireAdmin } from '../admin-guard';
import type { WriteLimit } from '../rate-limits';
import { GIFT_CARD_ROUTES } from './schemas/gift-card';
import { type IdPath, manageLinkCheck } from './manage-link';

export const adminGiftCardJson = (c: GiftCard, uses: GiftCardUse[] = []) => ({
  id: c.id,
  code: c.code,
  kind: c.kind,
  state: c.state,
  amount: c.amount,
  balance: c.balance,
  workshop_id: c.workshopId,
  buyer_name: c.buyerName,
  buyer_email: c.buyerEmail,
  recipient_name: c.recipientName,
  recipient_email: c.recipientEmail,
  deliver_on: c.deliverOn,
  delivered_at: c.deliveredAt?.toISOString() ?? null,
  created_at: c.createdAt.toISOString(),
  paid_at: c.paidAt?.toISOString() ?? null,
  expires_at: c.expiresAt.toISOString(),
  uses: uses.map((u) => ({ booking_id: u.bookingId, amount: u.amount, used_at: u.usedAt.toISOString() })),
});

/**
 * The public gift card calls (docs/decisions/094): buy (the checkout limit),
 * the thank-you page's poll, a code's balance and the printable card (codes
 * are secrets: POST bodies, never URLs, and the secret-check limit per client),
 * and paying a booking's next charge through its manage link.
 */
export function giftCardRoutes(giftCards: GiftCardService, accounts: Pick<BookingAccountService, 'authorizeOrThrow'>, checkout: WriteLimit, secretCheck: WriteLimit): FastifyPluginAsync {
  return async (app) => {
    app.post('/gift-cards', { schema: GIFT_CARD_ROUTES.purchase }, async (req, reply) => {
      const input = await validateInputOrThrow(GiftCardPurchaseInput, snakeBodyToCamel(req.body));
      await checkout(req);
      const r = await giftCards.purchaseOrThrow(input);
      return reply.code(201).send({ gift_card_id: r.giftCardId, url: r.url, session_id: r.sessionId });
    });
    app.get<{ Params: { sessionId: string } }>('/gift-cards/purchase/:sessionId', { schema: GIFT_CARD_ROUTES.purchaseStatus }, async (req) => {
      const s = await giftCards.purchaseStatusOrThrow(req.params.sessionId);
      return { state: s.state, amount: centsToDollars(s.amountCents), deliver_on: s.deliverOn, recipient_name: s.recipientName };
    });
    app.post('/gift-cards/balance', { schema: GIFT_CARD_ROUTES.balance }, async (req) => {
      const input = await validateInputOrThrow(CodeBalanceInput, snakeBodyToCamel(req.body));
      await secretCheck(req);
      const b = await giftCards.quoteOrThrow(input.code, choicesOf(input));
      return {
        code: b.code,
        kind: b.kind,
        balance: centsToDollars(b.balanceCents),
        balance_cents: b.balanceCents,
        expires_at: b.expiresAt.toISOString(),
        usable: b.usable,
        total_cents: b.totalCents ?? null,
        due_now_cents: b.dueNowCents ?? null,
        covers_cents: b.coversCents ?? null,
        left_to_pay_now_cents: b.leftToPayNowCents ?? null,
        balance_after_cents: b.balanceAfterCents ?? null,
      };
    });
    app.post('/gift-cards/card', { schema: GIFT_CARD_ROUTES.card }, async (req) => {
      const input = await validateInputOrThrow(GiftCardCodeInput, snakeBodyToCamel(req.body));
      await secretCheck(req);
      const c = await giftCards.printableOrThrow(input.code);
      return { code: c.code, recipient_name: c.recipientName, buyer_name: c.buyerName, message: c.message, amount: c.amount, balance: c.balance, workshop_id: c.workshopId, expires_at: c.expiresAt.toISOString(), kind: c.kind };
    });
    const authorize = manageLinkCheck(accounts, secretCheck);
    app.post<IdPath>('/manage/:id/gift-card', { schema: GIFT_CARD_ROUTES.managePay }, async (req) => {
      const { booking, input } = await authorize(req, PayWithGiftCardInput, { code: snakeBodyToCamel(req.body).code });
      const r = await giftCards.payWithGiftCardOrThrow(booking.id, input.code);
      return { spent: centsToDollars(r.spentCents), balance_left: centsToDollars(r.balanceLeftCents) };
    });
  };
}

export interface AdminGiftCardRouteDeps {
  adminAuth: AdminAuthService;
  giftCards: GiftCardService;
  publicOrigin: string | undefined;
  secureCookies: boolean;
}

/** /api/admin/gift-cards: list, issue by hand, void an unused one, refund an unused purchase (docs/decisions/094). */
export function adminGiftCardRoutes(deps: AdminGiftCardRouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.addHook('preHandler', refuseCrossSite(deps.publicOrigin));
    app.addHook('preHandler', requireAdmin(deps.adminAuth, { secureCookies: deps.secureCookies }));
    app.get('/gift-cards', { schema: GIFT_CARD_ROUTES.adminList }, async () => (await deps.giftCards.listForAdmin()).map((r) => adminGiftCardJson(r.card, r.uses)));
    app.post('/gift-cards', { schema: GIFT_CARD_ROUTES.adminIssue }, async (req, reply) => {
      const input = await validateInputOrThrow(IssueGiftCardInput, snakeBodyToCamel(req.body));
      return reply.code(201).send(adminGiftCardJson(await deps.giftCards.issueOrThrow(input)));
    });
    app.post<IdPath>('/gift-cards/:id/void', { schema: GIFT_CARD_ROUTES.adminVoid }, async (req) => adminGiftCardJson(await deps.giftCards.voidOrThrow(req.params.id)));
    app.post<IdPath>('/gift-cards/:id/refund', { schema: GIFT_CARD_ROUTES.adminRefund }, async (req) => adminGiftCardJson(await deps.giftCards.refundOrThrow(req.params.id)));
  };
}
