import { IconCheck, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BundleQuestion } from '@ki/contracts';
import './game.css';

interface Props {
  question: BundleQuestion;
  /** The student's answer once given (null = timed out); undefined while asking. */
  given?: number[] | null;
  /** Show which options are right once answered (topic game, revise, reviews); off in the treasure. */
  reveal: boolean;
  onAnswer?: (chosen: number[]) => void;
}

const BLANK = /_{2,}|\.{4,}|\[\s*\]/;

/**
 * The question text; a fill-in-the-blank shows its gap, filled with the answer once given. Once the
 * key is shown (`reveal`), a wrong answer is struck through in the gap and the right one follows it,
 * so the sentence never reads as true with the wrong word in it.
 */
function QuestionText({
  question,
  given,
  reveal = false,
}: {
  question: BundleQuestion;
  given?: number[] | null;
  reveal?: boolean;
}) {
  const { t } = useTranslation('journey');
  if (question.type === 'fill_blank' && BLANK.test(question.text)) {
    const [before, after] = question.text.split(BLANK, 2) as [string, string | undefined];
    const filled = given && given.length ? question.options[given[0]!] : null;
    const right = question.answer.length ? question.options[question.answer[0]!] : undefined;
    const wrong = reveal && filled != null && right !== undefined && !question.answer.includes(given![0]!);
    return (
      <p className="ki-question-text">
        {before}
        {wrong ? (
          <>
            <del className="ki-blank" data-wrong="" aria-label={`${t('question.yourWrongOption')}: ${filled}`}>
              {filled}
            </del>{' '}
            <span className="ki-blank" data-right="" aria-label={`${t('question.correctOption')}: ${right}`}>
              {right}
            </span>
          </>
        ) : (
          <span className="ki-blank" data-empty={filled ? undefined : ''} aria-label={filled ?? undefined}>
            {filled ?? '______'}
          </span>
        )}
        {after ?? ''}
      </p>
    );
  }
  return <p className="ki-question-text">{question.text}</p>;
}

/** The question's type, as a light blue badge. */
const TypeBadge = ({ label }: { label: string }) => (
  <span
    className="ki-badge"
    style={{
      alignSelf: 'flex-start',
      ['--ki-badge-bg' as string]: 'var(--mantine-color-blue-light)',
      ['--ki-badge-color' as string]: 'var(--mantine-color-blue-light-color)',
    }}
  >
    {label}
  </span>
);

/**
 * One question of any of the five types (access-and-app-shell.md 3): multiple choice and fill in the
 * blank pick one option, true/false picks one of two, multiple select ticks several then submits,
 * open-ended is written (marked later by a teacher; the games do not draw these).
 */
export function QuestionView({ question, given, reveal, onAnswer }: Props) {
  const { t } = useTranslation('journey');
  const answerId = useId();
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
      <div className="ki-stack" data-gap="sm">
        <TypeBadge label={typeLabel} />
        <QuestionText question={question} />
        <label className="ki-field" htmlFor={answerId}>
          {t('question.yourAnswer')}
          <textarea id={answerId} rows={3} disabled={answered} />
        </label>
        <p className="ki-text-sm ki-dimmed ki-m0">{t('question.openEndedNote')}</p>
      </div>
    );
  }

  if (question.type === 'multiple_select') {
    return (
      <div className="ki-stack" data-gap="sm">
        <TypeBadge label={typeLabel} />
        <QuestionText question={question} />
        <p className="ki-text-sm ki-dimmed ki-m0">{t('question.selectAll')}</p>
        <div className="ki-stack" data-gap="xs" role="group" aria-label={t('question.options')}>
          {question.options.map((option, i) => (
            <div
              key={i}
              className="ki-check-option"
              data-color={optionColor(i)}
              data-revealed={answered && reveal ? '' : undefined}
            >
              <label>
                <input
                  type="checkbox"
                  checked={answered ? chosen.has(i) : ticked.includes(i)}
                  disabled={answered}
                  onChange={(e) => {
                    // Read the event now: the state updater runs later, when currentTarget is gone.
                    const checked = e.currentTarget.checked;
                    setTicked((prev) => (checked ? [...prev, i] : prev.filter((x) => x !== i)));
                  }}
                  data-testid={`option-${i}`}
                />
                {option}
              </label>
              {optionIcon(i)}
            </div>
          ))}
        </div>
        {!answered ? (
          <button
            type="button"
            className="ki-button"
            data-size="md"
            disabled={ticked.length === 0}
            onClick={() => onAnswer?.([...ticked].sort((a, b) => a - b))}
            data-testid="submit-answer"
          >
            {t('question.submit')}
          </button>
        ) : null}
      </div>
    );
  }

  const isTrueFalse = question.type === 'true_false';
  const variant = (i: number) => {
    if (!answered) return 'light';
    return chosen.has(i) || (reveal && key.has(i)) ? undefined : 'default';
  };
  return (
    <div className="ki-stack" data-gap="sm">
      <TypeBadge label={typeLabel} />
      <QuestionText question={question} given={given} reveal={reveal} />
      <div className="ki-options" data-cols={isTrueFalse ? 2 : 1} role="group" aria-label={t('question.options')}>
        {question.options.map((option, i) => (
          <button
            key={i}
            type="button"
            className="ki-button ki-option"
            data-size="md"
            data-variant={variant(i)}
            data-color={optionColor(i)}
            onClick={() => onAnswer?.([i])}
            // Answered options stay readable; clicks after answering are ignored by the game.
            aria-disabled={answered || undefined}
            aria-pressed={answered ? chosen.has(i) : undefined}
            data-testid={`option-${i}`}
          >
            <span>{option}</span>
            {optionIcon(i)}
          </button>
        ))}
      </div>
    </div>
  );
}
