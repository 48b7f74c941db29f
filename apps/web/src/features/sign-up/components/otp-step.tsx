import { Alert, Anchor, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignUpBody, SignUpDone, SignUpStarted } from '@ki/contracts';
import { ApiError } from '../../../lib/api-client';
import { useRetryWait } from '../../../lib/throttled';
import { useStartSignUp } from '../api/start-sign-up';
import { useVerifySignUp } from '../api/verify-sign-up';
import type { FieldErrors } from '../sign-up-fields';
import { useErrorText } from '../use-error-text';

const hasTriesLeft = (details: unknown): details is { triesLeft: number } =>
  typeof details === 'object' && details !== null && 'triesLeft' in details && typeof details.triesLeft === 'number';

/**
 * The code texted to the parent's phone: entering it is the parent's verified consent, and makes the
 * account. A new code (after the wait the server gives, 30 s) is the same details sent again. A
 * number that belongs to a student or staff account goes back to the details, on the number.
 */
export function OtpStep({
  body,
  started,
  onResent,
  onBack,
  onDone,
}: {
  body: SignUpBody;
  started: SignUpStarted;
  onResent: (started: SignUpStarted) => void;
  onBack: (errors?: FieldErrors) => void;
  onDone: (done: SignUpDone) => void;
}) {
  const { t } = useTranslation(['signup', 'auth', 'errors']);
  const errorText = useErrorText();
  const verify = useVerifySignUp();
  const resend = useStartSignUp();
  const wait = useRetryWait();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [left, setLeft] = useState(started.resendAfterSeconds);

  // The step is keyed by its challenge, so a new code starts a fresh countdown.
  useEffect(() => {
    const timer = setInterval(() => setLeft((s) => (s > 0 ? s - 1 : 0)), 1000);
    return () => clearInterval(timer);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (otp.length !== started.length) return setError(t('auth:student.enterOtp'));
    if (!navigator.onLine) return setError(t('common:shell.offline'));
    verify.mutate(
      { challengeId: started.challengeId, code: otp },
      {
        onSuccess: onDone,
        onError: (e) => {
          setOtp('');
          if (wait.startFrom(e)) return setError(null);
          if (e instanceof ApiError && e.code === 'MOBILE_NOT_A_PARENTS') return onBack({ parentMobile: errorText(e) });
          if (e instanceof ApiError && e.code === 'INCORRECT_OTP' && hasTriesLeft(e.details))
            return setError(t('signup:otp.incorrect', { tries: e.details.triesLeft }));
          setError(errorText(e));
        },
      },
    );
  }

  function sendAgain() {
    resend.mutate(body, {
      onSuccess: (next) => {
        setOtp('');
        setError(null);
        onResent(next);
      },
      onError: (e) => setError(wait.startFrom(e) ? null : errorText(e)),
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" data-testid="signup-otp-sent">
          {t('signup:otp.sent', { mobile: body.parentMobile })}
        </Text>
        <PinInput
          length={started.length}
          type="number"
          oneTimeCode
          value={otp}
          onChange={setOtp}
          aria-label={t('auth:student.otp')}
          getInputProps={(index) => ({
            'aria-label': t('auth:student.otpDigit', { n: index + 1, total: started.length }),
          })}
          data-testid="signup-otp"
        />
        {(wait.message ?? error) ? (
          <Alert color="red" variant="light" role="alert" data-testid="signup-otp-error">
            {wait.message ?? error}
          </Alert>
        ) : null}
        <Button type="submit" loading={verify.isPending} disabled={wait.waiting} data-testid="signup-verify">
          {t('signup:otp.verify')}
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={() => onBack()} data-testid="signup-otp-back">
            {t('signup:otp.back')}
          </Anchor>
          {left > 0 ? (
            <Text size="sm" c="dimmed" data-testid="signup-countdown">
              {t('auth:student.resendIn', { seconds: left })}
            </Text>
          ) : (
            <Anchor
              component="button"
              type="button"
              size="sm"
              disabled={wait.waiting || resend.isPending}
              onClick={sendAgain}
              data-testid="signup-resend"
            >
              {t('auth:student.resend')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </form>
  );
}
