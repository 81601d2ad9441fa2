// `npm test` (and so .ci/run): the suite's stages in order, each timed, stopping at the first that
// fails; the time of every stage that ran is printed at the end either way. Stages in one group
// run side by side (their output is held and printed whole when each ends).
// STAGES=unit,api runs only those.
import { spawn } from 'node:child_process';

const GROUPS = [
  // The static checks (TypeScript 7's check uses every core, ESLint and Prettier one each); the
  // build (for the start smoke test and e2e) needs none of the tests, so it runs beside them.
  [
    ['typecheck', 'npm run typecheck'],
    ['lint', 'eslint .'],
    ['format', 'prettier --check .'],
    ['build', 'npm run build'],
  ],
  // The API tests mostly wait (on PostgreSQL, simulated BankID delays, holds running out): the unit
  // tests and the start smoke test use the other core meanwhile.
  [
    ['unit', 'npm run test:unit'],
    ['api', 'npm run test:api'],
    ['start', 'npm run test:start'],
  ],
  [['e2e', 'npm run test:e2e']],
];

const only = process.env.STAGES?.split(',').map((s) => s.trim());
const times = [];
const suiteStart = Date.now();
let failed;

for (const group of GROUPS) {
  const stages = group.filter(([name]) => !only || only.includes(name));
  if (!stages.length) continue;
  const results = await Promise.all(stages.map(([name, command]) => run(name, command, stages.length > 1)));
  failed = results.find((r) => r.code !== 0);
  if (failed) break;
}

const seconds = (ms) => `${(ms / 1000).toFixed(0).padStart(5)} s`;
// .ci/run hands over how long `npm ci` took, to be listed with the stages.
const installMs = process.env.CI_INSTALL_SECONDS ? Number(process.env.CI_INSTALL_SECONDS) * 1000 : undefined;
console.log(
  '\nStage times (wall clock; the stages of a group run side by side: typecheck, lint, format and build; unit, api and start):',
);
if (installMs !== undefined) console.log(`  ${'install'.padEnd(10)}${seconds(installMs)}`);
for (const { name, ms, code } of times)
  console.log(`  ${name.padEnd(10)}${seconds(ms)}${code ? '  FAILED' : ''}`);
console.log(`  ${'total'.padEnd(10)}${seconds(Date.now() - suiteStart + (installMs ?? 0))}`);
process.exit(failed ? 1 : 0);

function run(name, command, buffered) {
  const start = Date.now();
  if (!buffered) console.log(`\n=== ${name}: ${command}`);
  const child = spawn(command, {
    shell: true,
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    // Held output is printed later, maybe into a log: no colour codes in it unless asked for.
    env: buffered && !process.env.FORCE_COLOR ? { ...process.env, FORCE_COLOR: '0' } : process.env,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      const result = { name, ms: Date.now() - start, code: code ?? (signal ? 1 : 0) };
      if (buffered) process.stdout.write(`\n=== ${name}: ${command}\n${output}`);
      console.log(`=== ${name}: ${result.code ? 'FAILED' : 'ok'} in ${(result.ms / 1000).toFixed(1)} s`);
      times.push(result);
      resolve(result);
    }),
  );
}
