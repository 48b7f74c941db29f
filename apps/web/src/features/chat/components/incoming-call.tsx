import { Avatar, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPhone, IconPhoneOff, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IncomingCall } from '@ki/contracts';

/**
 * A colleague is calling: who, voice or video, Accept or Decline. It stays until answered here or
 * on another of my tabs, or until the caller gives up or it rings out (call-state.ts).
 */
export function IncomingCallDialog({
  call,
  onAccept,
  onDecline,
}: {
  call: IncomingCall;
  onAccept: () => Promise<void>;
  onDecline: () => void;
}) {
  const { t } = useTranslation('chat');
  const [accepting, setAccepting] = useState(false);
  const accept = () => {
    setAccepting(true);
    void onAccept().finally(() => setAccepting(false));
  };
  return (
    <Modal
      opened
      onClose={onDecline}
      title={t(call.kind === 'video' ? 'call.incoming.video' : 'call.incoming.audio')}
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      zIndex={400}
    >
      <Stack align="center" gap="md" data-testid="incoming-call" data-kind={call.kind}>
        <Avatar size="xl" radius="xl" name={call.from.name} color="initials" aria-hidden="true" />
        <Text size="lg" fw={600} ta="center" data-testid="incoming-caller">
          {t('call.incoming.from', { name: call.from.name })}
        </Text>
        <Group grow w="100%" wrap="nowrap">
          <Button
            color="red"
            leftSection={<IconPhoneOff size={18} aria-hidden="true" />}
            onClick={onDecline}
            disabled={accepting}
            data-testid="call-decline"
          >
            {t('call.incoming.decline')}
          </Button>
          <Button
            color="teal"
            leftSection={
              call.kind === 'video' ? (
                <IconVideo size={18} aria-hidden="true" />
              ) : (
                <IconPhone size={18} aria-hidden="true" />
              )
            }
            onClick={accept}
            loading={accepting}
            data-autofocus
            data-testid="call-accept"
          >
            {t('call.incoming.accept')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
