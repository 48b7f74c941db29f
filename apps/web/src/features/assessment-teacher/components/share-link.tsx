import { Button, Group, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/copy-text';
import { shareUrl } from '../share';
import { notifyDone, notifyProblem } from '../use-error-text';

/** The quiz's join link for students, shown and copied with one button. */
export function ShareLink({ sharePath }: { sharePath: string }) {
  const { t } = useTranslation('quizzes');
  const [copied, setCopied] = useState(false);
  const url = shareUrl(window.location.origin, sharePath);
  return (
    <Group gap="xs" wrap="nowrap" preventGrowOverflow={false} align="flex-end">
      <TextInput
        label={t('share.label')}
        value={url}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        style={{ flex: 1, minWidth: 0 }}
        data-testid="share-url"
      />
      <Button
        leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
        variant="light"
        onClick={() =>
          void copyText(url).then((ok) => {
            setCopied(ok);
            if (ok) notifyDone(t('share.copied'));
            else notifyProblem(t('share.copyFailed'));
          })
        }
        data-testid="share-copy"
      >
        {t('share.copy')}
      </Button>
    </Group>
  );
}
