import {
  Alert,
  Anchor,
  Button,
  Card,
  Divider,
  Group,
  PasswordInput,
  PinInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { useRetryWait } from '../../lib/throttled';
import { useSignedIn } from '../../lib/use-signed-in';
import { PhoneField, usePhoneNumber } from '../../ui/phone-field';
import { useCodeSignIn, useRequestOtp, useVerifyOtp } from './api/sign-in';

/** Seconds before 'Resend OTP' appears (access-and-app-shell.md 9). */
export const RESEND_SECONDS = 30;
/** Digits of a sign-in code (access-and-app-shell.md 9). */
const CODE_DIGITS = 14;

type Step =
  | { kind: 'start' }
  | { kind: 'otp'; mobile: string; challengeId: string; length: number }
  | { kind: 'code'; code: string };

/** Student sign-in (/login, /student/login): mobile with OTP, or the 14-digit school code with password. */
export function StudentLoginPage() {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<Step>({ kind: 'start' });
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} size="h3" mb="md" data-testid="login-title">
        {step.kind === 'code' ? t('student.codeTitle') : t('student.mobileTitle')}
      </Title>
      {step.kind === 'start' ? (
        <StartStep onOtp={(s) => setStep(s)} onCode={(code) => setStep({ kind: 'code', code })} />
      ) : null}
      {step.kind === 'otp' ? (
        <OtpStep
          key={step.challengeId}
          step={step}
          onBack={() => setStep({ kind: 'start' })}
          onResent={(s) => setStep(s)}
        />
      ) : null}
      {step.kind === 'code' ? <PasswordStep code={step.code} onBack={() => setStep({ kind: 'start' })} /> : null}
    </Card>
  );
}

/**
 * An error in the reader's language. A throttled answer that says when to try again is shown by
 * useRetryWait instead. The refusals only this page meets are in its own strings (errors.json comes
 * with every first load): a number no school registered, and a child whose parent withdrew consent
 * for the account a family made (issue #27).
 */
function useErrorText() {
  const { t } = useTranslation(['auth', 'errors']);
  return (error: unknown) => {
    if (error instanceof ApiError) {
      if (error.code === 'NETWORK') return t('errors:NETWORK');
      if (error.code === 'NOT_REGISTERED') return t('auth:student.notRegistered');
      if (error.code === 'CONSENT_WITHDRAWN') return t('auth:student.consentWithdrawn');
      return t(`errors:${error.code}`, { defaultValue: error.message });
    }
    return t('errors:INTERNAL');
  };
}

function StartStep({
  onOtp,
  onCode,
}: {
  onOtp: (s: Extract<Step, { kind: 'otp' }>) => void;
  onCode: (code: string) => void;
}) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  // India alone until the phone rules arrive (then the full list); without them India stays.
  const number = usePhoneNumber();
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const send = useRequestOtp();
  const wait = useRetryWait();

  async function proceed(event: FormEvent) {
    event.preventDefault();
    const checked = await number.check();
    if ('problem' in checked)
      return setPhoneError(checked.problem === 'unavailable' ? t('errors:NETWORK') : t('student.invalidMobile'));
    const { mobile } = checked;
    setPhoneError(null);
    if (!navigator.onLine) return setPhoneError(t('common:shell.offline'));
    send.mutate(mobile, {
      onSuccess: (r) => onOtp({ kind: 'otp', mobile, challengeId: r.challengeId, length: r.length }),
      onError: (error) => setPhoneError(wait.startFrom(error) ? null : errorText(error)),
    });
  }

  function join(event: FormEvent) {
    event.preventDefault();
    if (code.length !== CODE_DIGITS) return setCodeError(t('student.invalidCode'));
    setCodeError(null);
    onCode(code);
  }

  return (
    <Stack gap="md">
      <form onSubmit={proceed} noValidate>
        <Stack gap="sm">
          <PhoneField
            number={number}
            countryLabel={t('student.country')}
            label={t('student.mobile')}
            error={wait.message ?? phoneError}
            testId="mobile"
            countryTestId="country"
          />
          <Button
            type="submit"
            loading={number.checking || send.isPending}
            disabled={wait.waiting}
            data-testid="proceed"
          >
            {t('student.proceed')}
          </Button>
        </Stack>
      </form>
      <Divider label={t('student.or')} labelPosition="center" />
      <form onSubmit={join} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('student.code')}
            inputMode="numeric"
            value={code}
            // Spaces and dashes of a pasted code ("2026 0000 0000 10") go before the 14-digit limit.
            onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, CODE_DIGITS))}
            error={codeError}
            data-testid="code"
          />
          <Button type="submit" variant="light" data-testid="join">
            {t('student.join')}
          </Button>
        </Stack>
      </form>
      {/* Families' own accounts (issue #27): a school that takes them hands out a sign-up code. */}
      <Anchor component={Link} to={paths.signUp} size="sm" ta="center" data-testid="sign-up-link">
        {t('student.signUp')}
      </Anchor>
    </Stack>
  );
}

