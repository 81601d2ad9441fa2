import postgres from 'postgres';
import { writeFileSync, readFileSync } from 'node:fs';
const sql = postgres('postgres://postgres@127.0.0.1:5432/postgres', { max: 1 });
const out = [];
const end = Date.now() + Number(process.argv[2] ?? 100) * 1000;
while (Date.now() < end) {
  const t = Date.now();
  const rows = await sql`select coalesce(wait_event_type,'-')||':'||coalesce(wait_event,'-')||':'||state as w, (extract(epoch from now()-query_start)*1000)::int as age, left(query,60) as q from pg_stat_activity where datname like 'concert_bench%' and state<>'idle' and pid<>pg_backend_pid()`;
  const stat = readFileSync('/proc/stat', 'utf8').split('\n');
  out.push({ t, rows, cpu: stat[0], run: stat.find((l) => l.startsWith('procs_running')) });
  await new Promise((r) => setTimeout(r, 25));
}
writeFileSync('/tmp/pgsample.json', JSON.stringify(out));
await sql.end();
