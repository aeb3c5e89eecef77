// Build step: brotli (quality 11) and gzip (level 9) copies of every compressible
// file under dist/assets and dist/images/r, next to the file (name.js.br, name.js.gz).
// The api sends them by Accept-Encoding (api/src/web/static-assets.ts), so no
// request ever pays for compression.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|map)$/;

let files = 0;
let before = 0;
let afterBr = 0;
for (const dir of ['assets', 'images']) {
  const root = path.join(dist, dir);
  if (!fs.existsSync(root)) continue;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name) || entry.name.endsWith('.map')) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const data = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
    const gz = zlib.gzipSync(data, { level: 9 });
    // Only where it pays: tiny files can grow when compressed.
    if (br.length < data.length * 0.9) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < data.length * 0.9) fs.writeFileSync(`${file}.gz`, gz);
    files++;
    before += data.length;
    afterBr += Math.min(br.length, data.length);
  }
}
console.log(`precompressed ${files} files: ${Math.round(before / 1024)} KiB -> ${Math.round(afterBr / 1024)} KiB brotli`);
