import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Customers' Discord tokens are kept sealed (decision 047): AES-256-GCM under a key derived
// (HKDF-SHA256) from the OAuth2 client secret, which lives in the configuration, never in the
// database. A new client secret makes old tokens unreadable: those customers sign in again.

const VERSION = 'v1';
const INFO = 'lunar customer oauth tokens v1';

type TokenCipher = {
  seal(plain: string): string;
  /** The text, or null when it was sealed under another key or tampered with. */
  open(sealed: string): string | null;
};

export function createTokenCipher(secret: string): TokenCipher {
  const key = Buffer.from(hkdfSync('sha256', secret, 'lunar', INFO, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body, ...rest] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined || rest.length > 0) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
