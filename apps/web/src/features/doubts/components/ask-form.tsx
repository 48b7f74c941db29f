import {
  Alert,
  Button,
  FileInput,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconPhoto, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DOUBT_PICTURE_TYPES, DOUBT_TEXT_MAX } from '@ki/contracts';
import { ApiError } from '../../../lib/api-client';
import { useAskDoubt } from '../api/ask-doubt';
import { useSubjects, useSubjectTopics } from '../api/topics';
import { pictureProblem, serverProblems, validateAsk, type AskProblems, type Problem } from '../doubt-model';
import { notifyDone, useErrorText } from '../use-error-text';

/** What the student has picked: a chapter of null is the one holding `topicId` (a link's ?topic=). */
interface Picked {
  subject: string | null;
  chapter: string | null;
  topicId: number | null;
}

/** The chosen picture and its preview (none where the browser cannot make one), freed when replaced or left. */
function usePicture() {
  const [picture, setPicture] = useState<{ file: File; preview: string | null } | null>(null);
  const shown = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (shown.current) URL.revokeObjectURL(shown.current);
    },
    [],
  );
  const choose = (file: File | null) => {
    if (shown.current) URL.revokeObjectURL(shown.current);
    const preview = file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    shown.current = preview;
    setPicture(file ? { file, preview } : null);
  };
  return [picture, choose] as const;
}

/**
 * A new doubt: the topic (subject, then chapter, then topic, from the student's own subjects; a
 * link may pick them), the text (10 to 1000 characters, with a counter) and an optional picture,
 * checked on the device (PNG, JPEG or WebP, at most 2 MB) before anything is sent. Send posts the
 * doubt, then its picture; the server's refusals show on their fields, or above Send.
 */
