/** Types of backend-process.mjs, the part a TypeScript test uses (the benches are plain JavaScript). */
/** The node flags production starts the server with: the Dockerfile's CMD, between `node` and the entry. */
export function productionNodeFlags(dockerfile?: string): string[];
/** Throws when something already listens on 127.0.0.1:`port` (a bench or drill left running). */
export function assertPortFree(port: number, what?: string, host?: string): Promise<void>;
/** The Node the benches run the backend on (`node`, else BENCH_NODE, else this one), e.g. `v24.21.0`. */
export function backendNodeVersion(node?: string): string;
/** CPU nanoseconds all threads of process `pid` have used so far (Linux /proc schedstat). */
export function cpuNsOf(pid: number): number;
