import { readAdminCredential } from './credential';

/** What an upload's form holds (the REST API's snake_case fields, docs/decisions/077). */
export interface PhotoUploadFields {
  kind: 'workshop_cover' | 'workshop_gallery' | 'instructor_portrait' | 'home_hero';
  workshop_id?: string;
  alt_text: string;
  caption?: string;
}

export type UploadResult = { ok: true } | { ok: false; signedOut: boolean; message: string };

/** The file picker's formats: what the server takes by content (HEIC from iPhones included). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

/**
 * POST /api/admin/photos as multipart/form-data with the stored admin credential.
 * Uploads are REST only: GraphQL has no file type (and a form post keeps the
 * file out of JSON). The server's message naming the field is passed on.
 */
export async function uploadPhoto(fields: PhotoUploadFields, file: File): Promise<UploadResult> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch('/api/admin/photos', { method: 'POST', headers: { authorization: `Basic ${readAdminCredential() ?? ''}` }, body: form });
  } catch {
    return { ok: false, signedOut: false, message: 'The photograph could not be sent. Check the connection and try again.' };
  }
  if (res.ok) return { ok: true };
  if (res.status === 401) return { ok: false, signedOut: true, message: 'Signed out.' };
  const body = (await res.json().catch(() => null)) as { detail?: string; errors?: Array<{ field: string; message: string }> } | null;
  const named = body?.errors?.[0]?.message;
  return { ok: false, signedOut: false, message: sentence(named ?? body?.detail ?? `The upload failed (HTTP ${res.status}).`) };
}

/** "file must be at most 25 MB" → "The file must be at most 25 MB." (the admin reads words, not field names). */
function sentence(message: string): string {
  const words = message.replace(/^file\b:?\s*/, 'The file ').replace(/^alt_text\b/, 'The alt text').replace(/^workshop_id\b/, 'The workshop');
  const capital = words.charAt(0).toUpperCase() + words.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
