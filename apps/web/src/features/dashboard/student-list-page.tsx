import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { STUDENT_CATEGORIES, type StudentCategory } from '@ki/contracts';
import { useMe } from '../../lib/session';
import { StudentsReport } from './students-report';
import { useScope } from './use-scope';

/** /student-list: the students behind a card or a bar (dashboards.md 2.8). */
export function StudentListPage() {
  const { t } = useTranslation('dashboard');
  const { data: me } = useMe();
  const { scope } = useScope();
  const [params] = useSearchParams();
  const raw = params.get('category');
  const category: StudentCategory = (STUDENT_CATEGORIES as readonly string[]).includes(raw ?? '') ? (raw as StudentCategory) : 'registered';
  const band = Number(params.get('band') ?? 0);
  const title = category === 'band' ? (params.get('title') ?? t('cards.registered')) : t(`listTitles.${category}`);
  const multiSchool = me?.user.role === 'superadmin' || scope.schoolIds.length > 1;
  const back = scope.grade === null ? '/dashboard' : `/dashboard?grade=${scope.grade}`;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={back} size="sm">
        ← {t('back')}
      </Anchor>
      <Title order={2} data-testid="student-list-title">
        {title}
      </Title>
      <StudentsReport scope={scope} filter={{ category, band: category === 'band' ? band : undefined }} showSchool={multiSchool} />
    </Stack>
  );
}
