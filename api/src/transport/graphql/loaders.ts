import DataLoader from 'dataloader';
import type { Workshop } from '../../workshop/workshop.entity';
import type { WorkshopService } from '../../workshop/workshop.service';

/**
 * Per-request batching of relation lookups: a list of N items resolving the
 * same relation costs one lookup, not N. Built fresh for every request so
 * nothing is shared between callers.
 */
export interface Loaders {
  workshopById: DataLoader<string, Workshop | null>;
}

export function createLoaders(workshops: WorkshopService): Loaders {
  return new RequestLoaders(workshops);
}

/** Each loader made on first use: most requests (the catalog, the participants panel) resolve no relation. */
class RequestLoaders implements Loaders {
  private workshops?: Loaders['workshopById'];

  constructor(private readonly workshopService: WorkshopService) {}

  get workshopById(): Loaders['workshopById'] {
    return (this.workshops ??= new DataLoader((ids: readonly string[]) => this.workshopService.findByIds(ids)));
  }
}
