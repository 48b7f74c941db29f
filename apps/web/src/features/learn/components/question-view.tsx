import { Badge, Button, Checkbox, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BundleQuestion } from '@ki/contracts';

interface Props {
  question: BundleQuestion;
  /** The student's answer once given (null = timed out); undefined while asking. */
  given?: number[] | null;
  /** Show which options are right once answered (topic game, revise, reviews); off in the treasure. */
  reveal: boolean;
  onAnswer?: (chosen: number[]) => void;
}

const BLANK = /_{2,}|\.{4,}|\[\s*\]/;

/** The question text; a fill-in-the-blank shows its gap, filled with the answer once given. */
function QuestionText({ question, given }: { question: BundleQuestion; given?: number[] | null }) {
  if (question.type === 'fill_blank' && BLANK.test(question.text)) {
    const [before, after] = question.text.split(BLANK, 2) as [string, string | undefined];
    const filled = given && given.length ? question.options[given[0]!] : null;
    return (
      <Text fz="lg" fw={600}>
        {before}
        <Text span fw={700} td="underline" c={filled ? undefined : 'dimmed'} aria-label={filled ?? undefined}>
          {filled ?? '______'}
        </Text>
        {after ?? ''}
      </Text>
    );
  }
  return (
    <Text fz="lg" fw={600} style={{ whiteSpace: 'pre-wrap' }}>
      {question.text}
    </Text>
  );
}

/**
 * One question of any of the five types (access-and-app-shell.md 3): multiple choice and fill in the
 * blank pick one option, true/false picks one of two, multiple select ticks several then submits,
 * open-ended is written (marked later by a teacher; the games do not draw these).
 */
export function QuestionView({ question, given, reveal, onAnswer }: Props) {
  const { t } = useTranslation('learn');
  const [ticked, setTicked] = useState<number[]>([]);
  const answered = given !== undefined;
  const chosen = new Set(given ?? []);
  const key = new Set(question.answer);
  const typeLabel = t(`question.type.${question.type}`);

  const optionColor = (i: number) => {
    if (!answered || !reveal) return chosen.has(i) ? 'blue' : 'gray';
    if (key.has(i)) return 'teal';
    return chosen.has(i) ? 'red' : 'gray';
  };
  const optionIcon = (i: number) => {
    if (!answered || !reveal) return null;
    if (key.has(i)) return <IconCheck size={18} aria-label={t('question.correctOption')} />;
    return chosen.has(i) ? <IconX size={18} aria-label={t('question.yourWrongOption')} /> : null;
  };

  if (question.type === 'open_ended') {
    return (
      <Stack gap="sm">
        <Badge variant="light">{typeLabel}</Badge>
        <QuestionText question={question} />
        <Textarea label={t('question.yourAnswer')} rows={3} disabled={answered} />
        <Text size="sm" c="dimmed">
          {t('question.openEndedNote')}
        </Text>
      </Stack>
    );
  }

  if (question.type === 'multiple_select') {
    return (
      <Stack gap="sm">
        <Badge variant="light">{typeLabel}</Badge>
        <QuestionText question={question} />
        <Text size="sm" c="dimmed">
          {t('question.selectAll')}
        </Text>
        <Stack gap="xs" role="group" aria-label={t('question.options')}>
          {question.options.map((option, i) => (
            <Paper
              key={i}
              withBorder
              p="sm"
              radius="md"
              bg={answered && reveal ? `var(--mantine-color-${optionColor(i)}-light)` : undefined}
            >
              <Group justify="space-between" wrap="nowrap">
                <Checkbox
                  size="md"
                  label={option}
                  checked={answered ? chosen.has(i) : ticked.includes(i)}
                  disabled={answered}
                  onChange={(e) => {
                    // Read the event now: the state updater runs later, when currentTarget is gone.
                    const checked = e.currentTarget.checked;
                    setTicked((prev) => (checked ? [...prev, i] : prev.filter((x) => x !== i)));
                  }}
                  data-testid={`option-${i}`}
                  styles={{ body: { minHeight: 44, alignItems: 'center' }, label: { cursor: 'pointer' } }}
                />
                {optionIcon(i)}
              </Group>
            </Paper>
          ))}
        </Stack>
        {!answered ? (
          <Button
            size="md"
            mih={44}
            disabled={ticked.length === 0}
            onClick={() => onAnswer?.([...ticked].sort((a, b) => a - b))}
            data-testid="submit-answer"
          >
            {t('question.submit')}
          </Button>
        ) : null}
      </Stack>
    );
  }

  const isTrueFalse = question.type === 'true_false';
  return (
    <Stack gap="sm">
      <Badge variant="light">{typeLabel}</Badge>
      <QuestionText question={question} given={given} />
      <div
        role="group"
        aria-label={t('question.options')}
        style={{ display: 'grid', gap: 8, gridTemplateColumns: isTrueFalse ? '1fr 1fr' : '1fr' }}
      >
        {question.options.map((option, i) => (
          <Button
            key={i}
            variant={answered ? (chosen.has(i) || (reveal && key.has(i)) ? 'filled' : 'default') : 'light'}
            color={optionColor(i)}
            size="md"
            mih={48}
            h="auto"
            py={8}
            justify="space-between"
            rightSection={optionIcon(i)}
            onClick={() => onAnswer?.([i])}
            aria-disabled={answered || undefined}
            aria-pressed={answered ? chosen.has(i) : undefined}
            data-testid={`option-${i}`}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            // Answered options stay readable; clicks after answering are ignored by the game.
            style={answered ? { pointerEvents: 'none' } : undefined}
          >
            {option}
          </Button>
        ))}
      </div>
    </Stack>
  );
}
