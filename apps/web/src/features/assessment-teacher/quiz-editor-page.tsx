import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconArrowNarrowDown,
  IconArrowNarrowUp,
  IconEye,
  IconPencil,
  IconCirclePlus,
  IconTrashX,
} from '@tabler/icons-react';
import { gradeLabel } from '@ki/domain';
import {
  MAX_ASSESSMENT_MINUTES,
  MIN_ASSESSMENT_QUESTIONS,
  type AssessmentDetail,
  type AssessmentKind,
} from '@ki/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useBlocker, useNavigate, useSearchParams, type BlockerFunction } from 'react-router';
import { paths } from '../../config/paths';
import { positiveParam } from '../../lib/url-state';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useAssessment, useAssessmentClasses, usePublishAssessment, useSaveAssessment } from './api/assessments';
import { ConfirmDialog } from './components/confirm-dialog';
import { ImageField } from './components/image-field';
import { QuestionForm } from './components/question-form';
import { QuizPage } from './components/quiz-page';
import { QuestionView } from './components/question-view';
import {
  classChoices,
  draftOf,
  hasUnsavedChanges,
  wholeNumber,
  emptyQuestion,
  move,
  newQuizDraft,
  validateQuestion,
  validateQuiz,
  type FormErrors,
  type QuestionDraft,
  type QuizDraft,
} from './quiz-form';
import { notifyDone, notifyProblem, useErrorText, useNotifyError } from './use-error-text';

/** /create-quiz: a new quiz or test; saving it (or its first question) opens it in the editor. */
export function CreateQuizPage() {
  const { t } = useTranslation('quizzes');
  return (
    <QuizPage allow={['author']} title={t('editor.newTitle')}>
      <QuizEditor saved={null} />
    </QuizPage>
  );
}

/** /assessment-quiz?id=: the editor of a quiz of one's own. */
export function EditQuizPage() {
  const { t } = useTranslation('quizzes');
  const [params] = useSearchParams();
  const id = positiveParam(params, 'id');
  const quiz = useAssessment(id);
  return (
    <QuizPage allow={['author']} title={t('editor.editTitle')}>
      {id === null ? (
        <Navigate to={paths.quizListing} replace />
      ) : quiz.isPending ? (
        <FullScreenLoader />
      ) : quiz.isError ? (
        <LoadFailed error={quiz.error} />
      ) : !quiz.data.canEdit ? (
        // Someone else's quiz (or the school's, for a principal) opens read-only.
        <Navigate to={paths.quizDetail(id)} replace />
      ) : (
        <QuizEditor key={quiz.data.id} saved={quiz.data} />
      )}
    </QuizPage>
  );
}

function LoadFailed({ error }: { error: unknown }) {
  const text = useErrorText();
  return (
    <Alert color="red" data-testid="quiz-load-failed">
      {text(error)}
    </Alert>
  );
}

type Editing = { index: number | 'new'; question: QuestionDraft };

/**
 * The quiz's details and its questions. Every save sends the whole quiz as on screen (the API
 * replaces a quiz whole); a question is saved with its own button and the spec's toasts ('Question
 * Created Successfully', 'Question Edited Successfully'), and moving or removing one saves at once.
 */
