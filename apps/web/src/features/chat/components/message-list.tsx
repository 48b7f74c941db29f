import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconClock } from '@tabler/icons-react';
import { Fragment, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@ki/contracts';
import { formatDate } from '../../../lib/format-date';
import { messagesInOrder, useMessages } from '../api/messages';
import { dayOf, timeOfDay } from '../chat-time';
import { usePending, type PendingMessage } from '../pending-messages';
import { useErrorText, useNotifyError } from '../use-error-text';
import { MessageFile, PendingFile } from './message-file';

/**
 * One message: the caller's on the right; others' with the sender's name in a group. Plain text,
 * under its attachment (a picture or a document card) when it has one.
 */
function Bubble({
  own,
  sender,
  text,
  attachment = null,
  footer,
  testId,
  status,
}: {
  own: boolean;
  sender: string | null;
  text: string;
  attachment?: ReactNode;
  footer: ReactNode;
  testId: string;
  status?: PendingMessage['status'];
}) {
  return (
    <div className="chat-bubble" data-own={own ? '' : undefined} data-status={status} data-testid={testId}>
      {sender ? (
        <Text size="xs" fw={600} c="blue" data-testid="message-sender">
          {sender}
        </Text>
      ) : null}
      {attachment}
      {/* React escapes the text: a message is never read as HTML. */}
      {text ? (
        <div className="chat-text" data-testid="message-text">
          {text}
        </div>
      ) : null}
      <div className="chat-meta">{footer}</div>
    </div>
  );
}

/**
 * A room's messages, oldest first, with day separators; the caller's unsent ones after them
 * ("sending", or failed with Retry and Remove). The view stays at the newest message as messages
 * arrive, unless the reader has scrolled up; earlier pages load with a button at the top.
 */
export function MessageList({
  roomId,
  meId,
  isGroup,
  onRetry,
  onDiscard,
}: {
  roomId: number;
  meId: number;
  isGroup: boolean;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
}) {
  const { t, i18n } = useTranslation('chat');
  const language = i18n.resolvedLanguage;
  const history = useMessages(roomId);
  const pending = usePending(roomId);
  const errorText = useErrorText();
  const notifyError = useNotifyError();
  const messages = messagesInOrder(history.data);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const firstId = useRef<number | null>(null);
  const heightBefore = useRef(0);

  const last = messages.at(-1)?.id ?? null;
  const first = messages[0]?.id ?? null;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (firstId.current !== null && first !== firstId.current && heightBefore.current > 0) {
      // An earlier page arrived above: the messages being read stay where they were.
      el.scrollTop += el.scrollHeight - heightBefore.current;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
    firstId.current = first;
    heightBefore.current = 0;
  }, [first, last, pending.length]);
  // A picture gets its height when it loads, after the scroll above: the newest message stays in view.
  const keepBottom = () => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  };

  if (history.isPending)
    return (
      <Group className="chat-messages" justify="center">
        <Loader size="sm" />
      </Group>
    );
  if (history.isError)
    return (
      <Group className="chat-messages" justify="center">
        <Text c="red" size="sm" role="alert">
          {errorText(history.error)}
        </Text>
      </Group>
    );

  const name = (m: ChatMessage) => (isGroup && m.senderId !== meId ? m.senderName : null);
  return (
    <div
      ref={scroller}
      className="chat-messages"
      onScroll={(event) => {
        const el = event.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
      }}
      role="log"
      aria-label={t('room.messages')}
      data-testid="messages"
    >
      <Stack gap={6} p="sm">
        {history.hasMore ? (
          <Group justify="center">
            <Button
              variant="subtle"
              size="compact-sm"
              loading={history.loadingMore}
              onClick={() => {
                heightBefore.current = scroller.current?.scrollHeight ?? 0;
                void history.more().catch(notifyError);
              }}
              data-testid="messages-earlier"
            >
              {t('room.earlier')}
            </Button>
          </Group>
        ) : null}
        {messages.length === 0 && pending.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="xl" data-testid="empty-messages">
            {t('empty.messages')}
          </Text>
        ) : null}
        {messages.map((m, i) => (
          <Fragment key={m.id}>
            {i === 0 || dayOf(messages[i - 1]!.sentAt) !== dayOf(m.sentAt) ? (
              <Text size="xs" c="dimmed" ta="center" className="chat-day">
                {formatDate(m.sentAt, language)}
              </Text>
            ) : null}
            <Bubble
              own={m.senderId === meId}
              sender={name(m)}
              text={m.text}
              attachment={m.file ? <MessageFile file={m.file} onPictureLoad={keepBottom} /> : null}
              footer={<time dateTime={m.sentAt}>{timeOfDay(m.sentAt, language)}</time>}
              testId="message"
            />
          </Fragment>
        ))}
        {pending.map((m) => (
          <Bubble
            key={m.clientId}
            own
            sender={null}
            text={m.text}
            attachment={m.file ? <PendingFile file={m.file} sending={m.status === 'sending'} /> : null}
            status={m.status}
            testId="message-pending"
            footer={
              m.status === 'sending' ? (
                <Group gap={4} justify="flex-end">
                  <IconClock size={12} aria-hidden="true" />
                  <span>{t('room.sending')}</span>
                </Group>
              ) : (
                <Group gap={6} justify="flex-end" wrap="wrap">
                  <Text span size="xs" c="red" role="alert">
                    <IconAlertCircle size={12} aria-hidden="true" style={{ verticalAlign: 'middle' }} />{' '}
                    {t('room.failed', { reason: errorText(m.error, { upload: m.file !== undefined }) })}
                  </Text>
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => onRetry(m.clientId)}
                    data-testid="message-retry"
                  >
                    {t('room.retry')}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="gray"
                    onClick={() => onDiscard(m.clientId)}
                    data-testid="message-discard"
                  >
                    {t('room.discard')}
                  </Button>
                </Group>
              )
            }
          />
        ))}
      </Stack>
    </div>
  );
}
