/**
 * A small multi-tenant world for the authorization matrix and the hostile-input tests: two chains,
 * three schools, one account of every role, and students whose names are markers, so a test can tell
 * from any answer whether it carries data of a tenant the caller may not see.
 *
 *   Chain A: school A1 (grades 6-8) and school A2; chain B: school B1 on another board.
 *   A1 grade 7: Asha (the student), her classmate Kavya; A1 grade 8: Gopal; A2 grade 7: Hemant;
 *   B1 grade 7: Bharat. Everyone but Kavya has played science; Asha has played maths too. Asha's
 *   parent Priya is linked to her only.
 *   Teachers: one of A1's grade 7 (every subject), and two whose assignments differ by school or
 *   by subject (the shapes of issue #21, which pooled assignments into sets): A1 grade 8 (every
 *   subject) + A2 grade 7 (science); A1 grade 7 (science) + A1 grade 8 (maths).
 */
import { type RecordInput } from '@ki/contracts';
import type { TestApp } from './build-test-app';
import { buildAttemptsWorld, type AttemptsWorld } from './access-world-attempts';
import { buildCalendarWorld, type CalendarWork } from './access-world-calendar';
import { buildPlansWorld, type PlansWork } from './access-world-plans';
import { buildPrivacyWorld, type PrivacyWork } from './access-world-privacy';
import { buildBroadcastsWorld, type BroadcastsWork } from './access-world-broadcasts';
import { buildChatWorld, type ChatWork } from './access-world-chat';
import { buildDoubtsWorld, type DoubtsWork } from './access-world-doubts';
import { buildLiveWorld, type LiveWork } from './access-world-live';
import { buildDriveWorld, type DriveWork } from './access-world-drive';
import {
  chapterRecord,
  createBoard,
  createChain,
  createCurriculum,
  createSchool,
  createStaff,
  createStudent,
  createUser,
  linkParent,
  sessionCookie,
  topicRecord,
  type TestChapter,
} from './factories';
import { FIVE_TYPES, insertAttempt, multipart, PNG_1X1, quizInput } from './assessment-authoring-fixtures';

/** Who calls: every role the product has, and the wrong tenant's counterparts. */
export const ACTORS = [
  'anonymous',
  'student',
  'parent',
  'teacher',
  /** A1 grade 8, every subject + A2 grade 7, science: never A1's grade 7 or A2's grade 8. */
  'teacherTwoSchools',
  /** A1 grade 7, science + A1 grade 8, maths: never grade 7's maths. */
  'teacherTwoSubjects',
  'principal',
  'multiSchoolPrincipal',
  'superadmin',
  'otherChainSuperadmin',
  'contentEditor',
  'contentApprover',
] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * Marker names that may appear in an answer only for the callers listed: a marker in any other
 * caller's answer is a leak of another tenant's data.
 */
export const MARKERS: Record<string, { text: string; visibleTo: readonly Actor[] }> = {
  // Another chain's school and student: only that chain's super-admin.
  chainB: { text: 'Bravoschool', visibleTo: ['otherChainSuperadmin'] },
  chainBStudent: { text: 'Bharatmarker', visibleTo: ['otherChainSuperadmin'] },
  // Another school of chain A: its multi-school principal and the chain's super-admin.
  // (and the teacher of its grade 7's science).
  schoolA2Student: { text: 'Hemantmarker', visibleTo: ['multiSchoolPrincipal', 'superadmin', 'teacherTwoSchools'] },
  // Another grade of school A1: staff of the whole school and its teacher, not the grade-7
  // teacher, not the class.
  grade8Student: {
    text: 'Gopalmarker',
    visibleTo: ['principal', 'multiSchoolPrincipal', 'superadmin', 'teacherTwoSchools'],
  },
  // The student's own name: herself, her parent and staff over her (her science teacher too), never
  // the teacher of A1's grade 8 and A2's grade 7.
  student: {
    text: 'Ashamarker',
    visibleTo: [
      'student',
      'parent',
      'teacher',
      'teacherTwoSubjects',
      'principal',
      'multiSchoolPrincipal',
      'superadmin',
    ],
  },
};

