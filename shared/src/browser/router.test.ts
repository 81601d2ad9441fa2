import { describe, expect, it } from 'vitest';
import { below, paths } from '@concert/shared/universal';
import { bestRoute, matchPath, type RouteProps } from './router.js';

const route = (path: string | undefined, name: string, index = false): RouteProps => ({
  path,
  index,
  element: name,
});
const pick = (routes: RouteProps[], pathname: string, consumed: string[] = []) => {
  const best = bestRoute(routes, consumed, pathname);
  return best && { element: best.route.element, params: best.params, consumed: best.consumed };
};

describe('bestRoute', () => {
  const shell = [route('*', 'toStart'), route('/:lang/*', 'lang'), route('/admin/*', 'admin')];
  const visitor = [
    route('*', 'toStart'),
    route('error/:messageId', 'error'),
    route(undefined, 'start', true),
    route('memberCheck', 'memberCheck'),
  ];

  it('ranks static segments over params over the catch-all, whatever the order', () => {
    expect(pick(shell, '/admin/login')?.element).toBe('admin');
    expect(pick(shell, '/sv/')).toEqual({ element: 'lang', params: { lang: 'sv' }, consumed: ['sv'] });
    expect(pick(shell, '/')?.element).toBe('toStart');
  });

  it('matches a nested route below what its parent consumed: index, static, param, catch-all', () => {
    expect(pick(visitor, '/sv/', ['sv'])?.element).toBe('start');
    expect(pick(visitor, '/sv', ['sv'])?.element).toBe('start');
    expect(pick(visitor, '/sv/memberCheck/', ['sv'])?.element).toBe('memberCheck');
    expect(pick(visitor, '/en/MEMBERCHECK', ['en'])?.element).toBe('memberCheck');
    expect(pick(visitor, '/sv/error/Scrive%20failed', ['sv'])?.params).toEqual({
      messageId: 'Scrive failed',
    });
    expect(pick(visitor, '/sv/noSuchStep', ['sv'])?.element).toBe('toStart');
    expect(pick(visitor, '/sv/memberCheck/more', ['sv'])?.element).toBe('toStart');
  });

  it('matches nothing when no route fits', () => {
    expect(pick([route('login', 'login')], '/admin/scan/1', ['admin'])).toBeUndefined();
  });
});

describe('matchPath', () => {
  it("matches every route's own href", () => {
    for (const route of Object.values(paths.visitor))
      expect(matchPath(route.path, route.getHref('en', 'x').replace(/#.*/, '')), route.path).not.toBeNull();
    for (const route of Object.values(paths.admin))
      expect(matchPath(route.path, route.getHref('x').replace(/\?.*/, '')), route.path).not.toBeNull();
  });

  it('matches segments case-insensitively and gives the params', () => {
    expect(matchPath(paths.admin.scan.path, '/admin/SCAN/abc')).toEqual({ externalTicketId: 'abc' });
    expect(matchPath(paths.visitor.memberCheck.path, '/sv/memberCheck/')).toEqual({ lang: 'sv' });
    expect(matchPath(below(paths.admin.copy), '/admin/copy')).toEqual({});
    expect(matchPath(below(paths.admin.copy), '/admin/copy/x/y')).toEqual({});
  });

  it('refuses other paths', () => {
    expect(matchPath(paths.admin.scan.path, '/admin/scan')).toBeNull();
    expect(matchPath(paths.admin.scan.path, '/admin/scan/a/b')).toBeNull();
    expect(matchPath(below(paths.admin.copy), '/admin/copyx')).toBeNull();
  });
});
