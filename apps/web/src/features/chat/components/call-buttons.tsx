import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPhone, IconVideo } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallKind } from '@ki/contracts';
import { placeCall } from '../call-entry';
import { useOnline } from '../presence';

/**
 * A one-to-one room's voice and video call buttons (the call screen takes over from there). While
 * the colleague is offline they look disabled and say so; they stay focusable so the hint is read
 * out, and a tap does nothing. If presence is stale, the server's refusal shows on the call screen.
 */
export function CallButtons({ roomId, userId, name }: { roomId: number; userId: number | null; name: string }) {
  const { t } = useTranslation('chat');
  const online = useOnline(userId);
  const hintId = useId();
  const button = (kind: CallKind) => (
    <Tooltip
      label={
        online ? t(kind === 'video' ? 'call.startVideo' : 'call.startAudio', { name }) : t('call.offlineHint', { name })
      }
      withinPortal
    >
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={t(kind === 'video' ? 'call.startVideo' : 'call.startAudio', { name })}
        aria-describedby={online ? undefined : hintId}
        aria-disabled={online ? undefined : true}
        data-disabled={online ? undefined : true}
        data-testid={`call-${kind}`}
        onClick={(event) => {
          if (!online) {
            event.preventDefault();
            return;
          }
          placeCall(roomId, kind, { id: userId, name });
        }}
      >
        {kind === 'video' ? <IconVideo size={20} aria-hidden="true" /> : <IconPhone size={20} aria-hidden="true" />}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <>
      {button('audio')}
      {button('video')}
      {online ? null : (
        <span id={hintId} className="chat-visually-hidden">
          {t('call.offlineHint', { name })}
        </span>
      )}
    </>
  );
}
