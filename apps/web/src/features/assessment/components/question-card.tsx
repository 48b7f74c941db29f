import { Badge, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssessmentKind, AttemptQuestion } from '@ki/contracts';
import type { AnswerInput, PendingAnswer } from '../pending-answers';

const BLANK = /_{2,}/;

/** The question's text; a fill-in-the-blank shows its gap, filled with the chosen option. */
function QuestionText({ question, filled }: { question: AttemptQuestion; filled: string | null }) {
  const { t } = useTranslation('assessment');
  if (question.type === 'fill_blank' && BLANK.test(question.text)) {
    const [before, after] = question.text.split(BLANK, 2) as [string, string | undefined];
    return (
      <p className="ki-aq-text" data-testid="question-text">
        {before}
        <span className="ki-aq-blank" data-empty={filled ? undefined : ''} aria-label={filled ?? t('question.blank')}>
          {filled ?? '\u00a0'}
        </span>
        {after ?? ''}
      </p>
    );
  }
  return (
    <p className="ki-aq-text" data-testid="question-text">
      {question.text}
    </p>
  );
}

export interface QuestionCardProps {
  question: AttemptQuestion;
  kind: AssessmentKind;
  /** The answer given on this device and not yet on the server. */
  pending?: PendingAnswer | undefined;
  /** Answering is not possible now (the question's view is not recorded yet, the time is up). */
  locked?: boolean;
  /** Omitted: the question is shown as answered, with its result if it has one (the report). */
  onAnswer?: (answer: AnswerInput) => void;
}

/**
 * One question of any of the five types (spec 3): multiple choice, fill in the blank (choose an
 * option), multiple select, true/false, open-ended. A quiz answer is final once sent, and its key
 * then shows (the server sends it with the answer); a test's answers change freely until the test
 * is submitted: one tap saves a choice, ticks save as they are made, a written answer when it loses
 * focus or on Save.
 */
export function QuestionCard({ question, kind, pending, locked = false, onAnswer }: QuestionCardProps) {
  const { t } = useTranslation('assessment');
  const textId = useId();
  const given: AnswerInput = pending ?? { chosen: question.chosen, textAnswer: question.textAnswer };
  const result = question.result;
  // A quiz answer is final as soon as it is given; in a test, until submission nothing is final.
  const final = !onAnswer || (kind === 'quiz' && (question.status === 'answered' || !!pending || !!result));
  const disabled = final || locked;
  const chosen = new Set(given.chosen ?? []);
  const key = new Set(result?.answer ?? []);
  const removed = new Set(question.removedOptions);
  // A quiz question is sent only once viewed (its clock starts then): until its view is back, a loader.
  if (kind === 'quiz' && question.status === 'not_visited' && onAnswer)
    return (
      <Group gap="xs" mih={120} justify="center" data-testid="question-loading">
        <Loader size="sm" />
        <Text c="dimmed">{t('question.opening')}</Text>
      </Group>
    );
  const filled =
    question.type === 'fill_blank' && given.chosen?.length ? (question.options[given.chosen[0]!] ?? null) : null;

  const mark = (i: number) => {
    if (!result) return null;
    if (key.has(i)) return <IconCheck size={18} aria-label={t('question.rightOption')} />;
    return chosen.has(i) ? <IconX size={18} aria-label={t('question.wrongOption')} /> : null;
  };
  const color = (i: number) => {
    if (result && key.has(i)) return 'teal';
    if (result && chosen.has(i)) return 'red';
    return chosen.has(i) ? 'cyan' : 'gray';
  };
  const variant = (i: number) => {
    if (chosen.has(i)) return 'filled';
    if (result && key.has(i)) return 'light';
    return 'default';
  };

  return (
    <Stack gap="sm" data-testid="question" data-position={question.position} data-type={question.type}>
      <Group gap="xs">
        <Badge variant="light" color="blue">
          {t(`question.type.${question.type}`)}
        </Badge>
      </Group>
      <QuestionText question={question} filled={filled} />
      {question.imageId ? (
        <img
          className="ki-aq-image"
          src={`/api/v1/images/${question.imageId}`}
          alt={t('question.image')}
          loading="lazy"
        />
      ) : null}

      {question.type === 'open_ended' ? (
        <OpenEnded
          id={textId}
          kind={kind}
          saved={given.textAnswer ?? ''}
          disabled={disabled}
          onSave={onAnswer ? (text) => onAnswer({ chosen: null, textAnswer: text }) : undefined}
        />
      ) : question.type === 'multiple_select' ? (
        <MultipleSelect
          question={question}
          kind={kind}
          chosen={given.chosen ?? []}
          disabled={disabled}
          result={!!result}
          keyed={key}
          removed={removed}
          onSave={onAnswer ? (ticks) => onAnswer({ chosen: ticks, textAnswer: null }) : undefined}
        />
      ) : (
        <div
          className="ki-aq-options"
          data-cols={question.type === 'true_false' ? 2 : 1}
          role="group"
          aria-label={t('question.options')}
        >
          {question.options.map((option, i) => {
            const gone = removed.has(i);
            return (
              <Button
                key={i}
                className="ki-aq-option"
                size="md"
                variant={variant(i)}
                color={color(i)}
                rightSection={mark(i)}
                disabled={gone || (disabled && !chosen.has(i) && !key.has(i))}
                // Answered options stay readable; a tap after a final answer does nothing.
                aria-disabled={disabled || gone || undefined}
                aria-pressed={chosen.has(i)}
                data-removed={gone ? '' : undefined}
                title={gone ? t('question.removed') : undefined}
                onClick={() => {
                  if (disabled || gone || !onAnswer || chosen.has(i)) return;
                  onAnswer({ chosen: [i], textAnswer: null });
                }}
                data-testid={`option-${i}`}
              >
                {option}
              </Button>
            );
          })}
        </div>
      )}
    </Stack>
  );
}

