import { Alert, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconCirclePlus } from '@tabler/icons-react';
import { gradeLabel } from '@ki/domain';
import {
  ASSESSMENT_KINDS,
  ASSESSMENT_STATUSES,
  type AssessmentKind,
  type AssessmentStatus,
  type AssessmentSummary,
} from '@ki/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { OPENED_FROM_APP, useUrlState } from '../../lib/url-state';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useAssessments } from './api/assessments';
import { QuizBadges } from './components/quiz-meta';
import { QuizPage, useAssessmentLevel } from './components/quiz-page';
import { ScrollTable, type Column } from './components/scroll-table';
import { createdAgo } from './created-ago';
import { useErrorText } from './use-error-text';

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  allowed.includes(value as T) ? (value as T) : undefined;

/**
 * /quiz-listing: the teacher's quizzes and tests (a principal: the school's), filtered by status and
 * kind (kept in the address), newest first, each with its created-ago time, status, question count
 * and what the caller may do with it.
 */
export function QuizListingPage() {
  const { t, i18n } = useTranslation('quizzes');
  const level = useAssessmentLevel();
  const { params, setView } = useUrlState();
  const status = pick<AssessmentStatus>(params.get('status'), ASSESSMENT_STATUSES);
  const kind = pick<AssessmentKind>(params.get('kind'), ASSESSMENT_KINDS);
  const list = useAssessments({ status, kind });
  const errorText = useErrorText();
  // "Created 5 minutes ago" is read against the time the list arrived.
  const [now] = useState(() => Date.now());
  const language = i18n.resolvedLanguage;

  const columns: Column<AssessmentSummary>[] = [
    {
      key: 'name',
      header: t('listing.name'),
      render: (q) => (
        <Text
          component={Link}
          to={paths.quizDetail(q.id)}
          state={OPENED_FROM_APP}
          c="blue"
          fw={600}
          style={{ overflowWrap: 'anywhere' }}
          data-testid="listing-open"
        >
          {q.name}
        </Text>
      ),
    },
    { key: 'status', header: t('listing.status'), render: (q) => <QuizBadges quiz={q} /> },
    { key: 'class', header: t('listing.class'), render: (q) => `${gradeLabel(q.grade)} · ${q.subjectName}` },
    { key: 'questions', header: t('listing.questions'), align: 'right', render: (q) => q.questionCount },
    { key: 'created', header: t('listing.created'), render: (q) => createdAgo(q.createdAt, now, language) },
    ...(level === 'view'
      ? [{ key: 'by', header: t('listing.createdBy'), render: (q: AssessmentSummary) => q.createdBy }]
      : []),
    {
      key: 'actions',
      header: t('listing.actions'),
      render: (q) => (
        <Group gap={4} wrap="nowrap" preventGrowOverflow={false}>
          <Button
            component={Link}
            to={paths.quizDetail(q.id)}
            state={OPENED_FROM_APP}
            variant="subtle"
            size="compact-sm"
          >
            {t('actions.view')}
          </Button>
          {q.canEdit && q.attemptCount === 0 ? (
            <Button
              component={Link}
              to={paths.editQuiz(q.id)}
              variant="subtle"
              size="compact-sm"
              data-testid="listing-edit"
            >
              {t('actions.edit')}
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <QuizPage
      allow={['author', 'view']}
      title={level === 'view' ? t('listing.schoolTitle') : t('listing.title')}
      actions={
        level === 'author' ? (
          <Button
            component={Link}
            to={paths.createQuiz}
            leftSection={<IconCirclePlus size={16} />}
            data-testid="listing-create"
          >
            {t('nav.create')}
          </Button>
        ) : null
      }
    >
      <Group gap="sm" wrap="wrap">
        <NativeSelect
          label={t('listing.status')}
          value={status ?? ''}
          onChange={(e) => setView({ status: e.currentTarget.value || null })}
          data={[
            { value: '', label: t('listing.all') },
            ...ASSESSMENT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
          ]}
          data-testid="filter-status"
        />
        <NativeSelect
          label={t('listing.kind')}
          value={kind ?? ''}
          onChange={(e) => setView({ kind: e.currentTarget.value || null })}
          data={[
            { value: '', label: t('listing.all') },
            ...ASSESSMENT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
          ]}
          data-testid="filter-kind"
        />
      </Group>
      {list.isPending ? (
        <FullScreenLoader />
      ) : list.isError ? (
        <Alert color="red">{errorText(list.error)}</Alert>
      ) : list.data.assessments.length === 0 ? (
        <Stack gap="xs" data-testid="listing-empty">
          <Text c="dimmed">{status || kind ? t('listing.noneFiltered') : t('listing.none')}</Text>
        </Stack>
      ) : (
        <ScrollTable
          rows={list.data.assessments}
          columns={columns}
          rowKey={(q) => q.id}
          label={t('listing.title')}
          minWidth={720}
          testId="listing"
        />
      )}
    </QuizPage>
  );
}
