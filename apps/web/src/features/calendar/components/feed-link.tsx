import { Alert, Anchor, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarShare, IconDeviceMobile } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarFeedLink } from '@ki/contracts';
import { formatDate } from '../../../lib/format-date';
import { CopyLinkField } from '../../../ui/copy-link-field';
import { useFeedStatus, useMakeFeedLink, useTurnOffFeed } from '../api/feed';
import { notifyDone, useErrorText } from '../use-error-text';

/**
 * "Add to phone calendar": a private iCalendar link (everyone with a calendar). Making one shows it
 * once, to copy or to open in the phone's calendar app (webcal://); making another stops the old
 * one; Turn off stops it altogether.
 */
export function FeedLink() {
  const { t } = useTranslation('calendar');
  const [opened, { open, close }] = useDisclosure();
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconDeviceMobile size={16} aria-hidden="true" />}
        onClick={open}
        data-testid="feed-open"
      >
        {t('feed.button')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('feed.title')} centered data-testid="feed-dialog">
        {opened ? <FeedPanel /> : null}
      </Modal>
    </>
  );
}

function FeedPanel() {
  const { t, i18n } = useTranslation('calendar');
  const status = useFeedStatus(true);
  const make = useMakeFeedLink();
  const turnOff = useTurnOffFeed();
  const errorText = useErrorText();
  const [link, setLink] = useState<CalendarFeedLink | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const active = status.data?.active ?? false;

  const makeLink = () => {
    setProblem(null);
    make.mutate(undefined, { onSuccess: (made) => setLink(made), onError: (error) => setProblem(errorText(error)) });
  };
  const stop = () => {
    setProblem(null);
    turnOff.mutate(undefined, {
      onSuccess: () => {
        setLink(null);
        notifyDone(t('feed.turnedOff'));
      },
      onError: (error) => setProblem(errorText(error)),
    });
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{t('feed.intro')}</Text>
      {problem ? (
        <Alert color="red" role="alert" data-testid="feed-problem">
          {problem}
        </Alert>
      ) : null}
      {status.isPending && status.fetchStatus === 'paused' ? (
        <Text size="sm" c="dimmed" data-testid="feed-offline">
          {t('errors.offline')}
        </Text>
      ) : status.isPending ? (
        <Loader size="sm" aria-label={t('loading')} />
      ) : status.isError ? (
        <Text size="sm" c="red" data-testid="feed-status-failed">
          {errorText(status.error)}
        </Text>
      ) : (
        <Text size="sm" fw={500} data-testid="feed-status">
          {active
            ? status.data?.createdAt
              ? t('feed.activeSince', { date: formatDate(status.data.createdAt, i18n.resolvedLanguage) })
              : t('feed.active')
            : t('feed.inactive')}
        </Text>
      )}
      {link ? (
        <Stack gap="xs" data-testid="feed-link">
          <CopyLinkField
            url={link.url}
            label={t('feed.link')}
            copyLabel={t('feed.copy')}
            onCopied={(ok) => notifyDone(ok ? t('feed.copied') : t('feed.copyFailed'))}
          />
          <Anchor href={link.webcalUrl} data-testid="feed-webcal">
            <Group gap={6} component="span">
              <IconCalendarShare size={16} aria-hidden="true" />
              {t('feed.openInApp')}
            </Group>
          </Anchor>
          <Text size="xs" c="dimmed">
            {t('feed.shownOnce')}
          </Text>
        </Stack>
      ) : null}
      <Group gap="sm">
        <Button
          onClick={makeLink}
          loading={make.isPending}
          disabled={status.isPending && !status.isError}
          data-testid="feed-make"
        >
          {active || link ? t('feed.remake') : t('feed.make')}
        </Button>
        {active || link ? (
          <Button variant="default" color="red" onClick={stop} loading={turnOff.isPending} data-testid="feed-turn-off">
            {t('feed.turnOff')}
          </Button>
        ) : null}
      </Group>
      {active && !link ? (
        <Text size="xs" c="dimmed" data-testid="feed-remake-hint">
          {t('feed.remakeHint')}
        </Text>
      ) : null}
    </Stack>
  );
}
