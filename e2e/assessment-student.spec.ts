import {
  expect as baseExpect,
  request as playwrightRequest,
  type APIRequestContext,
  type Cookie,
  type Page,
} from '@playwright/test';
import { E2E_BASE_URL } from './env';
import { appNow, DEMO, lastOtp, requestOtp, test, typeOtp } from './support';

// Long journeys on a shared machine: screens may take longer than the default 10 s to arrive.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * A grade VII student of the demo chain's first school (section B), signed in by code to her number:
 * not the README's demo student, whose figures other journeys read.
 */
const STUDENT = '8000000042';

interface QuestionInput {
  type: 'multiple_choice' | 'true_false' | 'open_ended';
  text: string;
  options: string[];
  answer: number[];
  solution: string;
}

/** Four multiple-choice questions whose right option is known to the journey (never to the page). */
const QUIZ_QUESTIONS: QuestionInput[] = [
  {
    type: 'multiple_choice',
    text: 'What is 7 × 8?',
    options: ['54', '56', '63', '64'],
    answer: [1],
    solution: '7 × 8 = 56.',
  },
  {
    type: 'multiple_choice',
    text: 'What is 3/4 of 20?',
    options: ['12', '15', '16', '5'],
    answer: [1],
    solution: '20 ÷ 4 × 3 = 15.',
  },
  {
    type: 'multiple_choice',
    text: 'Which is a prime number?',
    options: ['21', '27', '29', '33'],
    answer: [2],
    solution: '29 has no factors but 1 and itself.',
  },
  {
    type: 'multiple_choice',
    text: 'What is 0.5 + 0.25?',
    options: ['0.30', '0.75', '0.525', '7.5'],
    answer: [1],
    solution: 'Half and a quarter make three quarters.',
  },
];

const TEST_QUESTIONS: QuestionInput[] = [
  {
    type: 'multiple_choice',
    text: 'What is 12 × 12?',
    options: ['124', '144', '142', '122'],
    answer: [1],
    solution: '12 × 12 = 144.',
  },
  {
    type: 'true_false',
    text: 'Every square is a rectangle.',
    options: ['True', 'False'],
    answer: [0],
    solution: 'A square has four right angles.',
  },
  {
    type: 'multiple_choice',
    text: 'What is 15 % of 200?',
    options: ['15', '20', '30', '35'],
    answer: [2],
    solution: '200 × 15 / 100 = 30.',
  },
  {
    type: 'multiple_choice',
    text: 'How many sides has a hexagon?',
    options: ['5', '6', '7', '8'],
    answer: [1],
    solution: 'Hexa means six.',
  },
  {
    type: 'open_ended',
    text: 'Explain why 2/4 and 1/2 are the same fraction.',
    options: [],
    answer: [],
    solution: 'Both name the same share of a whole.',
  },
];

