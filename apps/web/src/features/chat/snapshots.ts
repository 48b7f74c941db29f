/**
 * What a session shows, for React's useSyncExternalStore: the call's and the meeting's sessions
 * each keep theirs in one, replacing it (never changing it in place) as it changes.
 */
export class Snapshots<T extends object> {
  private current: T;
  private readonly listeners = new Set<() => void>();

  constructor(initial: T) {
    this.current = initial;
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly get = (): T => this.current;

  /** A new snapshot with `next`'s fields changed; every listener hears of it. */
  set(next: Partial<T>) {
    this.current = { ...this.current, ...next };
    for (const listener of this.listeners) listener();
  }
}
