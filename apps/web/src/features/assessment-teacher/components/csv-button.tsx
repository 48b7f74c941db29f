import { Button } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A CSV download of a table (the server's file of the same query, with a BOM for spreadsheet
 * programs), or a disabled button while the table has no rows: a file with only the header row
 * helps nobody (docs/DECISIONS.md "A CSV of no rows").
 */
export function CsvButton({
  href,
  isEmpty,
  children,
  testId,
}: {
  href: string;
  isEmpty: boolean;
  children: ReactNode;
  testId: string;
}) {
  const icon = <IconFileDownload size={16} />;
  return isEmpty ? (
    <Button disabled variant="light" size="xs" leftSection={icon} data-testid={testId}>
      {children}
    </Button>
  ) : (
    <Button component="a" href={href} download variant="light" size="xs" leftSection={icon} data-testid={testId}>
      {children}
    </Button>
  );
}
