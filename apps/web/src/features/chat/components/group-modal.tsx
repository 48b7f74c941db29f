import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_GROUP_NAME_MAX, CreateGroupSchema, type ChatPerson, type ChatRoom } from '@ki/contracts';
import { useCreateGroup } from '../api/rooms';
import { notifyDone, useNotifyError } from '../use-error-text';
import { PeoplePicker } from './people-picker';

/**
 * Create group: a name and colleagues. Checked here with the server's own schema, so the spec's
 * texts ('Group name required!', 'You must select some people!', access-and-app-shell.md 5) show
 * in the user's language before anything is sent; 'New group created.' (8) on success.
 */
export function CreateGroupModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (room: ChatRoom) => void;
}) {
  const { t } = useTranslation('chat');
  const [name, setName] = useState('');
  const [people, setPeople] = useState<ChatPerson[]>([]);
  const [errors, setErrors] = useState<{ name?: string; people?: string }>({});
  const create = useCreateGroup();
  const notifyError = useNotifyError();

  const close = () => {
    setName('');
    setPeople([]);
    setErrors({});
    onClose();
  };
  const submit = () => {
    const input = { name, memberIds: people.map((p) => p.id) };
    const checked = CreateGroupSchema.safeParse(input);
    if (!checked.success) {
      const fields = new Set(checked.error.issues.map((issue) => issue.path[0]));
      setErrors({
        ...(fields.has('name') ? { name: t('group.nameRequired') } : {}),
        ...(fields.has('memberIds') ? { people: t('group.peopleRequired') } : {}),
      });
      return;
    }
    setErrors({});
    create.mutate(checked.data, {
      onSuccess: (room) => {
        notifyDone(t('group.created'));
        close();
        onCreated(room);
      },
      onError: notifyError,
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('group.title')} fullScreen={false} size="md" data-testid="group-modal">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('group.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={CHAT_GROUP_NAME_MAX}
            error={errors.name}
            withAsterisk
            data-testid="group-name"
            data-autofocus
          />
          <PeoplePicker
            value={people}
            onChange={(next) => {
              setPeople(next);
              if (next.length > 0) setErrors((e) => ({ ...e, people: undefined }));
            }}
            error={errors.people ?? null}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="group-create">
              {t('group.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
