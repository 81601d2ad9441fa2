import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret from configuration (production must give it), or in demo mode one generated into
 * the data dir once, so sessions and sealed data survive restarts.
 */
export async function loadSecret(
  configured: string | undefined,
  dataDir: string,
  fileName: string,
): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.resolve(dataDir, fileName);
  try {
    return new Uint8Array(await readFile(file));
  } catch {
    await mkdir(dataDir, { recursive: true });
    const secret = randomBytes(32);
    await writeFile(file, secret, { mode: 0o600 });
    return new Uint8Array(secret);
  }
}
