import { Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyBroadcasts } from '@ki/contracts';
import { formatDate } from '../../lib/format-date';
import { useMarkBroadcastRead } from './api/mark-read';
import { useMyBroadcasts } from './api/my-broadcasts';
import { NoticeLink, PlainDialog } from './components/notice-dialog';
import { NoticePicture } from './notice-picture';
import './notices.css';

type Notice = MyBroadcasts['broadcasts'][number];

/** Notices shown before "Show all". */
const FIRST = 4;

/**
 * Unread first, each group newest first (the server's order, kept). `wasUnread`: notices unread when
 * they arrived, which keep their place once opened, so the list does not move under the reader.
 */
export const unreadFirst = (notices: readonly Notice[], wasUnread: ReadonlySet<number> = new Set()): Notice[] => {
  const first = (n: Notice) => !n.read || wasUnread.has(n.id);
  return [...notices.filter(first), ...notices.filter((n) => !first(n))];
};

/**
 * The parent dashboard's "School notices" (issue #26, "Broadcasts"): the notices of their children's
 * schools and grades, each naming the children it is for, unread first and marked. Opening one shows
 * its whole text and link (in the browser's own dialog, as on the learner's home) and marks it read.
 * A parent with no notices sees a calm line.
 */
export function ParentNoticesCard() {
  const { t, i18n } = useTranslation('notices');
  const notices = useMyBroadcasts();
  const markRead = useMarkBroadcastRead();
  const [openId, setOpenId] = useState<number | null>(null);
  const [showAll, setShowAll] = useState(false);
  // Notices seen unread, learnt while rendering each answer (React's "adjusting state on a change").
  const [wasUnread, setWasUnread] = useState<ReadonlySet<number>>(new Set());
  const all = notices.data?.broadcasts ?? [];
  const arrived = all.filter((n) => !n.read && !wasUnread.has(n.id)).map((n) => n.id);
  if (arrived.length > 0) setWasUnread(new Set([...wasUnread, ...arrived]));
  if (notices.isError && !notices.data) return null;
  const list = unreadFirst(all, wasUnread);
  const byId = new Map(all.map((n) => [n.id, n]));
  const shown = showAll ? list : list.slice(0, FIRST);
  const opened = openId === null ? undefined : byId.get(openId);
  const date = (n: Notice) => formatDate(n.createdAt, i18n.resolvedLanguage);
  const open = (n: Notice) => {
    setOpenId(n.id);
    if (!n.read) markRead.mutate(n.id);
  };
  const unread = notices.data?.unread ?? 0;

  return (
    <Paper withBorder p="md" radius="md" data-testid="parent-notices">
      <Group justify="space-between" gap="xs" mb="xs">
        <Group gap="xs">
          <IconSpeakerphone size={20} aria-hidden="true" />
          <Title order={3} size="h5">
            {t('parent.title')}
          </Title>
          {unread > 0 ? (
            <Badge color="red" variant="light" data-testid="parent-notices-unread">
              {t('reader.unread', { count: unread })}
            </Badge>
          ) : null}
        </Group>
      </Group>
      {!notices.data ? (
        <Text size="sm" c="dimmed">
          {notices.fetchStatus === 'paused' ? t('reader.offline') : t('loading')}
        </Text>
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="parent-notices-empty">
          {t('parent.empty')}
        </Text>
      ) : (
        <ul className="ki-notice-list ki-m0">
          {shown.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                className="ki-unstyled-button ki-notice-row"
                data-unread={n.read ? undefined : ''}
                onClick={() => open(n)}
                data-testid="parent-notice"
              >
                <span className="ki-notice-dot" aria-hidden="true" />
                <span style={{ minWidth: 0 }}>
                  <span className="ki-notice-title ki-text-sm" style={{ overflowWrap: 'anywhere' }}>
                    {n.read ? null : <span className="ki-sr-only">{t('reader.unreadMark')}: </span>}
                    {n.title}
                  </span>
                  {n.children.length > 0 ? (
                    <span className="ki-notice-for ki-text-xs ki-dimmed" data-testid="parent-notice-for">
                      {t('parent.for', { names: n.children.join(', ') })}
                    </span>
                  ) : null}
                </span>
                <span className="ki-notice-date ki-text-xs ki-dimmed">{date(n)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.length > FIRST ? (
        <Button
          variant="subtle"
          size="compact-sm"
          mt="xs"
          onClick={() => setShowAll((v) => !v)}
          data-testid="parent-notices-all"
        >
          {showAll ? t('parent.showFewer') : t('parent.showAll', { total: list.length })}
        </Button>
      ) : null}
      {opened ? (
        <PlainDialog
          key={opened.id}
          title={opened.title}
          closeLabel={t('reader.close')}
          onClose={() => setOpenId(null)}
          testId="notice-open"
        >
          <p className="ki-text-xs ki-dimmed ki-m0" data-testid="notice-meta">
            {opened.author ? t('reader.dateFrom', { date: date(opened), name: opened.author }) : date(opened)}
          </p>
          {opened.children.length > 0 ? (
            <p className="ki-text-sm ki-bold ki-m0">{t('parent.for', { names: opened.children.join(', ') })}</p>
          ) : null}
          {opened.body ? (
            <p className="ki-notice-text ki-text-sm" data-testid="notice-body">
              {opened.body}
            </p>
          ) : null}
          <NoticePicture notice={opened} alt={t('reader.picture')} />
          {opened.linkUrl ? <NoticeLink href={opened.linkUrl} label={t('reader.openLink')} /> : null}
        </PlainDialog>
      ) : null}
    </Paper>
  );
}
