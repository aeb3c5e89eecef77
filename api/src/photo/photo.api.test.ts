import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../test/app';
import { DB_KINDS } from '../test/db';
import { startFakeS3, type FakeS3 } from '../test/fake-s3';
import { Photo } from './photo.entity';
import { AuditEvent } from '../audit/audit-event.entity';

const PASSWORD = 'correct-horse-battery'; // startTestServer's ADMIN_PASSWORD
const ADMIN = { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`, 'utf8').toString('base64')}` };
const WORKSHOP = 'zion-canyon-light';

/** A real JPEG, `width` px wide (3:2), with an EXIF block holding a GPS position and the camera. */
async function aJpeg(width = 1200, colour = '#7a9cc6'): Promise<Buffer> {
  const height = Math.round((width * 2) / 3);
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: 'TestCam', Model: 'X100' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 16/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '112/1 56/1 0/1' } })
    .toBuffer();
}

function form(fields: Record<string, string>, file?: { body: Buffer; name: string; type?: string; field?: string }): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (file) f.append(file.field ?? 'file', new Blob([new Uint8Array(file.body)], { type: file.type ?? 'image/jpeg' }), file.name);
  return f;
}

const PHOTO_FIELDS = 'id kind workshopId position caption altText width height widths src sources { type srcSet }';

