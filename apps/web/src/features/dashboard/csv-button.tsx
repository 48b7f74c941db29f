import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A CSV download link, or a disabled button while the list it would download has no rows: a file
 * with only the header row helps nobody.
 */
export function CsvButton({
  href,
  isEmpty,
  children,
  size,
  iconSize = 16,
  ...rest
}: {
  href: string;
  isEmpty: boolean;
  children: ReactNode;
  size?: ButtonProps['size'];
  iconSize?: number;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  const icon = <IconDownload size={iconSize} />;
  return isEmpty ? (
    <Button disabled variant="light" size={size} leftSection={icon} {...rest}>
      {children}
    </Button>
  ) : (
    <Button component="a" href={href} variant="light" size={size} leftSection={icon} {...rest}>
      {children}
    </Button>
  );
}