export interface AccessWorld {
  t: TestApp;
  cookies: Record<Exclude<Actor, 'anonymous'>, string>;
  chainA: number;
  chainB: number;
  boardA: number;
  boardB: number;
  schoolA1: number;
  schoolA2: number;
  schoolB1: number;
  /** Asha: A1, grade 7. */
  studentId: number;
  /** Bharat: B1 (chain B), grade 7. */
  otherChainStudentId: number;
  /** Gopal: A1, grade 8. */
  otherGradeStudentId: number;
  subjectA: { id: number; slug: string; chapter: TestChapter };
  subjectB: { id: number; slug: string; chapter: TestChapter };
  /** Maths of board A, grade 7 (Asha has played it) and grade 8. */
  mathsA: { id: number; chapter: TestChapter };
  /** A valid topic-game record for Asha, new each call. */
  recordFor(kind?: 'topic' | 'treasure'): RecordInput;
  /** A student nobody will miss, named ERASABLE_NAME, for calls that erase one (a new one each call). */
  erasable(school: 'A1' | 'B1'): number;
  /** Each signed-in caller's own name (a profile update that keeps it keeps the markers meaningful). */
  names: Record<Exclude<Actor, 'anonymous'>, { firstName: string; lastName: string }>;
  /** A link of a spare parent to Asha (A1) or Bharat (B1), to unlink (a new one each call). */
  spareParentLink(school: 'A1' | 'B1'): number;
  /** A teacher's pending parent-link request for Asha (A1) or Bharat (B1), to decide (a new one each call). */
  pendingLinkRequest(school: 'A1' | 'B1'): number;
  /** Content work in the approver's queue: two submissions by the content editor. */
  authoring: { draftTopicId: number; toApprove: number; toReturn: number };
  /** Students' attempts: Asha's open attempt of her class's test, and what is not hers (access-world-attempts.ts). */
  attempts: AttemptsWorld;
  /** Teachers' quizzes (issue #23): see assessmentWork. */
  assessment: AssessmentWork;
  /** Staff chat (issue #25): test/access-world-chat.ts. */
  chat: ChatWork;
  /** The school calendar (issue #26): test/access-world-calendar.ts. */
  calendar: CalendarWork;
  /** Plans and payment (issue #27): test/access-world-plans.ts. */
  plans: PlansWork;
  /** Parents' erasure requests (issue #27): test/access-world-privacy.ts. */
  privacy: PrivacyWork;
  broadcasts: BroadcastsWork;
  doubts: DoubtsWork;
  /** Live classes (issue #26): test/access-world-live.ts. */
  live: LiveWork;
  /** Drives (issue #26): test/access-world-drive.ts. */
  drive: DriveWork;
  /** The live game Kavya hosts for her class (A1 grade 7), by its 6-digit code (issue #24). */
  challengeCode: string;
}

/**
 * The teacher's published science quiz of A1 grade 7 (cover picture uploaded by the teacher, set
 * for the whole grade, Asha's attempt finished with her open-ended answer at position 5 waiting for
 * marks), a quiz of chain B's school set for its grade 7 with Bharat's attempt, and fresh drafts and
 * assignments for the calls that change them.
 */
export interface AssessmentWork {
  quizId: number;
  imageId: string;
  assignmentId: number;
  attemptId: string;
  /** The open-ended question's position in the quiz. */
  openEndedPosition: number;
  otherChainQuizId: number;
  otherChainAssignmentId: number;
  /** A draft quiz of the teacher, a new one each call (to delete or publish). */
  draft(): number;
  /** An assignment of the quiz nobody has started, a new one each call (to take back). */
  spareAssignment(): number;
}

export const ERASABLE_NAME = 'Erasable Test';

