/** The real server for a benchmark: started from source on a port, ready when its health answers. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
