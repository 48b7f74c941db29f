import { Alert, Button, Card, Loader, Stack, Title } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { personName } from '@ki/domain';
import type { SignUpBody, SignUpDone, SignUpSchool, SignUpStarted } from '@ki/contracts';
import { landingPath, useMe, useSetMe } from '../../lib/session';
import { CodeBoundary, retryableLazy } from '../../ui/code-boundary';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { usePhoneNumber } from '../../ui/phone-field';
import { CodeStep } from './components/code-step';
import { DoneStep } from './components/done-step';
import { OtpStep } from './components/otp-step';
import { detailsFor, type Details } from './details';
import type { FieldErrors } from './sign-up-fields';

// The details' form checks with the contract's schema (zod and the phone rules, 50 KB gzip): it is
// fetched while the family types the school's code, not with the page, which a family often opens
// on a slow phone (the /signup budget in bundle-budgets.json).
const {
  Part: DetailsStep,
  preload: preloadDetails,
  retry: retryDetails,
} = retryableLazy(() => import('./components/details-step').then((m) => m.DetailsStep));

type Step =
  | { kind: 'code' }
  | { kind: 'details' }
  | { kind: 'otp'; body: SignUpBody; started: SignUpStarted }
  | { kind: 'done'; done: SignUpDone };

/**
 * /signup (issue #27; DPDP Act 2023 s.9): a parent signs a child up at a school with the school's
 * sign-up code (?code= fills it in). The school's code, then the family's details and the consent
 * text, then the code texted to the parent's phone, which is the parent's verified consent; only
 * then is the child's account made, and the child is signed in here and shown the 14-digit code.
 *
 * Guest-only on arrival: a signed-in visitor goes where they belong. Once the account is made the
 * child is signed in, and the page stays on its last step (the code) until Continue.
 */
export function SignUpPage() {
  const { t, i18n } = useTranslation('signup');
  const me = useMe();
  const setMe = useSetMe();
  const [params] = useSearchParams();
  const [step, setStep] = useState<Step>({ kind: 'code' });
  const [code, setCode] = useState(() => params.get('code') ?? '');
  const [school, setSchool] = useState<SignUpSchool | null>(null);
  const [details, setDetails] = useState<Details | null>(null);
  const number = usePhoneNumber();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [detailsAttempt, setDetailsAttempt] = useState(0);
  useEffect(() => void preloadDetails().catch(() => undefined), []);

  if (me.isPending) return <FullScreenLoader />;
  if (me.data && step.kind !== 'done') return <Navigate to={landingPath(me.data)} replace />;

  const found = (s: SignUpSchool) => {
    setSchool(s);
    setDetails(detailsFor(s, details, i18n.resolvedLanguage ?? 'en'));
    setFieldErrors({});
    setStep({ kind: 'details' });
  };

  const title =
    step.kind === 'done'
      ? t('done.title', { child: personName(step.done.me.user.firstName, step.done.me.user.lastName) })
      : step.kind === 'otp'
        ? t('otp.title')
        : t('title');

  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} size="h3" mb="md" data-testid="signup-title">
        {title}
      </Title>
      {step.kind === 'code' ? <CodeStep code={code} onCode={setCode} onFound={found} /> : null}
      {step.kind === 'details' && school && details ? (
        <CodeBoundary
          key={detailsAttempt}
          fallback={
            <Stack gap="sm">
              <Alert color="red" variant="light" role="alert">
                {t('form.loadFailed')}
              </Alert>
              <Button
                variant="light"
                onClick={() => {
                  retryDetails();
                  setDetailsAttempt((n) => n + 1);
                }}
              >
                {t('form.retry')}
              </Button>
            </Stack>
          }
        >
          <Suspense fallback={<Loader size="sm" />}>
            <DetailsStep
              code={code}
              school={school}
              details={details}
              onDetails={setDetails}
              number={number}
              errors={fieldErrors}
              onErrors={setFieldErrors}
              onChangeCode={() => setStep({ kind: 'code' })}
              onStarted={(body, started) => setStep({ kind: 'otp', body, started })}
            />
          </Suspense>
        </CodeBoundary>
      ) : null}
      {step.kind === 'otp' ? (
        <OtpStep
          key={step.started.challengeId}
          body={step.body}
          started={step.started}
          onResent={(started) => setStep({ ...step, started })}
          onBack={(errors = {}) => {
            setFieldErrors(errors);
            setStep({ kind: 'details' });
          }}
          onDone={(done) => {
            // The child is signed in: the app's session says so at once (other tabs hear of it on
            // Continue), and the page stays on the code until Continue (above).
            setStep({ kind: 'done', done });
            setMe(done.me);
          }}
        />
      ) : null}
      {step.kind === 'done' ? <DoneStep done={step.done} /> : null}
    </Card>
  );
}
