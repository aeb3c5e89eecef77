import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { AdminAuthService } from '../../admin/admin-auth.service';
import type { PhotoService } from '../../photo/photo.service';
import type { Photo } from '../../photo/photo.entity';
import { UploadPhotoInput } from '../../photo/photo.input';
import { DeletePhotoInput, ReorderPhotosInput, UpdatePhotoInput } from '../../photo/photo.input';
import { AppError, ErrorCode } from '../../infrastructure/errors';
import { validateInputOrThrow } from '../../infrastructure/validation';
import { refuseCrossSite, requireAdmin } from '../admin-guard';
import type { WriteLimit } from '../rate-limits';
import { parseRestInput } from './http';
import { PHOTO_ROUTES } from './schemas/photo';
import { PHOTO_UPLOAD_TIMEOUT_MS } from '../../photo/photo.types';

/** A photograph in the REST API's snake_case, with its responsive sources. */
export function photoJson(p: Photo) {
  return {
    id: p.id,
    kind: p.kind,
    workshop_id: p.workshopId,
    position: p.position,
    caption: p.caption,
    alt_text: p.altText,
    width: p.width,
    height: p.height,
    widths: p.widths,
    src: p.src,
    sources: p.sources.map((s) => ({ type: s.type, src_set: s.srcSet })),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export interface AdminPhotoRouteDeps {
  adminAuth: AdminAuthService;
  photos: PhotoService;
  /** Largest upload in bytes (PHOTO_MAX_BYTES). */
  maxBytes: number;
  /** Uploads per client (resizing is CPU work). */
  uploadLimit: WriteLimit;
  publicOrigin: string | undefined;
  secureCookies: boolean;
}

type IdPath = { Params: { id: string } };

const UPLOAD_FIELDS = new Set(['kind', 'workshopId', 'caption', 'altText']);
const FIELD_NAMES: Record<string, string> = { kind: 'kind', workshop_id: 'workshopId', caption: 'caption', alt_text: 'altText' };

/**
 * /api/admin/photos (docs/decisions/077): behind the admin guards (own pages
 * only for writes, then the admin credential). An upload is multipart/form-data
 * with one `file`; its size is capped while it streams in.
 */
export function adminPhotoRoutes(deps: AdminPhotoRouteDeps): FastifyPluginAsync {
  const { photos } = deps;
  const megabytes = Math.round((deps.maxBytes / (1024 * 1024)) * 10) / 10;
  return async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: deps.maxBytes, files: 1, fields: 8, fieldSize: 4096, parts: 10 } });
    app.addHook('preHandler', refuseCrossSite(deps.publicOrigin));
    app.addHook('preHandler', requireAdmin(deps.adminAuth, { secureCookies: deps.secureCookies }));

    app.get('/', { schema: PHOTO_ROUTES.list }, async () => (await photos.adminList()).map(photoJson));

    // Resizing a large photograph on a busy machine can take longer than the API's 10 s.
    app.post('/', { schema: PHOTO_ROUTES.upload, config: { timeoutMs: PHOTO_UPLOAD_TIMEOUT_MS } }, async (req, reply) => {
      await deps.uploadLimit(req);
      const { fields, file } = await readUploadOrThrow(req, megabytes);
      const input = await validateInputOrThrow(UploadPhotoInput, fields, UPLOAD_FIELDS);
      if (!file) throw AppError.invalid([{ field: 'file', message: 'file is required: a JPEG, PNG, HEIC or WebP photograph' }]);
      return reply.code(201).send(photoJson(await photos.uploadOrThrow(input, file)));
    });

    app.put('/order', { schema: PHOTO_ROUTES.reorder }, async (req) => {
      const input = await parseRestInput(ReorderPhotosInput, req);
      return (await photos.reorderOrThrow(input)).map(photoJson);
    });

    app.put<IdPath>('/:id', { schema: PHOTO_ROUTES.update }, async (req) => {
      const input = await parseRestInput(UpdatePhotoInput, req, { photoId: req.params.id });
      return photoJson(await photos.updateOrThrow(input));
    });

    app.delete<IdPath>('/:id', { schema: PHOTO_ROUTES.remove }, async (req, reply) => {
      const input = await validateInputOrThrow(DeletePhotoInput, { photoId: req.params.id });
      await photos.deleteOrThrow(input);
      return reply.code(204).send();
    });
  };
}

/** The form's fields (camelCase) and its one file, or a 4xx naming `file`. */
async function readUploadOrThrow(req: FastifyRequest, megabytes: number): Promise<{ fields: Record<string, unknown>; file: Buffer | null }> {
  if (!req.isMultipart()) throw AppError.invalid([{ field: 'file', message: 'file is required: send the photograph as multipart/form-data' }]);
  const fields: Record<string, unknown> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw AppError.invalid([{ field: part.fieldname, message: `${part.fieldname} is not a field of an upload: send the photograph as "file"` }]);
        file = await part.toBuffer();
      } else if (FIELD_NAMES[part.fieldname]) {
        fields[FIELD_NAMES[part.fieldname]] = part.value;
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `file is too large: at most ${megabytes} MB`, [{ field: 'file', message: `file must be at most ${megabytes} MB` }]);
    if (code === 'FST_FILES_LIMIT') throw AppError.invalid([{ field: 'file', message: 'file: send one photograph per upload' }]);
    if (code?.startsWith('FST_')) throw AppError.invalid([{ field: 'file', message: `file: the form could not be read (${(e as Error).message})` }]);
    throw e;
  }
  return { fields, file };
}