describe.each(DB_KINDS)('photos on %s', (kind) => {
  let s: TestServer;
  let dir: string;

  const upload = (fields: Record<string, string>, file?: Parameters<typeof form>[1], headers: Record<string, string> = ADMIN) =>
    fetch(`${s.url}/api/admin/photos`, { method: 'POST', headers, body: form(fields, file) });
  const call = (method: string, p: string, body?: unknown) =>
    fetch(`${s.url}/api/admin/photos${p}`, { method, headers: { ...ADMIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const workshopPhotos = async () =>
    (await s.gql<{ workshop: { cover: Record<string, unknown> | null; gallery: Array<Record<string, unknown>> } }>(
      `query($id: ID!) { workshop(id: $id) { id cover { ${PHOTO_FIELDS} } gallery { ${PHOTO_FIELDS} } } }`,
      { id: WORKSHOP },
    )).data!.workshop;

  beforeAll(async () => {
    s = await startTestServer(kind, { PHOTO_MAX_BYTES: String(2 * 1024 * 1024) });
    dir = s.services.config.photos.dir;
  });
  afterAll(() => s?.close());

  it('uploads a cover: resized into AVIF, WebP and JPEG widths up to the original (never upscaled), EXIF location gone, served immutable', async () => {
    const res = await upload({ kind: 'workshop_cover', workshop_id: WORKSHOP, alt_text: 'Light falling into a slot canyon', caption: 'The Narrows' }, { body: await aJpeg(1200), name: 'IMG_0001.JPG' });
    expect(res.status).toBe(201);
    const photo = (await res.json()) as { id: string; widths: number[]; width: number; height: number; src: string; sources: Array<{ type: string; src_set: string }> };
    expect(photo).toMatchObject({ kind: 'workshop_cover', workshop_id: WORKSHOP, alt_text: 'Light falling into a slot canyon', caption: 'The Narrows', width: 1200, height: 800 });
    expect(photo.widths).toEqual([480, 960, 1200]);
    expect(photo.sources.map((x) => x.type)).toEqual(['image/avif', 'image/webp', 'image/jpeg']);
    expect(photo.sources[0].src_set).toBe(`/photos/${photo.id}-480.avif 480w, /photos/${photo.id}-960.avif 960w, /photos/${photo.id}-1200.avif 1200w`);
    expect(photo.src).toBe(`/photos/${photo.id}-1200.jpg`);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith(photo.id)).sort()).toHaveLength(9);

    const served = await fetch(`${s.url}/photos/${photo.id}-960.jpg`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(body).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 960, height: 640 });
    expect(meta.exif).toBeUndefined();
    expect(body.includes(Buffer.from('TestCam'))).toBe(false);
    for (const ext of ['avif', 'webp']) expect((await sharp(path.join(dir, `${photo.id}-480.${ext}`)).metadata()).exif).toBeUndefined();

    // The public query exposes it with its srcsets; the audit log has the upload.
    const w = await workshopPhotos();
    expect(w.cover).toMatchObject({ id: photo.id, altText: 'Light falling into a slot canyon', widths: [480, 960, 1200], src: photo.src });
    expect((w.cover!.sources as Array<{ srcSet: string }>)[1].srcSet).toContain(`/photos/${photo.id}-960.webp 960w`);
    expect(await s.testDb.db.manager.countBy(AuditEvent, { action: 'photo.uploaded', workshopId: WORKSHOP })).toBe(1);
  });

  it('a new cover replaces the old one and deletes its files; the public answer changes at once', async () => {
    const before = (await workshopPhotos()).cover!;
    const res = await upload({ kind: 'workshop_cover', workshop_id: WORKSHOP, alt_text: 'Checkerboard Mesa at dawn' }, { body: await aJpeg(600, '#c08040'), name: 'b.jpg' });
    expect(res.status).toBe(201);
    const after = (await workshopPhotos()).cover!;
    expect(after.altText).toBe('Checkerboard Mesa at dawn');
    expect(after.widths).toEqual([480, 600]);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith(String(before.id)))).toEqual([]);
    expect((await fetch(`${s.url}${String(before.src)}`)).status).toBe(404);
  });

  it('takes PNG and WebP by content whatever the name says', async () => {
    const png = await sharp({ create: { width: 500, height: 400, channels: 4, background: '#33669980' } }).png().toBuffer();
    const webp = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#336699' } }).webp().toBuffer();
    const a = await upload({ kind: 'home_hero', alt_text: 'Canyon wall' }, { body: png, name: 'hero.jpeg', type: 'image/jpeg' });
    expect(a.status).toBe(201);
    const b = await upload({ kind: 'instructor_portrait', alt_text: 'The instructor with a camera' }, { body: webp, name: 'portrait.bin', type: 'application/octet-stream' });
    expect(b.status).toBe(201);
    const site = (await s.gql<{ sitePhotos: unknown }>(`{ sitePhotos { hero { altText widths } portrait { altText widths } } }`)).data!.sitePhotos;
    expect(site).toEqual({ hero: { altText: 'Canyon wall', widths: [480, 500] }, portrait: { altText: 'The instructor with a camera', widths: [480, 700] } });
  });

  it('refuses anything that is not a photograph by its content (415 naming file), even named .jpg', async () => {
    const text = await upload({ kind: 'home_hero', alt_text: 'x' }, { body: Buffer.from('<?php echo "hi"; ?>'), name: 'photo.jpg', type: 'image/jpeg' });
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ code: 'UNSUPPORTED_IMAGE', errors: [{ field: 'file' }] });
    // The right first bytes, then garbage: refused when decoding.
    const fake = await upload({ kind: 'home_hero', alt_text: 'x' }, { body: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]), name: 'a.jpg' });
    expect(fake.status).toBe(415);
    const heic = await upload({ kind: 'home_hero', alt_text: 'x' }, { body: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(500, 1)]), name: 'a.heic' });
    expect(heic.status).toBe(415);
    expect(((await heic.json()) as { detail: string }).detail).toMatch(/HEIC/);
    expect(await s.testDb.db.manager.countBy(Photo, { kind: 'home_hero' as never })).toBe(1);
  });

  it('bad fields are 4xx naming the field: missing alt text, no file, a file too large, a gallery without its workshop, an unknown workshop', async () => {
    const jpeg = await aJpeg(500);
    const noAlt = await upload({ kind: 'workshop_gallery', workshop_id: WORKSHOP }, { body: jpeg, name: 'a.jpg' });
    expect(noAlt.status).toBe(422);
    expect(await noAlt.json()).toMatchObject({ errors: [{ field: 'alt_text', message: expect.stringMatching(/alt_text is required/) }] });
    const noFile = await upload({ kind: 'workshop_gallery', workshop_id: WORKSHOP, alt_text: 'x' });
    expect(noFile.status).toBe(422);
    expect(await noFile.json()).toMatchObject({ errors: [{ field: 'file' }] });
    const big = await upload({ kind: 'home_hero', alt_text: 'x' }, { body: Buffer.concat([jpeg, Buffer.alloc(2 * 1024 * 1024)]), name: 'big.jpg' });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', errors: [{ field: 'file', message: 'file must be at most 2 MB' }] });
    const noWorkshop = await upload({ kind: 'workshop_gallery', alt_text: 'x' }, { body: jpeg, name: 'a.jpg' });
    expect(noWorkshop.status).toBe(422);
    expect(await noWorkshop.json()).toMatchObject({ errors: [{ field: 'workshop_id' }] });
    const unknown = await upload({ kind: 'workshop_gallery', workshop_id: 'no-such-run', alt_text: 'x' }, { body: jpeg, name: 'a.jpg' });
    expect(unknown.status).toBe(404);
    const badKind = await upload({ kind: 'wallpaper', alt_text: 'x' }, { body: jpeg, name: 'a.jpg' });
    expect(badKind.status).toBe(422);
    expect(await badKind.json()).toMatchObject({ errors: [{ field: 'kind' }] });
    const json = await fetch(`${s.url}/api/admin/photos`, { method: 'POST', headers: { ...ADMIN, 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(422);
  });

  it('is behind the admin credential (REST upload and list, GraphQL edits) and refuses cross-site uploads', async () => {
    expect((await upload({ kind: 'home_hero', alt_text: 'x' }, { body: await aJpeg(500), name: 'a.jpg' }, {})).status).toBe(401);
    expect((await fetch(`${s.url}/api/admin/photos`)).status).toBe(401);
    const gql = await s.gql(`{ adminPhotos { id } }`);
    expect(gql.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    const cross = await upload({ kind: 'home_hero', alt_text: 'x' }, { body: await aJpeg(500), name: 'a.jpg' }, { ...ADMIN, origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
  });

  it('a gallery: uploads in order, reordered, captions and alt text edited, a photo deleted with its files', async () => {
    const ids: string[] = [];
    for (const [i, colour] of ['#112233', '#445566', '#778899'].entries()) {
      const res = await upload({ kind: 'workshop_gallery', workshop_id: WORKSHOP, alt_text: `Gallery ${i}` }, { body: await aJpeg(500, colour), name: `${i}.jpg` });
      ids.push(((await res.json()) as { id: string }).id);
    }
    expect((await workshopPhotos()).gallery.map((p) => p.id)).toEqual(ids);

    const reorder = await call('PUT', '/order', { workshop_id: WORKSHOP, photo_ids: [ids[2], ids[0], ids[1]] });
    expect(reorder.status).toBe(200);
    expect((await workshopPhotos()).gallery.map((p) => p.id)).toEqual([ids[2], ids[0], ids[1]]);
    const partial = await call('PUT', '/order', { workshop_id: WORKSHOP, photo_ids: [ids[0]] });
    expect(partial.status).toBe(422);
    expect(await partial.json()).toMatchObject({ errors: [{ field: 'photo_ids' }] });

    const edit = await call('PUT', `/${ids[0]}`, { caption: 'Angels Landing', alt_text: 'Hikers on a narrow ridge' });
    expect(edit.status).toBe(200);
    expect(await edit.json()).toMatchObject({ caption: 'Angels Landing', alt_text: 'Hikers on a narrow ridge' });
    const emptyAlt = await call('PUT', `/${ids[0]}`, { caption: 'x', alt_text: '' });
    expect(emptyAlt.status).toBe(422);
    expect(await emptyAlt.json()).toMatchObject({ errors: [{ field: 'alt_text' }] });

    // The same edits over GraphQL.
    const g = await s.gql<{ updatePhoto: { photo: unknown } }>(`mutation($input: UpdatePhotoInput!) { updatePhoto(input: $input) { photo { caption altText } } }`, { input: { photoId: ids[1], caption: '', altText: 'Sunset' } }, ADMIN);
    expect(g.data!.updatePhoto.photo).toEqual({ caption: '', altText: 'Sunset' });
    const gBad = await s.gql(`mutation($input: UpdatePhotoInput!) { updatePhoto(input: $input) { photo { id } } }`, { input: { photoId: ids[1], caption: '', altText: ' ' } }, ADMIN);
    expect(gBad.errors![0].extensions!.code).toBe('BAD_USER_INPUT');

    expect((await call('DELETE', `/${ids[1]}`)).status).toBe(204);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith(ids[1]))).toEqual([]);
    expect((await workshopPhotos()).gallery.map((p) => p.id)).toEqual([ids[2], ids[0]]);
    expect((await call('DELETE', `/${ids[1]}`)).status).toBe(404);
    const g2 = await s.gql<{ deletePhoto: { deletedPhotoId: string } }>(`mutation($input: DeletePhotoInput!) { deletePhoto(input: $input) { deletedPhotoId } }`, { input: { photoId: ids[2] } }, ADMIN);
    expect(g2.data!.deletePhoto.deletedPhotoId).toBe(ids[2]);
  });
});

describe('photos in an S3-compatible bucket (a local fake of its PUT, GET and DELETE)', () => {
  let s: TestServer;
  let s3: FakeS3;

  beforeAll(async () => {
    s3 = await startFakeS3();
    s = await startTestServer('sqlite', {
      S3_BUCKET: 'wild-light-photos',
      S3_REGION: 'auto',
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-example-key',
      S3_PUBLIC_URL: 'https://photos.example.com/',
    });
  });
  afterAll(async () => {
    await s?.close();
    await s3?.close();
  });

  it('writes every rendering with its type and a year of cache, signed; the URLs are the public ones; delete removes them', async () => {
    const res = await fetch(`${s.url}/api/admin/photos`, { method: 'POST', headers: ADMIN, body: form({ kind: 'home_hero', alt_text: 'Canyon' }, { body: await aJpeg(1000), name: 'a.jpg' }) });
    expect(res.status).toBe(201);
    const photo = (await res.json()) as { id: string; src: string };
    expect(photo.src).toBe(`https://photos.example.com/photos/${photo.id}-1000.jpg`);
    const keys = [...s3.objects.keys()].sort();
    expect(keys).toHaveLength(9);
    expect(keys).toContain(`wild-light-photos/photos/${photo.id}-480.avif`);
    const jpeg = s3.objects.get(`wild-light-photos/photos/${photo.id}-960.jpg`)!;
    expect(jpeg).toMatchObject({ contentType: 'image/jpeg', cacheControl: 'public, max-age=31536000, immutable', accessKeyId: 'AKIDEXAMPLE' });
    expect((await sharp(jpeg.body).metadata()).width).toBe(960);
    // Nothing is written on disk, nor served from /photos.
    expect((await fetch(`${s.url}/photos/${photo.id}-960.jpg`)).status).toBe(404);

    expect((await fetch(`${s.url}/api/admin/photos/${photo.id}`, { method: 'DELETE', headers: ADMIN })).status).toBe(204);
    expect(s3.objects.size).toBe(0);
    expect(s3.requests.filter((r) => r.startsWith('DELETE'))).toHaveLength(9);
  });
});
