import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The cost of a new visitor session: an ALTCHA challenge (https://altcha.org, v1 format), so
 * any ALTCHA client can solve it. `challenge` is SHA-256(salt + number) in hex for a secret
 * number ≤ maxnumber; the server signed the challenge, so only a solved one is accepted.
 */
export interface SessionChallenge {
  algorithm: 'SHA-256';
  challenge: string;
  salt: string;
  signature: string;
  maxnumber: number;
}

/** Numbers tried between yields to the event loop: ~7 ms here, under the 50 ms of a long task on a 4× slower phone. */
const SLICE = 2000;

/**
 * Finds the number and returns the base64 JSON solution that `POST /api/session` takes as
 * `altcha`. A synchronous SHA-256 in slices: WebCrypto's digest is asynchronous per call and
 * made the same search about 20 times slower, which a phone would pay and a script would not.
 */
export async function solveSessionChallenge(
  c: SessionChallenge,
  yieldEvery: () => Promise<void> = () => new Promise((r) => setTimeout(r)),
): Promise<string> {
  if (c.algorithm !== 'SHA-256') throw new Error(`unsupported proof-of-work algorithm ${c.algorithm}`);
  const target = hexToBytes(c.challenge);
  const salt = utf8ToBytes(c.salt);
  for (let start = 0; start <= c.maxnumber; start += SLICE) {
    const end = Math.min(c.maxnumber, start + SLICE - 1);
    for (let n = start; n <= end; n++) {
      if (equal(sha256(concatBytes(salt, utf8ToBytes(String(n)))), target)) {
        return btoa(
          JSON.stringify({
            algorithm: c.algorithm,
            challenge: c.challenge,
            number: n,
            salt: c.salt,
            signature: c.signature,
          }),
        );
      }
    }
    await yieldEvery();
  }
  throw new Error('proof-of-work challenge has no solution');
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
