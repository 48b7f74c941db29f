import { Alert, Button, Card, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useStaffSignIn } from './api/sign-in';
import { toE164 } from '../../lib/phone';
import { useRetryWait } from '../../lib/throttled';
import { usePhoneLibrary } from '../../lib/use-phone-library';
import { useSignedIn } from '../../lib/use-signed-in';

/** Staff sign-in (/teacher/login): mobile number and password, LOG IN with a spinner. */
export function TeacherLoginPage() {
  const { t } = useTranslation('auth');
  const signedIn = useSignedIn();
  const signIn = useStaffSignIn();
  const wait = useRetryWait();
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  // The phone metadata loads after the first paint; a failed load is retried on submit.
  const { checking, load: loadPhoneRules } = usePhoneLibrary();

  function errorText(e: unknown) {
    if (e instanceof ApiError && e.code === 'NETWORK') return t('teacher.noServer');
    return e instanceof ApiError && e.code === 'RATE_LIMITED' ? t('errors:RATE_LIMITED') : t('teacher.incorrect');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!mobile || !password) return;
    const lib = await loadPhoneRules();
    if (!lib) return setError(t('teacher.noServer'));
    const e164 = toE164(lib, mobile, 'IN') ?? (mobile.startsWith('+') ? mobile : null);
    if (!e164) return setError(t('teacher.incorrect'));
    setError(null);
    signIn.mutate(
      { mobile: e164, password },
      {
        onSuccess: signedIn,
        // Throttled sign-ins say when to try again (sign-in backoff, security issue #21).
        onError: (e) => setError(wait.startFrom(e) ? null : errorText(e)),
      },
    );
  }

  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} size="h3" mb="md" data-testid="login-title">
        {t('teacher.title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('teacher.mobile')}
            inputMode="tel"
            autoComplete="username"
            required
            value={mobile}
            onChange={(e) => setMobile(e.currentTarget.value)}
            error={touched && !mobile ? t('teacher.required') : null}
            data-testid="staff-mobile"
          />
          <PasswordInput
            label={t('teacher.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={touched && !password ? t('teacher.required') : null}
            data-testid="staff-password"
          />
          {(wait.message ?? error) ? (
            <Alert color="red" variant="light" role="alert" data-testid="staff-error">
              {wait.message ?? error}
            </Alert>
          ) : null}
          <Button
            type="submit"
            loading={checking || signIn.isPending}
            disabled={wait.waiting}
            data-testid="staff-login"
          >
            {t('teacher.logIn')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
