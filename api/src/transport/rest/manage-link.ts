import type { FastifyRequest } from 'fastify';
import type { BookingAccountService } from '../../money/booking-account.service';
import type { Booking } from '../../booking/booking.entity';
import { snakeBodyToCamel } from '../../infrastructure/case';
import { validateInputOrThrow } from '../../infrastructure/validation';
import type { WriteLimit } from '../rate-limits';

export type IdPath = { Params: { id: string } };

/**
 * The token of the manage link, from the X-Manage-Token header (preferred: never
 * in an access log), the JSON body, or the query string (redacted from our logs).
 */
function tokenOf(req: FastifyRequest): unknown {
  const header = req.headers['x-manage-token'];
  if (typeof header === 'string') return header;
  const body = snakeBodyToCamel(req.body);
  if (body.token !== undefined) return body.token;
  return (req.query as Record<string, unknown> | undefined)?.token;
}

/**
 * The manage link's check of a call under /api/manage/{id}, in the order the
 * GraphQL fields follow too (graphql/manage-link.ts): the input validated (the
 * path's id, the link's token and `fields` from the body), the check counted per
 * client, then the booking behind the link (NOT_FOUND for a wrong token).
 */
export function manageLinkCheck(accounts: Pick<BookingAccountService, 'authorizeOrThrow'>, secretCheck: WriteLimit) {
  return async <T extends { bookingId: string; token: string }>(req: FastifyRequest<IdPath>, cls: new () => T, fields: Record<string, unknown> = {}): Promise<{ booking: Booking; input: T }> => {
    const input = await validateInputOrThrow(cls, { ...fields, bookingId: req.params.id, token: tokenOf(req) });
    await secretCheck(req);
    return { booking: await accounts.authorizeOrThrow(input.bookingId, input.token), input };
  };
}
