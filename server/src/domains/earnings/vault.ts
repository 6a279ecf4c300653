/**
 * Encryption at rest of ID and card numbers: AES-256-GCM under a key derived from
 * EARNINGS_DATA_KEY, plus a keyed HMAC to find the same number again (duplicates) without decrypting. The
 * raw numbers are never stored, logged or answered; only masks leave the server.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

export interface Vault {
  seal(plain: string): string;
  open(sealed: string): string;
  /** Deterministic keyed hash of `plain` (with a purpose, so a card hash never equals an ID hash). */
  hash(purpose: string, plain: string): string;
}

export function createVault(dataKey: string): Vault {
  const encKey = createHash('sha256').update(`enc:${dataKey}`).digest();
  const macKey = createHash('sha256').update(`mac:${dataKey}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown sealed format');
      const decipher = createDecipheriv('aes-256-gcm', encKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    hash(purpose, plain) {
      return createHmac('sha256', macKey).update(`${purpose}:${plain}`).digest('hex');
    },
  };
}
