import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { gradeLabel } from '@ki/domain';
import { useMe } from '../../lib/session';
import { classesQuery } from '../../lib/staff-classes';
import { OPENED_FROM_APP } from '../../lib/url-state';
import { NotOnDevice } from '../../ui/offline-parts';
import { classCards, classRoomPath, type ClassCard } from './class-room-model';
import { SectionLoader } from '../../ui/section-loader';

/**
 * /class-rooms (issue #26; access-and-app-shell.md 2.1): the caller's classes, one card per grade and
 * section (a teacher's covered classes, a principal's schools', a super-admin's chain's: the server's
 * GET /assessments/classes), under a heading per school when there are several. Each card opens its
 * class room.
 */
export function ClassRoomsPage() {
  const { t } = useTranslation('classrooms');
  const classes = useQuery(classesQuery());
  const schools = classes.data ? classCards(classes.data.classes) : null;
  return (
    <Stack gap="md" maw={960} mx="auto" w="100%" data-testid="class-rooms-page">
      <div>
        <Title order={1} size="h3">
          {t('list.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('list.hint')}
        </Text>
      </div>
      {!schools ? (
        <NotOnDevice
          query={classes}
          failedText={t('list.failed')}
          offlineText={t('list.offline')}
          loader={<SectionLoader label={t('list.loading')} />}
        />
      ) : schools.length === 0 ? (
        <Paper withBorder p="md" radius="md">
          <Text c="dimmed" size="sm" data-testid="class-rooms-empty">
            {t('list.empty')}
          </Text>
        </Paper>
      ) : schools.length === 1 ? (
        <Cards cards={schools[0]!.cards} label={t('list.classes')} />
      ) : (
        schools.map((s) => (
          <Stack key={s.schoolId} gap="xs" component="section" aria-labelledby={`school-${s.schoolId}`}>
            <Title order={2} size="h4" id={`school-${s.schoolId}`} data-testid="class-rooms-school">
              {s.schoolName}
            </Title>
            <Cards cards={s.cards} label={s.schoolName} />
          </Stack>
        ))
      )}
    </Stack>
  );
}

function Cards({ cards, label }: { cards: ClassCard[]; label: string }) {
  const { t } = useTranslation('classrooms');
  const { data: me } = useMe();
  const isPace = me?.school?.isPace ?? false;
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3 }}
      spacing="sm"
      component="ul"
      aria-label={label}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {cards.map((c) => (
        <li key={`${c.schoolId}-${c.boardId}-${c.grade}-${c.section}`}>
          <Paper
            component={Link}
            to={classRoomPath(c)}
            state={OPENED_FROM_APP}
            withBorder
            p="md"
            radius="md"
            h="100%"
            style={{ display: 'block', textDecoration: 'none', color: 'inherit' }}
            data-testid="class-card"
          >
            <Text fw={700} size="lg" data-testid="class-card-name">
              {t('class', { grade: gradeLabel(c.grade, { isPace }), section: c.section })}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {c.schoolName} · {c.boardName}
            </Text>
          </Paper>
        </li>
      ))}
    </SimpleGrid>
  );
}
