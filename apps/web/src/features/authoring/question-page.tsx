import { Alert, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useCatalog } from './api/get-catalog';
import { useTopic } from './api/get-topic';
import { QuestionEditor } from './components/question-editor';
import { ReturnComment, StatusBadges } from './components/status-badges';
import { Trail } from './components/trail';
import { localName } from './names';
import { emptyQuestion, questionToForm } from './question-form';
import './strings';

/** The question editor: five types, six languages, one answer key (access-and-app-shell.md 3). */
export function AuthoringQuestionPage() {
  const { t, i18n } = useTranslation('authoring');
  const params = useParams();
  const topicId = Number(params.topicId);
  const questionId = params.questionId === 'new' ? null : Number(params.questionId);
  const topic = useTopic(topicId);
  const catalog = useCatalog();
  if (topic.isPending || catalog.isPending) return <FullScreenLoader />;
  if (topic.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  const question = questionId === null ? undefined : topic.data.questions.find((q) => q.id === questionId);
  if (questionId !== null && !question) return <Alert color="red">{t('loadFailed')}</Alert>;
  const lang = i18n.resolvedLanguage ?? 'en';
  const tp = topic.data.topic;
  const readOnly = !catalog.data?.abilities.canEdit || question?.pending === 'in_review';
  return (
    <Stack gap="md" maw={860} mx="auto">
      <Trail
        items={[
          { label: t('title'), to: paths.authoring },
          { label: localName(tp.chapterNames, lang), to: paths.authoringChapter(tp.chapterId) },
          { label: localName(tp.names, lang), to: paths.authoringTopic(tp.id) },
        ]}
      />
      <Group justify="space-between" align="flex-start">
        <Title order={2}>
          {question
            ? t('questions.editTitle', { n: topic.data.questions.indexOf(question) + 1 })
            : t('questions.newTitle')}
        </Title>
        {question ? <StatusBadges state={question} /> : null}
      </Group>
      {question ? <ReturnComment state={question} /> : null}
      {question?.pending === 'in_review' ? <Alert color="blue">{t('questions.inReview')}</Alert> : null}
      <QuestionEditor
        key={questionId ?? 'new'}
        topicId={topicId}
        questionId={questionId}
        initial={question ? questionToForm(question) : emptyQuestion()}
        readOnly={readOnly}
        published={question?.status === 'published'}
      />
    </Stack>
  );
}
