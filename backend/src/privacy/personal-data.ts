import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Personal numbers and account numbers at rest (issue: minimised and protected). A personal
 * number is stored as a keyed hash for lookups (HMAC-SHA256: equal numbers find each other,
 * the table alone reveals nothing) plus an AES-256-GCM sealed copy for the rare case someone
 * must read it; account numbers only sealed. Both keys derive from one secret (PII_KEY).
 */
export function createPersonalDataProtector(secret: Uint8Array) {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, 32));
  const lookupKey = derive('personal-number lookup v1');
  const sealKey = derive('personal data seal v1');

  return {
    /** The same number always gives the same value; without the key it cannot be reversed or guessed. */
    lookupHash(personalNumber: string): string {
      return createHmac('sha256', lookupKey).update(personalNumber).digest('base64url');
    },
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
    },
    unseal(value: string): string {
      const raw = Buffer.from(value.slice(3), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
export type PersonalDataProtector = ReturnType<typeof createPersonalDataProtector>;
