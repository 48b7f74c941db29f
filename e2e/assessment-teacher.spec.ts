import { readFile } from 'node:fs/promises';
import { expect as baseExpect, request as playwrightRequest, type Locator, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './env';
import { DEMO, staffSignIn, test } from './support';

// A long journey on a shared machine: screens may take longer than the default 10 s to arrive.
const expect = baseExpect.configure({ timeout: 30_000 });

/** The smallest valid PNG (1 x 1): a question's and the quiz's picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const QUIZ = 'Fractions check (journey)';

/** RFC 4180 rows of a downloaded CSV (quoted fields may hold commas and quotes), without its BOM. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted && c === '"' && body[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += c;
    }
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** A CSV as objects by its header. */
async function downloadCsv(page: Page, button: Locator): Promise<Record<string, string>[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const [header, ...rows] = parseCsv(await readFile((await download.path())!, 'utf8'));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

/** The text of each cell of each row of a table. */
async function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
    );
}

/** Writes a question in the open question form and saves it. */
async function writeQuestion(
  page: Page,
  q: { type: string; text: string; options?: string[]; correct?: number[]; solution?: string; picture?: boolean },
) {
  const form = page.getByTestId('question-form');
  await form.getByTestId('question-type-select').selectOption(q.type);
  await form.getByTestId('question-text-input').fill(q.text);
  if (q.picture)
    await form
      .getByTestId('question-image')
      .locator('input[type=file]')
      .setInputFiles({ name: 'q.png', mimeType: 'image/png', buffer: PNG });
  if (q.picture) await expect(form.getByTestId('question-image-preview')).toBeVisible();
  for (const [i, text] of (q.options ?? []).entries()) await form.getByTestId('option-text').nth(i).fill(text);
  for (const i of q.correct ?? []) await form.getByTestId('option-correct').nth(i).check();
  if (q.solution) await form.getByTestId('question-solution-input').fill(q.solution);
  await form.getByTestId('question-save').click();
}

