import { execFileSync, type ChildProcess } from 'node:child_process';
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

/**
 * The path of a server program from Debian's packages (on PATH or in /usr/sbin), or undefined.
 * CI installs it (.ci/run), so there its absence is an error; elsewhere the test is skipped.
 */
export function debianProgram(name: string): string | undefined {
  let found: string | undefined;
  try {
    found =
      execFileSync('sh', ['-c', `command -v ${name} || ls /usr/sbin/${name}`], { encoding: 'utf8' })
        .trim()
        .split('\n')[0] || undefined;
  } catch {
    found = undefined;
  }
  if (!found && process.env.CI)
    throw new Error(`CI needs ${name} for its reference-config test (.ci/run installs it)`);
  return found;
}
