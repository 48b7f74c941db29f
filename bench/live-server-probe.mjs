/**
 * Loaded into the server's process by `npm run bench:live` and `npm run bench:chat` (node --import,
 * before the server's own code; the server's code is not changed): every 100 ms it appends to
 * BENCH_LIVE_LOOP_FILE one line "<epoch ms> <event-loop utilization of the interval> <largest
 * event-loop delay of the interval, ms>", so the benchmark can tell a busy server event loop from slow load generators.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const file = process.env.BENCH_LIVE_LOOP_FILE;
if (file) {
  writeFileSync(file, '');
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let last = performance.eventLoopUtilization();
  setInterval(() => {
    const current = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(current, last);
    last = current;
    appendFileSync(
      file,
      `${(performance.timeOrigin + performance.now()).toFixed(1)} ${utilization.toFixed(3)} ${(delay.max / 1e6).toFixed(1)}\n`,
    );
    delay.reset();
  }, 100).unref();
}
