/** The real server for a benchmark: started from source on a port, ready when its health answers. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts apps/server on 127.0.0.1:`port` with `env` on top of this process's environment (logging
 * at warn), and resolves once /api/v1/health answers; `nodeArgs` go to the server's node (e.g.
 * "--cpu-prof").
 */
export function startServer(
  port: number,
  env: Record<string, string>,
  options: { nodeArgs?: string[]; timeoutMs?: number } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/main.ts'], {
    cwd: join(ROOT, 'apps/server'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const timeoutMs = options.timeoutMs ?? 120_000;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return resolve(child);
      } catch {
        // not up yet
      }
      if (Date.now() - started > timeoutMs) {
        child.kill();
        return reject(new Error('server did not start'));
      }
      setTimeout(poll, 250);
    };
    void poll();
  });
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by every process of a command name (e.g. all `postgres` backends). */
export function cpuSecondsOf(command: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === command) total += cpuSeconds(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** User and system (kernel) CPU seconds of processes together, from /proc. */
export function cpuSplit(pids: readonly number[]): { user: number; system: number } {
  let user = 0;
  let system = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    user += Number(fields[11]) / CLOCK_TICKS_PER_SECOND;
    system += Number(fields[12]) / CLOCK_TICKS_PER_SECOND;
  }
  return { user, system };
}

/**
 * The server's event loop between two epoch-ms instants, from the lines bench/live-server-probe.mjs
 * wrote to `file` (null: no probe): mean and largest utilization, largest delay (ms). 'inside' takes
 * only the lines wholly within the interval, 'overlapping' every line that touches it.
 */
export function eventLoopBetween(
  file: string | null,
  from: number,
  to: number,
  only: 'inside' | 'overlapping' = 'overlapping',
): { eluMean: number; eluMax: number; delayMaxMs: number } {
  if (!file) return { eluMean: NaN, eluMax: NaN, delayMaxMs: NaN };
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' ').map(Number) as [number, number, number]);
  // A line covers the time since the line before it (longer than 100 ms when the loop was blocked:
  // the block's delay is recorded once the loop runs again).
  const rows = lines.filter(([at], i) => {
    const since = lines[i - 1]?.[0] ?? at - 100;
    return only === 'inside' ? since >= from && at <= to : at > from && since < to;
  });
  if (rows.length === 0) return { eluMean: NaN, eluMax: NaN, delayMaxMs: NaN };
  return {
    eluMean: rows.reduce((sum, r) => sum + r[1], 0) / rows.length,
    eluMax: Math.max(...rows.map((r) => r[1])),
    delayMaxMs: Math.max(...rows.map((r) => r[2])),
  };
}

/** Busy and total jiffies of the whole machine, from /proc/stat. */
export function machineJiffies(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = fields[3]! + (fields[4] ?? 0);
  return { busy: total - idle, total };
}
/** The machine's busy share between two readings of machineJiffies. */
export const busyShare = (from: ReturnType<typeof machineJiffies>, to: ReturnType<typeof machineJiffies>) =>
  (to.busy - from.busy) / Math.max(1, to.total - from.total);

/** The kernel's count of connections dropped because a listening socket's accept queue was full. */
export function listenOverflows(): number {
  const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
  const i = lines.findIndex((l) => l.startsWith('TcpExt:'));
  const names = lines[i]!.split(' ');
  const values = lines[i + 1]!.split(' ');
  return Number(values[names.indexOf('ListenOverflows')] ?? NaN);
}

/** The open-files limit of a process (soft, hard), from /proc. */
export function openFilesLimit(pid: number | 'self'): [number, number] {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'))!;
  const [soft, hard] = line.replace('Max open files', '').trim().split(/\s+/);
  return [Number(soft), Number(hard)];
}
