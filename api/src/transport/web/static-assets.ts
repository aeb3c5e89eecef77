import fs from 'node:fs';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';

/** Encodings precompressed at build time (web/scripts/precompress.mjs), best first. */
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;

/** The encodings a request accepts (q=0 excluded), from Accept-Encoding. */
export function acceptedEncodings(req: Pick<Request, 'headers'>): Set<string> {
  const accepted = new Set<string>();
  for (const part of String(req.headers['accept-encoding'] ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * Files whose names carry a content hash (Vite's /assets, the generated
 * responsive images): cached for a year as immutable, and sent precompressed
 * (.br, else .gz, written next to each file at build time) when the client
 * accepts it, with Content-Encoding and Vary: Accept-Encoding. Unknown files are
 * a 404, never the web app.
 */
export function immutableFiles(dir: string): RequestHandler {
  const exists = new Map<string, boolean>();
  const has = (file: string) => {
    let known = exists.get(file);
    if (known === undefined) exists.set(file, (known = fs.existsSync(file)));
    return known;
  };
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const rel = path.normalize(decodeURIComponent(req.path)).replace(/^(\.\.(\/|\\|$))+/, '');
    const file = path.join(dir, rel);
    if (!file.startsWith(dir + path.sep) || !has(file)) {
      res.status(404).type('text').send('Not found');
      return;
    }
    res.setHeader('Vary', 'Accept-Encoding');
    const accepted = acceptedEncodings(req);
    const encoding = ENCODINGS.find((e) => accepted.has(e.name) && has(file + e.ext));
    if (encoding) {
      res.type(path.extname(file));
      res.setHeader('Content-Encoding', encoding.name);
    }
    res.sendFile(encoding ? file + encoding.ext : file, { maxAge: '1y', immutable: true, dotfiles: 'deny' }, (err) => {
      if (err && !res.headersSent) next(err);
    });
  };
}