function OtpStep({
  step,
  onBack,
  onResent,
}: {
  step: Extract<Step, { kind: 'otp' }>;
  onBack: () => void;
  onResent: (s: Extract<Step, { kind: 'otp' }>) => void;
}) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const signedIn = useSignedIn();
  const verify = useVerifyOtp();
  const resend = useRequestOtp();
  const wait = useRetryWait();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [left, setLeft] = useState(RESEND_SECONDS);

  // The step is keyed by its challenge, so a resent code starts a fresh countdown.
  useEffect(() => {
    const timer = setInterval(() => setLeft((s) => (s > 0 ? s - 1 : 0)), 1000);
    return () => clearInterval(timer);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (otp.length === 0) return setError(t('student.enterOtp'));
    if (otp.length !== step.length) return setError(t('student.enterOtp'));
    if (!navigator.onLine) return setError(t('common:shell.offline'));
    verify.mutate(
      { challengeId: step.challengeId, code: otp },
      {
        onSuccess: signedIn,
        onError: (e) => {
          // A wrong code clears the field (access-and-app-shell.md 5).
          setOtp('');
          if (wait.startFrom(e)) setError(null);
          else setError(e instanceof ApiError && e.code === 'INCORRECT_OTP' ? t('student.incorrectOtp') : errorText(e));
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('student.otpSent', { mobile: step.mobile })}</Text>
        <PinInput
          length={step.length}
          type="number"
          oneTimeCode
          value={otp}
          onChange={setOtp}
          aria-label={t('student.otp')}
          // Each box is named with its place, not Mantine's default "PinInput" (read out by screen readers).
          getInputProps={(index) => ({ 'aria-label': t('student.otpDigit', { n: index + 1, total: step.length }) })}
          data-testid="otp"
        />
        {(wait.message ?? error) ? (
          <Alert color="red" variant="light" role="alert" data-testid="otp-error">
            {wait.message ?? error}
          </Alert>
        ) : null}
        <Button type="submit" loading={verify.isPending} disabled={wait.waiting} data-testid="verify">
          {t('student.verify')}
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {t('student.changeNumber')}
          </Anchor>
          {left > 0 ? (
            <Text size="sm" c="dimmed" data-testid="countdown">
              {t('student.resendIn', { seconds: left })}
            </Text>
          ) : (
            <Anchor
              component="button"
              type="button"
              size="sm"
              data-testid="resend"
              disabled={wait.waiting}
              onClick={() =>
                resend.mutate(step.mobile, {
                  onSuccess: (r) => {
                    setOtp('');
                    setError(null);
                    onResent({ ...step, challengeId: r.challengeId, length: r.length });
                  },
                  onError: (e) => setError(wait.startFrom(e) ? null : errorText(e)),
                })
              }
            >
              {t('student.resend')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function PasswordStep({ code, onBack }: { code: string; onBack: () => void }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const signedIn = useSignedIn();
  const signIn = useCodeSignIn();
  const wait = useRetryWait();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError(t('student.enterPassword'));
    if (!navigator.onLine) return setError(t('common:shell.offline'));
    signIn.mutate(
      { code, password },
      {
        onSuccess: signedIn,
        onError: (e) => {
          setPassword('');
          if (wait.startFrom(e)) setError(null);
          // The server does not say which of code and password is wrong (no probing of codes).
          else
            setError(
              e instanceof ApiError && e.code === 'INVALID_CREDENTIALS' ? t('student.incorrectPassword') : errorText(e),
            );
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('student.codeEntered', { code })}</Text>
        <PasswordInput
          label={t('student.password')}
          maxLength={20}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          data-testid="password"
        />
        {(wait.message ?? error) ? (
          <Alert color="red" variant="light" role="alert" data-testid="password-error">
            {wait.message ?? error}
          </Alert>
        ) : null}
        <Button type="submit" loading={signIn.isPending} disabled={wait.waiting} data-testid="signin-code">
          {t('student.signIn')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {t('student.back')}
        </Anchor>
      </Stack>
    </form>
  );
}
