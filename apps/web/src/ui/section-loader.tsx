import { Group, Loader } from '@mantine/core';

/** A page or a section of one still loading: a spinner centred where it will show, named for screen readers. */
export function SectionLoader({ label }: { label: string }) {
  return (
    <Group justify="center" p="xl">
      <Loader aria-label={label} />
    </Group>
  );
}
