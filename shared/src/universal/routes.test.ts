import { describe, expect, it } from 'vitest';
import { below, paths } from './routes.js';

describe('paths.admin.login', () => {
  it('carries the wanted path and the refusal reason as query parameters', () => {
    expect(paths.admin.login.getHref()).toBe('/admin/login');
    expect(paths.admin.login.getHref('/admin/copy')).toBe('/admin/login?redirect=%2Fadmin%2Fcopy');
    expect(paths.admin.login.getHref(undefined, 'unauthorized_domain')).toBe(
      '/admin/login?error=unauthorized_domain',
    );
    expect(paths.admin.login.getHref('/admin/scan/a?b=1', 'not_copy_admin')).toBe(
      '/admin/login?redirect=%2Fadmin%2Fscan%2Fa%3Fb%3D1&error=not_copy_admin',
    );
  });
});

describe('paths', () => {
  it('builds visitor hrefs under the language, with an optional section', () => {
    expect(paths.visitor.start.getHref('sv')).toBe('/sv/');
    expect(paths.visitor.memberCheck.getHref('en')).toBe('/en/memberCheck');
    expect(paths.visitor.specialCases.getHref('sv', 'accessibility')).toBe('/sv/specialCases#accessibility');
    expect(paths.visitor.error.getHref('sv', 'Scrive failed')).toBe('/sv/error/Scrive%20failed');
  });

  it('builds admin hrefs without a language', () => {
    expect(paths.admin.dashboard.getHref()).toBe('/admin');
    expect(paths.admin.door.getHref()).toBe('/admin/door');
    expect(paths.admin.scan.getHref('a/b c')).toBe('/admin/scan/a%2Fb%20c');
    expect(below(paths.admin.dashboard)).toBe('/admin/*');
    expect(below(paths.visitor.start)).toBe('/:lang/*');
  });
});
