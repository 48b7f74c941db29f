import { Accordion, Alert, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useSubmission } from './api/get-submission';
import { AuditTable } from './components/audit-table';
import { BlockerAlert } from './components/blocker-alert';
import { NameChange } from './components/change-preview';
import { DecisionBar } from './components/decision-bar';
import { SubmissionHeader } from './components/submission-header';
import { TopicPreview } from './components/topic-preview';
import { Trail } from './components/trail';
import './strings';

/** An approver's preview of a submission, as students will see it, with approve and send back. */
export function SubmissionPage() {
  const { t, i18n } = useTranslation('authoring');
  const id = Number(useParams().submissionId);
  const detail = useSubmission(id);
  const uiLang = i18n.resolvedLanguage ?? 'en';
  const [previewLang, setPreviewLang] = useState<string | null>(null);
  if (detail.isPending) return <FullScreenLoader />;
  if (detail.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  const { submission: s, items, topics, blocker, abilities } = detail.data;
  const languages = [
    ...new Set(
      items.flatMap((i) => [
        ...Object.keys(i.proposed.names ?? {}),
        ...(i.proposed.language ? [i.proposed.language] : []),
        ...Object.keys(i.proposed.question?.content ?? {}),
      ]),
    ),
  ];
  const lang = previewLang ?? (languages.includes(uiLang) ? uiLang : 'en');
  // Items shown by name: subjects, chapters, and renamed or moved topics with nothing else changed.
  const structural = items.filter(
    (i) =>
      i.entityType === 'subject' ||
      i.entityType === 'chapter' ||
      (i.entityType === 'topic' &&
        i.action === 'update' &&
        !items.some((x) => x.topicId === i.entityId && x.entityType !== 'topic')),
  );

  return (
    <Stack gap="md" maw={860} mx="auto">
      <Trail items={[{ label: t('review.title'), to: paths.authoringReview }, { label: `#${s.id}` }]} />
      <SubmissionHeader submission={s} lang={lang} />

      {blocker ? <BlockerAlert blocker={blocker} /> : null}
      {abilities.isOwn && s.status === 'in_review' ? <Alert color="yellow">{t('review.ownChanges')}</Alert> : null}

      {languages.length > 1 ? (
        <Group gap="xs">
          <Text size="sm">{t('review.previewIn')}</Text>
          <SegmentedControl
            size="xs"
            value={lang}
            onChange={setPreviewLang}
            data={languages.map((l) => ({ value: l, label: l.toUpperCase() }))}
            data-testid="preview-language"
          />
        </Group>
      ) : null}

      {structural.length ? (
        <Card withBorder radius="md" padding="md">
          <Stack gap="xs">
            {structural.map((i) => (
              <NameChange key={i.revisionId} item={i} lang={lang} />
            ))}
          </Stack>
        </Card>
      ) : null}

      {topics.map((topic) => (
        <TopicPreview key={topic.id} topic={topic} items={items} lang={lang} />
      ))}

      <Accordion variant="contained">
        <Accordion.Item value="audit">
          <Accordion.Control>{t('review.audit')}</Accordion.Control>
          <Accordion.Panel>
            <AuditTable items={items} lang={uiLang} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>

      {abilities.canApprove ? <DecisionBar submissionId={id} isBlocked={blocker !== null} /> : null}
    </Stack>
  );
}
