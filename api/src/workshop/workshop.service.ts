import type { Database } from '../infrastructure/db/data-source';
import { AppError } from '../infrastructure/errors';
import type { Workshop } from './workshop.entity';
import { DEFAULT_CATALOG_OPTIONS, WorkshopCatalog, type WorkshopCatalogOptions } from './workshop-catalog';

/**
 * Reads of the workshop catalog, served from memory (see WorkshopCatalog: every
 * write of a workshop through this data source invalidates it). Spot changes
 * belong to the booking service; they read workshops inside their own
 * transactions, never from here.
 */
export class WorkshopService {
  readonly catalog: WorkshopCatalog;

  constructor(db: Database, options: WorkshopCatalogOptions = DEFAULT_CATALOG_OPTIONS) {
    this.catalog = new WorkshopCatalog(db, options);
  }

  /** All workshops in season order (by start date). Shared, frozen objects. */
  async list(): Promise<readonly Workshop[]> {
    return this.catalog.list();
  }

  async findById(id: string): Promise<Workshop | null> {
    if (typeof id !== 'string' || id.length === 0 || id.length > 64) return null;
    return this.catalog.get(id);
  }

  /** Several workshops by id in one catalog read, in the order asked (null where unknown). */
  async findByIds(ids: readonly string[]): Promise<Array<Workshop | null>> {
    await this.catalog.list();
    return Promise.all(ids.map((id) => this.findById(id)));
  }

  async getByIdOrThrow(id: string): Promise<Workshop> {
    const workshop = await this.findById(id);
    if (!workshop) throw AppError.notFound('Workshop');
    return workshop;
  }
}
