import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { STUDENT_CATEGORIES, STUDENT_LIST_VIEWS, type StudentCategory, type StudentListView } from '@ki/contracts';
import { BackLink } from '../../ui/back-link';
import { StudentsReport } from './students-report';
import { useIsPace } from './use-is-pace';
import { useScope } from './use-scope';

/**
 * /student-list: the students behind a card or a bar (dashboards.md 2.8). The column set follows
 * the opener: a card ('card'), the score bar chart ('simplebar') or the grade-wise active/inactive
 * chart ('mixbar'); a super-admin gets their fixed set, 30 a page, without search.
 */
export function StudentListPage() {
  const { t } = useTranslation('dashboard');
  const { scope } = useScope();
  const [params] = useSearchParams();
  const raw = params.get('category');
  const category: StudentCategory = (STUDENT_CATEGORIES as readonly string[]).includes(raw ?? '')
    ? (raw as StudentCategory)
    : 'registered';
  const rawView = params.get('view');
  const view: StudentListView =
    rawView !== 'report' && (STUDENT_LIST_VIEWS as readonly string[]).includes(rawView ?? '')
      ? (rawView as StudentListView)
      : category === 'band'
        ? 'simplebar'
        : 'card';
  const band = Number(params.get('band') ?? 0);
  // Bars carry their title ('{type} of Grade - {roman}'); cards are titled by their type.
  const title = params.get('title') ?? (category === 'band' ? t('cards.registered') : t(`listTitles.${category}`));
  const isPace = useIsPace(scope.schoolIds);
  // Back returns to the dashboard as it was left; opened from a link, to the dashboard (the grade
  // tab of a score band), never narrowed to this list's grade.
  const fallback = category === 'band' && scope.grade !== null ? `/dashboard?gradeTab=${scope.grade}` : '/dashboard';
  return (
    <Stack gap="md">
      <BackLink fallback={fallback} label={t('back')} testId="back" />
      <Title order={2} data-testid="student-list-title">
        {title}
      </Title>
      <StudentsReport
        scope={scope}
        filter={{ category, band: category === 'band' ? band : undefined }}
        view={view}
        isPace={isPace}
      />
    </Stack>
  );
}
