import {
  Alert,
  Anchor,
  Button,
  NativeSelect,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toRoman } from '@ki/domain';
import {
  CONSENT_TEXT_VERSION,
  SignUpBodySchema,
  type SignUpBody,
  type SignUpSchool,
  type SignUpStarted,
} from '@ki/contracts';
import { ApiError } from '../../../lib/api-client';
import { useRetryWait } from '../../../lib/throttled';
import { ConsentAgreement } from '../../../ui/consent-agreement';
import { PhoneField, type PhoneNumber } from '../../../ui/phone-field';
import { useStartSignUp } from '../api/start-sign-up';
import type { Details } from '../details';
import { fieldMessageKey, fieldOfPath, refusedFields, type FieldErrors, type SignUpField } from '../sign-up-fields';
import { useErrorText } from '../use-error-text';

/** The details' field of each input that a refusal can name. */
const FIELD_OF: Partial<Record<keyof Details, SignUpField>> = {
  parentFirstName: 'parentFirstName',
  childFirstName: 'childFirstName',
  childLastName: 'childLastName',
  boardId: 'boardId',
  grade: 'grade',
  language: 'language',
  password: 'password',
  passwordRepeat: 'passwordRepeat',
  agreed: 'consent',
};

/**
 * The school, the parent's and the child's details, the password the child will sign in with, and
 * the consent text with its box. Checked with the contract's schema (the server's own check) before
 * a code is sent to the parent's phone; the server's refusals go on their fields too. The schema
 * brings zod and the phone rules (50 KB gzip), so this step is its own chunk, fetched while the
 * family types the school's code (sign-up-page.tsx): /signup's first paint stays light.
 */
