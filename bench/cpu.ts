// What the benchmarks measure with: CPU time spent by processes (Linux /proc), for per-request costs
// that depend less on how busy the machine is than wall-clock latency does; percentiles; a metric of
// a server's Prometheus text.
import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../app/.server/db/schema';

const TICKS_PER_S = 100;

/** User + system CPU of `pid` so far, in ms (0 once it is gone). */
export function processCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // After "pid (comm) ": state is field 0, utime 11, stime 12.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
  } catch {
    return 0;
  }
}

/** Every PostgreSQL process on this machine (for startCpuMeter: the server's share of a run, when nothing else queries it). */
export function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** The PostgreSQL backends serving `database` (same host only), to read their CPU. */
export async function backendPids(db: Kysely<DB>, database: string): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`.execute(db);
  return rows.map((row) => row.pid);
}

/**
 * CPU of a changing set of processes while some work runs: sampled every 250 ms, a process seen at
 * the start counts from its value then, one that appears later from zero. Resolve with `stop()` (ms).
 */
export async function startCpuMeter(pids: () => number[] | Promise<number[]>): Promise<{ stop: () => Promise<number> }> {
  const base = new Map<number, number>();
  const last = new Map<number, number>();
  for (const pid of await pids()) base.set(pid, processCpuMs(pid));
  const sample = async () => {
    for (const pid of await pids()) {
      const ms = processCpuMs(pid);
      if (ms) last.set(pid, ms);
    }
  };
  await sample();
  const timer = setInterval(() => void sample().catch(() => {}), 250);
  return {
    async stop() {
      clearInterval(timer);
      await sample();
      let total = 0;
      for (const [pid, ms] of last) total += ms - (base.get(pid) ?? 0);
      return total;
    },
  };
}

/** The p-th percentile of `values` (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A sample without labels from Prometheus text (a server's /metrics); NaN when absent. */
export function metricValue(text: string, name: string): number {
  return Number(new RegExp(`^${name} ([\\d.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN);
}
