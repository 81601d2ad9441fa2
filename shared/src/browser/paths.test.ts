import { describe, expect, it } from 'vitest';
import { safeAdminRedirect } from './paths.js';

describe('safeAdminRedirect', () => {
  it('keeps admin paths with their query and hash', () => {
    expect(safeAdminRedirect('/admin/copy')).toBe('/admin/copy');
    expect(safeAdminRedirect('/admin/scan/abc123?x=1#y')).toBe('/admin/scan/abc123?x=1#y');
  });

  it('refuses other sites, other pages and the sign-in pages themselves', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'https://evil.example/admin/copy',
      '//evil.example/admin/copy',
      '/\\evil.example',
      '/admin\\..\\x',
      '/sv/',
      '/admin/../sv/',
      '/admin/login',
      '/admin/login?redirect=/admin/copy',
      '/admin/auth-callback',
      'javascript:alert(1)',
    ]) {
      expect(safeAdminRedirect(bad), String(bad)).toBeUndefined();
    }
  });
});
