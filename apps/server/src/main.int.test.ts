import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      DEMO_DATA_ON_EMPTY: 'false',
      SERVE_WEB: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

type Started = ReturnType<typeof startServer>;

// Start-up runs the migrations on a fresh embedded database: seconds on an idle machine, over a
// minute when the rest of the suite keeps both cores busy. Wait up to four minutes.
async function waitForHealth(port: number, server: Started): Promise<void> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  // What the last try got, for the failure message: a status and body, or the network error.
  let last = 'no answer yet';
  for (let i = 0; i < 960; i++) {
    if (exitCode !== undefined)
      throw new Error(`server exited with ${exitCode} before it was healthy:\n${server.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`, { signal: AbortSignal.timeout(10_000) });
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      // Not listening yet, or no answer within 10 s.
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  server.child.kill('SIGKILL');
  throw new Error(`server did not become healthy; last try: ${last}\n${server.output()}`);
}

describe('server process', () => {
  it('shuts down cleanly on SIGTERM and starts again on the same embedded database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ki-main-'));
    const port = 3300 + Math.floor(Math.random() * 500);
    const first = startServer(dataDir, port);
    await waitForHealth(port, first);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = startServer(dataDir, port);
    await waitForHealth(port, second);
    const health = await (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).json();
    expect(health).toMatchObject({ status: 'ok', database: { kind: 'pglite', ok: true } });
    second.child.kill('SIGTERM');
    expect(await second.exited, second.output()).toBe(0);
  }, 600_000);

  it('refuses to start in production with development secrets, listing the problem', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, NODE_ENV: 'production', SESSION_SECRET: 'short', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toContain('SESSION_SECRET');
  }, 60_000);
});
