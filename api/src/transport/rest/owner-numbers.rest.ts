import type { FastifyPluginAsync } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import type { AdminAuthService } from '../../admin/admin-auth.service';
import { LEDGER_COLUMNS, ledgerCells, type OwnerNumbersService } from '../../admin/owner-numbers.service';
import { type GiftCardFigures, type LedgerLine, type OwnerDashboard, OwnerPeriodArgs } from '../../admin/owner-numbers.types';
import { validateInputOrThrow } from '../../infrastructure/validation';
import { requireAdmin } from '../admin-guard';
import { defuseFormula } from './activity.rest';
import { ADMIN_ROUTES } from './schemas/admin';

type PeriodQuery = { Querystring: Record<string, unknown> };

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const periodOrThrow = (q: Record<string, unknown>) => validateInputOrThrow(OwnerPeriodArgs, { from: text(q.from), to: text(q.to) });

export function dashboardJson(d: OwnerDashboard) {
  return {
    from: d.from,
    to: d.to,
    received_cents: d.receivedCents,
    refunded_cents: d.refundedCents,
    net_cents: d.netCents,
    money: d.money.map((m) => ({ month: m.month, received_cents: m.receivedCents, refunded_cents: m.refundedCents, net_cents: m.netCents })),
    to_come: d.toCome.map((m) => ({ month: m.month, balances_cents: m.balancesCents, installments_cents: m.installmentsCents, total_cents: m.totalCents })),
    occupancy: d.occupancy.map((o) => ({ workshop_id: o.workshopId, name: o.name, dates: o.dates, capacity: o.capacity, sold: o.sold, held: o.held, free: o.free, minimum: o.minimum })),
    payment_options: d.paymentOptions.map((p) => ({ option: p.option, bookings: p.bookings })),
    gift_cards: { ...giftCardFiguresJson(d.giftCards), months: d.giftCards.months.map((g) => ({ month: g.month, ...giftCardFiguresJson(g) })) },
    promo_codes: {
      uses: d.promoCodes.uses,
      discount_cents: d.promoCodes.discountCents,
      months: d.promoCodes.months.map((p) => ({ month: p.month, uses: p.uses, discount_cents: p.discountCents })),
      codes: d.promoCodes.codes.map((c) => ({ code: c.code, uses: c.uses, discount_cents: c.discountCents, paid_cents: c.paidCents })),
    },
  };
}

const giftCardFiguresJson = (g: GiftCardFigures) => ({
  sold_count: g.soldCount,
  sold_cents: g.soldCents,
  issued_cents: g.issuedCents,
  redeemed_cents: g.redeemedCents,
  voided_cents: g.voidedCents,
  refunded_cents: g.refundedCents,
  expired_cents: g.expiredCents,
  outstanding_cents: g.outstandingCents,
});

export const ledgerLineJson = (l: LedgerLine) => ({
  kind: l.kind,
  date: l.date,
  amount_cents: l.amountCents,
  method: l.method,
  purpose: l.purpose,
  stripe_id: l.stripeId,
  booking_id: l.bookingId,
  booking_reference: l.bookingReference,
  customer_name: l.customerName,
  workshop_id: l.workshopId,
  workshop_name: l.workshopName,
  gift_card: l.giftCard,
  promo_code: l.promoCode,
});

/** The accountant's CSV: a header, one line per payment or refund; text a customer or the admin typed is defused (CSV injection). */
export function ledgerCsv(lines: LedgerLine[]): string {
  const TEXT = new Set(['customer_name', 'workshop_name', 'promo_code']);
  const rows = lines.map((l) => ledgerCells(l).map((c, i) => (TEXT.has(LEDGER_COLUMNS[i]) ? defuseFormula(c) : c)));
  return stringify(rows, { header: true, columns: [...LEDGER_COLUMNS], record_delimiter: 'windows', bom: true });
}

/**
 * GET /api/admin/dashboard, /api/admin/ledger (JSON) and /api/admin/ledger.csv, each for
 * ?from=YYYY-MM&to=YYYY-MM (default: the last 12 months). Behind the admin guard.
 */
export function ownerNumbersRoutes(deps: { adminAuth: AdminAuthService; numbers: OwnerNumbersService; secureCookies: boolean }): FastifyPluginAsync {
  return async (app) => {
    app.addHook('preHandler', requireAdmin(deps.adminAuth, { secureCookies: deps.secureCookies }));
    app.get<PeriodQuery>('/dashboard', { schema: ADMIN_ROUTES.ownerDashboard }, async (req) => dashboardJson(await deps.numbers.dashboard(await periodOrThrow(req.query))));
    app.get<PeriodQuery>('/ledger', { schema: ADMIN_ROUTES.ledger }, async (req) => (await deps.numbers.ledger(await periodOrThrow(req.query))).map(ledgerLineJson));
    app.get<PeriodQuery>('/ledger.csv', { schema: ADMIN_ROUTES.ledgerCsv }, async (req, reply) => {
      const period = deps.numbers.periodOrThrow(await periodOrThrow(req.query));
      const csv = ledgerCsv(await deps.numbers.ledger(period));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="ledger-${period.from}-to-${period.to}.csv"`)
        .send(csv);
    });
  };
}
