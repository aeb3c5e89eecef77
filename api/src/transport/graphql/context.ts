import type { AdminAuthService, AdminClient } from '../../admin/admin-auth.service';
import type { WorkshopService } from '../../workshop/workshop.service';
import { ErrorCode, type AppError } from '../../infrastructure/errors';
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
  /** Keep (a token) or drop (null) the second-factor session cookie; a no-op without a reply. */
  rememberAdminSession(token: string | null): void;
  /** The second-factor session token the request carries (cookie or X-Admin-Session), for logout. */
  adminSession?: string;
  /** True when the request carries a valid admin credential (and, once one is enrolled, an open second-factor session). */
  isAdmin: boolean;
  /** True when the admin password is right, whatever the second factor: the calls that complete it need only this. */
  adminPasswordOk: boolean;
  /** Why isAdmin is false (no credential, a wrong one, throttled): the error admin fields answer. */
  adminError?: AppError;
  /** Per-request DataLoaders (graphql/loaders.ts). */
  loaders: Loaders;
  /** Count one write against this client's limit (the same count as the REST route's); throws RATE_LIMITED past it. */
  consume(limit: WriteLimitName): Promise<void>;
  /** The User-Agent header as sent ('' without one): a waiver signature records it (docs/decisions/085); the admin's session list shows it. */
  userAgent: string;
}

export type WriteLimitName = 'booking' | 'checkout' | 'messagePost' | 'waitlistJoin' | 'secretCheck';

/** The parts of a request the context is made from (HTTP, or the server renderer's in-process calls). */
export interface RequestFacts {
  /** The client key, or how to read it (read on first use: most reads never need it). */
  clientKey: string | (() => string);
  /** The known-device cookie the request carries. */
  adminDevice?: string;
  rememberAdminDevice?(deviceToken: string): void;
  /** The second-factor session token (cookie or header). */
  adminSession?: string;
  rememberAdminSession?(token: string | null): void;
  authorization?: string;
  consume(limit: WriteLimitName): Promise<void>;
  userAgent?: string;
}

export interface ContextDeps {
  adminAuth: AdminAuthService;
  workshops: WorkshopService;
}

/** The context of one GraphQL request. */
export async function createContext(deps: ContextDeps, facts: RequestFacts): Promise<GraphQLContext> {
  const rememberAdminDevice = facts.rememberAdminDevice ?? (() => undefined);
  const { clientKey } = facts;
  const context = new RequestContext(typeof clientKey === 'string' ? () => clientKey : clientKey, facts.adminDevice, rememberAdminDevice, facts.consume, createLoaders(deps.workshops), facts.userAgent ?? '');
  context.adminSession = facts.adminSession;
  context.rememberAdminSession = facts.rememberAdminSession ?? (() => undefined);
  // The same admin guard as the REST routes; a request without a credential costs nothing.
  if (facts.authorization) {
    const check = await checkAdmin(deps.adminAuth, facts.authorization, context.adminClient);
    if (check.isAdmin) rememberAdminDevice(check.deviceToken);
    context.isAdmin = check.isAdmin;
    context.adminError = check.adminError;
    // A right password without the second factor: only the calls that complete it are open.
    context.adminPasswordOk = check.isAdmin || check.adminError.code === ErrorCode.SECOND_FACTOR_REQUIRED;
  }
  return context;
}

/**
 * A request's context; the client key (behind a proxy, X-Forwarded-For walked through the trusted
 * proxies) is worked out when a resolver or the admin guard first reads it: the catalog and the
 * participants panel never do. Apollo runs a request with a shallow copy of its context that keeps
 * the prototype, so the getters work on the copy.
 */
class RequestContext implements GraphQLContext {
  isAdmin = false;
  adminPasswordOk = false;
  adminSession?: string;
  rememberAdminSession: (token: string | null) => void = () => undefined;
  adminError?: AppError;
  private key?: string;
  private client?: AdminClient;

  constructor(
    private readonly keyOf: () => string,
    private readonly adminDevice: string | undefined,
    readonly rememberAdminDevice: (deviceToken: string) => void,
    readonly consume: (limit: WriteLimitName) => Promise<void>,
    readonly loaders: Loaders,
    readonly userAgent: string,
  ) {}

  get clientKey(): string {
    return (this.key ??= this.keyOf());
  }

  get adminClient(): AdminClient {
    return (this.client ??= { ip: this.clientKey, device: this.adminDevice, session: this.adminSession });
  }
}
