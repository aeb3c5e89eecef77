/* global FormData, Blob */
// Photographs for a demo, a screenshot or a Lighthouse run "with photographs" (issue 24): landscapes
// drawn here (layered ridges under a sky, with film grain, so the encoders see photo-like detail),
// uploaded through the admin API (docs/decisions/077) as the home hero, the instructor portrait,
// every workshop's cover and three gallery photographs for the first workshops.
//   BASE_URL=http://localhost:3000 ADMIN_PASSWORD=... node bench/demo-photos.mjs
import sharp from 'sharp';

const SCENES = [
  { sky: ['#f6c27a', '#d9573b', '#3a2b52'], ridges: ['#6b3a4a', '#4a2a3c', '#2a1a28'], sun: '#ffe6a8' },
  { sky: ['#bfe3f2', '#7fb1d6', '#2f5f86'], ridges: ['#6d8f7a', '#3f6652', '#1f3a2e'], sun: '#fffbe8' },
  { sky: ['#f3d9b1', '#c98b5a', '#6a4a3a'], ridges: ['#b4541a', '#8a3f16', '#4a2410'], sun: '#fff1cc' },
  { sky: ['#d7dde8', '#8fa3bf', '#44546e'], ridges: ['#9aa9b8', '#5d6d80', '#2c3646'], sun: '#ffffff' },
];

function ridge(width, height, base, amplitude, seed) {
  let d = `M0 ${height}`;
  for (let x = 0; x <= width; x += width / 24) {
    const y = base + Math.sin(x / (width / 7) + seed) * amplitude + Math.sin(x / (width / 19) + seed * 3) * amplitude * 0.35;
    d += ` L${x.toFixed(0)} ${y.toFixed(0)}`;
  }
  return `${d} L${width} ${height} Z`;
}

/** A landscape `width` x `height` as JPEG. */
export async function landscape(width, height, i) {
  const s = SCENES[i % SCENES.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.sky[2]}"/><stop offset="0.55" stop-color="${s.sky[1]}"/><stop offset="1" stop-color="${s.sky[0]}"/></linearGradient>
    <radialGradient id="sun" cx="0.68" cy="0.42" r="0.25"><stop offset="0" stop-color="${s.sun}" stop-opacity="0.95"/><stop offset="1" stop-color="${s.sun}" stop-opacity="0"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/><rect width="100%" height="100%" fill="url(#sun)"/>
    <path d="${ridge(width, height, height * 0.55, height * 0.08, i)}" fill="${s.ridges[0]}" opacity="0.85"/>
    <path d="${ridge(width, height, height * 0.68, height * 0.07, i + 2)}" fill="${s.ridges[1]}"/>
    <path d="${ridge(width, height, height * 0.82, height * 0.05, i + 4)}" fill="${s.ridges[2]}"/></svg>`;
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 22 } } }).png().toBuffer();
  return sharp(Buffer.from(svg)).blur(1.2).composite([{ input: grain, blend: 'soft-light' }]).jpeg({ quality: 88 }).toBuffer();
}

async function upload(base, auth, fields, jpeg) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${base}/api/admin/photos`, { method: 'POST', headers: { authorization: auth, 'x-forwarded-for': '203.0.113.77' }, body: form });
  if (res.status !== 201) throw new Error(`upload ${fields.kind}: ${res.status} ${await res.text()}`);
}

/**
 * Upload the demo set to the app at `base`; the first `galleries` workshops (and those of `galleryIds`) get three
 * gallery photographs each; covers are `coverWidth` px wide (smaller: a quicker upload on a busy machine).
 */
export async function uploadDemoPhotos(base, password, { galleries = 2, galleryIds = [], coverWidth = 2400 } = {}) {
  const auth = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
  const workshops = await (await fetch(`${base}/api/workshops`)).json();
  await upload(base, auth, { kind: 'home_hero', alt_text: 'Last light over layered canyon ridges' }, await landscape(2400, 1500, 0));
  await upload(base, auth, { kind: 'instructor_portrait', alt_text: 'Daniel Reyes at sunrise above a canyon, camera on a tripod' }, await landscape(1200, 1500, 2));
  for (const [i, w] of workshops.entries()) {
    await upload(base, auth, { kind: 'workshop_cover', workshop_id: w.id, alt_text: `${w.location}: ridges at first light` }, await landscape(coverWidth, Math.round((coverWidth * 9) / 16), i + 1));
    if (i < galleries || galleryIds.includes(w.id)) {
      for (const n of [1, 2, 3]) {
        await upload(base, auth, { kind: 'workshop_gallery', workshop_id: w.id, alt_text: `${w.location}, view ${n}`, caption: `${w.location}, day ${n + 1}` }, await landscape(1600, 1067, i + n));
      }
    }
  }
  return workshops.length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.env.BASE_URL ?? 'http://localhost:3000';
  const n = await uploadDemoPhotos(base, process.env.ADMIN_PASSWORD ?? '');
  console.log(`uploaded the hero, the portrait and ${n} covers to ${base}`);
}
