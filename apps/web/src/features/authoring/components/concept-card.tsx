import { Button, Card, Group, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CONTENT_LANGUAGES, ConceptBodySchema, type AuthoringTopicResponse } from '@ki/contracts';
import { useSaveConcept } from '../api/save-concept';
import { useNotifyError, useNotifySaved } from '../hooks/use-notify';
import { ReturnComment, StatusBadges } from './status-badges';

type Concept = AuthoringTopicResponse['concepts'][number];

/** A topic's concept, one tab per language (a tick where one is written). */
export function ConceptCard({
  topicId,
  concepts,
  canEdit,
}: {
  topicId: number;
  concepts: Concept[];
  canEdit: boolean;
}) {
  const { t } = useTranslation('authoring');
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h4" mb="xs">
        {t('concept.title')}
      </Title>
      <Tabs defaultValue="en" keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {CONTENT_LANGUAGES.map((l) => {
            const has = concepts.some((c) => c.language === l);
            return (
              <Tabs.Tab key={l} value={l} data-testid={`concept-tab-${l}`}>
                {l.toUpperCase()} {has ? '✓' : ''}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {CONTENT_LANGUAGES.map((l) => (
          <Tabs.Panel key={l} value={l} pt="sm">
            <ConceptEditor
              topicId={topicId}
              language={l}
              concept={concepts.find((c) => c.language === l)}
              canEdit={canEdit}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Card>
  );
}

function ConceptEditor({
  topicId,
  language,
  concept,
  canEdit,
}: {
  topicId: number;
  language: string;
  concept: Concept | undefined;
  canEdit: boolean;
}) {
  const { t } = useTranslation('authoring');
  const save = useSaveConcept(topicId);
  const notifyError = useNotifyError();
  const notifySaved = useNotifySaved();
  const form = useForm({
    mode: 'controlled',
    initialValues: { body: concept?.body ?? '' },
    validate: schemaResolver(ConceptBodySchema, { sync: true }),
  });
  const locked = !canEdit || concept?.pending === 'in_review';
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate(
          { language, body: values.body.trim() },
          {
            onSuccess: () => {
              notifySaved();
              form.resetDirty();
            },
            onError: notifyError,
          },
        ),
      )}
    >
      <Stack gap="xs">
        {concept ? <StatusBadges state={concept} /> : null}
        {concept ? <ReturnComment state={concept} /> : null}
        <Textarea
          label={t('concept.label')}
          description={language === 'en' ? t('concept.requiredHelp') : t('concept.optionalHelp')}
          autosize
          minRows={4}
          maxRows={14}
          readOnly={locked}
          data-testid={`concept-${language}`}
          {...form.getInputProps('body')}
          error={form.errors.body ? t(String(form.errors.body)) : undefined}
        />
        <Text size="xs" c="dimmed" data-testid="concept-markup-help">
          {t('concept.markupHelp')}
        </Text>
        {!locked ? (
          <Group>
            <Button
              type="submit"
              size="sm"
              loading={save.isPending}
              disabled={!form.isDirty()}
              data-testid={`save-concept-${language}`}
            >
              {t('concept.save')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
