import crypto from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => crypto.createHash('sha256').update(b).digest();

/**
 * A software authenticator for api tests: an ES256 key pair that answers
 * WebAuthn registration ("none" attestation) and authentication options the
 * way a browser with a platform authenticator would (the JSON
 * @simplewebauthn/browser returns), so the server's SimpleWebAuthn
 * verification runs for real.
 */
export class SoftwarePasskey {
  private readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = crypto.randomBytes(16);
  private counter = 0;

  constructor(private readonly origin: string) {}

  private get rpIdHash(): Buffer {
    return sha256(new URL(this.origin).hostname);
  }

  private cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** The answer to registration options (RegistrationResponseJSON). */
  register(options: { challenge: string }): object {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = Buffer.concat([this.rpIdHash, Buffer.from([0x45]), Buffer.alloc(4), Buffer.alloc(16), idLength, this.credentialId, this.cosePublicKey()]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, number>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, number>()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key',
      response: { clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
    };
  }

  /** The answer to authentication options (AuthenticationResponseJSON); each use raises the signature counter. */
  authenticate(options: { challenge: string }): object {
    this.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const authenticatorData = Buffer.concat([this.rpIdHash, Buffer.from([0x05]), count]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = crypto.sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature) },
      clientExtensionResults: {},
    };
  }
}
