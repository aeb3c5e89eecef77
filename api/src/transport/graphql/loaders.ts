import DataLoader from 'dataloader';
import type { Services } from '../../composition-root';
import type { Workshop } from '../../workshop/workshop.entity';

/**
 * Per-request batching of relation lookups: a list of N items resolving the
 * same relation costs one lookup, not N. Built fresh for every request so
 * nothing is shared between callers.
 */
export interface Loaders {
  workshopById: DataLoader<string, Workshop | null>;
}

export function createLoaders(services: Services): Loaders {
  return {
    workshopById: new DataLoader((ids: readonly string[]) => services.workshops.findByIds(ids)),
  };
}