interface MultipleSelectProps {
  question: AttemptQuestion;
  kind: AssessmentKind;
  chosen: number[];
  disabled: boolean;
  result: boolean;
  keyed: Set<number>;
  removed: Set<number>;
  onSave: ((ticks: number[]) => void) | undefined;
}

/** Ticks; a test saves each tick at once, a quiz sends them together with Submit (a quiz answer is final). */
function MultipleSelect({ question, kind, chosen, disabled, result, keyed, removed, onSave }: MultipleSelectProps) {
  const { t } = useTranslation('assessment');
  const [ticks, setTicks] = useState<number[]>(chosen);
  const shown = disabled ? chosen : ticks;
  const toggle = (i: number, on: boolean) => {
    const next = (on ? [...ticks, i] : ticks.filter((x) => x !== i)).sort((a, b) => a - b);
    setTicks(next);
    if (kind === 'test') onSave?.(next);
  };
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('question.selectAll')}
      </Text>
      <Stack gap="xs" role="group" aria-label={t('question.options')}>
        {question.options.map((option, i) => {
          const verdict = result ? (keyed.has(i) ? 'teal' : chosen.includes(i) ? 'red' : undefined) : undefined;
          return (
            <label
              key={i}
              className="ki-aq-check"
              data-color={verdict}
              data-checked={shown.includes(i) ? '' : undefined}
              data-removed={removed.has(i) ? '' : undefined}
            >
              <input
                type="checkbox"
                checked={shown.includes(i)}
                disabled={disabled || removed.has(i)}
                onChange={(e) => toggle(i, e.currentTarget.checked)}
                data-testid={`option-${i}`}
              />
              <span>{option}</span>
              {result && keyed.has(i) ? (
                <IconCheck size={18} color="var(--mantine-color-teal-filled)" aria-label={t('question.rightOption')} />
              ) : result && chosen.includes(i) ? (
                <IconX size={18} color="var(--mantine-color-red-filled)" aria-label={t('question.wrongOption')} />
              ) : null}
            </label>
          );
        })}
      </Stack>
      {kind === 'quiz' && onSave && !disabled ? (
        <Button size="md" disabled={ticks.length === 0} onClick={() => onSave(ticks)} data-testid="submit-answer">
          {t('question.submitAnswer')}
        </Button>
      ) : null}
    </Stack>
  );
}

interface OpenEndedProps {
  id: string;
  kind: AssessmentKind;
  saved: string;
  disabled: boolean;
  onSave: ((text: string) => void) | undefined;
}

/** A written answer: a quiz sends it with Submit; a test saves it on Save and when the box loses focus. */
function OpenEnded({ id, kind, saved, disabled, onSave }: OpenEndedProps) {
  const { t } = useTranslation('assessment');
  const [draft, setDraft] = useState(saved);
  const latest = useRef({ draft, saved, onSave, disabled });
  useEffect(() => {
    latest.current = { draft, saved, onSave, disabled };
  });
  // A test's draft is saved when the question goes off screen (Next, the panel), never dropped.
  useEffect(
    () => () => {
      const { draft: d, saved: s, onSave: save, disabled: off } = latest.current;
      if (kind === 'test' && !off && save && d.trim() !== s.trim()) save(d);
    },
    [kind],
  );
  const changed = draft.trim() !== saved.trim();
  return (
    <Stack gap="xs">
      <Textarea
        id={id}
        label={t('question.yourAnswer')}
        rows={5}
        resize="vertical"
        maxLength={5000}
        value={disabled ? saved : draft}
        readOnly={disabled}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onBlur={() => {
          if (kind === 'test' && changed && onSave) onSave(draft);
        }}
        data-testid="text-answer"
      />
      {onSave && !disabled ? (
        // While answering; afterwards the result says whether the mark has come.
        <Text size="sm" c="dimmed" data-testid="open-ended-note">
          {t('question.openEndedNote')}
        </Text>
      ) : null}
      {onSave && !disabled ? (
        <Button
          size="md"
          variant={kind === 'test' ? 'light' : 'filled'}
          disabled={!draft.trim() || (kind === 'test' && !changed)}
          onClick={() => onSave(draft)}
          data-testid="submit-answer"
        >
          {kind === 'quiz' ? t('question.submitAnswer') : t('question.saveAnswer')}
        </Button>
      ) : null}
    </Stack>
  );
}
