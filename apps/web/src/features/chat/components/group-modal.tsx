import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_GROUP_NAME_MAX, CreateGroupSchema, type ChatPerson, type ChatRoom } from '@ki/contracts';
import { useCreateGroup } from '../api/rooms';
import { notifyDone, useNotifyError } from '../use-error-text';
import { PeopleFormModal } from './form-modal';

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
  const choose = (next: ChatPerson[]) => {
    setPeople(next);
    if (next.length > 0) setErrors((e) => ({ ...e, people: undefined }));
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
    <PeopleFormModal
      opened={opened}
      onClose={close}
      title={t('group.title')}
      testId="group-modal"
      submit={{ label: t('group.create'), testId: 'group-create', pending: create.isPending, run: submit }}
      name={{
        label: t('group.name'),
        value: name,
        onChange: setName,
        maxLength: CHAT_GROUP_NAME_MAX,
        error: errors.name,
        testId: 'group-name',
      }}
      people={{ value: people, onChange: choose, error: errors.people }}
    />
  );
}
