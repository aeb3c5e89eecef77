import type { AdminAuthService, AdminClient } from '../../admin/admin-auth.service';
import type { WorkshopService } from '../../workshop/workshop.service';
import type { AppError } from '../../infrastructure/errors';
import { checkAdmin } from '../admin-guard';
import { createLoaders, type Loaders } from './loaders';

/**
 * What a resolver may know about the request it serves: facts only. Services
 * come through each resolver's constructor (schema.ts), never through here.
 */
export interface GraphQLContext {
  /** Who is asking, for rate limits and the login throttle (the proxy-aware client IP). */
  clientKey: string;
  /** The client for the admin throttles: its IP and known-device cookie. */
  adminClient: AdminClient;
  /** Keep a known-device token on the client (a cookie); a no-op where there is no reply (server rendering). */
  rememberAdminDevice(deviceToken: string): void;
  /** True when the request carries a valid admin credential. */
  isAdmin: boolean;
  /** Why isAdmin is false (no credential, a wrong one, throttled): the error admin fields answer. */
  adminError?: AppError;
  /** Per-request DataLoaders (graphql/loaders.ts). */
  loaders: Loaders;
  /** Count one write against this client's limit (the same count as the REST route's); throws RATE_LIMITED past it. */
  consume(limit: WriteLimitName): Promise<void>;
}

export type WriteLimitName = 'booking' | 'checkout' | 'messagePost' | 'waitlistJoin' | 'secretCheck';

/** The parts of a request the context is made from (HTTP, or the server renderer's in-process calls). */
export interface RequestFacts {
  clientKey: string;
  /** The known-device cookie the request carries. */
  adminDevice?: string;
  rememberAdminDevice?(deviceToken: string): void;
  authorization?: string;
  consume(limit: WriteLimitName): Promise<void>;
}

export interface ContextDeps {
  adminAuth: AdminAuthService;
  workshops: WorkshopService;
}

/** The context of one GraphQL request. */
export async function createContext(deps: ContextDeps, facts: RequestFacts): Promise<GraphQLContext> {
  const adminClient: AdminClient = { ip: facts.clientKey, device: facts.adminDevice };
  const rememberAdminDevice = facts.rememberAdminDevice ?? (() => undefined);
  // The same admin guard as the REST routes; a request without a credential costs nothing.
  const check = facts.authorization ? await checkAdmin(deps.adminAuth, facts.authorization, adminClient) : null;
  if (check?.isAdmin) rememberAdminDevice(check.deviceToken);
  return {
    clientKey: facts.clientKey,
    adminClient,
    rememberAdminDevice,
    consume: facts.consume,
    loaders: createLoaders(deps.workshops),
    ...(check ? { isAdmin: check.isAdmin, adminError: check.adminError } : { isAdmin: false }),
  };
}
