// Build step: renders every shipped SVG illustration (public/images/*.svg and
// public/images/workshops/*.svg) into AVIF, WebP and JPEG at several widths, into
// public/images/r/<name>-<hash>-<width>.<ext> (git-ignored), and writes
// src/ui/responsive-images.json (committed) describing them. The hash is of the
// SVG, so the file names change when a picture does and can be cached forever.
// Unchanged pictures are not rendered again.
//   node web/scripts/make-responsive-images.mjs
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const images = path.resolve(here, '../public/images');
const out = path.join(images, 'r');
const manifestFile = path.resolve(here, '../src/ui/responsive-images.json');
/** Widths in device pixels: phones (1x-2x), tablets, desktops. */
const WIDTHS = [480, 800, 1200, 1600];
const FORMATS = [
  ['avif', (s) => s.avif({ quality: 50, effort: 2 })],
  ['webp', (s) => s.webp({ quality: 72 })],
  ['jpg', (s) => s.jpeg({ quality: 76, mozjpeg: true, progressive: true })],
];

const sources = [
  ...fs.readdirSync(images).filter((f) => f.endsWith('.svg')).map((f) => `/images/${f}`),
  ...fs.readdirSync(path.join(images, 'workshops')).filter((f) => f.endsWith('.svg')).map((f) => `/images/workshops/${f}`),
].sort();

fs.mkdirSync(out, { recursive: true });
const manifest = {};
let rendered = 0;
for (const src of sources) {
  const svg = fs.readFileSync(path.join(images, src.slice('/images/'.length)));
  const hash = crypto.createHash('sha256').update(svg).digest('hex').slice(0, 10);
  const { width, height } = await sharp(svg).metadata();
  const name = path.basename(src, '.svg');
  const widths = WIDTHS.filter((w) => w <= width);
  for (const w of widths) {
    const h = Math.round((w * height) / width);
    for (const [ext, encode] of FORMATS) {
      const file = path.join(out, `${name}-${hash}-${w}.${ext}`);
      if (fs.existsSync(file)) continue;
      // density: render the vector at the target size, not a scaled-up bitmap.
      await encode(sharp(svg, { density: Math.max(72, (72 * w) / width) }).resize(w, h)).toFile(file);
      rendered++;
    }
  }
  manifest[src] = { base: `/images/r/${name}-${hash}`, width, height, widths };
}
// Files of pictures that changed or went away.
const keep = new Set(Object.values(manifest).flatMap((m) => m.widths.flatMap((w) => FORMATS.map(([ext]) => `${path.basename(m.base)}-${w}.${ext}`))));
for (const f of fs.readdirSync(out)) if (!keep.has(f)) fs.rmSync(path.join(out, f));
const json = `${JSON.stringify(manifest, null, 2)}\n`;
if (!fs.existsSync(manifestFile) || fs.readFileSync(manifestFile, 'utf8') !== json) fs.writeFileSync(manifestFile, json);
console.log(`responsive images: ${sources.length} pictures, ${rendered} files rendered, ${keep.size} in ${path.relative(process.cwd(), out)}`);
