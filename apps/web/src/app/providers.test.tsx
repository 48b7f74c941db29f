// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const { DeferredToasts } = await import('./providers');

afterEach(() => {
  cleanup();
  notifications.clean();
});

describe('DeferredToasts', () => {
  it('fetches the toast code on the first toast, and again on the next toast when a fetch failed', async () => {
    const container = () => <p>toasts are here</p>;
    const load = vi
      .fn<() => Promise<{ default: () => React.ReactNode }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: container });
    render(<DeferredToasts load={load} />);
    expect(load).not.toHaveBeenCalled();

    act(() => void notifications.show({ message: 'first' }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // The failed fetch leaves nothing on screen and does not throw into the app.
    await act(async () => {});
    expect(screen.queryByText('toasts are here')).toBeNull();

    act(() => void notifications.show({ message: 'second' }));
    expect(await screen.findByText('toasts are here')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fetches it at once when a toast was shown before the app rendered', async () => {
    notifications.show({ message: 'early' });
    const load = vi.fn(async () => ({ default: () => <p>early container</p> }));
    render(<DeferredToasts load={load} />);
    expect(await screen.findByText('early container')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
