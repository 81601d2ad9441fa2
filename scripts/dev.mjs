// `npm run dev`: the backend with reload plus a hot-reloading dev server per app.
// Open http://localhost:3000 (the shell); it proxies /api to the backend on 8080 and loads
// each remote from its own dev server (3001-3003) through its remotes.json.
import { spawn } from 'node:child_process';

const jobs = [
  ['backend', 'npm', ['run', 'dev', '-w', 'backend']],
  ['shell', 'npm', ['run', 'dev', '-w', 'shell']],
  ['visitor-flow', 'npm', ['run', 'dev', '-w', 'visitor-flow']],
  ['admin-console', 'npm', ['run', 'dev', '-w', 'admin-console']],
  ['copy-editor', 'npm', ['run', 'dev', '-w', 'copy-editor']],
];

const children = jobs.map(([name, cmd, args]) => {
  const child = spawn(cmd, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'development', DEMO: 'true' },
  });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((l) => `[${name}] ${l}`)
      .join('\n') + '\n';
  child.stdout.on('data', (c) => process.stdout.write(prefix(c)));
  child.stderr.on('data', (c) => process.stderr.write(prefix(c)));
  child.on('exit', (code) => console.log(`[${name}] exited with ${code}`));
  return child;
});

const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
