// `node scripts/read-profile.mjs <file.cpuprofile> [mode] [top] [windows.json] [step]`: where a V8
// CPU profile (`BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=…"`) spends its samples, idle left out.
//   mode `self` (default): by function, the samples it was on top of the stack;
//   mode `inclusive`: by function, the samples it was anywhere on the stack (once per sample);
//   mode `package`: by package (node_modules/<name>, a node: module, or the app's file).
// With bench:steps' windows (`BENCH_WINDOWS=<file>`) and a step's name (or part of it), only the
// samples inside that step's windows count. The profile samples wall time: a thread preempted in
// a write counts as writing, so read system time from /proc (bench:steps prints it) or `perf`.
import { readFileSync } from 'node:fs';

const [file, mode = 'self', top = '30', windowsFile, step = ''] = process.argv.slice(2);
if (!file || !['self', 'inclusive', 'package'].includes(mode)) {
  console.error(
    'usage: node scripts/read-profile.mjs <file.cpuprofile> [self|inclusive|package] [top] [windows.json] [step]',
  );
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const windows = windowsFile
  ? JSON.parse(readFileSync(windowsFile, 'utf8')).filter((w) => w.step.includes(step))
  : undefined;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);

const short = (url) => url.replace(/.*node_modules\//, 'nm:').replace(/.*\/dist\//, 'dist:');
const functionOf = ({ callFrame: f }) =>
  `${f.functionName || '(anonymous)'} ${short(f.url)}:${f.lineNumber + 1}`;
const packageOf = ({ callFrame: f }) => {
  if (!f.url) return f.functionName;
  const inModules = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(f.url);
  if (inModules) return `nm:${inModules[1]}`;
  return f.url.startsWith('node:') ? f.url : `app:${f.url.replace(/.*\/(src|dist)\//, '')}`;
};

const totals = new Map();
let sampled = 0;
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i];
  const took = profile.timeDeltas[i + 1] ?? 0;
  if (windows && !windows.some((w) => at >= w.from && at < w.to)) continue;
  const leaf = nodes.get(profile.samples[i]);
  if (leaf.callFrame.functionName === '(idle)') continue;
  sampled += took;
  const names =
    mode === 'inclusive'
      ? new Set(stackOf(leaf.id).map(functionOf))
      : [mode === 'package' ? packageOf(leaf) : functionOf(leaf)];
  for (const name of names) totals.set(name, (totals.get(name) ?? 0) + took);
}

function stackOf(id) {
  const stack = [];
  for (let n = id; n !== undefined; n = parentOf.get(n)) stack.push(nodes.get(n));
  return stack;
}

console.log(
  `${(sampled / 1e6).toFixed(2)} s sampled, idle left out${windows ? ` (${windows.length} windows of "${step}")` : ''}`,
);
for (const [name, took] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(top)))
  console.log(`${((100 * took) / sampled).toFixed(1).padStart(5)} %  ${name}`);