/** The grade VII mathematics teacher, signed in through the API. */
async function teacherApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const res = await api.post('/api/v1/auth/staff', {
    data: { mobile: DEMO.mathsScienceTeacher, password: DEMO.password },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return api;
}

/** Writes a quiz or test for grade VII mathematics, publishes it and sets it for every section from now on. */
async function setForGradeVII(
  api: APIRequestContext,
  kind: 'quiz' | 'test',
  name: string,
  questions: QuestionInput[],
): Promise<number> {
  const { classes } = (await (await api.get('/api/v1/assessments/classes')).json()) as {
    classes: { schoolId: number; boardId: number; grade: number; subjects: { id: number; name: string }[] }[];
  };
  const gradeVII = classes.find((c) => c.grade === 7 && c.subjects.some((s) => s.name === 'Mathematics'))!;
  const subject = gradeVII.subjects.find((s) => s.name === 'Mathematics')!;
  const created = await api.post('/api/v1/assessments', {
    data: {
      kind,
      name,
      description: 'Set for the browser journey.',
      boardId: gradeVII.boardId,
      grade: 7,
      subjectId: subject.id,
      durationMinutes: 20,
      questions,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).id as number;
  const published = await api.post(`/api/v1/assessments/${id}/publish`);
  expect(published.ok(), await published.text()).toBe(true);
  const assigned = await api.post(`/api/v1/assessments/${id}/assignments`, {
    data: {
      schoolId: gradeVII.schoolId,
      grade: 7,
      section: null,
      opensAt: new Date(appNow() - 60_000).toISOString(),
      closesAt: new Date(appNow() + 3 * 3_600_000).toISOString(),
    },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  return id;
}

/** The student signs in with a code texted to her number, in English. */
async function studentSignIn(page: Page) {
  await page.goto('/login');
  await requestOtp(page, STUDENT);
  await typeOtp(page, await lastOtp(page, STUDENT));
  await page.getByTestId('verify').click();
  await expect(page).toHaveURL(/\/concepts$/);
  expect((await page.request.put('/api/v1/me/language', { data: { language: 'en' } })).ok()).toBe(true);
}

/** Opens the assigned quiz or test from the assessment home and starts it. */
async function startAssigned(page: Page, name: string) {
  await page.goto('/assessment');
  const row = page.getByTestId('assigned-row').filter({ hasText: name });
  await row.getByTestId('assigned-action').click();
  await expect(page.getByTestId('join-name')).toHaveText(name);
  await expect(page.getByTestId('instructions')).toBeVisible();
  await page.getByTestId('start').click();
  await expect(page).toHaveURL(/\/assessment\/attempt\/[0-9a-f-]{36}$/);
}

const question = (page: Page) => page.getByTestId('question-text');

/** Uses a power-up through its confirm dialog. */
async function usePowerUp(page: Page, powerUp: 'timer' | 'fifty_fifty') {
  await page.getByTestId(`power-up-${powerUp}`).click();
  await page.getByTestId('power-up-dialog-confirm').click();
  await expect(page.getByTestId(`power-up-${powerUp}`)).toBeDisabled();
}

let session: Cookie[] = [];

test.beforeEach(async ({ page }) => {
  // One code for the two journeys: a number gets a code every 30 s and five an hour.
  if (session.length === 0) {
    await studentSignIn(page);
    session = await page.context().cookies();
  } else {
    await page.context().addCookies(session);
  }
});

test('a student plays an assigned quiz: both power-ups, a reload, marks 300/200/100 by the server’s time', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const teacher = await teacherApi();
  const name = 'Number sense quiz (journey)';
  await setForGradeVII(teacher, 'quiz', name, QUIZ_QUESTIONS);
  await teacher.dispose();
  await startAssigned(page, name);

  // 1: 50-50 takes two wrong options away; the right option at once earns 300.
  await expect(question(page)).toHaveText(QUIZ_QUESTIONS[0]!.text);
  await usePowerUp(page, 'fifty_fifty');
  const removed = page.locator('[data-testid^="option-"][data-removed]');
  await expect(removed).toHaveCount(2);
  await expect(page.getByTestId('option-1')).not.toHaveAttribute('data-removed');
  await page.getByTestId('option-1').click();
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-correct', 'true');
  await expect(page.getByTestId('question-marks')).toContainText('300');
  await expect(page.getByTestId('solution')).toContainText('7 × 8 = 56.');
  await page.getByTestId('next').click();

  // 2: right after about 15 s on the server's clock: 200.
  await expect(question(page)).toHaveText(QUIZ_QUESTIONS[1]!.text);
  await page.waitForTimeout(15_000);
  await page.getByTestId('option-1').click();
  await expect(page.getByTestId('question-marks')).toContainText('200');
  await page.getByTestId('next').click();

  // 3: the page is reloaded half-way; the attempt resumes on the same question, whose time kept
  // running on the server: right after about 24 s in all earns 100.
  await expect(question(page)).toHaveText(QUIZ_QUESTIONS[2]!.text);
  await page.waitForTimeout(8_000);
  await page.reload();
  await expect(question(page)).toHaveText(QUIZ_QUESTIONS[2]!.text);
  await expect(page.getByTestId('power-up-fifty_fifty')).toBeDisabled();
  await page.waitForTimeout(16_000);
  await page.getByTestId('option-2').click();
  await expect(page.getByTestId('question-marks')).toContainText('100');
  await page.getByTestId('next').click();

  // 4: Timer gives this question 10 s more: right after about 15 s still earns 300.
  await expect(question(page)).toHaveText(QUIZ_QUESTIONS[3]!.text);
  await usePowerUp(page, 'timer');
  await page.waitForTimeout(15_000);
  await page.getByTestId('option-1').click();
  await expect(page.getByTestId('question-marks')).toContainText('300');
  await page.getByTestId('next').click();

  // The completion page and the report: 900 of 1,200, each question's marks.
  await expect(page.getByTestId('completion')).toBeVisible();
  await expect(page.getByTestId('completion-marks')).toContainText('900');
  await page.getByTestId('see-report').click();
  await expect(page.getByTestId('report-marks')).toContainText('900');
  for (const [position, marks] of [
    [1, '300'],
    [2, '200'],
    [3, '100'],
    [4, '300'],
  ] as const)
    await expect(
      page.getByTestId(`report-q${position}`).getByTestId('question-marks'),
      `question ${position}`,
    ).toContainText(marks);
});

test('a test runs in full screen, leaving it submits; the teacher marks the open answer and the student then sees the mark', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const teacher = await teacherApi();
  const name = 'Shapes and shares test (journey)';
  await setForGradeVII(teacher, 'test', name, TEST_QUESTIONS);
  await startAssigned(page, name);

  // Start opens the test in full screen, with the warning.
  const fullScreen = () => page.evaluate(() => document.fullscreenElement !== null);
  await expect(page.getByTestId('full-screen-warning')).toBeVisible();
  await expect.poll(fullScreen).toBe(true);
  // A reload is not leaving: the test resumes behind a tap that enters full screen again.
  await page.reload();
  await expect(page.getByTestId('full-screen-gate')).toBeVisible();
  await page.getByTestId('enter-full-screen').click();
  await expect.poll(fullScreen).toBe(true);
  await expect(page.getByTestId('full-screen-warning')).toBeVisible();

  // Two right, one wrong, one left out, and a written answer; a test shows no key while it runs.
  await expect(question(page)).toHaveText(TEST_QUESTIONS[0]!.text);
  await page.getByTestId('option-1').click();
  await expect(page.getByTestId('result')).toHaveCount(0);
  await page.getByTestId('go-next').click();
  await expect(question(page)).toHaveText(TEST_QUESTIONS[1]!.text);
  await page.getByTestId('option-0').click();
  await page.getByTestId('go-next').click();
  await expect(question(page)).toHaveText(TEST_QUESTIONS[2]!.text);
  await page.getByTestId('option-0').click();
  await page.getByTestId('go-next').click();
  await expect(question(page)).toHaveText(TEST_QUESTIONS[3]!.text);
  await page.getByTestId('go-next').click();
  await expect(question(page)).toHaveText(TEST_QUESTIONS[4]!.text);
  const written = 'Two quarters are the same share as one half: multiply 1/2 by 2/2.';
  await page.getByTestId('text-answer').fill(written);
  await page.getByTestId('submit-answer').click();
  await expect(page.getByTestId('answer-pending')).toHaveCount(0);

  // Leaving full screen submits the test, as the warning said.
  await page.evaluate(() => document.exitFullscreen());
  await expect(page.getByTestId('completion')).toHaveAttribute('data-reason', 'left_full_screen');
  await expect(page.getByTestId('completion-reason')).toBeVisible();
  await expect(page.getByTestId('completion-marks')).toContainText('200');
  await expect(page.getByTestId('completion-awaiting')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('test-completion.png') });
  const attemptId = /attempt\/([0-9a-f-]{36})/.exec(page.url())![1]!;

  // The report: the open answer waits for the teacher.
  await page.getByTestId('see-report').click();
  await expect(page.getByTestId('report-q5').getByTestId('feedback-later')).toBeVisible();
  await expect(page.getByTestId('report-q3').getByTestId('verdict')).toHaveAttribute('data-correct', 'false');
  await expect(page.getByTestId('report-q3').getByTestId('right-answer')).toContainText('30');

  // The teacher marks it from the queue: 150 of 200, with a comment.
  const queue = (await (await teacher.get('/api/v1/assessment/marking')).json()) as {
    items: { attemptId: string; position: number; assessmentName: string }[];
  };
  const item = queue.items.find((i) => i.attemptId === attemptId && i.assessmentName === name)!;
  expect(item.position).toBe(5);
  const comment = 'Good reasoning; show the multiplication step too.';
  const marked = await teacher.put(`/api/v1/assessment/marking/${attemptId}/5`, { data: { marks: 150, comment } });
  expect(marked.ok(), await marked.text()).toBe(true);
  await teacher.dispose();

  // The student sees the mark and the comment, and the total counts it.
  await page.reload();
  const open = page.getByTestId('report-q5');
  await expect(open.getByTestId('teacher-mark')).toContainText('150');
  await expect(open.getByTestId('teacher-comment')).toContainText(comment);
  await expect(open.getByTestId('open-ended-note')).toHaveCount(0);
  await expect(page.getByTestId('report-marks')).toContainText('350');
  await expect(page.getByTestId('report-awaiting')).toHaveCount(0);
  await open.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('test-report-marked.png') });
});

