import { Badge, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DoubtStatus } from '@ki/contracts';
import { NotOnDevice } from '../../ui/offline-parts';
import { useStaffDoubts } from './api/staff-doubts';
import { AnswerForm } from './components/answer-form';
import { DoubtCard } from './components/doubt-card';
import { SectionLoader } from '../../ui/section-loader';

/**
 * /doubts: the doubts students asked about their topics (issue #26, "Doubts"; access-and-app-shell.md
 * 2.1), for the teachers of their classes, the principal and the super-admin: Open and Answered, newest
 * first, a page at a time ("Load more"). Who may answer one (`canAnswer`) answers below it; the doubt
 * then moves to Answered and the student is told on their home.
 */
export function DoubtsPage() {
  const { t } = useTranslation('doubts');
  const [status, setStatus] = useState<DoubtStatus>('open');
  // How many pages each list shows: the first, and one more for each "Load more".
  const [pages, setPages] = useState<Record<DoubtStatus, number>>({ open: 1, answered: 1 });
  const lists = { open: useStaffDoubts('open', pages.open), answered: useStaffDoubts('answered', pages.answered) };
  const more = (list: DoubtStatus) => setPages((p) => ({ ...p, [list]: p[list] + 1 }));
  const count = ({ data }: StaffList) =>
    data ? (
      <Badge variant="light" size="sm" data-testid="tab-count">
        {data.nextBefore !== null ? `${data.doubts.length}+` : data.doubts.length}
      </Badge>
    ) : null;
  return (
    <Stack gap="md" maw={760} mx="auto" w="100%" data-testid="doubts-page">
      <div>
        <Title order={1} size="h3">
          {t('staff.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('staff.hint')}
        </Text>
      </div>
      <Tabs value={status} onChange={(v) => v && setStatus(v as DoubtStatus)} keepMounted={false}>
        <Tabs.List grow aria-label={t('staff.lists')}>
          <Tabs.Tab value="open" rightSection={count(lists.open)} data-testid="tab-open">
            {t('staff.open')}
          </Tabs.Tab>
          <Tabs.Tab value="answered" rightSection={count(lists.answered)} data-testid="tab-answered">
            {t('staff.answered')}
          </Tabs.Tab>
        </Tabs.List>
        {STATUSES.map((list) => (
          <Tabs.Panel key={list} value={list} pt="sm">
            <DoubtsList status={list} list={lists[list]} onMore={() => more(list)} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

const STATUSES: readonly DoubtStatus[] = ['open', 'answered'];
type StaffList = ReturnType<typeof useStaffDoubts>;

function PageLoader() {
  const { t } = useTranslation('doubts');
  return <SectionLoader label={t('staff.loading')} />;
}

/** One list: its doubts as cards (with the answer form where the caller may answer), Load more, or its empty state. */
function DoubtsList({ status, list, onMore }: { status: DoubtStatus; list: StaffList; onMore: () => void }) {
  const { t } = useTranslation('doubts');
  const { data } = list;
  if (!data)
    return (
      <NotOnDevice
        query={list}
        failedText={t('staff.failed')}
        offlineText={t('staff.offline')}
        loader={<PageLoader />}
      />
    );
  if (data.doubts.length === 0)
    return (
      <Paper withBorder p="md" radius="md">
        <Text c="dimmed" size="sm" data-testid={`empty-${status}`}>
          {t(status === 'open' ? 'staff.emptyOpen' : 'staff.emptyAnswered')}
        </Text>
      </Paper>
    );
  // The next page is on its way: the pages before it stay on screen meanwhile.
  const loadingMore = list.isPlaceholderData && list.isFetching;
  return (
    <Stack gap="sm" data-testid={`list-${status}`}>
      {data.doubts.map((d) => (
        <DoubtCard key={d.id} doubt={d}>
          {d.canAnswer ? <AnswerForm doubtId={d.id} open={d.status === 'open'} /> : null}
        </DoubtCard>
      ))}
      {loadingMore || data.nextBefore !== null ? (
        <Group justify="center">
          <Button variant="default" onClick={onMore} loading={loadingMore} data-testid="load-more">
            {t('staff.loadMore')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
