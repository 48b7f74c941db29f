import { Notifications } from '@mantine/notifications';
import { MantineRoot } from '../ui/mantine-root';

/** Toasts sit top-right, close after 6000 ms, at most 3 at once (access-and-app-shell.md 2.7a, 9). */
export const TOASTS = { position: 'top-right', autoClose: 6000, limit: 3 } as const;

/** The toast container: loaded by the app's providers when the first toast is shown, or when idle. */
export default function Toasts() {
  return (
    <MantineRoot>
      <Notifications position={TOASTS.position} autoClose={TOASTS.autoClose} limit={TOASTS.limit} />
    </MantineRoot>
  );
}
