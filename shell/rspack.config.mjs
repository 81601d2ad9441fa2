import { createAppConfig, DEV_PORTS } from '@concert/shared/build/rspack-app.mjs';

const backend = `http://localhost:${DEV_PORTS.backend}`;
const devRemote = (port) => `http://localhost:${port}/mf-manifest.json`;

export default createAppConfig({
  name: 'shell',
  dir: import.meta.dirname,
  host: true,
  devServer: {
    proxy: [{ context: ['/api', '/dev'], target: backend }],
    // In development the shell loads each remote from its own dev server.
    setupMiddlewares(middlewares, server) {
      server.app.get('/remotes.json', (_req, res) =>
        res.json({
          visitor_flow: devRemote(DEV_PORTS.visitor_flow),
          admin_console: devRemote(DEV_PORTS.admin_console),
          copy_editor: devRemote(DEV_PORTS.copy_editor),
        }),
      );
      return middlewares;
    },
  },
});
