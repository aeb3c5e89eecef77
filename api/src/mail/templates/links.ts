import type { MailContext } from './layout';

/** Every site address a mail links to (the web's routes, spec section 2). */
export const urls = (ctx: MailContext) => ({
  confirmation: (bookingId: string) => `${ctx.origin}/confirmation/${encodeURIComponent(bookingId)}`,
  booking: (workshopId: string) => `${ctx.origin}/booking/${encodeURIComponent(workshopId)}`,
  workshop: (workshopId: string) => `${ctx.origin}/workshop/${encodeURIComponent(workshopId)}`,
  community: (workshopId: string) => `${ctx.origin}/workshop/${encodeURIComponent(workshopId)}/community`,
  equipment: () => `${ctx.origin}/equipment`,
  cancellationPolicy: () => `${ctx.origin}/cancellation-policy`,
  admin: () => `${ctx.origin}/admin/dashboard`,
});
