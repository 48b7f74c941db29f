import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrashX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageProblem, imageUrl, useUploadImage } from '../api/images';
import { useErrorText } from '../use-error-text';

/**
 * A quiz's or a question's picture: PNG, JPEG or WebP up to 1 MB, uploaded when chosen and shown
 * from the server. A wrong type or size is said under the button before anything is sent.
 */
export function ImageField({
  label,
  imageId,
  onChange,
  readOnly = false,
  testId,
}: {
  label: string;
  imageId: string | null;
  onChange: (id: string | null) => void;
  readOnly?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('quizzes');
  const errorText = useErrorText();
  const upload = useUploadImage();
  const [problem, setProblem] = useState<string | null>(null);

  function pick(file: File | null) {
    if (!file) return;
    const wrong = imageProblem(file);
    if (wrong) {
      setProblem(t(wrong === 'type' ? 'image.wrongType' : 'image.tooLarge'));
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (answer) => onChange(answer.id),
      onError: (error) => setProblem(errorText(error)),
    });
  }

  if (readOnly && !imageId) return null;
  return (
    <Stack gap={6} data-testid={testId}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {imageId ? (
        <Image
          src={imageUrl(imageId)}
          alt={label}
          mah={180}
          w="auto"
          fit="contain"
          radius="sm"
          style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
          data-testid={`${testId}-preview`}
        />
      ) : null}
      {readOnly ? null : (
        <Group gap="xs">
          <FileButton onChange={pick} accept="image/png,image/jpeg,image/webp">
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="xs"
                leftSection={<IconPhotoUp size={16} />}
                loading={upload.isPending}
                data-testid={`${testId}-upload`}
              >
                {imageId ? t('image.replace') : t('image.upload')}
              </Button>
            )}
          </FileButton>
          {imageId ? (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrashX size={16} />}
              onClick={() => onChange(null)}
              data-testid={`${testId}-remove`}
            >
              {t('image.remove')}
            </Button>
          ) : null}
        </Group>
      )}
      {problem ? (
        <Text size="sm" c="red" role="alert" data-testid={`${testId}-error`}>
          {problem}
        </Text>
      ) : readOnly ? null : (
        <Text size="xs" c="dimmed">
          {t('image.hint')}
        </Text>
      )}
    </Stack>
  );
}
