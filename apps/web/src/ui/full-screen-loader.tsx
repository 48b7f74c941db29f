import { Center, Loader } from '@mantine/core';

/** The loader screen shown while the shell or a page loads. */
export function FullScreenLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite" aria-label={label}>
      <Loader />
    </Center>
  );
}
