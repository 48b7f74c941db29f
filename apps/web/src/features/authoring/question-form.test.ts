import { describe, expect, it } from 'vitest';
import { emptyQuestion, formToInput, questionToForm, validateQuestion, writtenLanguages } from './question-form';

function filled(type: Parameters<typeof emptyQuestion>[0]) {
  const v = emptyQuestion(type);
  v.content.en = {
    text: 'Light travels in ____ lines.',
    options: ['straight', 'curved', 'zigzag', 'round', '', ''],
    solution: 'Straight lines.',
  };
  v.answer = [0];
  return v;
}

describe('question form', () => {
  it('maps a multiple choice question to the API body with only the chosen options', () => {
    const v = filled('multiple_choice');
    v.optionCount = 3;
    expect(formToInput(v)).toEqual({
      type: 'multiple_choice',
      content: expect.objectContaining({
        en: {
          text: 'Light travels in ____ lines.',
          options: ['straight', 'curved', 'zigzag'],
          solution: 'Straight lines.',
        },
      }),
      answer: [0],
    });
    expect(validateQuestion(v)).toEqual({});
  });

  it('reports the contract’s errors at the form’s paths', () => {
    const v = filled('fill_blank');
    v.content.en.text = 'Light travels in lines.';
    v.content.hi = {
      text: 'प्रकाश ____ रेखाओं में चलता है।',
      options: ['सीधी', 'वक्र', '', '', '', ''],
      solution: 'सीधी रेखाएँ।',
    };
    v.answer = [];
    expect(validateQuestion(v)).toEqual({
      'content.en.text': 'validation.blankMissing',
      'content.hi.options.2': 'validation.optionEmpty',
      'content.hi.options.3': 'validation.optionEmpty',
      answer: 'validation.oneAnswer',
    });
  });

  it('gives true/false questions their fixed options in each written language', () => {
    const v = emptyQuestion('true_false');
    v.content.en = { text: 'The Sun is a star.', options: ['', '', '', '', '', ''], solution: 'It is a star.' };
    v.content.mr = { text: 'सूर्य एक तारा आहे.', options: ['', '', '', '', '', ''], solution: 'तो तारा आहे.' };
    v.answer = [0];
    const input = formToInput(v);
    expect(input.content.en!.options).toEqual(['True', 'False']);
    expect(input.content.mr!.options).toEqual(['बरोबर', 'चूक']);
    expect(validateQuestion(v)).toEqual({});
    expect(writtenLanguages(v)).toEqual(['en', 'mr']);
  });

  it('drops options and answer of open-ended questions', () => {
    const v = filled('open_ended');
    v.content.en.text = 'Why do shadows change during the day?';
    expect(formToInput(v)).toMatchObject({ answer: [], content: { en: { options: [] } } });
    expect(validateQuestion(v)).toEqual({});
  });

  it('round-trips a saved question', () => {
    const saved = {
      type: 'multiple_select' as const,
      content: { en: { text: 'Which are opaque?', options: ['Wood', 'Glass', 'Brick'], solution: 'Wood and brick.' } },
      answer: [0, 2],
    };
    const v = questionToForm(saved);
    expect(v.optionCount).toBe(3);
    expect(formToInput(v)).toMatchObject(saved);
  });
});
