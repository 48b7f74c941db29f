import { Component, use, type ComponentType, type ReactNode } from 'react';

/**
 * Shows `fallback` in place of a lazily loaded part whose code could not be fetched (a first visit
 * that lost its network before the service worker had stored the app), instead of the whole page
 * falling to the error screen. Give it a new `key` to try again (with a part made by retryableLazy).
 */
export class CodeBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Like React.lazy, but a part whose code could not be fetched can be tried again: `retry()` forgets
 * the failure, and the part asks for its code the next time it mounts (React.lazy would fail for
 * good). `preload` starts the download early. Render the part inside a Suspense and a CodeBoundary,
 * and call `retry` before giving the boundary a new key.
 *
 * The part calls `use` on every render (React asks that a component which suspended on `use` call it
 * again when it resumes). The promise marks itself fulfilled as it resolves (`status`, `value`: what
 * React writes on the promises it has waited for, and reads first), so a part preloaded before its
 * first render draws at once instead of suspending for one tick.
 */
export function retryableLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { Part: ComponentType<P>; preload: () => Promise<ComponentType<P>>; retry: () => void } {
  let pending: Promise<ComponentType<P>> | null = null;
  let loaded = false;
  const preload = () => {
    if (!pending) {
      const started: Promise<ComponentType<P>> = load().then((component) => {
        Object.assign(started, { status: 'fulfilled', value: component });
        loaded = true;
        return component;
      });
      pending = started;
    }
    return pending;
  };
  const retry = () => {
    if (!loaded) pending = null;
  };
  function Part(props: P) {
    const Component = use(preload());
    return <Component {...props} />;
  }
  return { Part, preload, retry };
}
