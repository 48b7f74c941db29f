// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BundleQuestion } from '@ki/contracts';
import enJourney from '../../../locales/en/journey.json';
import { QuestionView } from './question-view';
import { stubMatchMedia } from '../../../test-support/match-media';

beforeAll(async () => {
  stubMatchMedia();
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { journey: enJourney } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

const q = (over: Partial<BundleQuestion>): BundleQuestion => ({
  id: 1,
  type: 'multiple_choice',
  text: 'Q?',
  options: ['a', 'b', 'c'],
  answer: [1],
  solution: 'S',
  language: 'en',
  ...over,
});
const show = (question: BundleQuestion, props: { given?: number[] | null; reveal?: boolean } = {}) => {
  const onAnswer = vi.fn();
  render(
    <MantineProvider>
      <QuestionView question={question} given={props.given} reveal={props.reveal ?? true} onAnswer={onAnswer} />
    </MantineProvider>,
  );
  return onAnswer;
};

describe('QuestionView renders the five question types', () => {
  it('multiple select: ticks several options, then submits them in order', () => {
    const onAnswer = show(q({ type: 'multiple_select', options: ['w', 'x', 'y', 'z'], answer: [0, 2] }));
    expect(screen.getByText('Select all that apply')).toBeTruthy();
    const submit = screen.getByTestId('submit-answer') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('option-2'));
    fireEvent.click(screen.getByTestId('option-0'));
    fireEvent.click(screen.getByTestId('option-3'));
    fireEvent.click(screen.getByTestId('option-3'));
    fireEvent.click(submit);
    expect(onAnswer).toHaveBeenCalledWith([0, 2]);
  });

  it('multiple choice and true/false answer with one tap', () => {
    const onAnswer = show(q({ type: 'true_false', options: ['True', 'False'], answer: [0] }));
    expect(screen.getByText('True or false')).toBeTruthy();
    fireEvent.click(screen.getByTestId('option-1'));
    expect(onAnswer).toHaveBeenCalledWith([1]);
  });

  it('fill in the blank shows the gap, filled with the chosen option once answered', () => {
    show(
      q({
        type: 'fill_blank',
        text: 'Plants make food by ____ .',
        options: ['respiration', 'photosynthesis'],
        answer: [1],
      }),
      { given: [1] },
    );
    expect(screen.getByText('Fill in the blank')).toBeTruthy();
    expect(screen.getByLabelText('photosynthesis').textContent).toBe('photosynthesis');
  });

  it('a wrong fill-in-the-blank answer is struck through in the gap, the right one beside it', () => {
    show(
      q({
        type: 'fill_blank',
        text: 'Plants make food by ____ .',
        options: ['respiration', 'photosynthesis'],
        answer: [1],
      }),
      { given: [0] },
    );
    const wrong = screen.getByLabelText('your answer, not correct: respiration');
    expect(wrong.tagName).toBe('DEL');
    expect(screen.getByLabelText('correct answer: photosynthesis').textContent).toBe('photosynthesis');
  });

  it('before the key is shown, a fill-in-the-blank gap holds the given answer plainly', () => {
    show(
      q({
        type: 'fill_blank',
        text: 'Plants make food by ____ .',
        options: ['respiration', 'photosynthesis'],
        answer: [1],
      }),
      {
        given: [0],
        reveal: false,
      },
    );
    expect(screen.getByLabelText('respiration').tagName).toBe('SPAN');
  });

  it('marks the right option and the wrong choice once answered', () => {
    show(q({}), { given: [0] });
    expect(screen.getByLabelText('correct answer')).toBeTruthy();
    expect(screen.getByLabelText('your answer, not correct')).toBeTruthy();
  });

  it('open-ended questions are written and marked later by a teacher', () => {
    show(q({ type: 'open_ended', options: [], answer: [] }));
    expect(screen.getByText('Your teacher will mark this answer later.')).toBeTruthy();
    expect(screen.getByLabelText('Your answer')).toBeTruthy();
  });
});
