import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/** Files that never change once written (their names are unique): cached for a year by browsers. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Where uploaded files (the photographs' renderings) live: a folder served by
 * the app, or an S3-compatible bucket (docs/decisions/077). Keys are flat
 * names made by the caller ("<id>-960.avif"); a key is written once and never
 * changed, only deleted.
 */
export interface BlobStore {
  /** The URL a browser fetches a key from, without the key: `${publicBase}/${key}`. */
  readonly publicBase: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Delete keys; a key that is not there is no error. */
  delete(keys: readonly string[]): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`blob key "${key}" is not a plain file name`);
  return key;
}

/** A folder on this host, served under `publicBase` (e.g. /photos) by the HTTP layer. */
export class DiskBlobStore implements BlobStore {
  constructor(
    readonly dir: string,
    readonly publicBase = '/photos',
  ) {}

  async put(key: string, body: Buffer): Promise<void> {
    const file = path.join(this.dir, checkKey(key));
    await fs.mkdir(this.dir, { recursive: true });
    // Written aside, then renamed: a reader never sees half a file.
    const temp = `${file}.${randomUUID()}.part`;
    await fs.writeFile(temp, body);
    await fs.rename(temp, file);
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((k) => fs.rm(path.join(this.dir, checkKey(k)), { force: true })));
  }
}

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** Another S3-compatible service (R2, MinIO, a local fake in tests); unset: AWS. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers read the objects, e.g. https://photos.example.com or the bucket's public URL. */
  publicUrl: string;
  /** Key prefix inside the bucket, e.g. "photos/". */
  prefix?: string;
}

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, ...), through @aws-sdk/client-s3. */
export class S3BlobStore implements BlobStore {
  readonly publicBase: string;
  private readonly client: S3Client;
  private readonly prefix: string;

  constructor(private readonly options: S3BlobStoreOptions) {
    this.prefix = options.prefix ?? 'photos/';
    this.publicBase = `${options.publicUrl.replace(/\/$/, '')}/${this.prefix.replace(/\/$/, '')}`.replace(/\/$/, '');
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      // Path-style addressing (endpoint/bucket/key) works with every S3-compatible service.
      forcePathStyle: options.endpoint !== undefined,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      maxAttempts: 3,
      // Checksums only where S3 requires them: S3-compatible services differ on the newer default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: this.prefix + checkKey(key), Body: body, ContentType: contentType, CacheControl: IMMUTABLE_CACHE_CONTROL }),
    );
  }

  async delete(keys: readonly string[]): Promise<void> {
    // One DELETE per key: DeleteObjects needs a Content-MD5 some S3-compatible services refuse.
    await Promise.all(keys.map((k) => this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.prefix + checkKey(k) }))));
  }

  destroy(): void {
    this.client.destroy();
  }
}
