import { Alert, Button, Chip, FileInput, Group, Input, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { IconPhoto, IconSend } from '@tabler/icons-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BROADCAST_BODY_MAX,
  BROADCAST_PICTURE_MAX_BYTES,
  BROADCAST_PICTURE_TYPES,
  BROADCAST_TITLE_MAX,
  BROADCAST_URL_MAX,
} from '@ki/contracts';
import { toRoman } from '@ki/domain';
import { ApiError } from '../../../lib/api-client';
import { usePostBroadcast } from '../api/post-broadcast';
import {
  EMPTY_COMPOSE,
  pictureProblem,
  serverProblems,
  validate,
  type ComposeValues,
  type Field,
  type Problems,
} from '../compose-model';
import { notifyDone, useErrorText } from '../use-error-text';

/**
 * A new notice: title, text, an optional link and picture, and the grades it is for, among those the caller may
 * post to (`grades`: a teacher's own; every grade of the school for its principal). Checked with the
 * contract's schema before sending; the server's refusals show on their fields, or above Post.
 */
export function ComposeCard({ schoolId, grades }: { schoolId: number; grades: readonly number[] }) {
  const { t } = useTranslation('notices');
  // A teacher of one grade posts to it: it is chosen for them.
  const start = (): ComposeValues => ({ ...EMPTY_COMPOSE, grades: grades.length === 1 ? [...grades] : [] });
  const [values, setValues] = useState<ComposeValues>(start);
  const [problems, setProblems] = useState<Problems>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [picture, setPicture] = useState<{ file: File; preview: string } | null>(null);
  const [pictureProblemKey, setPictureProblem] = useState<{ key: string; values?: Record<string, number> } | null>(
    null,
  );
  const [pictureNote, setPictureNote] = useState<string | null>(null);
  // The preview's object URL is let go when the picture changes or the form goes.
  useEffect(() => () => (picture ? URL.revokeObjectURL(picture.preview) : undefined), [picture]);
  const post = usePostBroadcast(schoolId);
  const errorText = useErrorText();
  const gradesLabel = useId();

  const problem = (field: Field) => {
    const p = problems[field];
    return p ? t(p.key, p.values) : undefined;
  };
  const update = (change: Partial<ComposeValues>) => {
    setValues((v) => ({ ...v, ...change }));
    setProblems((p) => Object.fromEntries(Object.entries(p).filter(([field]) => !(field in change))));
    setRefusal(null);
  };

  function choosePicture(file: File | null) {
    setPictureNote(null);
    const found = file ? pictureProblem(file) : null;
    setPictureProblem(found);
    setPicture(file && !found ? { file, preview: URL.createObjectURL(file) } : null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setPictureNote(null);
    const result = validate(values);
    if (!result.ok) {
      setProblems(result.problems);
      return;
    }
    setProblems({});
    post.mutate(
      { body: result.body, picture: picture?.file ?? null },
      {
        onSuccess: ({ pictureError }) => {
          notifyDone(t('compose.posted'));
          if (pictureError) setPictureNote(`${t('compose.pictureNotAdded')} ${errorText(pictureError)}`);
          setValues(start());
          setPicture(null);
        },
        onError: (error) => {
          const onFields =
            error instanceof ApiError && error.code === 'VALIDATION_FAILED' ? serverProblems(error.details) : {};
          if (Object.keys(onFields).length > 0) setProblems(onFields);
          else setRefusal(errorText(error));
        },
      },
    );
  }

  if (grades.length === 0)
    return (
      <Alert color="gray" data-testid="compose-no-grades">
        {t('compose.noGrades')}
      </Alert>
    );
  const all = values.grades.length === grades.length;
  return (
    <Paper withBorder p="md" radius="md" component="form" noValidate onSubmit={submit} data-testid="compose">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('compose.title')}
        </Title>
        <TextInput
          label={t('compose.heading')}
          withAsterisk
          maxLength={BROADCAST_TITLE_MAX}
          value={values.title}
          onChange={(e) => update({ title: e.currentTarget.value })}
          error={problem('title')}
          data-testid="compose-title"
        />
        <Textarea
          label={t('compose.body')}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={BROADCAST_BODY_MAX}
          value={values.body}
          onChange={(e) => update({ body: e.currentTarget.value })}
          error={problem('body')}
          data-testid="compose-body"
        />
        <TextInput
          label={t('compose.link')}
          description={t('compose.linkHint')}
          placeholder="https://"
          inputMode="url"
          autoComplete="url"
          maxLength={BROADCAST_URL_MAX}
          value={values.linkUrl}
          onChange={(e) => update({ linkUrl: e.currentTarget.value })}
          error={problem('linkUrl')}
          data-testid="compose-link"
        />
        <FileInput
          label={t('compose.picture')}
          description={t('compose.pictureHint', { max: BROADCAST_PICTURE_MAX_BYTES / (1024 * 1024) })}
          placeholder={t('compose.picturePlaceholder')}
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          accept={BROADCAST_PICTURE_TYPES.join(',')}
          clearable
          leftSection={<IconPhoto size={16} aria-hidden="true" />}
          value={picture?.file ?? null}
          onChange={choosePicture}
          error={pictureProblemKey ? t(pictureProblemKey.key, pictureProblemKey.values) : undefined}
          data-testid="compose-picture"
        />
        {picture ? (
          <img
            src={picture.preview}
            alt={t('compose.picturePreview')}
            style={{
              maxWidth: '100%',
              maxHeight: 160,
              objectFit: 'contain',
              alignSelf: 'flex-start',
              borderRadius: 'var(--mantine-radius-sm)',
            }}
            data-testid="compose-preview"
          />
        ) : null}
        <Input.Wrapper
          label={t('compose.grades')}
          labelElement="div"
          id={gradesLabel}
          withAsterisk
          error={problem('grades')}
          data-testid="compose-grades"
        >
          <Group
            gap={6}
            mt={4}
            role="group"
            aria-labelledby={`${gradesLabel}-label`}
            aria-describedby={problems.grades ? `${gradesLabel}-error` : undefined}
          >
            <Chip.Group multiple value={values.grades.map(String)} onChange={(v) => update({ grades: v.map(Number) })}>
              {grades.map((g) => (
                <Chip key={g} value={String(g)} size="sm" data-testid={`grade-${g}`}>
                  {toRoman(g)}
                </Chip>
              ))}
            </Chip.Group>
            {grades.length > 1 ? (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => update({ grades: all ? [] : [...grades] })}
                data-testid="grades-all"
              >
                {t(all ? 'compose.none' : 'compose.all')}
              </Button>
            ) : null}
          </Group>
        </Input.Wrapper>
        {pictureNote ? (
          <Alert color="yellow" data-testid="compose-picture-note">
            {pictureNote}
          </Alert>
        ) : null}
        {refusal ? (
          <Alert color="red" data-testid="compose-refusal">
            {refusal}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={post.isPending}
            leftSection={<IconSend size={16} aria-hidden="true" />}
            data-testid="compose-post"
          >
            {t('compose.post')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