export function DetailsStep({
  code,
  school,
  details,
  onDetails,
  number,
  errors,
  onErrors,
  onChangeCode,
  onStarted,
}: {
  code: string;
  school: SignUpSchool;
  details: Details;
  onDetails: (details: Details) => void;
  number: PhoneNumber;
  errors: FieldErrors;
  onErrors: (errors: FieldErrors) => void;
  onChangeCode: () => void;
  onStarted: (body: SignUpBody, started: SignUpStarted) => void;
}) {
  const { t } = useTranslation(['signup', 'auth', 'common', 'errors']);
  const errorText = useErrorText();
  const start = useStartSignUp();
  const wait = useRetryWait();
  const [formError, setFormError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const board = school.boards.find((b) => String(b.id) === details.boardId);
  const messages = (fields: readonly SignUpField[]): FieldErrors =>
    Object.fromEntries(fields.map((field) => [field, t(fieldMessageKey(field, details))]));

  function set<K extends keyof Details>(key: K, value: Details[K]) {
    const next = { ...details, [key]: value };
    // Another board may not teach the grade chosen.
    if (key === 'boardId') {
      const grades = school.boards.find((b) => String(b.id) === value)?.grades ?? [];
      if (!grades.some((g) => String(g) === next.grade)) next.grade = '';
    }
    onDetails(next);
    const field = FIELD_OF[key];
    if (field) clear(field);
  }

  /** A field's error goes once the field is edited. */
  function clear(field: SignUpField) {
    if (errors[field]) onErrors({ ...errors, [field]: undefined });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setChecking(true);
    const phone = await number.check();
    setChecking(false);
    if ('problem' in phone && phone.problem === 'unavailable') return setFormError(t('errors:NETWORK'));
    const parsed = SignUpBodySchema.safeParse({
      schoolCode: code,
      parentMobile: 'mobile' in phone ? phone.mobile : '',
      parentFirstName: details.parentFirstName,
      childFirstName: details.childFirstName,
      childLastName: details.childLastName,
      boardId: Number(details.boardId),
      grade: Number(details.grade),
      language: details.language,
      password: details.password,
      consent: { agreed: details.agreed, textVersion: CONSENT_TEXT_VERSION },
    });
    const refused = new Set(parsed.success ? [] : parsed.error.issues.map((issue) => fieldOfPath(issue.path)));
    if ('problem' in phone) refused.add('parentMobile');
    if (details.password !== details.passwordRepeat) refused.add('passwordRepeat');
    const fields = [...refused].filter((field): field is SignUpField => field !== null);
    onErrors(messages(fields));
    if (fields.length > 0) return;
    // Only the school's code is checked outside the form: it was found, so this is a code typed since.
    if (!parsed.success) return setFormError(t('code.invalid'));
    if (!navigator.onLine) return setFormError(t('common:shell.offline'));
    const body = parsed.data;
    start.mutate(body, {
      onSuccess: (started) => onStarted(body, started),
      onError: (e) => {
        if (wait.startFrom(e)) return;
        const named = e instanceof ApiError && e.code === 'VALIDATION_FAILED' ? refusedFields(e.details) : [];
        if (named.length > 0) onErrors(messages(named));
        else setFormError(errorText(e));
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Paper withBorder p="sm" radius="sm" data-testid="signup-school">
          <Stack gap={4}>
            <Text fw={600} data-testid="signup-school-name">
              {school.name}
            </Text>
            <Text size="sm" c="dimmed" data-testid="signup-school-city">
              {school.city}
            </Text>
            {school.familiesPay ? (
              <Text size="sm" data-testid="signup-families-pay">
                {t('school.familiesPay')}
              </Text>
            ) : null}
            <Anchor component="button" type="button" size="sm" onClick={onChangeCode} data-testid="signup-change-code">
              {t('school.change')}
            </Anchor>
          </Stack>
        </Paper>

        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('form.parentTitle')}
          </Title>
          <TextInput
            label={t('form.parentName')}
            autoComplete="given-name"
            maxLength={100}
            value={details.parentFirstName}
            onChange={(e) => set('parentFirstName', e.currentTarget.value)}
            error={errors.parentFirstName}
            data-testid="parent-name"
          />
          <Stack gap={4}>
            <PhoneField
              number={number}
              countryLabel={t('auth:student.country')}
              label={t('form.parentMobile')}
              error={errors.parentMobile}
              testId="parent-mobile"
              countryTestId="parent-country"
              onEdit={() => clear('parentMobile')}
            />
            <Text size="xs" c="dimmed">
              {t('form.parentMobileHint')}
            </Text>
          </Stack>
        </Stack>

        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('form.childTitle')}
          </Title>
          <TextInput
            label={t('form.childFirstName')}
            autoComplete="off"
            maxLength={100}
            value={details.childFirstName}
            onChange={(e) => set('childFirstName', e.currentTarget.value)}
            error={errors.childFirstName}
            data-testid="child-first-name"
          />
          <TextInput
            label={t('form.childLastName')}
            autoComplete="off"
            maxLength={100}
            value={details.childLastName}
            onChange={(e) => set('childLastName', e.currentTarget.value)}
            error={errors.childLastName}
            data-testid="child-last-name"
          />
          <NativeSelect
            label={t('form.board')}
            value={details.boardId}
            onChange={(e) => set('boardId', e.currentTarget.value)}
            data={[
              ...(school.boards.length === 1 ? [] : [{ value: '', label: t('form.pickBoard'), disabled: true }]),
              ...school.boards.map((b) => ({ value: String(b.id), label: b.name })),
            ]}
            error={errors.boardId}
            data-testid="child-board"
          />
          <NativeSelect
            label={t('form.grade')}
            value={details.grade}
            onChange={(e) => set('grade', e.currentTarget.value)}
            data={[
              { value: '', label: t('form.pickGrade'), disabled: true },
              ...(board?.grades ?? []).map((g) => ({ value: String(g), label: toRoman(g) })),
            ]}
            error={errors.grade}
            data-testid="child-grade"
          />
          <NativeSelect
            label={t('form.language')}
            value={details.language}
            onChange={(e) => set('language', e.currentTarget.value)}
            // Each language in its own script, as the language menus name them.
            data={school.languages.map((l) => ({ value: l, label: t(`common:languages.${l}`) }))}
            error={errors.language}
            data-testid="child-language"
          />
          <PasswordInput
            label={t('form.password')}
            description={t('form.passwordHint')}
            autoComplete="new-password"
            maxLength={20}
            value={details.password}
            onChange={(e) => set('password', e.currentTarget.value)}
            error={errors.password}
            data-testid="child-password"
          />
          <PasswordInput
            label={t('form.passwordRepeat')}
            autoComplete="new-password"
            maxLength={20}
            value={details.passwordRepeat}
            onChange={(e) => set('passwordRepeat', e.currentTarget.value)}
            error={errors.passwordRepeat}
            data-testid="child-password-repeat"
          />
        </Stack>

        <ConsentAgreement
          checked={details.agreed}
          onChange={(agreed) => set('agreed', agreed)}
          error={errors.consent}
        />

        {(wait.message ?? formError) ? (
          <Alert color="red" variant="light" role="alert" data-testid="signup-error">
            {wait.message ?? formError}
          </Alert>
        ) : null}
        <Button type="submit" loading={checking || start.isPending} disabled={wait.waiting} data-testid="signup-send">
          {t('form.send')}
        </Button>
      </Stack>
    </form>
  );
}
