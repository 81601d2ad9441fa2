import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Router from '@koa/router';
import Koa from 'koa';
import { mounted } from '../src/integrations/mounted.js';

/**
 * Serves a router under `prefix` on an ephemeral 127.0.0.1 port, as the app mounts the
 * simulators; `delayMs` holds every answer back (client timeout tests).
 */
export async function serveMounted(
  prefix: string,
  router: Router,
  delayMs = 0,
): Promise<{ origin: string; baseUrl: string; close(): Promise<void> }> {
  const app = new Koa();
  if (delayMs) app.use(async (_ctx, next) => (await new Promise((r) => setTimeout(r, delayMs)), next()));
  app.use(mounted(prefix, router).routes());
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    baseUrl: origin + prefix,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