function QuizEditor({ saved }: { saved: AssessmentDetail | null }) {
  const { t } = useTranslation('quizzes');
  const navigate = useNavigate();
  const classes = useAssessmentClasses();
  const save = useSaveAssessment();
  const publish = usePublishAssessment();
  const notifyError = useNotifyError();
  const [draft, setDraft] = useState<QuizDraft>(() => (saved ? draftOf(saved) : newQuizDraft('quiz')));
  /** What the server has: the editor asks before a leave that would lose the difference. */
  const [baseline, setBaseline] = useState<QuizDraft>(draft);
  const [errors, setErrors] = useState<FormErrors>({});
  const [editing, setEditing] = useState<Editing | null>(null);
  const [questionErrors, setQuestionErrors] = useState<FormErrors>({});
  const [removing, setRemoving] = useState<number | null>(null);
  const locked = (saved?.attemptCount ?? 0) > 0;
  const words = { true: t('question.true'), false: t('question.false') };

  const choices = classChoices(classes.data?.classes ?? []);
  // A new quiz starts on the teacher's first board, grade and subject.
  const boardId = draft.boardId ?? choices.boards[0]?.id ?? null;
  const grade = draft.grade ?? choices.grades(boardId)[0] ?? null;
  const subjectId = draft.subjectId ?? choices.subjects(boardId, grade)[0]?.id ?? null;
  // A saved quiz stays at its school; a new one asks only when several schools fit.
  const schools = saved ? [] : choices.schools(boardId, grade, subjectId);
  const schoolId = saved
    ? saved.schoolId
    : schools.some((x) => x.id === draft.schoolId)
      ? draft.schoolId
      : (schools[0]?.id ?? null);
  const current: QuizDraft = { ...draft, schoolId, boardId, grade, subjectId };
  const set = (changes: Partial<QuizDraft>) => setDraft({ ...current, ...changes });

  // Leaving with unsaved work asks first, in the app and when the tab is closed or reloaded; the
  // editor's own moves after a save (to the saved quiz, to its page once published) do not.
  const unsaved = !locked && hasUnsavedChanges(draft, baseline, editing);
  const moving = useRef(false);
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        unsaved && !moving.current && currentLocation.pathname !== nextLocation.pathname,
      [unsaved],
    ),
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  /** Saves the quiz with these questions; `then` runs once the server has it. */
  function saveWith(questions: QuestionDraft[], then: (detail: AssessmentDetail) => void) {
    const checked = validateQuiz(current, questions);
    if ('errors' in checked) {
      setErrors(checked.errors);
      const onDetails = Object.keys(checked.errors).some((k) => !k.startsWith('questions.'));
      notifyProblem(onDetails ? t('editor.detailsFirst') : t('editor.fixQuestions'));
      return;
    }
    setErrors({});
    save.mutate(
      { id: saved?.id ?? null, input: checked.input },
      {
        onSuccess: (detail) => {
          then(detail);
          const now = draftOf(detail);
          setBaseline(now);
          if (!saved) {
            moving.current = true;
            void navigate(paths.editQuiz(detail.id), { replace: true });
          } else setDraft(now);
        },
        onError: notifyError,
      },
    );
  }

  function saveQuestion() {
    if (!editing) return;
    const problems = validateQuestion(editing.question);
    setQuestionErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const isNew = editing.index === 'new';
    const questions = isNew
      ? [...current.questions, editing.question]
      : current.questions.map((q, i) => (i === editing.index ? editing.question : q));
    saveWith(questions, () => {
      // The spec's toasts (access-and-app-shell.md 8).
      notifyDone(t(isNew ? 'question.created' : 'question.edited'));
      setEditing(null);
    });
  }

  function tryPublish() {
    if (!saved) return;
    // Spec 5 and 9: at least 4 questions; the server refuses the same (NOT_ENOUGH_QUESTIONS).
    if (saved.questions.length < MIN_ASSESSMENT_QUESTIONS) {
      notifyProblem(t('errors.NOT_ENOUGH_QUESTIONS'));
      return;
    }
    publish.mutate(saved.id, {
      onSuccess: (detail) => {
        notifyDone(t('detail.published'));
        moving.current = true;
        void navigate(paths.quizDetail(detail.id));
      },
      onError: notifyError,
    });
  }

  if (classes.isPending) return <FullScreenLoader />;
  if (classes.isError) return <LoadFailed error={classes.error} />;
  if (choices.boards.length === 0 && !saved) {
    return (
      <Alert color="yellow" data-testid="no-classes">
        {t('editor.noClasses')}
      </Alert>
    );
  }
  const error = (path: string) => (errors[path] ? t(errors[path]) : undefined);
  const readOnly = locked;
  const grades = choices.grades(boardId);
  const subjects = choices.subjects(boardId, grade);
  // A saved quiz's class stays choosable even if the teacher no longer has it.
  const boardOptions = withCurrent(
    choices.boards.map((b) => ({ value: String(b.id), label: b.name })),
    saved ? { value: String(saved.boardId), label: saved.boardName } : null,
  );
  const gradeOptions = withCurrent(
    grades.map((g) => ({ value: String(g), label: gradeLabel(g) })),
    saved ? { value: String(saved.grade), label: gradeLabel(saved.grade) } : null,
  );
  const subjectOptions = withCurrent(
    subjects.map((s) => ({ value: String(s.id), label: s.name })),
    saved ? { value: String(saved.subjectId), label: saved.subjectName } : null,
  );

  return (
    <Stack gap="md">
      {locked ? (
        <Alert color="yellow" title={t('editor.lockedTitle')} data-testid="quiz-locked">
          {t('errors.ASSESSMENT_HAS_ATTEMPTS')}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('editor.details')}
          </Title>
          <SegmentedControl
            value={current.kind}
            onChange={(kind) => set({ kind: kind as AssessmentKind })}
            data={[
              { value: 'quiz', label: t('kinds.quiz') },
              { value: 'test', label: t('kinds.test') },
            ]}
            disabled={readOnly}
            style={{ alignSelf: 'flex-start' }}
            aria-label={t('editor.kind')}
            data-testid="quiz-kind"
          />
          <Text size="xs" c="dimmed">
            {t(current.kind === 'quiz' ? 'editor.quizNote' : 'editor.testNote')}
          </Text>
          <TextInput
            label={t('editor.name')}
            value={current.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={error('name')}
            maxLength={120}
            required
            readOnly={readOnly}
            data-testid="quiz-name"
          />
          <Textarea
            label={t('editor.description')}
            value={current.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
            error={error('description')}
            autosize
            minRows={2}
            maxLength={2000}
            readOnly={readOnly}
            data-testid="quiz-description"
          />
          <ImageField
            label={t('editor.image')}
            imageId={current.imageId}
            onChange={(imageId) => set({ imageId })}
            readOnly={readOnly}
            testId="quiz-image"
          />
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {schools.length > 1 ? (
              <NativeSelect
                label={t('editor.school')}
                value={String(schoolId)}
                onChange={(e) => set({ schoolId: Number(e.currentTarget.value) })}
                data={schools.map((x) => ({ value: String(x.id), label: x.name }))}
                error={error('schoolId')}
                data-testid="quiz-school"
              />
            ) : null}
            <NativeSelect
              label={t('editor.board')}
              value={boardId === null ? '' : String(boardId)}
              onChange={(e) => set({ boardId: Number(e.currentTarget.value), grade: null, subjectId: null })}
              data={boardOptions}
              error={error('boardId')}
              disabled={readOnly}
              data-testid="quiz-board"
            />
            <NativeSelect
              label={t('editor.grade')}
              value={grade === null ? '' : String(grade)}
              onChange={(e) => set({ grade: Number(e.currentTarget.value), subjectId: null })}
              data={gradeOptions}
              error={error('grade')}
              disabled={readOnly}
              data-testid="quiz-grade"
            />
            <NativeSelect
              label={t('editor.subject')}
              value={subjectId === null ? '' : String(subjectId)}
              onChange={(e) => set({ subjectId: Number(e.currentTarget.value) })}
              data={subjectOptions}
              error={error('subjectId')}
              disabled={readOnly}
              data-testid="quiz-subject"
            />
            <TextInput
              type="number"
              inputMode="numeric"
              label={t('editor.duration')}
              value={current.durationMinutes}
              onChange={(e) => set({ durationMinutes: wholeNumber(e.currentTarget.value) })}
              min={1}
              max={MAX_ASSESSMENT_MINUTES}
              step={1}
              error={error('durationMinutes')}
              readOnly={readOnly}
              data-testid="quiz-duration"
            />
          </SimpleGrid>
          {readOnly ? null : (
            <Group justify="flex-end">
              <Button
                onClick={() => saveWith(current.questions, () => notifyDone(t('editor.saved')))}
                loading={save.isPending && editing === null}
                variant="light"
                data-testid="quiz-save"
              >
                {t('editor.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>

      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={3} size="h4" data-testid="question-count">
          {t('editor.questions', { count: current.questions.length })}
        </Title>
        <Group gap="xs">
          {saved ? (
            <Button
              component={Link}
              to={paths.quizDetail(saved.id)}
              variant="default"
              leftSection={<IconEye size={16} />}
              data-testid="quiz-open-detail"
            >
              {t('editor.view')}
            </Button>
          ) : null}
          {saved && saved.status === 'draft' && !locked ? (
            <Button onClick={tryPublish} loading={publish.isPending} data-testid="quiz-publish">
              {t('actions.publish')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {saved?.status === 'draft' && current.questions.length < MIN_ASSESSMENT_QUESTIONS ? (
        <Text size="sm" c="dimmed" data-testid="min-questions-note">
          {t('editor.minNote', { count: MIN_ASSESSMENT_QUESTIONS })}
        </Text>
      ) : null}

      {current.questions.map((q, i) =>
        editing?.index === i ? (
          <QuestionForm
            key={q.key}
            number={i + 1}
            value={editing.question}
            errors={questionErrors}
            saving={save.isPending}
            onChange={(question) => setEditing({ index: i, question })}
            onSave={saveQuestion}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <Card key={q.key} withBorder radius="md" padding="md" data-testid="question-card">
            <Stack gap="xs">
              <QuestionView number={i + 1} question={q} />
              {readOnly || editing ? null : (
                <Group gap={4} justify="flex-end">
                  <ActionIcon
                    variant="subtle"
                    disabled={i === 0 || save.isPending}
                    onClick={() => saveWith(move(current.questions, i, i - 1), () => undefined)}
                    aria-label={t('question.moveUp', { number: i + 1 })}
                    data-testid="question-up"
                  >
                    <IconArrowNarrowUp size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    disabled={i === current.questions.length - 1 || save.isPending}
                    onClick={() => saveWith(move(current.questions, i, i + 1), () => undefined)}
                    aria-label={t('question.moveDown', { number: i + 1 })}
                    data-testid="question-down"
                  >
                    <IconArrowNarrowDown size={18} />
                  </ActionIcon>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconPencil size={16} />}
                    onClick={() => {
                      setQuestionErrors({});
                      setEditing({ index: i, question: q });
                    }}
                    data-testid="question-edit"
                  >
                    {t('actions.edit')}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    leftSection={<IconTrashX size={16} />}
                    onClick={() => setRemoving(i)}
                    data-testid="question-delete"
                  >
                    {t('actions.delete')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Card>
        ),
      )}
      {editing?.index === 'new' ? (
        <QuestionForm
          number={current.questions.length + 1}
          value={editing.question}
          errors={questionErrors}
          saving={save.isPending}
          onChange={(question) => setEditing({ index: 'new', question })}
          onSave={saveQuestion}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {readOnly || editing ? null : (
        <Button
          variant="light"
          leftSection={<IconCirclePlus size={16} />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => {
            setQuestionErrors({});
            setEditing({ index: 'new', question: emptyQuestion('multiple_choice', words) });
          }}
          data-testid="question-add"
        >
          {t('question.add')}
        </Button>
      )}
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title={t('editor.leaveTitle')}
        message={t('editor.leaveMessage')}
        confirmLabel={t('editor.leave')}
        onClose={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      />
      <ConfirmDialog
        opened={removing !== null}
        title={t('question.deleteTitle')}
        message={t('question.deleteConfirm', { number: (removing ?? 0) + 1 })}
        confirmLabel={t('actions.delete')}
        loading={save.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          saveWith(
            current.questions.filter((_, i) => i !== removing),
            () => {
              notifyDone(t('question.deleted'));
              setRemoving(null);
            },
          )
        }
      />
    </Stack>
  );
}

/** A select's options with the saved value among them, so a saved choice is never shown as another. */
function withCurrent(options: { value: string; label: string }[], saved: { value: string; label: string } | null) {
  return saved && !options.some((o) => o.value === saved.value) ? [saved, ...options] : options;
}
