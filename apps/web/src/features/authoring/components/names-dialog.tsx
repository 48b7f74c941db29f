import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CONTENT_LANGUAGES, LanguageNamesSchema, type LanguageNames } from '@ki/contracts';
import type { Names } from '../names';

type NamesValues = Record<(typeof CONTENT_LANGUAGES)[number], string>;
const namesValues = (names: Names | undefined): NamesValues =>
  Object.fromEntries(CONTENT_LANGUAGES.map((l) => [l, names?.[l] ?? ''])) as NamesValues;

/** A dialog to write a name in the six languages; English required. Validated by the API's contract. */
export function NamesDialog(props: {
  opened: boolean;
  title: string;
  initial?: Names | undefined;
  busy: boolean;
  onClose: () => void;
  onSave: (names: LanguageNames) => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size="lg">
      {/* Mounted with the dialog, so each opening starts from the current names. */}
      <NamesForm {...props} />
    </Modal>
  );
}

function NamesForm({
  initial,
  busy,
  onClose,
  onSave,
}: {
  initial?: Names | undefined;
  busy: boolean;
  onClose: () => void;
  onSave: (names: LanguageNames) => void;
}) {
  const { t } = useTranslation(['authoring', 'common']);
  const form = useForm<NamesValues>({
    mode: 'controlled',
    initialValues: namesValues(initial),
    validate: schemaResolver(LanguageNamesSchema, { sync: true }),
  });
  return (
    <form onSubmit={form.onSubmit((values) => onSave(LanguageNamesSchema.parse(values)))} noValidate>
      <Stack gap="sm">
        {CONTENT_LANGUAGES.map((l) => (
          <TextInput
            key={l}
            label={`${t(`common:languages.${l}`)}${l === 'en' ? '' : ` · ${t('optional')}`}`}
            withAsterisk={l === 'en'}
            data-testid={`name-${l}`}
            {...form.getInputProps(l)}
            error={form.errors[l] ? t(String(form.errors[l])) : undefined}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={busy} data-testid="save-names">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
