import { Anchor, Badge, Breadcrumbs, Button, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONTENT_LANGUAGES, LanguageNamesSchema, type ItemState, type LanguageNames } from '@ki/contracts';
import { ApiError } from '../../lib/api-client';

export type Names = Record<string, string>;

/** A name in the interface language, else English. */
export function localName(names: Names | undefined, language: string): string {
  if (!names) return '';
  return names[language] ?? names.en ?? '';
}

/** The message of a failed request in the user's language: a field's rule, or the error code's text. */
export function useErrorText() {
  const { t } = useTranslation(['authoring', 'errors']);
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('errors:INTERNAL');
    const issues = (error.details as { issues?: { message?: string }[] } | undefined)?.issues;
    const first = issues?.[0]?.message;
    if (error.code === 'VALIDATION_FAILED' && first?.startsWith('validation.')) return t(`authoring:${first}`);
    return t(`errors:${error.code}`, { defaultValue: error.message });
  };
}

export function useNotifyError() {
  const text = useErrorText();
  return (error: unknown) => notifications.show({ color: 'red', message: text(error) });
}

/** Where an item stands: live status, and its unapproved change if any. */
export function StatusBadges({ state }: { state: ItemState }) {
  const { t } = useTranslation('authoring');
  const badges: { key: string; color: string; label: string }[] = [];
  if (state.status === 'published') {
    badges.push({ key: 'published', color: 'teal', label: t('status.published') });
    if (state.pending)
      badges.push({
        key: 'pending',
        color: state.pending === 'returned' ? 'red' : state.pending === 'in_review' ? 'blue' : 'yellow',
        label: t(`status.changes.${state.pending}`),
      });
  } else {
    const s = state.pending ?? state.status;
    badges.push({
      key: 'state',
      color: s === 'returned' ? 'red' : s === 'in_review' ? 'blue' : 'gray',
      label: t(`status.${s}`),
    });
  }
  return (
    <Group gap={4} wrap="wrap" data-testid="status">
      {badges.map((b) => (
        <Badge key={b.key} color={b.color} variant="light" size="sm">
          {b.label}
        </Badge>
      ))}
    </Group>
  );
}

/** The approver's comment on a change that was sent back. */
export function ReturnComment({ state }: { state: ItemState }) {
  const { t } = useTranslation('authoring');
  if (!state.returnComment || state.pending === 'in_review') return null;
  return (
    <Text size="sm" c="red" data-testid="return-comment">
      {t('returnComment', { comment: state.returnComment })}
    </Text>
  );
}

/** Per-language completeness: English is required, the other five show what they still miss. */
export function LanguageBadges({
  completeness,
}: {
  completeness: { language: string; done: number; total: number; complete: boolean }[];
}) {
  const { t } = useTranslation(['authoring', 'common']);
  return (
    <Group gap={4} wrap="wrap" aria-label={t('completeness.label')} data-testid="completeness">
      {completeness.map((c) => (
        <Tooltip
          key={c.language}
          label={t('completeness.tooltip', {
            language: t(`common:languages.${c.language}`),
            done: c.done,
            total: c.total,
          })}
        >
          <Badge
            variant={c.complete ? 'filled' : 'outline'}
            color={c.complete ? 'teal' : c.language === 'en' ? 'red' : 'gray'}
            size="sm"
          >
            {c.language.toUpperCase()} {c.complete ? '✓' : `${c.done}/${c.total}`}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}

/** Board › grade › subject › chapter › topic, with links back up. */
export function Trail({ items }: { items: { label: string; to?: string }[] }) {
  return (
    <Breadcrumbs separatorMargin={4} style={{ flexWrap: 'wrap' }}>
      {items.map((item) =>
        item.to ? (
          <Anchor key={item.label} component={Link} to={item.to} size="sm">
            {item.label}
          </Anchor>
        ) : (
          <Text key={item.label} size="sm" c="dimmed">
            {item.label}
          </Text>
        ),
      )}
    </Breadcrumbs>
  );
}

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

/** '10 / 10 questions · concept ✓': what a topic needs before it can be published. */
export function Readiness({
  ready,
  questions,
  needed,
  concept,
}: {
  ready: boolean;
  questions: number;
  needed: number;
  concept: boolean;
}) {
  const { t } = useTranslation('authoring');
  return (
    <Group gap={4} wrap="nowrap" data-testid="readiness">
      {ready ? (
        <IconCheck size={14} color="var(--mantine-color-teal-6)" aria-hidden />
      ) : (
        <IconX size={14} color="var(--mantine-color-orange-6)" aria-hidden />
      )}
      <Text size="xs" c={ready ? 'teal' : 'orange'}>
        {t('readiness.summary', { count: questions, needed })} ·{' '}
        {concept ? t('readiness.conceptYes') : t('readiness.conceptNo')}
      </Text>
    </Group>
  );
}
