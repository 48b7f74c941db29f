// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  AssessmentClassesResponse,
  AssessmentDetail,
  AssessmentSummary,
  MarkingQueue,
  MeResponse,
  ReportsResponse,
} from '@ki/contracts';
import enErrors from '../../locales/en/errors.json';
import enQuizzes from '../../locales/en/quizzes.json';
import { initTestI18n } from '../../test-support/i18n';
import { stubMantineBrowser } from '../../test-support/mantine-jsdom';
import { MarkingPage } from './marking-page';
import { EditQuizPage } from './quiz-editor-page';
import { QuizDetailPage } from './quiz-detail-page';
import { QuizListingPage } from './quiz-listing-page';
import { ReportsPage } from './reports-page';

const NOW = Date.parse('2026-11-26T06:30:00.000Z');

beforeAll(async () => {
  stubMantineBrowser();
  await initTestI18n({ quizzes: enQuizzes, errors: enErrors }, 'en', 'quizzes');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function me(assessments: MeResponse['abilities']['assessments']): MeResponse {
  return {
    user: { role: assessments === 'author' ? 'teacher' : 'principal' },
    abilities: { assessments },
  } as unknown as MeResponse;
}

interface Call {
  method: string;
  url: string;
  body: unknown;
}
/** Answers each request from `routes` ("GET /api/v1/assessments" -> body, or a function of the call); records every call. */
function stubApi(routes: Record<string, unknown | ((call: Call) => { status: number; body?: unknown })>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const route = routes[`${call.method} ${url.split('?')[0]}`];
      if (route === undefined)
        return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'none' }), { status: 404 });
      const answer =
        typeof route === 'function'
          ? (route as (c: Call) => { status: number; body?: unknown })(call)
          : { status: 200, body: route };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

