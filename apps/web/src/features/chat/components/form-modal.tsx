import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatPerson } from '@ki/contracts';
import { PeoplePicker } from './people-picker';

/**
 * A chat dialog that names something and chooses colleagues for it (Create group, Schedule
 * meeting): the name, the form's own fields, the people, then Cancel and the submit button. The
 * browser's own checks are off (noValidate): the form shows the spec's texts itself.
 */
export function PeopleFormModal({
  opened,
  onClose,
  title,
  testId,
  submit,
  name,
  people,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  submit: { label: string; testId: string; pending: boolean; run: () => void };
  /** The first field: the group's name, the meeting's title. */
  name: {
    label: string;
    value: string;
    onChange: (value: string) => void;
    maxLength: number;
    error?: string;
    testId: string;
  };
  /** `max`: how many may be chosen; `hint`: a line under the list. */
  people: {
    value: ChatPerson[];
    onChange: (people: ChatPerson[]) => void;
    error?: string;
    max?: number;
    hint?: ReactNode;
  };
  /** The fields between the name and the people. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('chat');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md" data-testid={testId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit.run();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={name.label}
            value={name.value}
            onChange={(event) => name.onChange(event.currentTarget.value)}
            maxLength={name.maxLength}
            error={name.error}
            withAsterisk
            data-testid={name.testId}
            data-autofocus
          />
          {children}
          <PeoplePicker value={people.value} onChange={people.onChange} error={people.error ?? null} max={people.max} />
          {people.hint}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={submit.pending} data-testid={submit.testId}>
              {submit.label}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
