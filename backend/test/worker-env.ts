// Before every API test file: the worker's environment as it was when the worker started. Workers
// keep their modules from file to file (isolate: false in vitest.config.ts), and with them the
// process: a variable a file set (TZ, NODE_ENV …) and did not put back exactly is undone here.
const key = Symbol.for('concert.api-test.env');
const store = globalThis as unknown as Record<symbol, Record<string, string | undefined> | undefined>;
const initial = (store[key] ??= { ...process.env });
for (const name of Object.keys(process.env)) if (!(name in initial)) delete process.env[name];
for (const [name, value] of Object.entries(initial))
  if (process.env[name] !== value) process.env[name] = value;
