// Renders the share images (Open Graph) from the shipped SVG illustrations:
// social networks do not display SVG, so each gets a 1200 x 630 JPEG in
// public/images/og/. Offline: Debian's Chromium renders them.
//   node web/scripts/make-illustrations.mjs && node web/scripts/make-og-images.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const images = path.resolve(here, '../public/images');
const out = path.join(images, 'og');
fs.mkdirSync(out, { recursive: true });

const sources = [
  ['hero', path.join(images, 'hero.svg')],
  ...fs
    .readdirSync(path.join(images, 'workshops'))
    .filter((f) => f.endsWith('.svg'))
    .sort()
    .map((f) => [f.replace(/\.svg$/, ''), path.join(images, 'workshops', f)]),
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  for (const [name, file] of sources) {
    const svg = fs.readFileSync(file, 'utf8').replace('<svg ', '<svg style="display:block;width:1200px;height:630px" ');
    await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
    await page.screenshot({ path: path.join(out, `${name}.jpg`), type: 'jpeg', quality: 82 });
  }
} finally {
  await browser.close();
}
console.log(`Wrote ${sources.length} share images to ${out}`);
