import {
  Accordion,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCornerUpLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toRoman } from '@ki/domain';
import { ReturnBodySchema, type SubmissionDetailResponse, type SubmissionItem } from '@ki/contracts';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/format-date';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useDecide } from './api/decide';
import { useSubmission } from './api/get-submission';
import { localName, Trail, useNotifyError } from './parts';

type Question = NonNullable<SubmissionItem['proposed']['question']>;

/** An approver's preview of a submission, as students will see it, with approve and send back. */
export function SubmissionPage() {
  const { t, i18n } = useTranslation('authoring');
  const id = Number(useParams().submissionId);
  const detail = useSubmission(id);
  const decide = useDecide(id);
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const [sendingBack, setSendingBack] = useState(false);
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
  const structural = items.filter(
    (i) =>
      i.entityType === 'subject' ||
      i.entityType === 'chapter' ||
      (i.entityType === 'topic' &&
        i.action === 'update' &&
        !items.some((x) => x.topicId === i.entityId && x.entityType !== 'topic')),
  );

  const approve = () =>
    decide.mutate(
      { approve: true },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('review.approvedToast') });
          void navigate(paths.authoringReview);
        },
        onError: notifyError,
      },
    );

  return (
    <Stack gap="md" maw={860} mx="auto">
      <Trail items={[{ label: t('review.title'), to: paths.authoringReview }, { label: `#${s.id}` }]} />
      <div>
        <Group gap="xs">
          <Title order={2} data-testid="submission-title">
            {t(`kinds.${s.rootType}`)}: {localName(s.title, lang)}
          </Title>
          <Badge color={s.status === 'approved' ? 'teal' : s.status === 'returned' ? 'red' : 'blue'} variant="light">
            {t(`review.tabs.${s.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {[localName(s.subjectNames, lang), s.boardName, s.grade ? t('gradeLabel', { grade: toRoman(s.grade) }) : null]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('review.submittedBy', { name: s.submittedBy.name, when: formatDateTime(s.submittedAt, uiLang) })}
        </Text>
        {s.comment ? (
          <Text size="sm" c="red">
            {t('returnComment', { comment: s.comment })}
          </Text>
        ) : null}
      </div>

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

      {topics.map((topic) => {
        const own = items.filter((i) => i.topicId === topic.id);
        const topicItem = own.find((i) => i.entityType === 'topic');
        const concepts = own.filter((i) => i.entityType === 'concept');
        const questions = own
          .filter((i) => i.entityType === 'question')
          .sort((a, b) => (a.proposed.question?.position ?? 0) - (b.proposed.question?.position ?? 0));
        return (
          <Card key={topic.id} withBorder radius="md" padding="md" data-testid="preview-topic">
            <Stack gap="sm">
              <Group gap="xs">
                <Title order={3} size="h4">
                  {localName(topic.names, lang)}
                </Title>
                {topicItem ? <ActionBadge item={topicItem} /> : null}
              </Group>
              {topicItem?.action === 'update' &&
              topicItem.current?.names &&
              localName(topicItem.current.names, lang) !== localName(topic.names, lang) ? (
                <Text size="sm" c="dimmed">
                  {t('review.wasNamed', { name: localName(topicItem.current.names, lang) })}
                </Text>
              ) : null}
              {concepts
                .filter(
                  (c) =>
                    c.proposed.language === lang ||
                    (concepts.every((x) => x.proposed.language !== lang) && c.proposed.language === 'en'),
                )
                .map((c) => (
                  <Stack key={c.revisionId} gap={4}>
                    <Group gap="xs">
                      <Text fw={600} size="sm">
                        {t('concept.title')} ({c.proposed.language?.toUpperCase()})
                      </Text>
                      <ActionBadge item={c} />
                    </Group>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {c.proposed.body}
                    </Text>
                    {c.current?.body && c.current.body !== c.proposed.body ? <Before text={c.current.body} /> : null}
                  </Stack>
                ))}
              {questions.map((q, n) => (
                <Stack key={q.revisionId} gap={4} data-testid="preview-question">
                  <QuestionPreview
                    n={n + 1}
                    question={q.proposed.question!}
                    lang={lang}
                    badge={<ActionBadge item={q} />}
                  />
                  {q.current?.question ? <QuestionBefore question={q.current.question} lang={lang} /> : null}
                </Stack>
              ))}
            </Stack>
          </Card>
        );
      })}

      <Accordion variant="contained">
        <Accordion.Item value="audit">
          <Accordion.Control>{t('review.audit')}</Accordion.Control>
          <Accordion.Panel>
            <AuditTable items={items} lang={uiLang} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>

      {abilities.canApprove ? (
        <Group justify="flex-end" data-testid="decision">
          <Button
            variant="default"
            color="red"
            leftSection={<IconCornerUpLeft size={16} />}
            onClick={() => setSendingBack(true)}
            data-testid="send-back"
          >
            {t('review.sendBack')}
          </Button>
          <Button
            color="teal"
            leftSection={<IconCheck size={16} />}
            disabled={blocker !== null}
            loading={decide.isPending}
            onClick={approve}
            data-testid="approve"
          >
            {t('review.approve')}
          </Button>
        </Group>
      ) : null}
      <Modal opened={sendingBack} onClose={() => setSendingBack(false)} title={t('review.sendBack')}>
        <SendBackForm
          busy={decide.isPending}
          onCancel={() => setSendingBack(false)}
          onSend={(comment) =>
            decide.mutate(
              { approve: false, comment },
              {
                onSuccess: () => {
                  notifications.show({ color: 'teal', message: t('review.returnedToast') });
                  setSendingBack(false);
                  void navigate(paths.authoringReview);
                },
                onError: notifyError,
              },
            )
          }
        />
      </Modal>
    </Stack>
  );
}

function SendBackForm({
  busy,
  onCancel,
  onSend,
}: {
  busy: boolean;
  onCancel: () => void;
  onSend: (comment: string) => void;
}) {
  const { t } = useTranslation('authoring');
  const form = useForm({
    mode: 'controlled',
    initialValues: { comment: '' },
    validate: schemaResolver(ReturnBodySchema, { sync: true }),
  });
  return (
    <form noValidate onSubmit={form.onSubmit((v) => onSend(v.comment.trim()))}>
      <Stack gap="sm">
        <Textarea
          label={t('review.comment')}
          description={t('review.commentHelp')}
          autosize
          minRows={3}
          data-testid="return-comment-input"
          {...form.getInputProps('comment')}
          error={form.errors.comment ? t(String(form.errors.comment)) : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" color="red" loading={busy} data-testid="confirm-send-back">
            {t('review.sendBack')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function BlockerAlert({ blocker }: { blocker: NonNullable<SubmissionDetailResponse['blocker']> }) {
  const { t } = useTranslation(['authoring', 'errors']);
  const topics = (
    blocker.details as
      | { topics?: { name: string; problems: string[]; autoMarkableQuestions: number; neededQuestions: number }[] }
      | undefined
  )?.topics;
  return (
    <Alert color="orange" title={t('review.cannotApprove')} data-testid="blocker">
      <Text size="sm">{t(`errors:${blocker.code}`, { defaultValue: blocker.message })}</Text>
      {topics ? (
        <List size="sm" mt={4}>
          {topics.map((topic) => (
            <List.Item key={topic.name}>
              {topic.name}:{' '}
              {topic.problems
                .map((p) =>
                  p === 'questions'
                    ? t('readiness.summary', { count: topic.autoMarkableQuestions, needed: topic.neededQuestions })
                    : t('readiness.conceptNo'),
                )
                .join(' · ')}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}

function ActionBadge({ item }: { item: SubmissionItem }) {
  const { t } = useTranslation('authoring');
  return (
    <Badge size="xs" variant="light" color={item.action === 'create' ? 'grape' : 'yellow'}>
      {t(`review.action.${item.action}`)}
    </Badge>
  );
}

function NameChange({ item, lang }: { item: SubmissionItem; lang: string }) {
  const { t } = useTranslation('authoring');
  const before = item.current?.names ? localName(item.current.names, lang) : null;
  const after = localName(item.proposed.names, lang);
  const moved =
    item.current &&
    item.current.position !== undefined &&
    item.proposed.position !== undefined &&
    item.current.position !== item.proposed.position;
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={600}>
        {t(`kinds.${item.entityType}`)}:
      </Text>
      <Text size="sm">{after}</Text>
      <ActionBadge item={item} />
      {before && before !== after ? (
        <Text size="sm" c="dimmed">
          {t('review.wasNamed', { name: before })}
        </Text>
      ) : null}
      {moved ? (
        <Text size="sm" c="dimmed">
          {t('review.moved', { from: (item.current?.position ?? 0) + 1, to: (item.proposed.position ?? 0) + 1 })}
        </Text>
      ) : null}
    </Group>
  );
}

/** A question as the student sees it, with the answer key and solution shown for the approver. */
function QuestionPreview({
  n,
  question,
  lang,
  badge,
}: {
  n: number;
  question: Question;
  lang: string;
  badge?: React.ReactNode;
}) {
  const { t } = useTranslation('authoring');
  const c = question.content[lang] ?? question.content.en!;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={600}>
          {n}. {c.text}
        </Text>
        {badge}
      </Group>
      <Text size="xs" c="dimmed">
        {t(`types.${question.type}`)}
        {question.content[lang] ? '' : ` · ${t('review.englishShown')}`}
      </Text>
      {c.options.length ? (
        <Stack gap={2} pl="md">
          {c.options.map((o, i) => (
            <Text
              key={i}
              size="sm"
              c={question.answer.includes(i) ? 'teal' : undefined}
              fw={question.answer.includes(i) ? 600 : undefined}
            >
              {String.fromCharCode(65 + i)}. {o} {question.answer.includes(i) ? `✓ ${t('review.correct')}` : ''}
            </Text>
          ))}
        </Stack>
      ) : null}
      <Text size="sm" c="dimmed">
        {question.type === 'open_ended' ? t('questions.modelAnswer') : t('questions.solution')}: {c.solution}
      </Text>
    </Stack>
  );
}

function QuestionBefore({ question, lang }: { question: Question; lang: string }) {
  const c = question.content[lang] ?? question.content.en!;
  const answer = question.answer
    .map((i) => c.options[i])
    .filter(Boolean)
    .join(', ');
  return <Before text={`${c.text}${answer ? ` (${answer})` : ''}`} />;
}

function Before({ text }: { text: string }) {
  const { t } = useTranslation('authoring');
  return (
    <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }} data-testid="before">
      {t('review.studentsSeeNow', { text })}
    </Text>
  );
}

function AuditTable({ items, lang }: { items: SubmissionItem[]; lang: string }) {
  const { t } = useTranslation('authoring');
  const when = (person: { name: string } | null, at: string | null) =>
    person && at ? `${person.name}, ${formatDateTime(at, lang)}` : '—';
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table fz="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('review.item')}</Table.Th>
            <Table.Th>{t('review.created')}</Table.Th>
            <Table.Th>{t('review.edited')}</Table.Th>
            <Table.Th>{t('review.submitted')}</Table.Th>
            <Table.Th>{t('review.decided')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i.revisionId}>
              <Table.Td>
                {t(`kinds.${i.entityType}`)} #{i.entityId}
              </Table.Td>
              <Table.Td>{when(i.audit.createdBy, i.audit.createdAt)}</Table.Td>
              <Table.Td>{when(i.audit.editedBy, i.audit.editedAt)}</Table.Td>
              <Table.Td>{when(i.audit.submittedBy, i.audit.submittedAt)}</Table.Td>
              <Table.Td>
                {i.audit.approvedBy
                  ? when(i.audit.approvedBy, i.audit.approvedAt)
                  : when(i.audit.returnedBy, i.audit.returnedAt)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
