import { Button, Group, Text } from '@mantine/core';
import { IconClockPlus, IconSquareHalf } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttemptQuestion, PowerUp } from '@ki/contracts';
import { TIMER_QUIZ_BONUS_SECONDS, TIMER_TEST_BONUS_SECONDS } from '@ki/contracts';
import { useApplyPowerUp } from '../api/apply-power-up';
import type { LoadedAttempt } from '../api/loaded-attempt';
import { fiftyFiftyFits } from '../attempt-view';
import { useAssessmentErrorText } from '../error-text';
import { ConfirmDialog } from './confirm-dialog';

interface Props {
  attempt: LoadedAttempt;
  question: AttemptQuestion;
  /** The question has an answer (a quiz's is final: a power-up no longer helps it). */
  answered: boolean;
  disabled: boolean;
}

/**
 * Timer and 50-50 (spec 3, 4.9): each once per attempt, asked with a dialog, then a notice of what
 * it did. Timer on a quiz takes seconds off the current question's clock (it helps only before the
 * answer); on a test it adds time. 50-50 takes away two wrong options of this question.
 */
export function PowerUps({ attempt, question, answered, disabled }: Props) {
  const { t } = useTranslation('assessment');
  const errorText = useAssessmentErrorText();
  const apply = useApplyPowerUp(attempt.id);
  const [asking, setAsking] = useState<PowerUp | null>(null);
  const quiz = attempt.kind === 'quiz';
  const timerUsed = attempt.powerUps.timer.usedOn !== null;
  const fiftyUsed = attempt.powerUps.fiftyFifty.usedOn !== null;
  const timerHelps = !quiz || !answered;
  const fiftyHelps = fiftyFiftyFits(question) && !(quiz && answered);
  const name = (p: PowerUp) => (p === 'timer' ? t('powerUps.timer') : t('powerUps.fiftyFifty'));

  const text = (p: PowerUp) => {
    if (p === 'fifty_fifty') return t('powerUps.fiftyText');
    return quiz
      ? t('powerUps.timerQuizText', { count: TIMER_QUIZ_BONUS_SECONDS })
      : t('powerUps.timerTestText', { count: TIMER_TEST_BONUS_SECONDS });
  };
  const done = (p: PowerUp) => {
    if (p === 'fifty_fifty') return t('powerUps.fiftyDone');
    return quiz
      ? t('powerUps.timerQuizDone', { count: TIMER_QUIZ_BONUS_SECONDS })
      : t('powerUps.timerTestDone', { count: TIMER_TEST_BONUS_SECONDS });
  };

  const use = (p: PowerUp) =>
    apply.mutate(
      { powerUp: p, position: question.position },
      {
        onSuccess: () => {
          setAsking(null);
          notifications.show({ color: 'teal', title: name(p), message: done(p), withBorder: true });
        },
        onError: (error) => {
          setAsking(null);
          notifications.show({ color: 'red', title: name(p), message: errorText(error) });
        },
      },
    );

  const button = (p: PowerUp, used: boolean, helps: boolean) => (
    <Button
      size="compact-md"
      variant={used ? 'default' : 'light'}
      color="violet"
      leftSection={p === 'timer' ? <IconClockPlus size={18} /> : <IconSquareHalf size={18} />}
      disabled={used || !helps || disabled}
      onClick={() => setAsking(p)}
      data-testid={`power-up-${p}`}
    >
      {name(p)}
      {used ? ` · ${t('powerUps.used')}` : ''}
    </Button>
  );

  return (
    <Group gap="xs" data-testid="power-ups">
      <Text size="sm" fw={600}>
        {t('powerUps.title')}
      </Text>
      {button('timer', timerUsed, timerHelps)}
      {button('fifty_fifty', fiftyUsed, fiftyHelps)}
      <ConfirmDialog
        opened={asking !== null}
        title={asking ? t('powerUps.confirmTitle', { name: name(asking) }) : ''}
        confirmLabel={t('powerUps.use')}
        cancelLabel={t('powerUps.notNow')}
        onConfirm={() => asking && use(asking)}
        onCancel={() => setAsking(null)}
        busy={apply.isPending}
        testId="power-up-dialog"
      >
        {asking ? text(asking) : ''}
      </ConfirmDialog>
    </Group>
  );
}
