import { Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assessmentPaths } from '../../../config/assessment-paths';
import { CopyLinkField } from '../../../ui/copy-link-field';

/** The game's code in big digits, each read out on its own by a screen reader. */
export function GameCode({ code }: { code: string }) {
  const { t } = useTranslation('assessment');
  return (
    <Stack gap={6} align="center">
      <Text fw={700} c="dimmed" size="sm" tt="uppercase">
        {t('challenge.code')}
      </Text>
      <p className="ki-live-code" data-code={code} data-testid="game-code">
        <VisuallyHidden>{t('challenge.codeDigits', { digits: code.split('').join(' ') })}</VisuallyHidden>
        {code.split('').map((digit, i) => (
          <span key={i} aria-hidden="true">
            {digit}
          </span>
        ))}
      </p>
    </Stack>
  );
}

/** The link friends open to join (their waiting lobby), to copy or to hand to the device's share sheet. */
export function ShareGame({ code }: { code: string }) {
  const { t } = useTranslation('assessment');
  const [copied, setCopied] = useState<boolean | null>(null);
  const url = `${window.location.origin}${assessmentPaths.waitingLobby(code)}`;
  const canShare = typeof navigator.share === 'function';
  return (
    <Stack gap={6}>
      <CopyLinkField url={url} label={t('challenge.shareLink')} copyLabel={t('challenge.copy')} onCopied={setCopied} />
      {copied === null ? null : (
        <Text size="sm" c={copied ? 'teal' : 'red'} role="status" data-testid="share-copied">
          {copied ? t('challenge.copied') : t('challenge.copyFailed')}
        </Text>
      )}
      {canShare ? (
        <Button
          variant="default"
          leftSection={<IconShare size={16} aria-hidden="true" />}
          onClick={() =>
            // Dismissing the share sheet rejects: nothing to say then.
            void navigator
              .share({ title: t('challenge.title'), text: t('challenge.shareMessage', { code }), url })
              .catch(() => undefined)
          }
          data-testid="share-native"
        >
          {t('challenge.share')}
        </Button>
      ) : null}
    </Stack>
  );
}
