import type { Request } from 'express';
import type { Services } from '../../composition-root';
import type { AppError } from '../../infrastructure/errors';
import { checkAdmin } from '../admin-guard';
import { createLoaders, type Loaders } from './loaders';

export interface GraphQLContext {
  req: Request;
  services: Services;
  /** True when the request carries a valid admin credential. */
  isAdmin: boolean;
  /** Why isAdmin is false (no credential, a wrong one, throttled): the error admin fields answer. */
  adminError?: AppError;
  /** Per-request DataLoaders (graphql/loaders.ts). */
  loaders: Loaders;
}

/** The context of one GraphQL request (HTTP or the server renderer's in-process calls). */
export async function createContext(services: Services, req: Request): Promise<GraphQLContext> {
  return {
    req,
    services,
    loaders: createLoaders(services),
    // The same admin guard as the REST routes; a request without a credential costs nothing.
    ...(req.headers.authorization ? await checkAdmin(services, req) : { isAdmin: false }),
  };
}
