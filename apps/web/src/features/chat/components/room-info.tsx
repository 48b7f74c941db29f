import { ActionIcon, Avatar, Button, FileButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHAT_GROUP_NAME_MAX,
  CHAT_PICTURE_MAX_BYTES,
  RenameGroupSchema,
  type ChatPerson,
  type RoomDetail,
} from '@ki/contracts';
import { formatFileSize } from '../../../lib/file-size';
import { fileUrl, PICTURE_ACCEPT, pictureProblem } from '../api/files';
import { useAddMembers, useGroupPicture, useRemoveMember, useRenameGroup } from '../api/rooms';
import { useNotifyError } from '../use-error-text';
import { OnlineDot } from './online-dot';
import { PeoplePicker } from './people-picker';

function Rename({ detail }: { detail: RoomDetail }) {
  const { t } = useTranslation('chat');
  const [name, setName] = useState(detail.room.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameGroup(detail.room.id);
  const notifyError = useNotifyError();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = RenameGroupSchema.safeParse({ name });
        if (!checked.success) return setError(t('group.nameRequired'));
        setError(null);
        rename.mutate(checked.data.name, { onError: notifyError });
      }}
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={t('group.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={CHAT_GROUP_NAME_MAX}
          error={error}
          style={{ flex: 1 }}
          data-testid="rename-input"
        />
        <Button
          type="submit"
          mt={25}
          loading={rename.isPending}
          disabled={name.trim() === detail.room.name}
          data-testid="rename-save"
        >
          {t('info.rename')}
        </Button>
      </Group>
    </form>
  );
}

/** A group's picture: its creator picks one (PNG, JPEG or WebP of at most 2 MB) or takes it away. */
function GroupPicture({ detail }: { detail: RoomDetail }) {
  const { t, i18n } = useTranslation('chat');
  const [problem, setProblem] = useState<string | null>(null);
  const picture = useGroupPicture(detail.room.id);
  const notifyError = useNotifyError();
  const { pictureId, name } = detail.room;
  return (
    <Group gap="sm" wrap="nowrap" data-testid="group-picture">
      <Avatar
        src={pictureId ? fileUrl(pictureId) : null}
        size={56}
        radius={56}
        name={name}
        color="initials"
        alt={t('info.picture')}
      />
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <FileButton
            accept={PICTURE_ACCEPT}
            onChange={(file) => {
              if (!file) return;
              const why = pictureProblem(file);
              if (why)
                return setProblem(
                  t('info.pictureProblem', { max: formatFileSize(CHAT_PICTURE_MAX_BYTES, i18n.resolvedLanguage) }),
                );
              setProblem(null);
              picture.mutate(file, { onError: (error) => notifyError(error) });
            }}
          >
            {(props) => (
              <Button {...props} variant="light" size="xs" loading={picture.isPending} data-testid="picture-change">
                {t('info.changePicture')}
              </Button>
            )}
          </FileButton>
          {pictureId ? (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              onClick={() => picture.mutate(null, { onError: notifyError })}
              data-testid="picture-remove"
            >
              {t('info.removePicture')}
            </Button>
          ) : null}
        </Group>
        {problem ? (
          <Text size="xs" c="red" role="alert" data-testid="picture-problem">
            {problem}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

function AddPeople({ detail }: { detail: RoomDetail }) {
  const { t } = useTranslation('chat');
  const [people, setPeople] = useState<ChatPerson[]>([]);
  const [error, setError] = useState<string | null>(null);
  const add = useAddMembers(detail.room.id);
  const notifyError = useNotifyError();
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('info.addPeople')}</Text>
      <PeoplePicker value={people} onChange={setPeople} exclude={detail.members.map((m) => m.id)} error={error} />
      <Button
        onClick={() => {
          if (people.length === 0) return setError(t('group.peopleRequired'));
          setError(null);
          add.mutate(
            people.map((p) => p.id),
            { onSuccess: () => setPeople([]), onError: notifyError },
          );
        }}
        loading={add.isPending}
        data-testid="add-people"
      >
        {t('info.add')}
      </Button>
    </Stack>
  );
}

/**
 * Room info (a dialog): the people of the room with their online dots. A group's creator sets its picture, renames it, adds
 * and removes people; any member may leave it (with a confirmation).
 */
export function RoomInfo({
  detail,
  meId,
  opened,
  onClose,
  onLeft,
}: {
  detail: RoomDetail;
  meId: number;
  opened: boolean;
  onClose: () => void;
  onLeft: () => void;
}) {
  const { t } = useTranslation('chat');
  const { room, members } = detail;
  const remove = useRemoveMember(room.id);
  const notifyError = useNotifyError();
  const [confirmLeave, setConfirmLeave] = useState(false);
  const isGroup = room.kind === 'group';
  return (
    <Modal opened={opened} onClose={onClose} title={t('info.title')} data-testid="room-info">
      <Stack gap="md">
        {isGroup && room.isCreator ? <GroupPicture detail={detail} /> : null}
        {isGroup && room.isCreator ? <Rename key={room.name} detail={detail} /> : null}
        <Stack gap={4}>
          <Text fw={600}>{t('room.people', { count: members.length })}</Text>
          <Stack gap={4} component="ul" className="chat-plain-list" data-testid="members">
            {members.map((person) => (
              <Group key={person.id} component="li" gap="xs" wrap="nowrap" justify="space-between" data-testid="member">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <OnlineDot userId={person.id} />
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {person.id === meId ? t('info.you', { name: person.name }) : person.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`roles.${person.role}`)}
                    </Text>
                  </div>
                </Group>
                {isGroup && room.isCreator && person.id !== meId ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    loading={remove.isPending && remove.variables === person.id}
                    onClick={() => remove.mutate(person.id, { onError: notifyError })}
                    aria-label={t('info.remove', { name: person.name })}
                    data-testid="member-remove"
                  >
                    <IconUserMinus size={18} aria-hidden="true" />
                  </ActionIcon>
                ) : null}
              </Group>
            ))}
          </Stack>
        </Stack>
        {isGroup && room.isCreator ? (
          <>
            <hr className="chat-rule" />
            <AddPeople detail={detail} />
          </>
        ) : null}
        {isGroup ? (
          <>
            <hr className="chat-rule" />
            {confirmLeave ? (
              <Stack gap="xs">
                <Text size="sm">{t('info.leaveConfirm')}</Text>
                <Group gap="xs">
                  <Button
                    color="red"
                    loading={remove.isPending && remove.variables === meId}
                    onClick={() => remove.mutate(meId, { onSuccess: onLeft, onError: notifyError })}
                    data-testid="leave-yes"
                  >
                    {t('info.leave')}
                  </Button>
                  <Button variant="default" onClick={() => setConfirmLeave(false)}>
                    {t('actions.cancel')}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Button variant="light" color="red" onClick={() => setConfirmLeave(true)} data-testid="leave">
                {t('info.leave')}
              </Button>
            )}
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}
