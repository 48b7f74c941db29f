import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SignUpSchool } from '@ki/contracts';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useRetryWait } from '../../../lib/throttled';
import { useFindSignUpSchool } from '../api/get-sign-up-school';
import { useErrorText } from '../use-error-text';

/**
 * The school's sign-up code, as the school printed it (the server ignores case, spaces and dashes).
 * It is looked up on Continue; a code no school has, or one of the wrong shape, says so on the field.
 */
export function CodeStep({
  code,
  onCode,
  onFound,
}: {
  code: string;
  onCode: (code: string) => void;
  onFound: (school: SignUpSchool) => void;
}) {
  const { t } = useTranslation('signup');
  const errorText = useErrorText();
  const find = useFindSignUpSchool();
  const wait = useRetryWait();
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) return setError(t('code.invalid'));
    if (!navigator.onLine) return setError(t('common:shell.offline'));
    setError(null);
    find.mutate(typed, {
      onSuccess: onFound,
      onError: (e) => {
        if (wait.startFrom(e)) return setError(null);
        setError(e instanceof ApiError && e.code === 'VALIDATION_FAILED' ? t('code.invalid') : errorText(e));
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('code.intro')}</Text>
        <TextInput
          label={t('code.label')}
          value={code}
          onChange={(e) => onCode(e.currentTarget.value)}
          maxLength={20}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          error={wait.message ?? error}
          data-testid="signup-code"
        />
        <Button type="submit" loading={find.isPending} disabled={wait.waiting} data-testid="signup-code-continue">
          {t('code.continue')}
        </Button>
        <Anchor component={Link} to={paths.login} size="sm" ta="center">
          {t('code.signIn')}
        </Anchor>
      </Stack>
    </form>
  );
}
