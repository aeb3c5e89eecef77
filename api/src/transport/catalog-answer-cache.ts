import { LRUCache } from 'lru-cache';
import { ANSWER_CACHE_PREFIX, type WorkshopCatalog } from '../workshop/workshop-catalog';

/** The part of the catalog an answer cache needs: which snapshot is current. */
export type CatalogSnapshots = Pick<WorkshopCatalog, 'peek' | 'storeIfCurrent' | 'currentGeneration'>;

export interface AnswerCacheOptions {
  /** Distinct answers kept at most (least recently used go first). */
  max: number;
  /** Bytes kept at most, counted with `sizeOf`. */
  maxBytes: number;
  sizeOf: (value: unknown) => number;
}

/**
 * Answers that depend on the workshop catalog only (GraphQL catalog queries,
 * server-rendered pages), kept in a bounded LRU of their own and valid only
 * while the catalog snapshot they were computed from is current: a workshop
 * write, an expiry or a reload drops them all at once.
 *
 * The snapshot holds one token object per cache (one derived value, whatever
 * the traffic); each entry remembers the token it was stored under, so a new
 * snapshot (a new token) makes every older entry a miss. Each kind of answer
 * has its own cache, so a flood of distinct queries cannot evict the pages.
 */
export class CatalogAnswerCache<V extends object> {
  private readonly entries: LRUCache<string, { token: object; value: V }>;
  private readonly tokenKey: string;
  /** Lookups answered from the cache, and not (for tests and diagnostics). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly catalog: CatalogSnapshots,
    name: string,
    options: AnswerCacheOptions,
  ) {
    this.tokenKey = `${ANSWER_CACHE_PREFIX}${name}`;
    this.entries = new LRUCache({ max: options.max, maxSize: options.maxBytes, sizeCalculation: (e) => Math.max(1, options.sizeOf(e.value)) });
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry && this.isCurrent(entry)) {
      this.stats.hits++;
      return entry.value;
    }
    if (entry) this.entries.delete(key);
    this.stats.misses++;
    return undefined;
  }

  /**
   * The current value if `wanted(value)`, counted as a hit; otherwise undefined and nothing
   * counted (a caller that looks first, like the front door, before the one that counts).
   */
  getIf(key: string, wanted: (value: V) => boolean): V | undefined {
    const entry = this.entries.get(key);
    if (!entry || !this.isCurrent(entry) || !wanted(entry.value)) return undefined;
    this.stats.hits++;
    return entry.value;
  }

  /** Stored under the current snapshot's token (an older snapshot's entry is never answered). */
  private isCurrent(entry: { token: object }): boolean {
    return this.catalog.peek<object>(this.tokenKey) === entry.token;
  }

  /** Read before computing a value; pass it to set(). */
  get generation(): number {
    return this.catalog.currentGeneration;
  }

  /** Keep a value computed from the catalog, unless a write happened since `generation` was read. */
  set(key: string, value: V, generation: number): void {
    if (generation !== this.catalog.currentGeneration) return;
    let token = this.catalog.peek<object>(this.tokenKey);
    if (!token) {
      this.catalog.storeIfCurrent(this.tokenKey, {}, generation);
      token = this.catalog.peek<object>(this.tokenKey);
    }
    if (token) this.entries.set(key, { token, value });
  }

  get size(): number {
    return this.entries.size;
  }
}
