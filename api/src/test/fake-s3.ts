import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
  /** The request carried an AWS Signature Version 4 authorization with this access key. */
  accessKeyId: string | undefined;
}

export interface FakeS3 {
  url: string;
  /** Objects by "bucket/key". */
  objects: Map<string, StoredObject>;
  /** Every request, as "METHOD /bucket/key". */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A local stand-in for the three S3 calls the photo store makes, path-style
 * (PUT, GET and DELETE /bucket/key), as the tests talk to a local Stripe fake:
 * the real SDK's requests, checked for a SigV4 signature, kept in memory.
 */
export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, StoredObject>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = decodeURIComponent((req.url ?? '/').split('?')[0]).replace(/^\//, '');
      requests.push(`${req.method} /${path}`);
      const auth = req.headers.authorization ?? '';
      const signed = /^AWS4-HMAC-SHA256 Credential=([^/]+)\//.exec(auth);
      if (!signed) {
        res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      if (req.method === 'PUT') {
        objects.set(path, { body: Buffer.concat(chunks), contentType: req.headers['content-type'], cacheControl: req.headers['cache-control'], accessKeyId: signed[1] });
        res.writeHead(200, { etag: '"fake"' }).end();
      } else if (req.method === 'GET') {
        const o = objects.get(path);
        if (!o) res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'content-type': o.contentType ?? 'application/octet-stream', 'cache-control': o.cacheControl ?? '' }).end(o.body);
      } else if (req.method === 'DELETE') {
        objects.delete(path);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
