import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { GameQuestion } from '@ki/contracts';

const LETTERS = 'ABCDEFGHIJ';

type OptionState = 'idle' | 'chosen' | 'right' | 'wrong' | 'faded';

function optionState(i: number, chosen: number | null, key: readonly number[] | null, locked: boolean): OptionState {
  if (key) {
    if (key.includes(i)) return 'right';
    return i === chosen ? 'wrong' : 'faded';
  }
  if (i === chosen) return 'chosen';
  // Once the player has answered or the time is up the others step back; a teacher's stay readable.
  return chosen !== null || locked ? 'faded' : 'idle';
}

/**
 * A live question: its text and its options as big buttons (at least 56 px high, one a row on a
 * phone). Before the round closes, a tap answers (`onChoose`); once an answer is given or the time is
 * up, the options lock. With the round's key, the right option is marked, and the player's own if
 * it was wrong. Without `onChoose` (a teacher who runs the game, the scoreboard) nothing is tappable.
 */
export function QuestionPanel({
  question,
  chosen,
  answerKey = null,
  locked = false,
  onChoose,
}: {
  question: Pick<GameQuestion, 'type' | 'text' | 'options'>;
  chosen: number | null;
  answerKey?: readonly number[] | null;
  locked?: boolean;
  onChoose?: (choice: number) => void;
}) {
  const { t } = useTranslation('assessment');
  const interactive = !!onChoose && !locked && !answerKey;
  return (
    <>
      <p className="ki-live-question" data-testid="question-text">
        {question.text}
      </p>
      <div
        className="ki-live-options"
        role="group"
        aria-label={t('challenge.options')}
        data-cols={question.type === 'true_false' ? 2 : undefined}
      >
        {question.options.map((option, i) => {
          const state = optionState(i, chosen, answerKey, locked);
          return (
            <button
              key={i}
              type="button"
              className="ki-live-option"
              data-state={state}
              aria-pressed={i === chosen}
              disabled={!interactive}
              onClick={() => onChoose?.(i)}
              data-testid={`option-${i}`}
            >
              {/* The mark takes the letter's place: on a 360 px phone a true-or-false half has no room for both. */}
              <span className="ki-live-letter" data-mark={state === 'right' || state === 'wrong' ? state : undefined}>
                {state === 'right' ? (
                  <IconCheck size={20} aria-label={t('challenge.rightOption')} />
                ) : state === 'wrong' ? (
                  <IconX size={20} aria-label={t('challenge.wrongOption')} />
                ) : (
                  <span aria-hidden="true">{LETTERS[i]}</span>
                )}
              </span>
              <span className="ki-live-label">{option}</span>
            </button>
          );
        })}
      </div>
    </>
  );
}
