import { randomUUID } from 'node:crypto';
import { In, type EntityManager } from 'typeorm';
import type { Database } from '../infrastructure/db/data-source';
import type { BlobStore } from '../infrastructure/blob-store';
import type { Logger } from '../infrastructure/logger';
import { AppError, ErrorCode } from '../infrastructure/errors';
import { ADMIN_ACTOR, type AuditLog } from '../audit/audit-log.service';
import { Workshop } from '../workshop/workshop.entity';
import type { WorkshopCatalog } from '../workshop/workshop-catalog';
import { Photo } from './photo.entity';
import { renderPhotoOrThrow } from './photo-images';
import type { DeletePhotoInput, ReorderPhotosInput, UpdatePhotoInput, UploadPhotoInput } from './photo.input';
import { MAX_GALLERY_PHOTOS, PhotoKind, SINGLE_PHOTO_KINDS, WORKSHOP_PHOTO_KINDS } from './photo.types';

/** A workshop's photographs: its cover (or none) and its gallery in order. */
export interface WorkshopPhotos {
  cover: Photo | null;
  gallery: Photo[];
}

/** The site's own photographs (each null until the admin sets one). */
export interface SitePhotos {
  hero: Photo | null;
  portrait: Photo | null;
}

const CACHE_KEY = 'photos';

/** The photographs' index, built once per catalog snapshot. */
interface PhotoIndex {
  byWorkshop: Map<string, WorkshopPhotos>;
  site: SitePhotos;
  all: Photo[];
}

/**
 * The admin's photographs (docs/decisions/077): uploads decoded by content,
 * stripped of their metadata and rendered into responsive widths and
 * encodings, kept in a BlobStore (a folder or an S3 bucket), described by a
 * `photos` row. The public pages read them with the workshop catalog: every
 * write marks the catalog changed in its transaction, so the cached answers
 * and pages of this and (through the bus) every instance are dropped on
 * commit, and the index is read again with the next snapshot.
 */
