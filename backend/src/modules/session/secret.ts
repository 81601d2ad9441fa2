import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Demo mode keeps one generated secret in the data dir so sessions survive restarts; production gives SESSION_SECRET. */
export async function loadSessionSecret(configured: string | undefined, dataDir: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.resolve(dataDir, 'session-secret');
  try {
    return new Uint8Array(await readFile(file));
  } catch {
    await mkdir(dataDir, { recursive: true });
    const secret = randomBytes(32);
    await writeFile(file, secret, { mode: 0o600 });
    return new Uint8Array(secret);
  }
}
