import { ActionIcon, Anchor, Card, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { NotOnDevice } from '../../ui/offline-parts';
import { useBookmarks, useSetBookmark } from './api/bookmarks';
import { EmptyBookmarksArt } from './components/empty-art';
import { SubjectIcon } from './components/subject-icon';

/** An empty tab: a picture and what to do to fill it. */
function EmptyList({ text }: { text: string }) {
  return (
    <Stack align="center" gap="xs" py="md" data-testid="bookmarks-empty">
      <EmptyBookmarksArt />
      <Text c="dimmed" ta="center" maw={420}>
        {text}
      </Text>
    </Stack>
  );
}

/** /bookmarks and /bookmarkList/{subject}: the student's bookmarked concepts and questions. */
export function BookmarksPage() {
  const { t } = useTranslation('journey');
  const { subject } = useParams();
  const list = useBookmarks(subject);
  const remove = useSetBookmark();
  return (
    <Stack gap="md" maw={860} mx="auto">
      <Group gap="sm" wrap="nowrap">
        {subject ? <SubjectIcon subject={subject} size={40} /> : null}
        <Title order={2} data-testid="bookmarks-title">
          {t('bookmarks.title')}
        </Title>
      </Group>
      {subject ? (
        <Anchor component={Link} to={paths.bookmarks} size="sm">
          ← {t('bookmarks.all')}
        </Anchor>
      ) : null}
      {list.data ? null : (
        <NotOnDevice
          query={list}
          failedText={t('bookmarks.loadFailed')}
          loader={<Loader aria-label={t('bookmarks.title')} />}
        />
      )}
      {list.data ? (
        <Tabs defaultValue="concepts">
          <Tabs.List grow>
            <Tabs.Tab value="concepts" mih={44} data-testid="tab-concepts">
              {t('bookmarks.concepts', { count: list.data.concepts.length })}
            </Tabs.Tab>
            <Tabs.Tab value="questions" mih={44} data-testid="tab-questions">
              {t('bookmarks.questions', { count: list.data.questions.length })}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="concepts" pt="md">
            <Stack gap="sm">
              {list.data.concepts.length === 0 ? <EmptyList text={t('bookmarks.emptyConcepts')} /> : null}
              {list.data.concepts.map((b) => (
                <Card key={b.topicId} withBorder radius="md" padding="sm" data-testid="bookmark-concept">
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <SubjectIcon subject={b.subjectSlug} size={32} />
                      <div>
                        <Anchor
                          component={Link}
                          to={paths.bookmarkedConcept(b.subjectSlug, b.chapterSlug, b.topicSlug)}
                          fw={700}
                        >
                          {b.topicName}
                        </Anchor>
                        <Text size="sm" c="dimmed">
                          <Anchor component={Link} to={paths.bookmarkList(b.subjectSlug)} size="sm" c="dimmed">
                            {b.subjectName}
                          </Anchor>{' '}
                          · {b.chapterName}
                        </Text>
                      </div>
                    </Group>
                    <ActionIcon
                      size={44}
                      variant="subtle"
                      color="red"
                      aria-label={t('bookmarks.remove')}
                      onClick={() => remove.mutate({ kind: 'concepts', id: b.topicId, bookmarked: false })}
                    >
                      <IconTrash size={20} />
                    </ActionIcon>
                  </Group>
                </Card>
              ))}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="questions" pt="md">
            <Stack gap="sm">
              {list.data.questions.length === 0 ? <EmptyList text={t('bookmarks.emptyQuestions')} /> : null}
              {list.data.questions.map((b) => (
                <Card key={b.questionId} withBorder radius="md" padding="sm" data-testid="bookmark-question">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <SubjectIcon subject={b.subjectSlug} size={32} />
                      <Stack gap={4}>
                        <Text fw={600}>{b.text}</Text>
                        {b.answer.length ? (
                          <Text size="sm">
                            <Text span fw={700}>
                              {t('bookmarks.answer')}:{' '}
                            </Text>
                            {b.answer.map((i) => b.options[i]).join(', ')}
                          </Text>
                        ) : null}
                        {b.solution ? (
                          <Text size="sm" c="dimmed">
                            {b.solution}
                          </Text>
                        ) : null}
                        <Text size="xs" c="dimmed">
                          {b.subjectName} · {b.topicName}
                        </Text>
                      </Stack>
                    </Group>
                    <ActionIcon
                      size={44}
                      variant="subtle"
                      color="red"
                      aria-label={t('bookmarks.remove')}
                      onClick={() => remove.mutate({ kind: 'questions', id: b.questionId, bookmarked: false })}
                    >
                      <IconTrash size={20} />
                    </ActionIcon>
                  </Group>
                </Card>
              ))}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      ) : null}
    </Stack>
  );
}
