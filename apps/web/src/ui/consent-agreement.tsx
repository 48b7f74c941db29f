import { Checkbox, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSENT_TEXT_VERSION } from '@ki/contracts';
import '../lib/signup-strings';

/** The consent text's paragraphs in reading order (keys of signup.json `consent.*`). */
const PARAGRAPHS = ['intro', 'data', 'use', 'share', 'rights'] as const;

/**
 * The parent's consent (issue #27; DPDP Act 2023 s.9): the text of CONSENT_TEXT_VERSION in full, in
 * the reader's language, and the box a parent or guardian ticks to agree. A change of the text's
 * meaning is a new version in the contract (auth/sign-up.ts). Its strings load with it where the
 * page has not loaded them (a child's dashboard).
 */
export function ConsentAgreement(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null | undefined;
}) {
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <Agreement {...props} />
    </Suspense>
  );
}

function Agreement({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null | undefined;
}) {
  const { t } = useTranslation('signup');
  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" radius="sm" data-testid="consent-text">
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('consent.title')}
          </Title>
          {PARAGRAPHS.map((paragraph) => (
            <Text key={paragraph} size="sm">
              {t(`consent.${paragraph}`)}
            </Text>
          ))}
          <Text size="xs" c="dimmed" data-testid="consent-version">
            {t('consent.version', { version: CONSENT_TEXT_VERSION })}
          </Text>
        </Stack>
      </Paper>
      <Checkbox
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        label={t('consent.agree')}
        error={error}
        data-testid="consent-agree"
      />
    </Stack>
  );
}
