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