export class PhotoService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly audit: AuditLog,
    private readonly store: BlobStore,
    private readonly catalog: WorkshopCatalog,
    private readonly logger: Logger,
  ) {}

  /** Upload one photograph; a cover, portrait or hero replaces the one before (whose files are deleted). */
  async uploadOrThrow(input: UploadPhotoInput, file: Buffer): Promise<Photo> {
    const workshopId = WORKSHOP_PHOTO_KINDS.has(input.kind) ? input.workshopId! : null;
    if (!WORKSHOP_PHOTO_KINDS.has(input.kind) && input.workshopId) {
      throw AppError.invalid([{ field: 'workshopId', message: `workshopId is only for a workshop cover or gallery photograph, not ${input.kind}` }]);
    }
    if (workshopId) await this.workshopOrThrow(this.db.manager, workshopId);
    const id = randomUUID();
    const rendered = await renderPhotoOrThrow(file, id);
    await Promise.all(rendered.renderings.map((r) => this.store.put(r.key, r.body, r.contentType)));
    const keys = rendered.renderings.map((r) => r.key);
    let replaced: Photo[] = [];
    try {
      const photo = await this.db.transaction(async (m) => {
        if (workshopId) await this.workshopOrThrow(m, workshopId);
        const siblings = await m.find(Photo, { where: { kind: input.kind, ...(workshopId ? { workshopId } : {}) }, order: { position: 'ASC' } });
        if (SINGLE_PHOTO_KINDS.has(input.kind)) replaced = siblings;
        else if (siblings.length >= MAX_GALLERY_PHOTOS) throw AppError.invalid([{ field: 'file', message: `a gallery holds at most ${MAX_GALLERY_PHOTOS} photographs: delete one first` }]);
        const now = this.clock();
        const row = m.create(Photo, {
          id,
          kind: input.kind,
          workshopId,
          position: SINGLE_PHOTO_KINDS.has(input.kind) ? 0 : siblings.reduce((max, p) => Math.max(max, p.position + 1), 0),
          caption: input.caption?.trim() ?? '',
          altText: input.altText.trim(),
          width: rendered.width,
          height: rendered.height,
          widths: rendered.widths,
          formats: rendered.formats,
          baseUrl: `${this.store.publicBase}/${id}`,
          createdAt: now,
          updatedAt: now,
        });
        if (replaced.length) await m.delete(Photo, { id: In(replaced.map((p) => p.id)) });
        await m.insert(Photo, row);
        await this.audit.record(m, { ...ADMIN_ACTOR, action: 'photo.uploaded', workshopId, after: { id, kind: input.kind, altText: row.altText, width: row.width, height: row.height } });
        this.changed(m);
        return row;
      });
      await this.removeFiles(replaced);
      return photo;
    } catch (e) {
      await this.store.delete(keys).catch((err: unknown) => this.logger.warn({ err }, 'photo files of a refused upload were not deleted'));
      throw e;
    }
  }

  /** Change a photograph's caption and alt text. */
  async updateOrThrow(input: UpdatePhotoInput): Promise<Photo> {
    return this.db.transaction(async (m) => {
      const photo = await this.photoOrThrow(m, input.photoId);
      const before = { caption: photo.caption, altText: photo.altText };
      const after = { caption: input.caption.trim(), altText: input.altText.trim() };
      await m.update(Photo, { id: photo.id }, { ...after, updatedAt: this.clock() });
      await this.audit.record(m, { ...ADMIN_ACTOR, action: 'photo.edited', workshopId: photo.workshopId, before, after });
      this.changed(m);
      return (await m.findOneBy(Photo, { id: photo.id }))!;
    });
  }

  /** Put a workshop's gallery in the order given: the ids must be exactly its gallery's. */
  async reorderOrThrow(input: ReorderPhotosInput): Promise<Photo[]> {
    return this.db.transaction(async (m) => {
      await this.workshopOrThrow(m, input.workshopId);
      const gallery = await m.find(Photo, { where: { workshopId: input.workshopId, kind: PhotoKind.workshop_gallery }, order: { position: 'ASC' } });
      const known = new Set(gallery.map((p) => p.id));
      if (new Set(input.photoIds).size !== input.photoIds.length || input.photoIds.length !== gallery.length || !input.photoIds.every((id) => known.has(id))) {
        throw AppError.invalid([{ field: 'photoIds', message: "photoIds must list every photograph of the workshop's gallery, each once" }]);
      }
      for (const [position, id] of input.photoIds.entries()) await m.update(Photo, { id }, { position, updatedAt: this.clock() });
      await this.audit.record(m, { ...ADMIN_ACTOR, action: 'photo.reordered', workshopId: input.workshopId, before: { photoIds: gallery.map((p) => p.id) }, after: { photoIds: input.photoIds } });
      this.changed(m);
      return m.find(Photo, { where: { workshopId: input.workshopId, kind: PhotoKind.workshop_gallery }, order: { position: 'ASC' } });
    });
  }

  /** Delete a photograph and its files; the page falls back to the illustration or the address set. */
  async deleteOrThrow(input: DeletePhotoInput): Promise<void> {
    const photo = await this.db.transaction(async (m) => {
      const existing = await this.photoOrThrow(m, input.photoId);
      await m.delete(Photo, { id: existing.id });
      await this.audit.record(m, { ...ADMIN_ACTOR, action: 'photo.deleted', workshopId: existing.workshopId, before: { id: existing.id, kind: existing.kind, altText: existing.altText } });
      this.changed(m);
      return existing;
    });
    await this.removeFiles([photo]);
  }

  /** Every photograph, for the admin (read fresh). */
  async adminList(): Promise<Photo[]> {
    return this.db.manager.find(Photo, { order: { kind: 'ASC', workshopId: 'ASC', position: 'ASC', createdAt: 'ASC' } });
  }

  /** A workshop's cover and gallery (public; from the index kept with the catalog snapshot). */
  async forWorkshop(workshopId: string): Promise<WorkshopPhotos> {
    return (await this.index()).byWorkshop.get(workshopId) ?? { cover: null, gallery: [] };
  }

  /** The home hero and the instructor portrait (public). */
  async site(): Promise<SitePhotos> {
    return (await this.index()).site;
  }

  private async index(): Promise<PhotoIndex> {
    await this.catalog.list();
    const kept = this.catalog.peek<PhotoIndex>(CACHE_KEY);
    if (kept) return kept;
    const generation = this.catalog.currentGeneration;
    const rows = await this.db.manager.find(Photo, { order: { position: 'ASC', createdAt: 'ASC' } });
    const index: PhotoIndex = { byWorkshop: new Map(), site: { hero: null, portrait: null }, all: rows };
    for (const p of rows) {
      if (p.kind === PhotoKind.home_hero) index.site.hero = p;
      else if (p.kind === PhotoKind.instructor_portrait) index.site.portrait = p;
      else if (p.workshopId) {
        const entry = index.byWorkshop.get(p.workshopId) ?? { cover: null, gallery: [] };
        if (p.kind === PhotoKind.workshop_cover) entry.cover = p;
        else entry.gallery.push(p);
        index.byWorkshop.set(p.workshopId, entry);
      }
    }
    this.catalog.storeIfCurrent(CACHE_KEY, index, generation);
    return index;
  }

  /** The pages that show photographs are cached with the catalog: drop them when this transaction commits. */
  private changed(m: EntityManager): void {
    this.catalog.onWrite(m.queryRunner, 'all');
  }

  private async removeFiles(photos: Photo[]): Promise<void> {
    const keys = photos.flatMap((p) => p.renderingKeys());
    if (keys.length) await this.store.delete(keys).catch((err: unknown) => this.logger.warn({ err, keys: keys.length }, 'files of a deleted photo were not deleted'));
  }

  private async workshopOrThrow(m: EntityManager, id: string): Promise<void> {
    if (!(await m.exists(Workshop, { where: { id } }))) throw new AppError(ErrorCode.NOT_FOUND, 'Workshop not found', [{ field: 'workshopId', message: 'workshopId names no workshop' }]);
  }

  private async photoOrThrow(m: EntityManager, id: string): Promise<Photo> {
    const photo = await m.findOneBy(Photo, { id });
    if (!photo) throw new AppError(ErrorCode.NOT_FOUND, 'Photo not found', [{ field: 'photoId', message: 'photoId names no photo' }]);
    return photo;
  }
}
