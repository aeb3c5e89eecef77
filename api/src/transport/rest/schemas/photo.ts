import { PhotoKind } from '../../../photo/photo.types';
import { ERRORS, ID_PARAMS, arrayOf, body, instant, int, nullable, object, oneOf, str } from './json-schema';

/** A photograph as the REST API writes it (snake_case), with its responsive sources. */
export const PHOTO = object({
  id: str,
  kind: oneOf(Object.values(PhotoKind)),
  workshop_id: nullable(str),
  position: int,
  caption: str,
  alt_text: str,
  width: int,
  height: int,
  widths: arrayOf(int),
  src: str,
  sources: arrayOf(object({ type: str, src_set: str })),
  created_at: instant,
  updated_at: instant,
});

/** The multipart form of an upload (documented; the multipart parser reads it). */
const UPLOAD_FORM = {
  type: 'object',
  description: 'multipart/form-data: file (JPEG, PNG, HEIC or WebP, judged by content), kind, workshop_id (covers and galleries), caption, alt_text (required).',
};

export const PHOTO_ROUTES = {
  list: { response: { 200: arrayOf(PHOTO), ...ERRORS } },
  upload: { consumes: ['multipart/form-data'], body: UPLOAD_FORM, response: { 201: PHOTO, ...ERRORS } },
  update: { params: ID_PARAMS, body: body({ caption: str, alt_text: str }, ['alt_text']), response: { 200: PHOTO, ...ERRORS } },
  reorder: { body: body({ workshop_id: str, photo_ids: arrayOf(str) }, ['workshop_id', 'photo_ids']), response: { 200: arrayOf(PHOTO), ...ERRORS } },
  remove: { params: ID_PARAMS, response: { 204: { type: 'null' }, ...ERRORS } },
} as const;