test('a teacher writes a quiz of every question type, publishes, assigns and shares it, marks an answer and reads the report and its CSV', async ({
  page,
  context,
}) => {
  test.setTimeout(420_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
  // Farhan Shaikh: Mathematics in grades 6 and 7, Science in grade 8 (Pune).
  await staffSignIn(page, DEMO.mathsScienceTeacher);
  await page.locator('#app-navigation').getByRole('link', { name: 'Assessment' }).click();
  await expect(page).toHaveURL(/\/create-quiz$/);

  // The quiz's details: a wrong file type is refused before anything is sent, a PNG is shown.
  await page.getByTestId('quiz-name').fill(QUIZ);
  await page.getByTestId('quiz-description').fill('Adding and comparing fractions.');
  await page
    .getByTestId('quiz-image')
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(page.getByTestId('quiz-image-error')).toHaveText('This file is not a PNG, JPEG or WebP picture.');
  await page
    .getByTestId('quiz-image')
    .locator('input[type=file]')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('quiz-image-preview')).toBeVisible();
  await expect(page.getByTestId('quiz-grade').locator('option')).toHaveText(['VI', 'VII', 'VIII']);
  await page.getByTestId('quiz-grade').selectOption('7');
  await expect(page.getByTestId('quiz-subject').locator('option')).toHaveText(['Mathematics']);
  await page.getByTestId('quiz-duration').fill('10');

  // Three questions: the first saves the quiz (and opens it in the editor).
  await page.getByTestId('question-add').click();
  await writeQuestion(page, {
    type: 'multiple_choice',
    text: 'What is 1/2 + 1/4?',
    options: ['2/6', '3/4', '1/8', '2/4'],
    correct: [1],
    solution: '1/2 = 2/4, and 2/4 + 1/4 = 3/4.',
    picture: true,
  });
  await expect(page.getByText('Question Created Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/assessment-quiz\?id=\d+$/);
  const quizId = Number(new URL(page.url()).searchParams.get('id'));
  await page.getByTestId('question-add').click();
  await writeQuestion(page, {
    type: 'multiple_select',
    text: 'Which are equal to 1/2?',
    options: ['2/4', '3/5', '4/8', '5/9'],
    correct: [0, 2],
  });
  await page.getByTestId('question-add').click();
  await writeQuestion(page, {
    type: 'true_false',
    text: '3/4 is larger than 2/3.',
    correct: [0],
    solution: '9/12 > 8/12.',
  });
  await expect(page.getByTestId('question-card')).toHaveCount(3);

  // Spec 5 and 9: at least 4 questions before publishing.
  await page.getByTestId('quiz-publish').click();
  await expect(page.getByText('Add Atleast 4 Questions')).toBeVisible();
  await expect(page.getByTestId('quiz-publish')).toBeVisible();

  await page.getByTestId('question-add').click();
  const form = page.getByTestId('question-form');
  await form.getByTestId('question-type-select').selectOption('fill_blank');
  await form.getByTestId('question-text-input').fill('1/3 + 1/3 =');
  await form.getByTestId('insert-blank').click();
  await expect(form.getByTestId('question-text-input')).toHaveValue('1/3 + 1/3 = ____ ');
  await writeQuestion(page, {
    type: 'fill_blank',
    text: '1/3 + 1/3 = ____',
    options: ['2/3', '2/6', '1/9', '1/6'],
    correct: [0],
  });
  await page.getByTestId('question-add').click();
  await writeQuestion(page, {
    type: 'open_ended',
    text: 'Explain why 2/4 and 1/2 are the same amount.',
    solution: 'Both numerator and denominator are doubled.',
  });
  await expect(page.getByTestId('question-card')).toHaveCount(5);

  // Editing a question says so; moving one saves the new order.
  await page.getByTestId('question-card').nth(2).getByTestId('question-edit').click();
  await page.getByTestId('question-form').getByTestId('question-text-input').fill('3/4 is greater than 2/3.');
  await page.getByTestId('question-form').getByTestId('question-save').click();
  await expect(page.getByText('Question Edited Successfully')).toBeVisible();
  await page.getByTestId('question-card').nth(4).getByTestId('question-up').click();
  await expect(page.getByTestId('question-card').nth(3).getByTestId('question-type')).toHaveText('Open-ended');
  await page.getByTestId('question-card').nth(3).getByTestId('question-down').click();
  await expect(page.getByTestId('question-card').getByTestId('question-type')).toHaveText([
    'Multiple choice',
    'Multiple select',
    'True or false',
    'Fill in the blanks',
    'Open-ended',
  ]);

  // Publish opens the quiz's page, where it is shared and assigned.
  await page.getByTestId('quiz-publish').click();
  await expect(page).toHaveURL(new RegExp(`/quiz-detail\\?id=${quizId}$`));
  await expect(page.getByTestId('quiz-status-badge')).toHaveText('Published');
  await expect(page.getByTestId('question-view')).toHaveCount(5);
  await expect(page.getByTestId('question-view').first().locator('[data-correct]')).toHaveText('B. 3/4');
  const link = `${E2E_BASE_URL}/assessment/quiz/${quizId}`;
  await expect(page.getByTestId('share-url')).toHaveValue(link);
  await page.getByTestId('share-copy').click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // Assigned to every section of grade VII, open from now for a week (the school's times).
  await expect(page.getByTestId('assign-zone')).toHaveText('Times are in India Standard Time, the school’s time.');
  await page.getByTestId('assign-submit').click();
  await expect(page.getByText('Assigned', { exact: true })).toBeVisible();
  await expect(page.getByTestId('assignments-row')).toHaveCount(1);
  await expect(page.getByTestId('assignments-row').locator('td').first()).toHaveText('VII · All sections');
  const quiz = await (await page.request.get(`/api/v1/assessments/${quizId}`)).json();
  const assignmentId = quiz.assignments[0].id as number;

  // Aarav (grade VII) plays it through the API: four objective answers (one wrong) and an open one.
  const student = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  try {
    expect(
      (await student.post('/api/v1/auth/code', { data: { code: DEMO.studentCode, password: DEMO.password } })).ok(),
    ).toBe(true);
    const started = await student.post(`/api/v1/assessment/assignments/${assignmentId}/attempt`);
    expect(started.status()).toBe(201);
    const attemptId = (await started.json()).id as string;
    const answers: { chosen: number[] | null; textAnswer: string | null }[] = [
      { chosen: [1], textAnswer: null },
      { chosen: [0, 2], textAnswer: null },
      { chosen: [1], textAnswer: null },
      { chosen: [0], textAnswer: null },
      { chosen: null, textAnswer: 'Doubling the top and the bottom keeps the same share of the whole.' },
    ];
    for (const [i, answer] of answers.entries()) {
      expect((await student.post(`/api/v1/assessment/attempts/${attemptId}/questions/${i + 1}/view`)).ok()).toBe(true);
      const answered = await student.put(`/api/v1/assessment/attempts/${attemptId}/questions/${i + 1}/answer`, {
        data: answer,
      });
      expect(answered.ok(), await answered.text()).toBe(true);
    }
    expect(
      (await student.post(`/api/v1/assessment/attempts/${attemptId}/finish`, { data: { reason: 'submitted' } })).ok(),
    ).toBe(true);
  } finally {
    await student.dispose();
  }
  await page.reload();
  await expect(page.getByTestId('assignments-row').locator('td[data-col="attempts"]')).toHaveText('1');
  // A quiz students have started can no longer be edited.
  await expect(page.getByTestId('quiz-edit')).toHaveCount(0);

  // The open-ended answer waits in the marking queue; marked, it leaves it.
  await page.getByTestId('quiz-nav-marking').click();
  const item = page.getByTestId('marking-item').filter({ hasText: QUIZ });
  await expect(item.getByTestId('marking-student')).toContainText('Aarav Patil');
  await expect(item.getByTestId('marking-answer')).toHaveText(
    'Doubling the top and the bottom keeps the same share of the whole.',
  );
  await item.getByTestId('marking-marks').fill('250');
  await item.getByTestId('marking-save').click();
  await expect(item.getByText('Enter whole marks from 0 to 200.')).toBeVisible();
  await item.getByTestId('marking-marks').fill('150');
  await item.getByTestId('marking-comment').fill('Well explained: say what doubling does to the share.');
  await item.getByTestId('marking-save').click();
  await expect(page.getByText('Marks saved for Aarav Patil')).toBeVisible();
  await expect(page.getByTestId('marking-item').filter({ hasText: QUIZ })).toHaveCount(0);

  // The report: one participant, 3 of 4 objective answers right; the CSV holds the table's rows.
  await page.locator('#app-navigation').getByRole('link', { name: 'Reports' }).click();
  const reports = page.getByTestId('reports');
  const row = reports.locator('tbody tr').filter({ hasText: QUIZ });
  await expect(row.locator('td[data-col="accuracy"]')).toHaveText('75.00%');
  await expect(row.locator('td[data-col="participants"]')).toHaveText(/^1 of \d+$/);
  await expect(row.locator('td[data-col="average"]')).toHaveText('1050.00 / 1400');
  const table = await tableRows(reports);
  const csv = await downloadCsv(page, page.getByTestId('reports-csv'));
  expect(csv.length).toBe(table.length);
  for (const [name, kind, , , participants, accuracy, average] of table) {
    const line = csv.find((r) => r.Quiz === name);
    expect(line, name).toBeDefined();
    const [count, size] = participants!.split(' of ');
    const [marks, max] = average!.split(' / ');
    expect([
      line!.Type,
      line!.Participants,
      line!['Class Size'],
      Number(line!['Accuracy (%)']),
      Number(line!['Average Marks']),
      line!['Maximum Marks'],
    ]).toEqual([kind!.toLowerCase(), count, size, parseFloat(accuracy!), parseFloat(marks!), max]);
  }

  // Its details: Aarav's marks and right answers, each question's facility and the wrong option chosen.
  await row.getByTestId('report-open').click();
  await expect(page).toHaveURL(new RegExp(`/report-details\\?assignment=${assignmentId}$`));
  const aarav = page.getByTestId('details-students').locator('tbody tr').filter({ hasText: 'Aarav Patil' });
  await expect(aarav.locator('td[data-col="state"]')).toHaveText('Finished');
  await expect(aarav.locator('td[data-col="marks"]')).toHaveText('1050');
  // Three right of the four auto-marked answers; five answered with the open-ended one.
  await expect(aarav.locator('td[data-col="correct"]')).toHaveText('3');
  await expect(aarav.locator('td[data-col="answered"]')).toHaveText('5');
  const questions = page.getByTestId('details-questions');
  await expect(questions.locator('td[data-col="facility"]')).toHaveText([
    '100.00%',
    '100.00%',
    '0.00%',
    '100.00%',
    '75.00%',
  ]);
  await expect(questions.locator('td[data-col="wrong"]').nth(2)).toHaveText('B: 1');
  const students = await tableRows(page.getByTestId('details-students'));
  const studentsCsv = await downloadCsv(page, page.getByTestId('students-csv'));
  expect(studentsCsv.map((r) => r.Name)).toEqual(students.map((r) => r[0]));
  const states: Record<string, string> = {
    not_started: 'Not started',
    in_progress: 'In progress',
    finished: 'Finished',
  };
  for (const [i, [, section, state, marks, correct, answered]] of students.entries()) {
    const line = studentsCsv[i]!;
    expect([line.Section, states[line.State!], line.Marks || 'NA', line.Correct, line.Answered]).toEqual([
      section,
      state,
      marks,
      correct,
      answered,
    ]);
  }
});