/** Where the page navigated to, for the assertions. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function show(page: ReactNode, path: string, level: MeResponse['abilities']['assessments'] = 'author') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['me'], me(level));
  // A data router, as the app's: the editor's leave guard (useBlocker) needs one.
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Address />
          </>
        ),
        children: [{ path: '*', element: page }],
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const summary = (o: Partial<AssessmentSummary> = {}): AssessmentSummary => ({
  id: 7,
  schoolId: 1,
  kind: 'quiz',
  name: 'Fractions',
  description: '',
  imageId: null,
  boardId: 1,
  boardName: 'CBSE',
  grade: 7,
  subjectId: 3,
  subjectName: 'Mathematics',
  durationMinutes: 10,
  status: 'draft',
  questionCount: 3,
  createdAt: '2026-11-26T06:25:00.000Z',
  createdBy: 'Farhan Shaikh',
  canEdit: true,
  attemptCount: 0,
  ...o,
});
const question = (id: number, text: string) => ({
  id,
  type: 'multiple_choice' as const,
  text,
  options: ['1/2', '3/4'],
  answer: [1],
  solution: '',
  imageId: null,
});
const detail = (o: Partial<AssessmentDetail> = {}): AssessmentDetail => ({
  ...summary(),
  questions: [question(1, 'One'), question(2, 'Two'), question(3, 'Three')],
  assignments: [],
  sharePath: '/assessment/quiz/7',
  ...o,
});
const classes: AssessmentClassesResponse = {
  classes: [
    {
      schoolId: 1,
      schoolName: 'Pune',
      timeZone: 'Asia/Kolkata',
      boardId: 1,
      boardName: 'CBSE',
      grade: 7,
      sections: ['A', 'B'],
      subjects: [{ id: 3, name: 'Mathematics' }],
    },
  ],
};

describe('/quiz-listing', () => {
  it('lists the teacher’s quizzes with created-ago, status and question count; a filter goes in the address and the request', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const calls = stubApi({
      'GET /api/v1/assessments': {
        assessments: [
          summary(),
          summary({
            id: 8,
            name: 'Motion',
            kind: 'test',
            status: 'published',
            createdAt: '2026-11-24T06:30:00.000Z',
            attemptCount: 2,
          }),
        ],
      },
    });
    show(<QuizListingPage />, '/quiz-listing');
    const rows = await screen.findAllByTestId('listing-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^FractionsQuizDraftVII · Mathematics35 minutes agoViewEdit$/),
      // A quiz with attempts can no longer be edited: View only.
      expect.stringMatching(/^MotionTestPublishedVII · Mathematics32 days agoView$/),
    ]);
    fireEvent.change(screen.getByTestId('filter-status'), { target: { value: 'draft' } });
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/v1/assessments?status=draft'));
    expect(screen.getByTestId('address').textContent).toBe('/quiz-listing?status=draft');
  });

  it('shows a principal the school’s quizzes with who wrote them, and nothing to create', async () => {
    stubApi({ 'GET /api/v1/assessments': { assessments: [summary({ canEdit: false })] } });
    show(<QuizListingPage />, '/quiz-listing', 'view');
    expect((await screen.findByTestId('quiz-page-title')).textContent).toBe('Quizzes and tests of the school');
    expect(await screen.findByText('Farhan Shaikh')).toBeTruthy();
    expect(screen.queryByTestId('listing-create')).toBeNull();
    expect(screen.queryByTestId('listing-edit')).toBeNull();
    expect(screen.queryByTestId('quiz-nav-create')).toBeNull();
  });
});

describe('/assessment-quiz (the editor)', () => {
  it('refuses to publish under 4 questions with the spec’s text, then adds a true/false question and publishes', async () => {
    let saved = detail();
    const calls = stubApi({
      'GET /api/v1/assessments/7': () => ({ status: 200, body: saved }),
      'GET /api/v1/assessments/classes': classes,
      'PUT /api/v1/assessments/7': (call: Call) => {
        const input = call.body as { questions: Omit<AssessmentDetail['questions'][number], 'id'>[] };
        saved = detail({
          questions: input.questions.map((q, i) => ({ ...q, id: i + 1 })),
          questionCount: input.questions.length,
        });
        return { status: 200, body: saved };
      },
      'POST /api/v1/assessments/7/publish': () => ({ status: 200, body: { ...saved, status: 'published' } }),
    });
    show(<EditQuizPage />, '/assessment-quiz?id=7');
    fireEvent.click(await screen.findByTestId('quiz-publish'));
    expect(await screen.findByText('Add Atleast 4 Questions')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByTestId('question-add'));
    const form = screen.getByTestId('question-form');
    fireEvent.change(within(form).getByTestId('question-type-select'), { target: { value: 'true_false' } });
    fireEvent.change(within(form).getByTestId('question-text-input'), { target: { value: 'Half of 1 is 1/2.' } });
    // Saving without marking the answer says so, and sends nothing.
    fireEvent.click(within(form).getByTestId('question-save'));
    expect(await within(form).findByText('Mark the correct answer.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(form).getAllByTestId('option-correct')[0]!);
    fireEvent.click(within(form).getByTestId('question-save'));
    expect(await screen.findByText('Question Created Successfully')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect((put?.body as { questions: unknown[] }).questions.at(-1)).toEqual({
      type: 'true_false',
      text: 'Half of 1 is 1/2.',
      options: ['True', 'False'],
      answer: [0],
      solution: '',
      imageId: null,
    });
    expect(put?.body).toMatchObject({
      schoolId: 1,
      boardId: 1,
      grade: 7,
      subjectId: 3,
      name: 'Fractions',
      durationMinutes: 10,
    });

    fireEvent.click(await screen.findByTestId('quiz-publish'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/assessments/7/publish')).toBe(true),
    );
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/quiz-detail?id=7'));
  }, 30_000);

  it('asks before leaving with unsaved details; Cancel stays, Leave goes; nothing unsaved leaves at once', async () => {
    stubApi({ 'GET /api/v1/assessments/7': detail(), 'GET /api/v1/assessments/classes': classes });
    show(<EditQuizPage />, '/assessment-quiz?id=7');
    // Unchanged: the listing opens at once.
    fireEvent.click(await screen.findByTestId('quiz-nav-listing'));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/quiz-listing'));
    cleanup();

    show(<EditQuizPage />, '/assessment-quiz?id=7');
    fireEvent.change(await screen.findByTestId('quiz-name'), { target: { value: 'Fractions, part 2' } });
    fireEvent.click(screen.getByTestId('quiz-nav-listing'));
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-no'));
    await waitFor(() => expect(screen.queryByText('Leave without saving?')).toBeNull());
    expect(screen.getByTestId('address').textContent).toBe('/assessment-quiz?id=7');
    expect((screen.getByTestId('quiz-name') as HTMLInputElement).value).toBe('Fractions, part 2');
    fireEvent.click(screen.getByTestId('quiz-nav-listing'));
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/quiz-listing'));
  }, 30_000);

  it('explains why a quiz students have started can no longer change, and offers no editing', async () => {
    stubApi({
      'GET /api/v1/assessments/7': detail({ attemptCount: 3, status: 'published' }),
      'GET /api/v1/assessments/classes': classes,
    });
    show(<EditQuizPage />, '/assessment-quiz?id=7');
    expect((await screen.findByTestId('quiz-locked')).textContent).toContain('Students have already started this quiz');
    expect(screen.queryByTestId('question-add')).toBeNull();
    expect(screen.queryByTestId('quiz-save')).toBeNull();
    expect(screen.queryByTestId('question-edit')).toBeNull();
  });
});

describe('/quiz-detail', () => {
  it('copies the join link (origin and share path) and deletes only after the confirmation', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.stubGlobal('isSecureContext', true);
    const calls = stubApi({
      'GET /api/v1/assessments/7': detail({ status: 'published', questionCount: 4 }),
      'GET /api/v1/assessments/classes': classes,
      'DELETE /api/v1/assessments/7': () => ({ status: 204 }),
    });
    show(<QuizDetailPage />, '/quiz-detail?id=7');
    expect(((await screen.findByTestId('share-url')) as HTMLInputElement).value).toBe(
      `${window.location.origin}/assessment/quiz/7`,
    );
    fireEvent.click(screen.getByTestId('share-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/assessment/quiz/7`));
    expect(await screen.findByText('Link copied')).toBeTruthy();

    fireEvent.click(screen.getByTestId('quiz-delete'));
    expect(
      await screen.findByText('Delete “Fractions”? Students will no longer see it; the reports of attempts made stay.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/quiz-listing'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/v1/assessments/7']);
  });

  it('assigns a section with its opening and closing times read in the school’s time zone', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const calls = stubApi({
      'GET /api/v1/assessments/7': detail({ status: 'published', questionCount: 4 }),
      'GET /api/v1/assessments/classes': classes,
      'POST /api/v1/assessments/7/assignments': (call: Call) => ({
        status: 200,
        body: detail({
          status: 'published',
          assignments: [
            {
              id: 40,
              schoolId: 1,
              grade: 7,
              section: 'B',
              attemptCount: 0,
              ...(call.body as { opensAt: string; closesAt: string }),
            },
          ],
        }),
      }),
    });
    show(<QuizDetailPage />, '/quiz-detail?id=7');
    expect(((await screen.findByTestId('assign-opens')) as HTMLInputElement).value).toBe('2026-11-26T12:00');
    fireEvent.change(screen.getByTestId('assign-section'), { target: { value: 'B' } });
    fireEvent.change(screen.getByTestId('assign-closes'), { target: { value: '2026-11-26T11:00' } });
    fireEvent.click(screen.getByTestId('assign-submit'));
    expect(await screen.findByText('The closing time must be after the opening time.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('assign-closes'), { target: { value: '2026-11-27T18:30' } });
    fireEvent.click(screen.getByTestId('assign-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      schoolId: 1,
      grade: 7,
      section: 'B',
      opensAt: '2026-11-26T06:30:00.000Z',
      closesAt: '2026-11-27T13:00:00.000Z',
    });
    expect((await screen.findAllByTestId('assignments-row'))[0]?.textContent).toContain('VII · B');
  });
});

describe('/quiz-detail: a live game', () => {
  it('hosts a published quiz as a live game and opens its start-game lobby', async () => {
    const calls = stubApi({
      'GET /api/v1/assessments/7': detail({ status: 'published', questionCount: 4 }),
      'GET /api/v1/assessments/classes': classes,
      'POST /api/v1/challenge/games': () => ({
        status: 201,
        body: { code: '482913', title: 'Fractions', isHost: true, hostPlays: false },
      }),
    });
    show(<QuizDetailPage />, '/quiz-detail?id=7');
    expect((await screen.findByTestId('live-game')).textContent).toContain('Play it live in class');
    fireEvent.click(screen.getByTestId('host-live-game'));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/assessment/showPlayers/482913'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ source: 'quiz', assessmentId: 7 });
  });

  it('says why a quiz with no choose-one question cannot be played live', async () => {
    stubApi({
      'GET /api/v1/assessments/7': detail({ status: 'published', questionCount: 4 }),
      'GET /api/v1/assessments/classes': classes,
      'POST /api/v1/challenge/games': () => ({ status: 409, body: { code: 'NOT_ENOUGH_QUESTIONS', message: 'none' } }),
    });
    show(<QuizDetailPage />, '/quiz-detail?id=7');
    fireEvent.click(await screen.findByTestId('host-live-game'));
    expect(
      await screen.findByText('A live game asks only questions with one right option: this quiz has none.', undefined, {
        timeout: 5_000,
      }),
    ).toBeTruthy();
  });

  it('is not offered for a draft, a test, or a principal', async () => {
    stubApi({ 'GET /api/v1/assessments/7': detail(), 'GET /api/v1/assessments/classes': classes });
    show(<QuizDetailPage />, '/quiz-detail?id=7');
    await screen.findByTestId('share-draft');
    expect(screen.queryByTestId('live-game')).toBeNull();
    cleanup();
    stubApi({
      'GET /api/v1/assessments/7': detail({ status: 'published', kind: 'test' }),
      'GET /api/v1/assessments/classes': classes,
    });
    show(<QuizDetailPage />, '/quiz-detail?id=7');
    await screen.findByTestId('share-url');
    expect(screen.queryByTestId('live-game')).toBeNull();
    cleanup();
    stubApi({
      'GET /api/v1/assessments/7': detail({ status: 'published' }),
      'GET /api/v1/assessments/classes': classes,
    });
    show(<QuizDetailPage />, '/quiz-detail?id=7', 'view');
    await screen.findByTestId('share-url');
    expect(screen.queryByTestId('live-game')).toBeNull();
  });
});

describe('/assessments (marking)', () => {
  const queue: MarkingQueue = {
    items: [
      {
        attemptId: '0b8a5d8e-3f35-4bb5-8f61-0a6a5c1d2e3f',
        position: 5,
        assessmentId: 7,
        assessmentName: 'Fractions',
        studentId: 57,
        studentName: 'Aarav Patil',
        grade: 7,
        section: 'A',
        questionText: 'Explain why 2/4 = 1/2.',
        solution: 'Divide both by 2.',
        textAnswer: 'Because half of 4 is 2.',
        answeredAt: '2026-11-26T06:00:00.000Z',
      },
    ],
  };
  it('refuses marks outside 0-200, saves marks and a comment, and the answer leaves the queue', async () => {
    const calls = stubApi({
      'GET /api/v1/assessment/marking': () => ({
        status: 200,
        body: calls.some((c) => c.method === 'PUT') ? { items: [] } : queue,
      }),
      'PUT /api/v1/assessment/marking/0b8a5d8e-3f35-4bb5-8f61-0a6a5c1d2e3f/5': () => ({ status: 204 }),
    });
    show(<MarkingPage />, '/assessments');
    expect((await screen.findByTestId('marking-answer')).textContent).toBe('Because half of 4 is 2.');
    fireEvent.change(screen.getByTestId('marking-marks'), { target: { value: '250' } });
    fireEvent.click(screen.getByTestId('marking-save'));
    expect(await screen.findByText('Enter whole marks from 0 to 200.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('marking-marks'), { target: { value: '150' } });
    fireEvent.change(screen.getByTestId('marking-comment'), { target: { value: ' Good reasoning. ' } });
    fireEvent.click(screen.getByTestId('marking-save'));
    expect(await screen.findByTestId('marking-empty')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { marks: 150, comment: 'Good reasoning.' },
    ]);
  });
});

describe('/reports', () => {
  const rows: ReportsResponse = {
    rows: [
      {
        assignmentId: 40,
        assessmentId: 7,
        name: 'Fractions',
        kind: 'quiz',
        schoolName: 'Pune',
        grade: 7,
        section: null,
        opensAt: '2026-11-20T04:30:00.000Z',
        closesAt: '2026-11-27T12:30:00.000Z',
        participants: 2,
        classSize: 30,
        accuracy: 66.67,
        averageMarks: 450,
        maxMarks: 1200,
      },
    ],
  };
  it('opens on the last 30 days, filters by class in the address, and offers the CSV of the same query', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const calls = stubApi({ 'GET /api/v1/assessment/reports': rows, 'GET /api/v1/assessments/classes': classes });
    show(<ReportsPage />, '/reports');
    const row = await screen.findByTestId('reports-row');
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'Fractions',
      'Quiz',
      'VII · All sections',
      '27 Nov 2026',
      '2 of 30',
      '66.67%',
      '450.00 / 1200',
    ]);
    expect(screen.getByTestId('reports-csv').getAttribute('href')).toBe(
      '/api/v1/assessment/reports.csv?from=2026-10-28&to=2026-11-26',
    );
    fireEvent.change(screen.getByTestId('report-grade'), { target: { value: '7' } });
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe('/api/v1/assessment/reports?from=2026-10-28&to=2026-11-26&grade=7'),
    );
    fireEvent.change(await screen.findByTestId('report-section'), { target: { value: 'B' } });
    await waitFor(() =>
      expect(screen.getByTestId('reports-csv').getAttribute('href')).toBe(
        '/api/v1/assessment/reports.csv?from=2026-10-28&to=2026-11-26&grade=7&section=B',
      ),
    );
    expect(screen.getByTestId('address').textContent).toBe('/reports?grade=7&section=B');
  });
});
