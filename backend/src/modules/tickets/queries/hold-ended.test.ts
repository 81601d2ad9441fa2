import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOLD_ENDED } from './availability.js';

/**
 * "The hold has ended" is written once (HOLD_ENDED, beside RESERVED): a query that spelled it
 * again could drift from the claim rule and free a row another query still counts as held.
 */
const SRC = join(import.meta.dirname, '..', '..', '..');
const SPELLED = /confirmed_at IS NULL\s+AND\s+hold_expires_at <= now\(\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('the ended-hold condition', () => {
  it('is the named fragment', () => {
    expect(HOLD_ENDED).toMatch(SPELLED);
  });

  it('is spelled in backend/src only where it is named', () => {
    const spelled = sourceFiles(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(SPELLED)].map(() => relative(SRC, file)),
    );
    expect(spelled).toEqual(['modules/tickets/queries/availability.ts']);
  });
});
