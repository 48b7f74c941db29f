import { Button, Group, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { copyText } from '../lib/copy-text';

/**
 * A link to hand on: shown read-only (selected whole on focus, to copy by hand) beside a Copy
 * button that turns into a tick once copied. `onCopied` hears whether the copy worked, so each
 * screen says so its own way.
 */
export function CopyLinkField({
  url,
  label,
  copyLabel,
  onCopied,
}: {
  url: string;
  label: string;
  copyLabel: string;
  onCopied: (ok: boolean) => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Group gap="xs" wrap="nowrap" preventGrowOverflow={false} align="flex-end">
      <TextInput
        label={label}
        value={url}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        style={{ flex: 1, minWidth: 0 }}
        data-testid="share-url"
      />
      <Button
        variant="light"
        leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
        onClick={() =>
          void copyText(url).then((ok) => {
            setCopied(ok);
            onCopied(ok);
          })
        }
        data-testid="share-copy"
      >
        {copyLabel}
      </Button>
    </Group>
  );
}
