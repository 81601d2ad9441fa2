import { createAppConfig } from '@concert/shared/build/rspack-app.mjs';

export default createAppConfig({
  name: 'visitor_flow',
  dir: import.meta.dirname,
  exposes: { './routes': './src/app/routes.tsx' },
});
