import { Button, Group, Text } from '@mantine/core';
import { DEFAULT_TIME_ZONE, gradeLabel } from '@ki/domain';
import type { AssessmentClass, AssessmentDetail } from '@ki/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format-date';
import { OPENED_FROM_APP } from '../../../lib/url-state';
import { useUnassign } from '../api/assignments';
import { notifyDone, useNotifyError } from '../use-error-text';
import { ConfirmDialog } from './confirm-dialog';
import { ScrollTable } from './scroll-table';

type Assignment = AssessmentDetail['assignments'][number];

/** The classes a quiz is set for, when, how many attempts each has, and each one's report. */
export function AssignmentsTable({ quiz, classes }: { quiz: AssessmentDetail; classes: readonly AssessmentClass[] }) {
  const { t, i18n } = useTranslation('quizzes');
  const unassign = useUnassign(quiz.id);
  const notifyError = useNotifyError();
  const [removing, setRemoving] = useState<Assignment | null>(null);
  const language = i18n.resolvedLanguage;
  const school = (id: number) => classes.find((c) => c.schoolId === id);
  const several = new Set(quiz.assignments.map((a) => a.schoolId)).size > 1;
  const when = (iso: string, schoolId: number) =>
    formatDateTime(iso, language, school(schoolId)?.timeZone ?? DEFAULT_TIME_ZONE);
  if (quiz.assignments.length === 0) {
    return (
      <Text c="dimmed" data-testid="assignments-empty">
        {t('assignments.empty')}
      </Text>
    );
  }
  return (
    <>
      <ScrollTable
        rows={quiz.assignments}
        rowKey={(a) => a.id}
        label={t('assignments.title')}
        minWidth={560}
        testId="assignments"
        columns={[
          {
            key: 'class',
            header: t('assignments.class'),
            render: (a) =>
              [
                several ? (school(a.schoolId)?.schoolName ?? '') : '',
                gradeLabel(a.grade),
                a.section ?? t('assign.allSections'),
              ]
                .filter(Boolean)
                .join(' · '),
          },
          { key: 'opens', header: t('assign.opens'), render: (a) => when(a.opensAt, a.schoolId) },
          { key: 'closes', header: t('assign.closes'), render: (a) => when(a.closesAt, a.schoolId) },
          { key: 'attempts', header: t('assignments.attempts'), align: 'right', render: (a) => a.attemptCount },
          {
            key: 'actions',
            header: t('assignments.actions'),
            render: (a) => (
              <Group gap={4} wrap="nowrap" preventGrowOverflow={false}>
                <Button
                  component={Link}
                  to={paths.reportDetails(a.id)}
                  state={OPENED_FROM_APP}
                  variant="subtle"
                  size="compact-sm"
                  data-testid="assignment-report"
                >
                  {t('assignments.report')}
                </Button>
                {quiz.canEdit && a.attemptCount === 0 ? (
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    onClick={() => setRemoving(a)}
                    data-testid="assignment-remove"
                  >
                    {t('assignments.remove')}
                  </Button>
                ) : null}
              </Group>
            ),
          },
        ]}
      />
      <ConfirmDialog
        opened={removing !== null}
        title={t('assignments.removeTitle')}
        message={t('assignments.removeConfirm')}
        confirmLabel={t('assignments.remove')}
        loading={unassign.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          unassign.mutate(removing.id, {
            onSuccess: () => {
              notifyDone(t('assignments.removed'));
              setRemoving(null);
            },
            onError: notifyError,
          })
        }
      />
    </>
  );
}
