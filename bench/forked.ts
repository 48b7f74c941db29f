/** A forked load-generator process of a benchmark (a TypeScript file run with tsx), spoken to over IPC. */
import { fork, type ChildProcess } from 'node:child_process';
import { cpuSeconds } from './server';

export class Forked<To, From extends { type: string }> {
  private readonly inbox: From[] = [];
  private readonly waiters: { match: (m: From) => boolean; resolve: (m: From | null) => void }[] = [];
  readonly child: ChildProcess;
  constructor(file: string) {
    this.child = fork(file, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (m: From) => {
      const i = this.waiters.findIndex((w) => w.match(m));
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(m);
      else this.inbox.push(m);
    });
  }
  send(message: To): void {
    this.child.send(message as object);
  }
  /** The next message that matches (already received or to come), or null after `timeoutMs`. */
  take<T extends From>(match: (m: From) => m is T, timeoutMs: number): Promise<T | null> {
    const i = this.inbox.findIndex(match);
    if (i >= 0) return Promise.resolve(this.inbox.splice(i, 1)[0] as T);
    return new Promise((resolve) => {
      const waiter = {
        match,
        resolve: (m: From | null) => {
          clearTimeout(timer);
          resolve(m as T | null);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        resolve(null);
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }
  cpuSeconds(): number {
    return cpuSeconds(this.child.pid!);
  }
}