/** Nothing of the page is wider than a 360 px phone's screen. */
async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test('practice draws a quiz from the published bank of a subject the student picks, on a 360 px phone; Exit can abort it', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/assessment');
  await expect(page.getByTestId('tile-practice-quiz')).toBeVisible();
  await expectNoSideways(page);
  // Each recent result's marks show whole ("1100 / 1800 marks"), not cut short by the title beside
  // them, down to the narrowest phones (320 px).
  await page.setViewportSize({ width: 320, height: 640 });
  await expect(page.getByTestId('recent-marks').first()).toBeVisible();
  for (const marks of await page.getByTestId('recent-marks').locator('.mantine-Badge-label').all())
    expect(await marks.evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 360, height: 640 });
  await page.getByTestId('tile-practice-quiz').click();
  await expect(page).toHaveURL(/\/assessment\/practicequiz$/);
  // Subjects with questions are links; the student takes the first.
  const subject = page.getByTestId('subject-choice').locator('a[data-testid^="subject-"]').first();
  const subjectName = (await subject.locator('p').first().textContent())!.trim();
  await subject.click();
  await expect(page.getByTestId('practice-subject')).toHaveText(subjectName);
  await expect(page.getByTestId('instructions')).toBeVisible();
  await page.getByTestId('start').click();
  await expect(page).toHaveURL(/\/assessment\/attempt\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('question-counter')).toHaveText('Question 1 of 10');
  await expect(question(page)).not.toBeEmpty();
  await expectNoSideways(page);
  await page.screenshot({ path: testInfo.outputPath('practice-question-phone.png'), fullPage: true });
  // On a phone the question-status panel opens as a sheet.
  await page.getByTestId('open-panel').click();
  await expect(page.getByRole('dialog').getByTestId('status-panel')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByTestId('exit').click();
  await page.getByTestId('exit-abort').click();
  await page.getByTestId('abort-dialog-confirm').click();
  await expect(page.getByTestId('completion')).toHaveAttribute('data-reason', 'aborted');
});