export async function buildAccessWorld(t: TestApp): Promise<AccessWorld> {
  const db = t.database.db;
  const chainA = await createChain(db, 'Alpha Trust');
  const chainB = await createChain(db, 'Bravo Trust');
  const boardA = await createBoard(db, 'ACC');
  const boardB = await createBoard(db, 'BCC');
  const schoolA1 = await createSchool(db, {
    chainId: chainA,
    boardId: boardA,
    grades: [6, 7, 8],
    name: 'Alpha One School',
  });
  const schoolA2 = await createSchool(db, {
    chainId: chainA,
    boardId: boardA,
    grades: [6, 7, 8],
    name: 'Alpha Two School',
  });
  const schoolB1 = await createSchool(db, { chainId: chainB, boardId: boardB, grades: [7], name: 'Bravoschool' });
  const currA7 = await createCurriculum(db, {
    boardId: boardA,
    grade: 7,
    subjectSlug: 'access-science',
    chapters: 1,
    topics: 2,
  });
  const currA8 = await createCurriculum(db, {
    boardId: boardA,
    grade: 8,
    subjectSlug: 'access-science',
    chapters: 1,
    topics: 2,
  });
  const mathsA7 = await createCurriculum(db, {
    boardId: boardA,
    grade: 7,
    subjectSlug: 'access-maths',
    chapters: 1,
    topics: 2,
  });
  await createCurriculum(db, { boardId: boardA, grade: 8, subjectSlug: 'access-maths', chapters: 1, topics: 2 });
  const currB7 = await createCurriculum(db, {
    boardId: boardB,
    grade: 7,
    subjectSlug: 'bravo-maths',
    chapters: 1,
    topics: 2,
  });

  const student = async (firstName: string, schoolId: number, boardId: number, grade: number) => {
    const id = await createStudent(db, { schoolId, boardId, grade, firstName });
    return { id, cookie: await sessionCookie(db, id, t.now()) };
  };
  const asha = await student('Ashamarker', schoolA1, boardA, 7);
  const kavya = await student('Kavya', schoolA1, boardA, 7);
  const gopal = await student('Gopalmarker', schoolA1, boardA, 8);
  const hemant = await student('Hemantmarker', schoolA2, boardA, 7);
  const bharat = await student('Bharatmarker', schoolB1, boardB, 7);
  void kavya;

  const play = async (cookie: string, chapter: TestChapter) => {
    const records = [
      topicRecord(chapter, chapter.topics[0]!, { correct: 8, seconds: 12, finishedAt: '2026-11-15T10:00:00Z' }),
      // A treasure opens once every topic of its chapter has a game.
      topicRecord(chapter, chapter.topics[1]!, { correct: 6, seconds: 15, finishedAt: '2026-11-15T11:00:00Z' }),
      chapterRecord('treasure', chapter, { correct: 7, finishedAt: '2026-11-16T10:00:00Z' }),
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/records',
      headers: { cookie },
      payload: { records },
    });
    if (res.statusCode !== 200 || res.json().stored.length !== records.length)
      throw new Error(`world: records not stored: ${res.body}`);
  };
  const a7 = currA7.chapters[0]!;
  await play(asha.cookie, a7);
  await play(asha.cookie, mathsA7.chapters[0]!);
  await play(gopal.cookie, currA8.chapters[0]!);
  await play(hemant.cookie, a7);
  await play(bharat.cookie, currB7.chapters[0]!);

  const parent = await createUser(db, 'parent', { firstName: 'Priya', mobile: '+919811100001' });
  await linkParent(db, parent, asha.id);
  const staff = async (id: number) => sessionCookie(db, id, t.now());
  const cookies: AccessWorld['cookies'] = {
    student: asha.cookie,
    parent: await staff(parent),
    teacher: await staff(
      await createStaff(db, 'teacher', {
        schoolIds: [schoolA1],
        isQa: true,
        assignments: [{ schoolId: schoolA1, grade: 7 }],
      }),
    ),
    teacherTwoSchools: await staff(
      await createStaff(db, 'teacher', {
        schoolIds: [schoolA1, schoolA2],
        assignments: [
          { schoolId: schoolA1, grade: 8 },
          { schoolId: schoolA2, grade: 7, subjectId: a7.subjectId },
        ],
      }),
    ),
    teacherTwoSubjects: await staff(
      await createStaff(db, 'teacher', {
        schoolIds: [schoolA1],
        assignments: [
          { schoolId: schoolA1, grade: 7, subjectId: a7.subjectId },
          { schoolId: schoolA1, grade: 8, subjectId: mathsA7.subjectId },
        ],
      }),
    ),
    principal: await staff(await createStaff(db, 'principal', { schoolIds: [schoolA1], isQa: true })),
    multiSchoolPrincipal: await staff(await createStaff(db, 'principal', { schoolIds: [schoolA1, schoolA2] })),
    superadmin: await staff(await createStaff(db, 'superadmin', { chainId: chainA, isQa: true })),
    otherChainSuperadmin: await staff(await createStaff(db, 'superadmin', { chainId: chainB, isQa: true })),
    contentEditor: await staff(await createUser(db, 'content_editor')),
    contentApprover: await staff(await createUser(db, 'content_approver')),
  };

  const authoring = await authoringWork(t, a7, cookies.contentEditor);
  const names = {} as AccessWorld['names'];
  const userIds = {} as Record<Exclude<Actor, 'anonymous'>, number>;
  for (const actor of ACTORS) {
    if (actor === 'anonymous') continue;
    const me = (
      await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: cookies[actor] } })
    ).json() as { user: { id: number; firstName: string; lastName: string } };
    names[actor] = { firstName: me.user.firstName, lastName: me.user.lastName };
    userIds[actor] = me.user.id;
  }

  const erasables: Record<'A1' | 'B1', number[]> = { A1: [], B1: [] };
  for (let i = 0; i < ACTORS.length * 2; i++) {
    erasables.A1.push(
      await createStudent(db, { schoolId: schoolA1, boardId: boardA, grade: 7, firstName: 'Erasable' }),
    );
    erasables.B1.push(
      await createStudent(db, { schoolId: schoolB1, boardId: boardB, grade: 7, firstName: 'Erasable' }),
    );
  }

  // Parent links to unlink and link requests to decide, one per call (docs/DECISIONS.md "Parent links").
  const spareLinks: Record<'A1' | 'B1', number[]> = { A1: [], B1: [] };
  const pendingRequests: Record<'A1' | 'B1', number[]> = { A1: [], B1: [] };
  let spareNumber = 0;
  for (const [school, studentId] of [
    ['A1', asha.id],
    ['B1', bharat.id],
  ] as const) {
    for (let i = 0; i < ACTORS.length * 2; i++) {
      spareNumber += 1;
      const parentId = await createUser(db, 'parent', {
        firstName: 'Spare',
        mobile: `+91980055${String(spareNumber).padStart(4, '0')}`,
      });
      const link = await db
        .insertInto('parent_links')
        .values({ parent_id: parentId, student_id: studentId, first_name: 'Spare' })
        .returning('id')
        .executeTakeFirstOrThrow();
      spareLinks[school].push(Number(link.id));
      const request = await db
        .insertInto('parent_link_requests')
        .values({
          student_id: studentId,
          mobile: `+91980066${String(spareNumber).padStart(4, '0')}`,
          first_name: 'Requested',
          requested_by: null,
          requested_at: t.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      pendingRequests[school].push(Number(request.id));
    }
  }
  const take = (queue: number[], what: string) => {
    const id = queue.shift();
    if (id === undefined) throw new Error(`world: no ${what} left`);
    return id;
  };

  const attempts = await buildAttemptsWorld(t, {
    schoolA1,
    schoolA2,
    boardA,
    subjectAId: a7.subjectId,
    studentCookie: asha.cookie,
    otherGradeStudentId: gopal.id,
  });
  const assessment = await assessmentWork(t, {
    teacher: cookies.teacher,
    schoolA1,
    boardA,
    scienceA: a7.subjectId,
    asha: asha.id,
    schoolB1,
    boardB,
    mathsB: currB7.chapters[0]!.subjectId,
    bharat: bharat.id,
  });

  // Kavya's challenge for her class (A1 grade 7): no row of the matrix hosts as Kavya, so it stays
  // open while the rows run (a host who creates another game ends their open one).
  const hosted = await t.app.inject({
    method: 'POST',
    url: '/api/v1/challenge/games',
    headers: { cookie: kavya.cookie },
    payload: { source: 'bank', subjectId: a7.subjectId, questions: 3 },
  });
  if (hosted.statusCode !== 201)
    throw new Error(`world: hosting a live game answered ${hosted.statusCode} ${hosted.body}`);
  const challengeCode = (hosted.json() as { code: string }).code;

  const chat = await buildChatWorld(t, {
    cookies,
    ids: userIds,
    schoolA1,
    schoolB1,
    // Each row that takes someone out runs once per actor, and the hostile-input tests call it again.
    spares: ACTORS.length * 3,
  });
  const calendar = await buildCalendarWorld(t, {
    cookies,
    schoolA1,
    schoolB1,
    boardA,
    scienceA: a7.subjectId,
    // Each row that deletes one runs once per actor, and the hostile-input tests call it again.
    spares: ACTORS.length * 3,
  });

  const plans = await buildPlansWorld(t, { chainA, boardA });
  const broadcasts = await buildBroadcastsWorld(t, { schoolA1, schoolB1, spares: 6 });
  const doubts = await buildDoubtsWorld(t, {
    asha: { id: asha.id, schoolId: schoolA1, chapterId: a7.id, subjectId: a7.subjectId, topicId: a7.topics[0]!.id },
    bharat: {
      id: bharat.id,
      schoolId: schoolB1,
      chapterId: currB7.chapters[0]!.id,
      subjectId: currB7.chapters[0]!.subjectId,
      topicId: currB7.chapters[0]!.topics[0]!.id,
    },
  });
  const live = await buildLiveWorld(t, { schoolA1, schoolB1, boardA, boardB, scienceA: a7.subjectId });
  const drive = await buildDriveWorld(t, { teacherId: userIds.teacher, schoolA1, boardA, spares: ACTORS.length * 3 });
  const privacy = await buildPrivacyWorld(t, { schoolA1, schoolB1, boardA, boardB, spares: 6, parentId: parent });

  let minute = 0;
  return {
    chat,
    calendar,
    plans,
    privacy,
    broadcasts,
    doubts,
    live,
    drive,
    attempts,
    assessment,
    challengeCode,
    spareParentLink: (school) => take(spareLinks[school], 'spare parent link'),
    pendingLinkRequest: (school) => take(pendingRequests[school], 'pending link request'),
    t,
    cookies,
    chainA,
    chainB,
    boardA,
    boardB,
    schoolA1,
    schoolA2,
    schoolB1,
    studentId: asha.id,
    otherChainStudentId: bharat.id,
    otherGradeStudentId: gopal.id,
    subjectA: { id: a7.subjectId, slug: 'access-science', chapter: a7 },
    subjectB: { id: currB7.chapters[0]!.subjectId, slug: 'bravo-maths', chapter: currB7.chapters[0]! },
    mathsA: { id: mathsA7.subjectId, chapter: mathsA7.chapters[0]! },
    recordFor(kind = 'topic') {
      minute += 1;
      const finishedAt = new Date(Date.parse('2026-11-18T10:00:00Z') + minute * 60_000);
      return kind === 'topic'
        ? topicRecord(a7, a7.topics[1]!, { correct: 6, seconds: 15, finishedAt })
        : chapterRecord('treasure', a7, { correct: 6, finishedAt });
    },
    names,
    authoring,
    erasable(school) {
      const id = erasables[school].shift();
      if (id === undefined) throw new Error('world: no erasable student left');
      return id;
    },
  };
}

/**
 * Through the authoring API as the content editor: a draft topic with its English concept and 10
 * questions, submitted twice over (two topics), so the approver has one submission to approve and one
 * to send back, and one more draft topic left unsubmitted.
 */
async function authoringWork(t: TestApp, chapter: TestChapter, editor: string) {
  const call = async (method: 'POST' | 'PUT', url: string, payload: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1/authoring${url}`,
      headers: { cookie: editor },
      payload: payload as Record<string, unknown>,
    });
    if (res.statusCode !== 200) throw new Error(`world: ${method} ${url} answered ${res.statusCode} ${res.body}`);
    return res.json() as { id: number; submission?: { id: number } };
  };
  const readyTopic = async (name: string) => {
    const { id } = await call('POST', '/topics', { chapterId: chapter.id, names: { en: name } });
    await call('PUT', `/topics/${id}/concepts/en`, {
      body: `${name}: a short explanation a student reads before playing the topic game.`,
    });
    for (let q = 0; q < 10; q++) {
      await call('POST', '/questions', {
        topicId: id,
        type: 'multiple_choice',
        content: {
          en: { text: `${name} question ${q + 1}?`, options: ['One', 'Two', 'Three'], solution: 'The answer is Two.' },
        },
        answer: [1],
      });
    }
    return id;
  };
  const submit = async (topicId: number) =>
    (await call('POST', '/submissions', { entityType: 'topic', entityId: topicId })).submission!.id;
  const toApprove = await submit(await readyTopic('Matrix topic one'));
  const toReturn = await submit(await readyTopic('Matrix topic two'));
  const draftTopicId = (await call('POST', '/topics', { chapterId: chapter.id, names: { en: 'Matrix draft topic' } }))
    .id;
  return { draftTopicId, toApprove, toReturn };
}

async function assessmentWork(
  t: TestApp,
  o: {
    teacher: string;
    schoolA1: number;
    boardA: number;
    scienceA: number;
    asha: number;
    schoolB1: number;
    boardB: number;
    mathsB: number;
    bharat: number;
  },
): Promise<AssessmentWork> {
  const db = t.database.db;
  const call = async (cookie: string, method: 'POST' | 'PUT', url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    if (res.statusCode >= 300) throw new Error(`world: ${method} ${url} answered ${res.statusCode} ${res.body}`);
    return res.json() as { id: number; assignments: { id: number; section: string | null }[] };
  };
  const upload = multipart([{ name: 'file', filename: 'cover.png', contentType: 'image/png', data: PNG_1X1 }]);
  const image = await t.app.inject({
    method: 'POST',
    url: '/api/v1/images',
    headers: { cookie: o.teacher, 'content-type': upload.contentType },
    payload: upload.payload,
  });
  if (image.statusCode !== 201) throw new Error(`world: image upload answered ${image.statusCode} ${image.body}`);
  const imageId = (image.json() as { id: string }).id;
  const quiz = await call(
    o.teacher,
    'POST',
    '/assessments',
    quizInput({ name: 'Matrix quiz', boardId: o.boardA, subjectId: o.scienceA, grade: 7, imageId }),
  );
  await call(o.teacher, 'POST', `/assessments/${quiz.id}/publish`);
  const window = { opensAt: '2026-11-19T03:30:00Z', closesAt: '2026-11-27T12:30:00Z' };
  const assign = async (id: number, cookie: string, schoolId: number, section: string | null) =>
    (
      await call(cookie, 'POST', `/assessments/${id}/assignments`, { schoolId, grade: 7, section, ...window })
    ).assignments.find((g) => g.section === section)!.id;
  const assignmentId = await assign(quiz.id, o.teacher, o.schoolA1, null);
  const answers = [
    { chosen: [1] },
    { chosen: [0, 2] },
    { chosen: [0] },
    { chosen: [1] },
    { textAnswer: 'Air scatters blue light the most.' },
  ];
  const attemptId = await insertAttempt(db, {
    assignmentId,
    studentId: o.asha,
    answers,
    startedAt: new Date('2026-11-19T05:00:00Z'),
    finishedAt: new Date('2026-11-19T05:10:00Z'),
  });
  // Chain B's own teacher, quiz, class and attempt.
  const teacherB = await createStaff(db, 'teacher', {
    schoolIds: [o.schoolB1],
    assignments: [{ schoolId: o.schoolB1, grade: 7 }],
  });
  const cookieB = await sessionCookie(db, teacherB, t.now());
  const quizB = await call(
    cookieB,
    'POST',
    '/assessments',
    quizInput({ name: 'Bravo quiz', boardId: o.boardB, subjectId: o.mathsB, grade: 7 }),
  );
  await call(cookieB, 'POST', `/assessments/${quizB.id}/publish`);
  const otherChainAssignmentId = await assign(quizB.id, cookieB, o.schoolB1, null);
  await insertAttempt(db, {
    assignmentId: otherChainAssignmentId,
    studentId: o.bharat,
    answers,
    startedAt: new Date('2026-11-19T06:00:00Z'),
    finishedAt: new Date('2026-11-19T06:10:00Z'),
  });
  const drafts: number[] = [];
  const spares: number[] = [];
  for (let i = 0; i < ACTORS.length * 3; i++) {
    drafts.push(
      (
        await call(
          o.teacher,
          'POST',
          '/assessments',
          quizInput({
            name: `Matrix draft ${i}`,
            boardId: o.boardA,
            subjectId: o.scienceA,
            grade: 7,
            questions: FIVE_TYPES,
          }),
        )
      ).id,
    );
    if (i < ACTORS.length) spares.push(await assign(quiz.id, o.teacher, o.schoolA1, `S${i}`));
  }
  const take = (queue: number[], what: string) => {
    const id = queue.shift();
    if (id === undefined) throw new Error(`world: no ${what} left`);
    return id;
  };
  return {
    quizId: quiz.id,
    imageId,
    assignmentId,
    attemptId,
    openEndedPosition: 5,
    otherChainQuizId: quizB.id,
    otherChainAssignmentId,
    draft: () => take(drafts, 'draft quiz'),
    spareAssignment: () => take(spares, 'spare assignment'),
  };
}

/** The markers that `actor` must never receive. */
export function forbiddenMarkers(actor: Actor): string[] {
  return Object.values(MARKERS)
    .filter((m) => !m.visibleTo.includes(actor))
    .map((m) => m.text);
}
