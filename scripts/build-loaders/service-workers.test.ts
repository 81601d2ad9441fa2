import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NETWORK_FIRST_MARKER, withSharedParts } from '../../shared/build/service-workers.mjs';

/**
 * The service workers (the door's, the ticket page's) share networkFirst from one source
 * (shared/src/service-worker/network-first.js), put into each by the build: neither spells it.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const WORKERS = ['admin-console/src/features/door/static/door-sw.js', 'shell/public/ticket-sw.js'];
const DEFINES = /async function networkFirst\(/g;

describe('service workers share networkFirst', () => {
  it.each(WORKERS)('%s calls it, holds the marker and does not define it', (file) => {
    const source = readFileSync(join(ROOT, file), 'utf8');
    expect(source).toContain('networkFirst(CACHE, request,');
    expect(source).toContain(NETWORK_FIRST_MARKER);
    expect(source.match(DEFINES)).toBeNull();
  });

  it.each(WORKERS)('%s as built defines it once, from the shared source', (file) => {
    const built = withSharedParts(readFileSync(join(ROOT, file), 'utf8'));
    expect(built.match(DEFINES)).toHaveLength(1);
    expect(built).not.toContain(NETWORK_FIRST_MARKER);
    expect(built).toContain(
      "if (response.ok && response.type === 'basic') await cache.put(key, response.clone());",
    );
    // Still a script a browser runs as it is (a syntax error would only show in a browser).
    expect(() => new Function(built)).not.toThrow();
  });
});
