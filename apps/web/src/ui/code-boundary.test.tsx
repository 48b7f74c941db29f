// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeBoundary, retryableLazy } from './code-boundary';

afterEach(cleanup);

const Greeting = ({ name }: { name: string }) => <p>hello {name}</p>;

/** A lazily loaded part inside its boundary, with a retry button in the fallback (as the app uses it). */
function Host({ Part, retry }: { Part: React.ComponentType<{ name: string }>; retry: () => void }) {
  const [attempt, setAttempt] = useState(0);
  const again = () => {
    retry();
    setAttempt((n) => n + 1);
  };
  return (
    <CodeBoundary key={attempt} fallback={<button onClick={again}>try again</button>}>
      <Suspense fallback={<p>loading</p>}>
        <Part name="Aarav" />
      </Suspense>
    </CodeBoundary>
  );
}

// First in the file: React logs its warning about use() once per process.
describe('retryableLazy and React’s rules for use', () => {
  it('draws a part whose code comes within a tick or later, calling use() on every render (React has nothing to warn about)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Code that arrives within a tick (a chunk the browser has cached): the part draws.
    const { Part, retry } = retryableLazy(async () => Greeting);
    await act(async () => void render(<Host Part={Part} retry={retry} />));
    expect(screen.getByText('hello Aarav')).toBeTruthy();
    // Code that arrives later: the fallback first, then the part.
    cleanup();
    let arrive: (component: typeof Greeting) => void = () => {};
    const slow = retryableLazy(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    await act(async () => void render(<Host Part={slow.Part} retry={slow.retry} />));
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => arrive(Greeting));
    expect(screen.getByText('hello Aarav')).toBeTruthy();
    // React's "This library called use() to suspend in a previous render but did not call use() when it finished".
    expect(errors.mock.calls.flat().map(String).join(' ')).not.toMatch(/did not call use\(\)/);
    errors.mockRestore();
  });

  it('a preloaded part draws on its first render, without the Suspense fallback', async () => {
    const { Part, preload, retry } = retryableLazy(async () => Greeting);
    await preload();
    const seen: string[] = [];
    render(<Host Part={Part} retry={retry} />);
    seen.push(document.body.textContent ?? '');
    expect(seen).toEqual(['hello Aarav']);
  });
});

describe('retryableLazy in a CodeBoundary', () => {
  it('shows the fallback when the code cannot be fetched, and loads it on the next try', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Greeting);
    const { Part, retry } = retryableLazy(load);
    // Rendered inside an awaited act: the part suspends, and its failure must reach the boundary.
    await act(async () => void render(<Host Part={Part} retry={retry} />));
    const tryAgain = await screen.findByRole('button', { name: 'try again' });
    expect(load).toHaveBeenCalledTimes(1);

    await act(async () => tryAgain.click());
    expect(await screen.findByText('hello Aarav')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preload fetches the code once; the part then renders without asking again', async () => {
    const load = vi.fn(async () => Greeting);
    const { Part, preload, retry } = retryableLazy(load);
    await preload();
    await preload();
    retry(); // a loaded part is kept
    await act(async () => void render(<Host Part={Part} retry={retry} />));
    expect(screen.getByText('hello Aarav')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