export function AskForm({
  initial,
  onSent,
}: {
  initial: { subject: string | null; topicId: number | null };
  onSent: () => void;
}) {
  const { t } = useTranslation('doubts');
  const [picked, setPicked] = useState<Picked>({ ...initial, chapter: null });
  const [text, setText] = useState('');
  const [picture, setPicture] = usePicture();
  const [problems, setProblems] = useState<AskProblems & { picture?: Problem }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pictureNote, setPictureNote] = useState<string | null>(null);
  const subjects = useSubjects();
  const ask = useAskDoubt();
  const errorText = useErrorText();

  const subjectList = subjects.data?.subjects ?? [];
  const subject = subjectList.some((s) => s.slug === picked.subject) ? picked.subject : null;
  const topics = useSubjectTopics(subject);
  const chapters = topics.data?.chapters ?? [];
  const chapter =
    chapters.find((c) => c.slug === picked.chapter) ??
    (picked.chapter === null && picked.topicId !== null
      ? chapters.find((c) => c.topics.some((tp) => tp.id === picked.topicId))
      : undefined);
  const topic = chapter?.topics.find((tp) => tp.id === picked.topicId) ?? null;

  const problem = (field: keyof typeof problems) => {
    const p = problems[field];
    return p ? t(p.key, p.values) : undefined;
  };
  const clear = (field: keyof typeof problems) => {
    setProblems(({ [field]: _, ...rest }) => rest);
    setRefusal(null);
  };
  const pick = (change: Picked) => {
    setPicked(change);
    clear('topicId');
  };

  function choosePicture(file: File | null) {
    setPictureNote(null);
    const found = file ? pictureProblem(file) : null;
    if (found) {
      setPicture(null);
      setProblems((p) => ({ ...p, picture: found }));
      return;
    }
    clear('picture');
    setPicture(file);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setPictureNote(null);
    const result = validateAsk({ topicId: topic?.id ?? null, text });
    if (!result.ok) {
      setProblems((p) => (p.picture ? { ...result.problems, picture: p.picture } : result.problems));
      return;
    }
    setProblems({});
    ask.mutate(
      { body: result.body, picture: picture?.file ?? null },
      {
        onSuccess: ({ pictureError }) => {
          notifyDone(t('ask.sent'));
          if (pictureError) setPictureNote(`${t('ask.pictureNotAdded')} ${errorText(pictureError, 'picture')}`);
          setText('');
          setPicture(null);
          onSent();
        },
        onError: (error) => {
          const onFields =
            error instanceof ApiError && error.code === 'VALIDATION_FAILED' ? serverProblems(error.details) : {};
          if (onFields.text) setProblems({ text: onFields.text });
          else setRefusal(errorText(error, 'ask'));
        },
      },
    );
  }

  const loadingTopics = subject !== null && topics.isPending;
  return (
    <Paper withBorder p="md" radius="md" component="form" noValidate onSubmit={submit} data-testid="ask-form">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('ask.form')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NativeSelect
            label={t('ask.subject')}
            withAsterisk
            data={[
              { value: '', label: t('ask.pickSubject') },
              ...subjectList.map((s) => ({ value: s.slug, label: s.name })),
            ]}
            value={subject ?? ''}
            onChange={(e) => pick({ subject: e.currentTarget.value || null, chapter: null, topicId: null })}
            disabled={subjectList.length === 0}
            data-testid="ask-subject"
          />
          <NativeSelect
            label={t('ask.chapter')}
            withAsterisk
            data={[
              { value: '', label: loadingTopics ? t('ask.loadingTopics') : t('ask.pickChapter') },
              ...chapters.map((c) => ({ value: c.slug, label: c.name })),
            ]}
            value={chapter?.slug ?? ''}
            onChange={(e) => pick({ subject, chapter: e.currentTarget.value || null, topicId: null })}
            disabled={chapters.length === 0}
            error={topics.isError ? t('ask.topicsFailed') : undefined}
            data-testid="ask-chapter"
          />
          <NativeSelect
            label={t('ask.topic')}
            withAsterisk
            data={[
              { value: '', label: t('ask.pickTopic') },
              ...(chapter?.topics ?? []).map((tp) => ({ value: String(tp.id), label: tp.name })),
            ]}
            value={topic ? String(topic.id) : ''}
            onChange={(e) =>
              pick({
                subject,
                chapter: chapter?.slug ?? null,
                topicId: e.currentTarget.value ? Number(e.currentTarget.value) : null,
              })
            }
            disabled={!chapter}
            error={problem('topicId')}
            data-testid="ask-topic"
          />
        </SimpleGrid>
        <Textarea
          label={t('ask.text')}
          withAsterisk
          placeholder={t('ask.textPlaceholder')}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={DOUBT_TEXT_MAX}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            clear('text');
          }}
          error={problem('text')}
          description={
            <span data-testid="ask-count">
              {text.length} / {DOUBT_TEXT_MAX}
            </span>
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data-testid="ask-text"
        />
        <FileInput
          label={t('ask.picture')}
          description={t('ask.pictureHint')}
          placeholder={t('ask.picturePlaceholder')}
          // Mantine's placeholder grey is 3.3:1 on white; it says what to do here, so it reads as text.
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          accept={DOUBT_PICTURE_TYPES.join(',')}
          clearable
          leftSection={<IconPhoto size={16} aria-hidden="true" />}
          value={picture?.file ?? null}
          onChange={choosePicture}
          error={problem('picture')}
          data-testid="ask-picture"
        />
        {picture?.preview ? (
          <img
            src={picture.preview}
            alt={t('ask.picturePreview')}
            style={{
              maxWidth: '100%',
              maxHeight: 160,
              objectFit: 'contain',
              alignSelf: 'flex-start',
              borderRadius: 'var(--mantine-radius-sm)',
            }}
            data-testid="ask-preview"
          />
        ) : null}
        {refusal ? (
          <Alert color="red" data-testid="ask-refusal">
            {refusal}
          </Alert>
        ) : null}
        {pictureNote ? (
          <Alert color="yellow" data-testid="ask-picture-note">
            <Text size="sm">{pictureNote}</Text>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={ask.isPending}
            leftSection={<IconSend size={16} aria-hidden="true" />}
            data-testid="ask-send"
          >
            {t('ask.send')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
