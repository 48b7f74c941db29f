import { Badge, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Doubt } from '@ki/contracts';
import { NotOnDevice } from '../../ui/offline-parts';
import { useMarkAnswersSeen, useMyDoubts } from './api/my-doubts';
import { AskForm } from './components/ask-form';
import { DoubtCard } from './components/doubt-card';
import { unseenIds } from './doubt-model';
import { SectionLoader } from '../../ui/section-loader';

type List = 'open' | 'answered';

/** A positive whole number of a link's query, or null. */
const idOf = (value: string | null): number | null => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * /ask-doubts: a student asks a doubt about a topic of their subjects (issue #26, "Doubts";
 * access-and-app-shell.md 2.1), with the text and optionally a picture, and reads their doubts: those
 * still open and those their teachers have answered, with the answers. A link may pick the topic
 * (?subject=<slug>&topic=<id>: the concept page's "Ask a doubt"). Answers not seen before are marked
 * New for this visit, and the server is told they are seen (the home's card goes).
 */
export function AskDoubtsPage() {
  const { t } = useTranslation('doubts');
  const [params] = useSearchParams();
  const [list, setList] = useState<List | null>(null);
  return (
    <Stack gap="md" maw={760} mx="auto" w="100%" data-testid="ask-doubts-page">
      <div>
        <Title order={1} size="h3">
          {t('ask.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('ask.hint')}
        </Text>
      </div>
      <AskForm
        initial={{ subject: params.get('subject'), topicId: idOf(params.get('topic')) }}
        onSent={() => setList('open')}
      />
      <MyDoubtsLists list={list} onList={setList} />
    </Stack>
  );
}

function PageLoader() {
  const { t } = useTranslation('doubts');
  return <SectionLoader label={t('mine.loading')} />;
}

/** The student's doubts in two lists, Open and Answered; answered ones not seen before marked New. */
function MyDoubtsLists({ list, onList }: { list: List | null; onList: (list: List) => void }) {
  const { t } = useTranslation('doubts');
  const doubts = useMyDoubts();
  const markSeen = useMarkAnswersSeen();
  const data = doubts.data;
  // The answers new on this visit stay marked after the server has been told they are seen.
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set());
  const unseen = data ? unseenIds(data.doubts) : [];
  if (unseen.some((id) => !fresh.has(id))) setFresh(new Set([...fresh, ...unseen]));
  const needsSeen = unseen.length > 0 || (data?.unseenAnswers ?? 0) > 0;
  const { mutate } = markSeen;
  const asked = useRef(false);
  useEffect(() => {
    if (!needsSeen) {
      asked.current = false;
      return;
    }
    if (asked.current) return;
    asked.current = true;
    mutate();
  }, [needsSeen, mutate]);

  if (!data)
    return (
      <NotOnDevice
        query={doubts}
        failedText={t('mine.failed')}
        offlineText={t('mine.offline')}
        loader={<PageLoader />}
      />
    );
  const open = data.doubts.filter((d) => d.status === 'open');
  const answered = data.doubts.filter((d) => d.status === 'answered');
  // Until the student picks a list: Answered when it holds an answer they have not seen, else Open.
  const shown: List = list ?? (fresh.size > 0 ? 'answered' : 'open');
  const panel = (doubts: Doubt[], empty: string, value: List) => (
    <Tabs.Panel value={value} pt="sm">
      {doubts.length === 0 ? (
        <Paper withBorder p="md" radius="md">
          <Text c="dimmed" size="sm" data-testid={`mine-empty-${value}`}>
            {empty}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm" data-testid={`mine-${value}`}>
          {doubts.map((d) => (
            <DoubtCard key={d.id} doubt={d} isNew={fresh.has(d.id)}>
              {d.answers.length === 0 ? (
                <Text size="xs" c="dimmed" fs="italic" data-testid="doubt-waiting">
                  {t('mine.waiting')}
                </Text>
              ) : null}
            </DoubtCard>
          ))}
        </Stack>
      )}
    </Tabs.Panel>
  );
  const count = (n: number) => (
    <Badge variant="light" size="sm" circle={n < 10}>
      {n}
    </Badge>
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby="my-doubts-title">
      <Title order={2} size="h4" id="my-doubts-title">
        {t('mine.title')}
      </Title>
      <Tabs value={shown} onChange={(v) => v && onList(v as List)} keepMounted={false}>
        <Tabs.List grow aria-label={t('mine.title')}>
          <Tabs.Tab value="open" rightSection={count(open.length)} data-testid="mine-tab-open">
            {t('mine.open')}
          </Tabs.Tab>
          <Tabs.Tab value="answered" rightSection={count(answered.length)} data-testid="mine-tab-answered">
            {t('mine.answered')}
          </Tabs.Tab>
        </Tabs.List>
        {panel(open, t('mine.emptyOpen'), 'open')}
        {panel(answered, t('mine.emptyAnswered'), 'answered')}
      </Tabs>
    </Stack>
  );
}
