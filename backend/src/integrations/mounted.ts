import Router from '@koa/router';

/** A router whose routes are relative, served under `prefix` (how the simulators are mounted). */
export function mounted(prefix: string, router: Router): Router {
  const outer = new Router({ prefix });
  outer.use(router.routes(), router.allowedMethods());
  return outer;
}
