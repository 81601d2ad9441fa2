/** Types of reference-nginx.mjs (the benches are plain JavaScript; backend/test/nginx.api.test.ts is TypeScript). */
export function referenceNginxSite(options: {
  upstreams: string[];
  listen: string;
  cacheDir: string;
}): string;

export interface ReferenceNginx {
  baseUrl: string;
  /** The scratch directory of its config, cache and logs. */
  prefix: string;
  /** CPU seconds its master and workers have used so far. */
  cpuSeconds(): number;
  /** A graceful stop (SIGQUIT); the scratch directory is removed. */
  stop(): Promise<void>;
}

export function startReferenceNginx(options: {
  program: string;
  upstreams: string[];
  port: number;
  workers?: number;
}): Promise<ReferenceNginx>;
