import type { ChildProcess } from 'node:child_process';
import { connect, createServer, type AddressInfo } from 'node:net';

/** A TCP port free on 127.0.0.1 right now, for a server a test starts as a child process. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** Resolves once the child (nginx, PgBouncer…) accepts connections on the port; fails if it exits or takes over 10 s. */
export async function untilListening(port: number, child: ChildProcess, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not listen`);
}
