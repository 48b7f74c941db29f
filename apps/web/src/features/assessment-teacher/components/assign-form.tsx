import { Button, Card, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { gradeLabel } from '@ki/domain';
import { AssignmentInputSchema, type AssessmentClass, type AssessmentDetail } from '@ki/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssign } from '../api/assignments';
import { notifyDone, useNotifyError } from '../use-error-text';
import { isoToZoned, zoneName, zonedToIso } from '../../../lib/zoned-time';

const WEEK_MS = 7 * 24 * 3600_000;

/** The classes a quiz can be set for: its school's, board's and grade's, where the caller teaches its subject. */
export function classesFor(
  quiz: Pick<AssessmentDetail, 'schoolId' | 'boardId' | 'grade' | 'subjectId'>,
  classes: readonly AssessmentClass[],
): AssessmentClass[] {
  return classes.filter(
    (c) =>
      c.schoolId === quiz.schoolId &&
      c.boardId === quiz.boardId &&
      c.grade === quiz.grade &&
      c.subjects.some((s) => s.id === quiz.subjectId),
  );
}

/**
 * Sets a published quiz for a class (a school's grade, one section or all) between an opening and a
 * closing time, both read as times of day in the school's time zone.
 */
export function AssignForm({
  quiz,
  classes,
  now,
}: {
  quiz: AssessmentDetail;
  classes: readonly AssessmentClass[];
  now: number;
}) {
  const { t, i18n } = useTranslation('quizzes');
  const assign = useAssign(quiz.id);
  const notifyError = useNotifyError();
  // A quiz is set for classes of its own school and grade: one row of the caller's classes.
  const cls = classesFor(quiz, classes)[0];
  const zone = cls?.timeZone ?? 'Asia/Kolkata';
  const [section, setSection] = useState('');
  const [opens, setOpens] = useState(() => isoToZoned(now, zone));
  const [closes, setCloses] = useState(() => isoToZoned(now + WEEK_MS, zone));
  const [errors, setErrors] = useState<{ opensAt?: string; closesAt?: string }>({});

  if (!cls) {
    return (
      <Text c="dimmed" data-testid="assign-no-class">
        {t('assign.noClass')}
      </Text>
    );
  }

  function submit() {
    if (!cls) return;
    const parsed = AssignmentInputSchema.safeParse({
      schoolId: cls.schoolId,
      grade: cls.grade,
      section: section || null,
      opensAt: zonedToIso(opens, zone),
      closesAt: zonedToIso(closes, zone),
    });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((i) => String(i.path[0])));
      setErrors({
        opensAt: fields.has('opensAt') ? t('assign.timeRequired') : undefined,
        closesAt: fields.has('closesAt')
          ? zonedToIso(closes, zone)
            ? t('assign.closeAfterOpen')
            : t('assign.timeRequired')
          : undefined,
      });
      return;
    }
    setErrors({});
    assign.mutate(parsed.data, { onSuccess: () => notifyDone(t('assign.done')), onError: notifyError });
  }

  return (
    <Card withBorder radius="md" padding="md" data-testid="assign-form">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('assign.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t('assign.class')}
              value={`${cls.schoolName} · ${gradeLabel(cls.grade)}`}
              readOnly
              data-testid="assign-class"
            />
            <NativeSelect
              label={t('assign.section')}
              value={section}
              onChange={(e) => setSection(e.currentTarget.value)}
              data={[
                { value: '', label: t('assign.allSections') },
                ...cls.sections.map((s) => ({ value: s, label: s })),
              ]}
              data-testid="assign-section"
            />
            <TextInput
              type="datetime-local"
              label={t('assign.opens')}
              value={opens}
              onChange={(e) => setOpens(e.currentTarget.value)}
              error={errors.opensAt}
              required
              data-testid="assign-opens"
            />
            <TextInput
              type="datetime-local"
              label={t('assign.closes')}
              value={closes}
              onChange={(e) => setCloses(e.currentTarget.value)}
              error={errors.closesAt}
              required
              data-testid="assign-closes"
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed" data-testid="assign-zone">
            {t('assign.zone', { zone: zoneName(zone, i18n.resolvedLanguage) })}
          </Text>
          <Button
            type="submit"
            loading={assign.isPending}
            style={{ alignSelf: 'flex-start' }}
            data-testid="assign-submit"
          >
            {t('assign.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
