import { Alert, Button, Card, Radio, SimpleGrid, Stack, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { toRoman } from '@ki/domain';
import type { MeResponse, OnboardingOptions } from '@ki/contracts';
import { i18next, isLanguage } from '../../lib/i18n';
import { useMe } from '../../lib/session';
import { FullScreenLoader } from '../../ui/full-screen-loader';
import { useOnboardingOptions, useSaveOnboarding, type OnboardingChoice } from './api/onboarding';
import { useSignedIn } from '../../lib/use-signed-in';

type Picker = 'language' | 'board' | 'grade';

function nextPicker(me: MeResponse): Picker | null {
  if (me.onboarding.needsLanguage) return 'language';
  if (me.onboarding.needsBoard) return 'board';
  if (me.onboarding.needsGrade) return 'grade';
  return null;
}

function choicesFor(picker: Picker, options: OnboardingOptions, me: MeResponse): { value: string; label: string }[] {
  if (picker === 'language')
    return options.languages.map((l) => ({ value: l, label: i18next.t(`common:languages.${l}`) }));
  if (picker === 'board') return options.boards.map((b) => ({ value: String(b.id), label: b.name }));
  const board = options.boards.find((b) => b.id === me.enrolment?.boardId);
  return (board?.grades ?? []).map((g) => ({ value: String(g), label: toRoman(g) }));
}

/**
 * Select Language, Select Board, Select Grade (access-and-app-shell.md 2.5, 4.1): in that order,
 * only what is missing; a single available option is chosen without asking.
 */
export function OnboardingPage() {
  const { t } = useTranslation('auth');
  const { data: me } = useMe();
  const options = useOnboardingOptions();
  const save = useSaveOnboarding();
  const signedIn = useSignedIn();
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const picker = me ? nextPicker(me) : null;
  const choices = me && picker && options.data ? choicesFor(picker, options.data, me) : [];

  const missing: Record<Picker, string> = {
    language: t('onboarding.pickLanguage'),
    board: t('onboarding.pickBoard'),
    grade: t('onboarding.pickGrade'),
  };

  function submitChoice(picked: string) {
    if (!picker) return;
    const choice: OnboardingChoice =
      picker === 'language'
        ? { language: picked }
        : picker === 'board'
          ? { boardId: Number(picked) }
          : { grade: Number(picked) };
    if (picker === 'language' && isLanguage(picked)) void i18next.changeLanguage(picked);
    save.mutate(choice, {
      onSuccess: (updated) => {
        setValue(null);
        setError(null);
        signedIn(updated);
      },
      onError: () => setError(missing[picker]),
    });
  }

  const single = choices.length === 1 ? choices[0]!.value : null;
  useEffect(() => {
    if (single && !save.isPending) submitChoice(single);
    // Only when the picker or its single option changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [picker, single]);

  if (!me) return <FullScreenLoader />;
  if (!picker) return <Navigate to={me.home} replace />;
  if (options.isPending || single) return <FullScreenLoader />;

  const titles: Record<Picker, string> = {
    language: t('onboarding.language'),
    board: t('onboarding.board'),
    grade: t('onboarding.grade'),
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!value) return setError(missing[picker!]);
    submitChoice(value);
  }

  return (
    <Card withBorder padding="lg" radius="md" maw={520} mx="auto">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h3" data-testid="picker-title">
            {titles[picker]}
          </Title>
          <Radio.Group value={value} onChange={setValue} aria-label={titles[picker]}>
            <SimpleGrid cols={picker === 'grade' ? 4 : 2} spacing="xs">
              {choices.map((c) => (
                <Radio.Card key={c.value} value={c.value} p="sm" radius="md" data-testid={`choice-${c.value}`}>
                  <strong>{c.label}</strong>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid="picker-error">
              {error}
            </Alert>
          ) : null}
          <Button type="submit" loading={save.isPending} data-testid="picker-proceed">
            {t('onboarding.proceed')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
