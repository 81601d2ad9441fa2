import { describe, expect, it } from 'vitest';
import { paths, safeAdminRedirect } from './paths.js';

describe('paths.adminLogin', () => {
  it('carries the wanted path and the refusal reason as query parameters', () => {
    expect(paths.adminLogin()).toBe('/admin/login');
    expect(paths.adminLogin('/admin/copy')).toBe('/admin/login?redirect=%2Fadmin%2Fcopy');
    expect(paths.adminLogin(undefined, 'unauthorized_domain')).toBe('/admin/login?error=unauthorized_domain');
    expect(paths.adminLogin('/admin/scan/a?b=1', 'not_copy_admin')).toBe('/admin/login?redirect=%2Fadmin%2Fscan%2Fa%3Fb%3D1&error=not_copy_admin');
  });
});

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
