/**
 * The authorization matrix as data: for every API route, the calls to make (own tenant, another
 * tenant) and what each kind of caller must get. policy/access-matrix.int.test.ts checks every cell;
 * the hostile-input tests use it to send each route's requests mostly as callers it accepts.
 */
import { ACTORS, ERASABLE_NAME, type AccessWorld, type Actor } from './access-world';
import { ATTEMPT_ROWS } from './access-matrix-attempts';
import { CHALLENGE_ROWS } from './access-matrix-challenge';
import { CALENDAR_ROWS } from './access-matrix-calendar';
import { PLANS_ROWS } from './access-matrix-plans';
import { BROADCASTS_ROWS } from './access-matrix-broadcasts';
import { DOUBTS_ROWS } from './access-matrix-doubts';
import { LIVE_CLASSES_ROWS } from './access-matrix-live-classes';
import { CLASS_ROOMS_ROWS } from './access-matrix-class-rooms';
import { DRIVE_ROWS } from './access-matrix-drive';
import { CHAT_ROWS } from './access-matrix-chat';
import { multipart, PNG_1X1, quizInput } from './assessment-authoring-fixtures';
import { CONSENT_TEXT_VERSION } from '@ki/contracts';
import { SIGN_UP_CODE_A1 } from './access-world-privacy';

export type Status = 200 | 201 | 204 | 400 | 401 | 403 | 404 | 409;
export type Cells = Record<Actor, Status>;

export interface Call {
  /** What the cell is about, e.g. "own school" or "another chain's student". */
  target: string;
  /** The address; `actor` for rows whose call changes what it reaches (a request decided once). */
  url: (w: AccessWorld, actor: Actor) => string;
  payload?: (w: AccessWorld, actor: Actor) => unknown;
  /** Headers besides the session cookie (a multipart upload's content type). */
  headers?: () => Record<string, string>;
  expect: Cells;
}

/** Only `allowed` get 200; anonymous callers 401; everyone else `otherwise` (403 unless said). */
function only(allowed: readonly Actor[], otherwise: Partial<Record<Actor, Status>> = {}): Cells {
  return Object.fromEntries(
    ACTORS.map((a) => [a, a === 'anonymous' ? 401 : allowed.includes(a) ? 200 : (otherwise[a] ?? 403)]),
  ) as Cells;
}
/** As `only`, with `status` for the allowed (201 created, 204 no content). */
function onlyWith(status: Status, allowed: readonly Actor[], otherwise: Partial<Record<Actor, Status>> = {}): Cells {
  return Object.fromEntries(
    Object.entries(only(allowed, otherwise)).map(([a, s]) => [a, s === 200 ? status : s]),
  ) as Cells;
}
/** Every caller gets the same answer (public routes). */
const everyone = (status: Status): Cells => Object.fromEntries(ACTORS.map((a) => [a, status])) as Cells;
const SIGNED_IN = ACTORS.filter((a) => a !== 'anonymous');
const STAFF_A: Actor[] = ['teacher', 'principal', 'multiSchoolPrincipal', 'superadmin'];
/** An id no student or school has: refused exactly as one outside the caller's scope (403). */
const NO_SUCH_ID = 987654321;
const NOT_YOURS_ALIKE: Cells = only([]);
const OVER_ASHA: Actor[] = ['student', 'parent', ...STAFF_A];
const CONTENT: Actor[] = ['contentEditor', 'contentApprover'];
/** Staff of any tenant (quiz lists and reports answer each their own). */
const ALL_STAFF: Actor[] = [
  'teacher',
  'teacherTwoSchools',
  'teacherTwoSubjects',
  'principal',
  'multiSchoolPrincipal',
  'superadmin',
  'otherChainSuperadmin',
];
/** Staff who may read the teacher's A1 grade-7 science quiz (and its report). */
const OVER_QUIZ: Actor[] = ['teacher', 'teacherTwoSubjects', 'principal', 'multiSchoolPrincipal', 'superadmin'];
/** Staff to whom that quiz does not exist (404, as an unknown id). */
const NOT_OVER_QUIZ: Partial<Record<Actor, Status>> = { teacherTwoSchools: 404, otherChainSuperadmin: 404 };
const STAFF_404: Partial<Record<Actor, Status>> = Object.fromEntries(ALL_STAFF.map((a) => [a, 404]));
/** One small PNG as a multipart upload. */
const UPLOAD = multipart([{ name: 'file', filename: 'matrix.png', contentType: 'image/png', data: PNG_1X1 }]);
/** A rating body for the PUT, none for the GET. */
const rating = (method: 'GET' | 'PUT') => (method === 'PUT' ? { payload: () => ({ rating: 4 }) } : {});

const scoped = (path: string, extra = '') => ({
  own: (w: AccessWorld) => `/api/v1/analytics/${path}?schoolIds=${w.schoolA1}&grade=7${extra}`,
  other: (w: AccessWorld) => `/api/v1/analytics/${path}?schoolIds=${w.schoolB1}&grade=7${extra}`,
  all: () => `/api/v1/analytics/${path}?grade=7${extra}`,
  bothA: (w: AccessWorld, grade = '') =>
    `/api/v1/analytics/${path}?schoolIds=${w.schoolA1},${w.schoolA2}${grade}${extra}`,
});

/** Which subject a call's figures are of: A's science (the world's), B's maths, A's maths. */
type SubjectOf = 'science' | 'chain B' | 'maths';

/**
 * Analytics: staff over school A1 grade 7 on their own tenant; chain B only for its super-admin.
 * `figures`: the screen's figures are totals over every subject, which a teacher assigned one
 * subject may not see, or figures of one subject (the subject summary), which they may for theirs.
 */
function analyticsCalls(
  path: string,
  figures: 'all subjects' | 'one subject',
  extra: (w: AccessWorld, subject: SubjectOf) => string = () => '',
): Call[] {
  // A1's grade-7 science teacher; A2's grade-7 science teacher (no school named: their A2).
  const subjectTeachers: Actor[] = figures === 'one subject' ? ['teacherTwoSubjects'] : [];
  const anyA7Science: Actor[] = figures === 'one subject' ? ['teacherTwoSubjects', 'teacherTwoSchools'] : [];
  const calls: Call[] = [
    {
      target: 'own school, grade 7',
      url: (w) => scoped(path, extra(w, 'science')).own(w),
      expect: only([...STAFF_A, ...subjectTeachers]),
    },
    {
      target: 'another chain’s school',
      url: (w) => scoped(path, extra(w, 'chain B')).other(w),
      expect: only(['otherChainSuperadmin']),
    },
    // No schools named: everything the caller may see (their own tenant), which for chain B's
    // super-admin has no grade-7 data of chain A.
    {
      target: 'no school named (all of the caller’s)',
      url: (w) => scoped(path, extra(w, 'science')).all(),
      expect: only([...STAFF_A, 'otherChainSuperadmin', ...anyA7Science]),
    },
  ];
  if (figures === 'all subjects') {
    // A1 and A2, every grade: the teacher of A1's grade 8 and A2's grade-7 science has no grade
    // of A2 in every subject, and never A1's grade 7 (issue #21: their grades were pooled, 7 and 8 at both).
    // (The grade screen needs a grade: grade 7, which that teacher has at A2 in science only.)
    const grade = path === 'grade' ? '&grade=7' : '';
    calls.push({
      target: 'schools A1 and A2, every grade',
      url: (w) => scoped(path, extra(w, 'science')).bothA(w, grade),
      expect: only(['multiSchoolPrincipal', 'superadmin']),
    });
  } else {
    // Grade 7's science at A1 and A2: the science teacher of A2's grade 7 has no grade 7 at A1.
    calls.push({
      target: 'schools A1 and A2, grade 7',
      url: (w) => scoped(path, extra(w, 'science')).bothA(w, '&grade=7'),
      expect: only(['multiSchoolPrincipal', 'superadmin']),
    });
    // Grade 7's maths at A1: not for the teacher of grade 7's science and grade 8's maths.
    calls.push({
      target: 'own school, grade 7, another subject',
      url: (w) => scoped(path, extra(w, 'maths')).own(w),
      expect: only(STAFF_A),
    });
  }
  return calls;
}
const subjectIdOf = (w: AccessWorld, subject: SubjectOf) =>
  subject === 'science' ? w.subjectA : subject === 'maths' ? w.mathsA : w.subjectB;
const subjectExtra = (w: AccessWorld, subject: SubjectOf) => `&subjectId=${subjectIdOf(w, subject).id}`;
const chapterReportExtra = (w: AccessWorld, subject: SubjectOf) =>
  `&chapterId=${subjectIdOf(w, subject).chapter.id}&card=completed`;

export const MATRIX: Record<string, Call[]> = {
  'GET /api/v1/health': [{ target: 'public', url: () => '/api/v1/health', expect: everyone(200) }],
  'POST /api/v1/records': [
    // Only a student writes records, and only their own (the school and grade come from the session).
    {
      target: 'own record',
      url: () => '/api/v1/records',
      payload: (w) => ({ records: [w.recordFor()] }),
      expect: only(['student']),
    },
  ],
  'POST /api/v1/students/{id}/reindex': [
    // Within their scope, whoever sees the button somewhere (dashboards.md 6): staff with the qa
    // flag, and on topic tables any role other than school, so teachers and super-admins without it
    // too. Not a principal without the qa flag (the multi-school principal).
    {
      target: 'own student',
      url: (w) => `/api/v1/students/${w.studentId}/reindex`,
      expect: only(['teacher', 'teacherTwoSubjects', 'principal', 'superadmin']),
    },
    {
      target: 'another chain’s student',
      url: (w) => `/api/v1/students/${w.otherChainStudentId}/reindex`,
      expect: only(['otherChainSuperadmin']),
    },
    {
      target: 'another grade’s student',
      url: (w) => `/api/v1/students/${w.otherGradeStudentId}/reindex`,
      expect: only(['teacherTwoSchools', 'teacherTwoSubjects', 'principal', 'superadmin']),
    },
    { target: 'no such student', url: () => `/api/v1/students/${NO_SUCH_ID}/reindex`, expect: NOT_YOURS_ALIKE },
  ],
  'GET /api/v1/students/{id}/records': [
    { target: 'own student', url: (w) => `/api/v1/students/${w.studentId}/records`, expect: only(OVER_ASHA) },
    {
      target: 'another chain’s student',
      url: (w) => `/api/v1/students/${w.otherChainStudentId}/records`,
      expect: only(['otherChainSuperadmin']),
    },
    {
      target: 'another grade’s student',
      url: (w) => `/api/v1/students/${w.otherGradeStudentId}/records`,
      expect: only(['principal', 'multiSchoolPrincipal', 'superadmin', 'teacherTwoSchools']),
    },
    // The same answer as another's student: a 404 would tell which ids exist.
    { target: 'no such student', url: () => `/api/v1/students/${NO_SUCH_ID}/records`, expect: NOT_YOURS_ALIKE },
  ],
  'GET /api/v1/schools/{id}/records.ndjson': [
    {
      target: 'own school',
      url: (w) => `/api/v1/schools/${w.schoolA1}/records.ndjson`,
      expect: only(['principal', 'multiSchoolPrincipal', 'superadmin']),
    },
    {
      target: 'another chain’s school',
      url: (w) => `/api/v1/schools/${w.schoolB1}/records.ndjson`,
      expect: only(['otherChainSuperadmin']),
    },
    { target: 'no such school', url: () => `/api/v1/schools/${NO_SUCH_ID}/records.ndjson`, expect: NOT_YOURS_ALIKE },
  ],
  // Sign-in is public; with unknown credentials every caller gets the same refusal.
  'POST /api/v1/auth/otp': [
    {
      target: 'unregistered number',
      url: () => '/api/v1/auth/otp',
      payload: () => ({ mobile: '+919800000999' }),
      expect: everyone(404),
    },
  ],
  'POST /api/v1/auth/otp/verify': [
    {
      target: 'unknown challenge',
      url: () => '/api/v1/auth/otp/verify',
      payload: () => ({ challengeId: '00000000-0000-4000-8000-000000000000', code: '1234' }),
      expect: everyone(400),
    },
  ],
  'POST /api/v1/auth/code': [
    {
      target: 'wrong code',
      url: () => '/api/v1/auth/code',
      // One account per caller: wrong passwords back off per account and address (auth/backoff.ts).
      payload: (_w, actor) => ({
        code: `111122223333${String(ACTORS.indexOf(actor)).padStart(2, '0')}`,
        password: 'nope',
      }),
      expect: everyone(401),
    },
  ],
  'POST /api/v1/auth/staff': [
    {
      target: 'wrong password',
      url: () => '/api/v1/auth/staff',
      payload: (_w, actor) => ({
        mobile: `+9198000009${String(ACTORS.indexOf(actor)).padStart(2, '0')}`,
        password: 'nope',
      }),
      expect: everyone(401),
    },
  ],
  'POST /api/v1/auth/logout': [
    // Answered for everyone; the test signs each caller back in afterwards (it revokes the session).
    { target: 'own session', url: () => '/api/v1/auth/logout', expect: only(SIGNED_IN) },
  ],
  'GET /api/v1/dev/sms-outbox': [
    { target: 'a number never texted', url: () => '/api/v1/dev/sms-outbox?mobile=9800000997', expect: everyone(404) },
  ],
  'GET /api/v1/me': [{ target: 'self', url: () => '/api/v1/me', expect: only(SIGNED_IN) }],
  // Everyone signed in has a language preference; only a student is placed in a board and grade.
  'GET /api/v1/me/onboarding': [{ target: 'self', url: () => '/api/v1/me/onboarding', expect: only(SIGNED_IN) }],
  'PUT /api/v1/me/onboarding': [
    {
      target: 'self, language',
      url: () => '/api/v1/me/onboarding',
      payload: () => ({ language: 'en' }),
      expect: only(SIGNED_IN),
    },
    // Asha's board and grade are set by her school: a student cannot move herself (409); staff have none.
    {
      target: 'self, another board',
      url: () => '/api/v1/me/onboarding',
      payload: (w) => ({ boardId: w.boardB }),
      expect: only([], { student: 409 }),
    },
  ],
  // One's own language (issue #30): English is every school's, so every signed-in caller may set it.
  'PUT /api/v1/me/language': [
    {
      target: 'self, English',
      url: () => '/api/v1/me/language',
      payload: () => ({ language: 'en' }),
      expect: only(SIGNED_IN),
    },
  ],
  'GET /api/v1/me/schools': [
    {
      target: 'self',
      url: () => '/api/v1/me/schools',
      expect: only([
        'teacher',
        'teacherTwoSchools',
        'teacherTwoSubjects',
        'principal',
        'multiSchoolPrincipal',
        'superadmin',
        'otherChainSuperadmin',
      ]),
    },
  ],
  'GET /api/v1/me/subjects': [{ target: 'self', url: () => '/api/v1/me/subjects', expect: only(['student']) }],
  'GET /api/v1/learn/subjects/{slug}': [
    { target: 'own subject', url: (w) => `/api/v1/learn/subjects/${w.subjectA.slug}`, expect: only(['student']) },
    {
      target: 'another board’s subject',
      url: (w) => `/api/v1/learn/subjects/${w.subjectB.slug}`,
      expect: only([], { student: 404 }),
    },
  ],
  'GET /api/v1/analytics/overview': analyticsCalls('overview', 'all subjects'),
  'GET /api/v1/analytics/grade': analyticsCalls('grade', 'all subjects'),
  'GET /api/v1/analytics/insights': analyticsCalls('insights', 'all subjects'),
  'GET /api/v1/analytics/students': analyticsCalls('students', 'all subjects', () => '&category=registered&page=1'),
  'GET /api/v1/analytics/students.csv': analyticsCalls('students.csv', 'all subjects', () => '&category=registered'),
  'GET /api/v1/analytics/subject': analyticsCalls('subject', 'one subject', subjectExtra),
  'GET /api/v1/analytics/subject/students': analyticsCalls('subject/students', 'one subject', subjectExtra),
  'GET /api/v1/analytics/subject/students.csv': analyticsCalls('subject/students.csv', 'one subject', subjectExtra),
  'GET /api/v1/analytics/subject/chapter-report.csv': analyticsCalls(
    'subject/chapter-report.csv',
    'one subject',
    chapterReportExtra,
  ),
  'POST /api/v1/students/{id}/erasure': [
    // The school erases on request: its principal(s) and its chain's super-admin; a fresh student per cell.
    {
      target: 'own school’s student',
      url: (w) => `/api/v1/students/${w.erasable('A1')}/erasure`,
      payload: () => ({ reason: 'Parent’s written request', confirmName: ERASABLE_NAME }),
      expect: only(['principal', 'multiSchoolPrincipal', 'superadmin']),
    },
    {
      target: 'another chain’s student',
      url: (w) => `/api/v1/students/${w.erasable('B1')}/erasure`,
      payload: () => ({ reason: 'Parent’s written request', confirmName: ERASABLE_NAME }),
      expect: only(['otherChainSuperadmin']),
    },
    {
      target: 'no such student',
      url: () => `/api/v1/students/${NO_SUCH_ID}/erasure`,
      payload: () => ({ reason: 'Parent’s written request', confirmName: ERASABLE_NAME }),
      expect: NOT_YOURS_ALIKE,
    },
  ],
  // Privacy (issue #27): whoever reads the student sees what they may do; a linked parent asks the
  // school to erase; the school's authority declines (or erases, above).
  'GET /api/v1/students/{id}/privacy': [
    { target: 'own student', url: (w) => `/api/v1/students/${w.studentId}/privacy`, expect: only(OVER_ASHA) },
    {
      target: 'another chain’s student',
      url: (w) => `/api/v1/students/${w.otherChainStudentId}/privacy`,
      expect: only(['otherChainSuperadmin']),
    },
  ],
  'POST /api/v1/students/{id}/erasure-requests': [
    {
      target: 'own child',
      url: (w) => `/api/v1/students/${w.studentId}/erasure-requests`,
      payload: () => ({ reason: 'We are leaving the school' }),
      expect: onlyWith(201, ['parent']),
    },
  ],
  'GET /api/v1/schools/{id}/erasure-requests': [
    {
      target: 'own school',
      url: (w) => `/api/v1/schools/${w.schoolA1}/erasure-requests`,
      expect: only(['principal', 'multiSchoolPrincipal', 'superadmin']),
    },
    {
      target: 'another chain’s school',
      url: (w) => `/api/v1/schools/${w.schoolB1}/erasure-requests`,
      expect: only(['otherChainSuperadmin']),
    },
    { target: 'no such school', url: () => `/api/v1/schools/${NO_SUCH_ID}/erasure-requests`, expect: NOT_YOURS_ALIKE },
  ],
  'POST /api/v1/students/{id}/erasure-requests/{requestId}/decline': [
    {
      target: 'own school’s request',
      // Those who may decide get a fresh request each; the rest all try the one that stays waiting.
      url: (w, actor) => {
        const r = ['principal', 'multiSchoolPrincipal', 'superadmin'].includes(actor)
          ? w.privacy.pendingErasure('A1')
          : w.privacy.standing.A1;
        return `/api/v1/students/${r.studentId}/erasure-requests/${r.requestId}/decline`;
      },
      payload: () => ({ note: 'Board exam records are kept' }),
      expect: only(['principal', 'multiSchoolPrincipal', 'superadmin']),
    },
    {
      target: 'another chain’s request',
      url: (w, actor) => {
        const r = actor === 'otherChainSuperadmin' ? w.privacy.pendingErasure('B1') : w.privacy.standing.B1;
        return `/api/v1/students/${r.studentId}/erasure-requests/${r.requestId}/decline`;
      },
      payload: () => ({ note: 'Board exam records are kept' }),
      expect: only(['otherChainSuperadmin']),
    },
  ],
  // The parent's consent for an account a family made (issue #27): its linked parent only. A school's
  // account has none: the parent is told so (409).
  'POST /api/v1/students/{id}/consent/withdraw': [
    {
      target: 'own family-made child',
      url: (w, actor) =>
        `/api/v1/students/${actor === 'parent' ? w.privacy.consentChild('in force') : w.privacy.standingConsent['in force']}/consent/withdraw`,
      payload: () => ({}),
      expect: only(['parent']),
    },
    {
      target: 'own school-made child',
      url: (w) => `/api/v1/students/${w.studentId}/consent/withdraw`,
      payload: () => ({}),
      expect: only([], { parent: 409 }),
    },
    {
      target: 'another chain’s student',
      url: (w) => `/api/v1/students/${w.otherChainStudentId}/consent/withdraw`,
      payload: () => ({}),
      expect: NOT_YOURS_ALIKE,
    },
  ],
  'POST /api/v1/students/{id}/consent': [
    {
      target: 'own family-made child, consent withdrawn',
      url: (w, actor) =>
        `/api/v1/students/${actor === 'parent' ? w.privacy.consentChild('withdrawn') : w.privacy.standingConsent.withdrawn}/consent`,
      payload: () => ({ agreed: true, textVersion: CONSENT_TEXT_VERSION }),
      expect: only(['parent']),
    },
    {
      target: 'another chain’s student',
      url: (w) => `/api/v1/students/${w.otherChainStudentId}/consent`,
      payload: () => ({ agreed: true, textVersion: CONSENT_TEXT_VERSION }),
      expect: NOT_YOURS_ALIKE,
    },
  ],
  // Families' sign-up (auth/sign-up.service.ts): public, like sign-in.
  'GET /api/v1/sign-up/schools/{code}': [
    { target: 'A1’s code', url: () => `/api/v1/sign-up/schools/${SIGN_UP_CODE_A1}`, expect: everyone(200) },
    { target: 'an unknown code', url: () => '/api/v1/sign-up/schools/NOSUCH99', expect: everyone(404) },
  ],
  'POST /api/v1/sign-up': [
    {
      // Refused before any code is sent (a grade A1 does not teach): nobody is texted by the matrix.
      target: 'A1’s code, a grade it does not teach',
      url: () => '/api/v1/sign-up',
      payload: (w) => ({
        schoolCode: SIGN_UP_CODE_A1,
        parentMobile: '+919811199999',
        parentFirstName: 'Meera',
        childFirstName: 'Anu',
        boardId: w.boardA,
        grade: 12,
        language: 'en',
        password: 'Island@7',
        consent: { agreed: true, textVersion: CONSENT_TEXT_VERSION },
      }),
      expect: everyone(400),
    },
  ],
  'POST /api/v1/sign-up/verify': [
    {
      target: 'an unknown sign-up',
      url: () => '/api/v1/sign-up/verify',
      payload: () => ({ challengeId: '00000000-0000-4000-8000-00000000abcd', code: '1234' }),
      expect: everyone(400),
    },
  ],
  // Profile: one's own, whoever one is.
  'GET /api/v1/me/profile': [{ target: 'self', url: () => '/api/v1/me/profile', expect: only(SIGNED_IN) }],
  'PUT /api/v1/me/profile': [
    {
      target: 'self, same name',
      url: () => '/api/v1/me/profile',
      payload: (w, actor) =>
        actor === 'anonymous'
          ? { firstName: 'X', lastName: '', email: '', language: 'en' }
          : { ...w.names[actor], email: '', language: 'en' },
      expect: only(SIGNED_IN),
    },
  ],
  // Authoring: content roles only, not tied to a school; editors write, approvers decide.
  'GET /api/v1/authoring/catalog': [
    { target: 'all content', url: () => '/api/v1/authoring/catalog', expect: only(CONTENT) },
  ],
  'GET /api/v1/authoring/chapters': [
    {
      target: 'a board and grade',
      url: (w) => `/api/v1/authoring/chapters?boardId=${w.boardA}&grade=7`,
      expect: only(CONTENT),
    },
  ],
  'GET /api/v1/authoring/chapters/{id}': [
    { target: 'a chapter', url: (w) => `/api/v1/authoring/chapters/${w.subjectA.chapter.id}`, expect: only(CONTENT) },
  ],
  'GET /api/v1/authoring/topics/{id}': [
    {
      target: 'a draft topic',
      url: (w) => `/api/v1/authoring/topics/${w.authoring.draftTopicId}`,
      expect: only(CONTENT),
    },
  ],
  'POST /api/v1/authoring/subjects': [
    {
      target: 'new subject',
      url: () => '/api/v1/authoring/subjects',
      payload: () => ({ names: { en: 'Matrix Studies' } }),
      expect: only(['contentEditor']),
    },
  ],
  'PUT /api/v1/authoring/subjects/{id}': [
    {
      target: 'published subject',
      url: (w) => `/api/v1/authoring/subjects/${w.subjectA.id}`,
      payload: () => ({ names: { en: 'Access Science' } }),
      expect: only(['contentEditor']),
    },
  ],
  'POST /api/v1/authoring/chapters': [
    {
      target: 'new chapter',
      url: () => '/api/v1/authoring/chapters',
      payload: (w) => ({ subjectId: w.subjectA.id, boardId: w.boardA, grade: 7, names: { en: 'Matrix chapter' } }),
      expect: only(['contentEditor']),
    },
  ],
  'PUT /api/v1/authoring/chapters/{id}': [
    {
      target: 'published chapter',
      url: (w) => `/api/v1/authoring/chapters/${w.subjectA.chapter.id}`,
      payload: () => ({ names: { en: 'Chapter One' } }),
      expect: only(['contentEditor']),
    },
  ],
  'POST /api/v1/authoring/topics': [
    {
      target: 'new topic',
      url: () => '/api/v1/authoring/topics',
      payload: (w) => ({ chapterId: w.subjectA.chapter.id, names: { en: 'Matrix new topic' } }),
      expect: only(['contentEditor']),
    },
  ],
  'PUT /api/v1/authoring/topics/{id}': [
    {
      target: 'draft topic',
      url: (w) => `/api/v1/authoring/topics/${w.authoring.draftTopicId}`,
      payload: () => ({ names: { en: 'Matrix draft topic, renamed' } }),
      expect: only(['contentEditor']),
    },
  ],
  'PUT /api/v1/authoring/topics/{id}/concepts/{language}': [
    {
      target: 'draft topic’s Hindi concept',
      url: (w) => `/api/v1/authoring/topics/${w.authoring.draftTopicId}/concepts/hi`,
      payload: () => ({ body: 'यह विषय खेलने से पहले पढ़ने के लिए एक छोटा सा परिचय है, चालीस अक्षरों से लंबा।' }),
      expect: only(['contentEditor']),
    },
  ],
  'POST /api/v1/authoring/questions': [
    {
      target: 'question of the draft topic',
      url: () => '/api/v1/authoring/questions',
      payload: (w) => ({
        topicId: w.authoring.draftTopicId,
        type: 'true_false',
        content: { en: { text: 'Is this a question?', options: ['True', 'False'], solution: 'Yes, it is.' } },
        answer: [0],
      }),
      expect: only(['contentEditor']),
    },
  ],
  'PUT /api/v1/authoring/questions/{id}': [
    {
      target: 'published question',
      url: (w) => `/api/v1/authoring/questions/${w.subjectA.chapter.topics[0]!.questions[0]!.id}`,
      payload: () => ({
        type: 'multiple_choice',
        content: { en: { text: 'Question 1, reworded?', options: ['a', 'b', 'c', 'd'], solution: 'b, as before.' } },
        answer: [1],
      }),
      expect: only(['contentEditor']),
    },
  ],
  'PUT /api/v1/authoring/order': [
    {
      target: 'topics of a chapter',
      url: () => '/api/v1/authoring/order',
      payload: (w) => ({
        parent: { type: 'chapter', chapterId: w.subjectA.chapter.id },
        ids: [...w.subjectA.chapter.topics.map((x) => x.id)].reverse(),
      }),
      // The chapter also holds the world's draft topics: a list that misses siblings is refused.
      expect: only([], { contentEditor: 400 }),
    },
  ],
  'POST /api/v1/authoring/submissions': [
    {
      target: 'the draft topic',
      url: () => '/api/v1/authoring/submissions',
      payload: (w) => ({ entityType: 'topic', entityId: w.authoring.draftTopicId }),
      expect: only(['contentEditor']),
    },
  ],
  'GET /api/v1/authoring/submissions': [
    { target: 'the queue', url: () => '/api/v1/authoring/submissions', expect: only(CONTENT) },
  ],
  'GET /api/v1/authoring/submissions/{id}': [
    {
      target: 'a submission',
      url: (w) => `/api/v1/authoring/submissions/${w.authoring.toApprove}`,
      expect: only(CONTENT),
    },
  ],
  'POST /api/v1/authoring/submissions/{id}/approve': [
    {
      target: 'another’s submission',
      url: (w) => `/api/v1/authoring/submissions/${w.authoring.toApprove}/approve`,
      expect: only(['contentApprover']),
    },
  ],
  'POST /api/v1/authoring/submissions/{id}/return': [
    {
      target: 'another’s submission',
      url: (w) => `/api/v1/authoring/submissions/${w.authoring.toReturn}/return`,
      payload: () => ({ comment: 'Please add a worked example.' }),
      expect: only(['contentApprover']),
    },
  ],
  // The learner's content and own things: students of the board and grade; other content is 404 to them.
  'GET /api/v1/learn/subjects/{slug}/bundle': [
    {
      target: 'own subject',
      url: (w) => `/api/v1/learn/subjects/${w.subjectA.slug}/bundle`,
      expect: only(['student']),
    },
    {
      target: 'another board’s subject',
      url: (w) => `/api/v1/learn/subjects/${w.subjectB.slug}/bundle`,
      expect: only([], { student: 404 }),
    },
  ],
  'GET /api/v1/learn/progress': [{ target: 'self', url: () => '/api/v1/learn/progress', expect: only(['student']) }],
  'GET /api/v1/bookmarks': [{ target: 'self', url: () => '/api/v1/bookmarks', expect: only(['student']) }],
  ...Object.fromEntries(
    (['PUT', 'DELETE'] as const).flatMap((method) => [
      [
        `${method} /api/v1/bookmarks/concepts/{id}`,
        [
          {
            target: 'own topic’s concept',
            url: (w: AccessWorld) => `/api/v1/bookmarks/concepts/${w.subjectA.chapter.topics[0]!.id}`,
            expect: only(['student']),
          },
          {
            target: 'another board’s concept',
            url: (w: AccessWorld) => `/api/v1/bookmarks/concepts/${w.subjectB.chapter.topics[0]!.id}`,
            expect: only([], { student: 404 }),
          },
        ],
      ],
      [
        `${method} /api/v1/bookmarks/questions/{id}`,
        [
          {
            target: 'own question',
            url: (w: AccessWorld) => `/api/v1/bookmarks/questions/${w.subjectA.chapter.topics[0]!.questions[0]!.id}`,
            expect: only(['student']),
          },
          {
            target: 'another board’s question',
            url: (w: AccessWorld) => `/api/v1/bookmarks/questions/${w.subjectB.chapter.topics[0]!.questions[0]!.id}`,
            expect: only([], { student: 404 }),
          },
        ],
      ],
    ]),
  ),
  ...Object.fromEntries(
    (['GET', 'PUT'] as const).map((method) => [
      `${method} /api/v1/learn/topics/{id}/rating`,
      [
        {
          target: 'own topic',
          url: (w: AccessWorld) => `/api/v1/learn/topics/${w.subjectA.chapter.topics[0]!.id}/rating`,
          ...rating(method),
          expect: only(['student']),
        },
        {
          target: 'another board’s topic',
          url: (w: AccessWorld) => `/api/v1/learn/topics/${w.subjectB.chapter.topics[0]!.id}/rating`,
          ...rating(method),
          expect: only([], { student: 404 }),
        },
      ],
    ]),
  ),
  'GET /api/v1/leaderboard': [
    { target: 'own class', url: () => '/api/v1/leaderboard?page=1', expect: only(['student']) },
  ],
  'PUT /api/v1/schools/{id}/leaderboard': [
    {
      target: 'own school',
      url: (w) => `/api/v1/schools/${w.schoolA1}/leaderboard`,
      payload: () => ({ mode: 'full' }),
      expect: only(['principal', 'multiSchoolPrincipal']),
    },
    {
      target: 'another chain’s school',
      url: (w) => `/api/v1/schools/${w.schoolB1}/leaderboard`,
      payload: () => ({ mode: 'off' }),
      expect: only([]),
    },
  ],
  'GET /api/v1/schools/{id}/leaderboard': [
    {
      target: 'own school',
      url: (w) => `/api/v1/schools/${w.schoolA1}/leaderboard`,
      expect: only(['principal', 'multiSchoolPrincipal']),
    },
    { target: 'another chain’s school', url: (w) => `/api/v1/schools/${w.schoolB1}/leaderboard`, expect: only([]) },
  ],
  'PUT /api/v1/schools/{id}/leaderboard/grades/{grade}': [
    {
      target: 'own school',
      url: (w) => `/api/v1/schools/${w.schoolA1}/leaderboard/grades/7`,
      payload: () => ({ mode: null }),
      expect: only(['principal', 'multiSchoolPrincipal']),
    },
    {
      target: 'another chain’s school',
      url: (w) => `/api/v1/schools/${w.schoolB1}/leaderboard/grades/7`,
      payload: () => ({ mode: 'off' }),
      expect: only([]),
    },
  ],
  // Student dashboard (dashboards.md 2.2): the student, her linked parent, staff over her.
  ...Object.fromEntries(
    (['dashboard', 'progress?filter=week'] as const).map((path) => [
      `GET /api/v1/students/{id}/${path.split('?')[0]}`,
      [
        {
          target: 'own student',
          url: (w: AccessWorld) => `/api/v1/students/${w.studentId}/${path}`,
          expect: only(OVER_ASHA),
        },
        {
          target: 'another chain’s student',
          url: (w: AccessWorld) => `/api/v1/students/${w.otherChainStudentId}/${path}`,
          expect: only(['otherChainSuperadmin']),
        },
        // Staff used to get 404 here, students and parents 403.
        { target: 'no such student', url: () => `/api/v1/students/${NO_SUCH_ID}/${path}`, expect: NOT_YOURS_ALIKE },
      ],
    ]),
  ),
  'GET /api/v1/students/{id}/subjects/{subjectId}': [
    {
      target: 'own student',
      url: (w) => `/api/v1/students/${w.studentId}/subjects/${w.subjectA.id}`,
      expect: only([...OVER_ASHA, 'teacherTwoSubjects']),
    },
    // Her maths: not for the teacher of her grade's science (and grade 8's maths).
    {
      target: 'own student, another subject',
      url: (w) => `/api/v1/students/${w.studentId}/subjects/${w.mathsA.id}`,
      expect: only(OVER_ASHA),
    },
    {
      target: 'another chain’s student',
      url: (w) => `/api/v1/students/${w.otherChainStudentId}/subjects/${w.subjectB.id}`,
      expect: only(['otherChainSuperadmin']),
    },
  ],
  // The exam launcher (access-and-app-shell.md 2.2; docs/DECISIONS.md "Exam launcher"): students and
  // school staff of any school or chain, for their own account only (the token carries the caller's
  // id); not parents, not content roles. Tests run with the development stand-in.
  'POST /api/v1/exams/launch': [
    {
      target: 'own account',
      url: () => '/api/v1/exams/launch',
      payload: () => ({ type: 'JEE' }),
      expect: only([
        'student',
        'teacher',
        'teacherTwoSchools',
        'teacherTwoSubjects',
        'principal',
        'multiSchoolPrincipal',
        'superadmin',
        'otherChainSuperadmin',
      ]),
    },
  ],
  // The stand-in of the outside site knows no session, only the token: the same answer for everyone.
  'GET /api/v1/dev/exam-site': [
    { target: 'a token that does not verify', url: () => '/api/v1/dev/exam-site?token=a.b.c', expect: everyone(401) },
  ],
  'GET /api/v1/me/children': [{ target: 'own children', url: () => '/api/v1/me/children', expect: only(['parent']) }],
  // Parent links (security issue #21): staff over the student see them; the school's principal or
  // the chain's super-admin links, unlinks and decides; only a teacher over the student requests.
  // A teacher of the student's grade in any subject sees the links and may ask for one (no figures).
  'GET /api/v1/students/{id}/parents': [
    {
      target: 'own student',
      url: (w) => `/api/v1/students/${w.studentId}/parents`,
      expect: only([...STAFF_A, 'teacherTwoSubjects']),
    },
    {
      target: 'another chain’s student',
      url: (w) => `/api/v1/students/${w.otherChainStudentId}/parents`,
      expect: only(['otherChainSuperadmin']),
    },
    {
      target: 'another grade’s student',
      url: (w) => `/api/v1/students/${w.otherGradeStudentId}/parents`,
      expect: only(['principal', 'multiSchoolPrincipal', 'superadmin', 'teacherTwoSchools', 'teacherTwoSubjects']),
    },
  ],
  'POST /api/v1/students/{id}/parents': [
    {
      target: 'own student',
      url: (w) => `/api/v1/students/${w.studentId}/parents`,
      payload: () => ({ mobile: '+919811100001', firstName: 'Priya' }),
      expect: only(['principal', 'multiSchoolPrincipal', 'superadmin']),
    },
    {
      target: 'no such student',
      url: () => `/api/v1/students/${NO_SUCH_ID}/parents`,
      payload: () => ({ mobile: '+919811100001', firstName: 'Priya' }),
      expect: NOT_YOURS_ALIKE,
    },
    {
      target: 'another chain’s student',
      url: (w) => `/api/v1/students/${w.otherChainStudentId}/parents`,
      // A parent of chain B's own: linking Asha's parent there would put Bharat in her answers.
      payload: () => ({ mobile: '+919811100077', firstName: 'Bravo parent' }),
      expect: only(['otherChainSuperadmin']),
    },
  ],
  'DELETE /api/v1/students/{id}/parents/{linkId}': [
    {
      target: 'own student’s parent',
      url: (w) => `/api/v1/students/${w.studentId}/parents/${w.spareParentLink('A1')}`,
      expect: only(['principal', 'multiSchoolPrincipal', 'superadmin']),
    },
    {
      target: 'another chain’s student’s parent',
      url: (w) => `/api/v1/students/${w.otherChainStudentId}/parents/${w.spareParentLink('B1')}`,
      expect: only(['otherChainSuperadmin']),
    },
    {
      target: 'another chain’s link under the own student',
      url: (w) => `/api/v1/students/${w.studentId}/parents/${w.spareParentLink('B1')}`,
      expect: only([], { principal: 404, multiSchoolPrincipal: 404, superadmin: 404 }),
    },
  ],
  'POST /api/v1/students/{id}/parent-requests': [
    {
      target: 'own student',
      url: (w) => `/api/v1/students/${w.studentId}/parent-requests`,
      payload: () => ({ mobile: '+919811100088', firstName: 'Requested' }),
      expect: only(['teacher', 'teacherTwoSubjects']),
    },
    {
      target: 'another grade’s student',
      url: (w) => `/api/v1/students/${w.otherGradeStudentId}/parent-requests`,
      payload: () => ({ mobile: '+919811100088', firstName: 'Requested' }),
      expect: only(['teacherTwoSchools', 'teacherTwoSubjects']),
    },
    {
      target: 'another chain’s student',
      url: (w) => `/api/v1/students/${w.otherChainStudentId}/parent-requests`,
      payload: () => ({ mobile: '+919811100089', firstName: 'Requested' }),
      expect: only([]),
    },
  ],
  ...Object.fromEntries(
    (['approve', 'reject'] as const).map((action) => [
      `POST /api/v1/students/{id}/parent-requests/{requestId}/${action}`,
      [
        {
          target: 'own student’s request',
          url: (w: AccessWorld) =>
            `/api/v1/students/${w.studentId}/parent-requests/${w.pendingLinkRequest('A1')}/${action}`,
          expect: only(['principal', 'multiSchoolPrincipal', 'superadmin']),
        },
        {
          target: 'another chain’s student’s request',
          url: (w: AccessWorld) =>
            `/api/v1/students/${w.otherChainStudentId}/parent-requests/${w.pendingLinkRequest('B1')}/${action}`,
          expect: only(['otherChainSuperadmin']),
        },
      ],
    ]),
  ),
  'GET /api/v1/schools/{id}/parent-requests': [
    {
      target: 'own school',
      url: (w) => `/api/v1/schools/${w.schoolA1}/parent-requests`,
      expect: only(['principal', 'multiSchoolPrincipal', 'superadmin']),
    },
    {
      target: 'another chain’s school',
      url: (w) => `/api/v1/schools/${w.schoolB1}/parent-requests`,
      expect: only(['otherChainSuperadmin']),
    },
  ],
  // Students' attempts (issue #23): test/access-matrix-attempts.ts.
  ...ATTEMPT_ROWS,
  // The live challenge (issue #24): test/access-matrix-challenge.ts.
  ...CHALLENGE_ROWS,
  // Staff chat (issue #25): test/access-matrix-chat.ts.
  ...CHAT_ROWS,
  // The school calendar (issue #26): test/access-matrix-calendar.ts.
  ...CALENDAR_ROWS,
  // Plans and payment (issue #27): test/access-matrix-plans.ts.
  ...PLANS_ROWS,
  ...BROADCASTS_ROWS,
  ...DOUBTS_ROWS,
  ...LIVE_CLASSES_ROWS,
  ...CLASS_ROOMS_ROWS,
  ...DRIVE_ROWS,
  // Teachers' quizzes (issue #23, policy/assessment-authoring.ts): staff read what they may see;
  // only the teacher who wrote a quiz changes it; a quiz or report out of reach is 404 like none.
  'GET /api/v1/assessments': [{ target: 'own lists', url: () => '/api/v1/assessments', expect: only(ALL_STAFF) }],
  'GET /api/v1/assessments/classes': [
    { target: 'own classes', url: () => '/api/v1/assessments/classes', expect: only(ALL_STAFF) },
  ],
  'POST /api/v1/assessments': [
    // A1's grade-7 science: its teacher, the science teacher of A1 (and of A2's grade 7, where it goes).
    {
      target: 'science of grade 7',
      url: () => '/api/v1/assessments',
      payload: (w) => quizInput({ boardId: w.boardA, subjectId: w.subjectA.id, grade: 7 }),
      expect: onlyWith(201, ['teacher', 'teacherTwoSubjects', 'teacherTwoSchools']),
    },
    {
      target: 'maths of grade 7',
      url: () => '/api/v1/assessments',
      payload: (w) => quizInput({ boardId: w.boardA, subjectId: w.mathsA.id, grade: 7 }),
      expect: onlyWith(201, ['teacher']),
    },
  ],
  'GET /api/v1/assessments/{id}': [
    {
      target: 'own school’s quiz',
      url: (w) => `/api/v1/assessments/${w.assessment.quizId}`,
      expect: only(OVER_QUIZ, NOT_OVER_QUIZ),
    },
    {
      target: 'another chain’s quiz',
      url: (w) => `/api/v1/assessments/${w.assessment.otherChainQuizId}`,
      expect: only(['otherChainSuperadmin'], STAFF_404),
    },
    { target: 'no such quiz', url: () => `/api/v1/assessments/${NO_SUCH_ID}`, expect: only([], STAFF_404) },
  ],
  'PUT /api/v1/assessments/{id}': [
    {
      target: 'the teacher’s draft',
      url: (w) => `/api/v1/assessments/${w.assessment.draft()}`,
      payload: (w) =>
        quizInput({ boardId: w.boardA, subjectId: w.subjectA.id, grade: 7, name: 'Matrix draft, edited' }),
      expect: only(['teacher'], NOT_OVER_QUIZ),
    },
  ],
  'DELETE /api/v1/assessments/{id}': [
    {
      target: 'the teacher’s draft',
      url: (w) => `/api/v1/assessments/${w.assessment.draft()}`,
      expect: onlyWith(204, ['teacher'], NOT_OVER_QUIZ),
    },
    {
      target: 'another chain’s quiz',
      url: (w) => `/api/v1/assessments/${w.assessment.otherChainQuizId}`,
      expect: only([], { ...STAFF_404, otherChainSuperadmin: 403 }),
    },
  ],
  'POST /api/v1/assessments/{id}/publish': [
    {
      target: 'the teacher’s draft',
      url: (w) => `/api/v1/assessments/${w.assessment.draft()}/publish`,
      expect: only(['teacher'], NOT_OVER_QUIZ),
    },
  ],
  'POST /api/v1/assessments/{id}/assignments': [
    {
      target: 'A1 grade 7',
      url: (w) => `/api/v1/assessments/${w.assessment.quizId}/assignments`,
      payload: (w) => ({
        schoolId: w.schoolA1,
        grade: 7,
        section: 'M',
        opensAt: '2026-11-21T03:30:00Z',
        closesAt: '2026-11-22T12:30:00Z',
      }),
      expect: only(['teacher'], NOT_OVER_QUIZ),
    },
  ],
  'DELETE /api/v1/assessments/{id}/assignments/{assignmentId}': [
    {
      target: 'an assignment nobody started',
      url: (w) => `/api/v1/assessments/${w.assessment.quizId}/assignments/${w.assessment.spareAssignment()}`,
      expect: onlyWith(204, ['teacher'], NOT_OVER_QUIZ),
    },
  ],
  'POST /api/v1/images': [
    {
      target: 'a PNG into the own school',
      url: () => '/api/v1/images',
      payload: () => UPLOAD.payload,
      headers: () => ({ 'content-type': UPLOAD.contentType }),
      expect: onlyWith(201, ['teacher', 'teacherTwoSchools', 'teacherTwoSubjects']),
    },
  ],
  'GET /api/v1/images/{id}': [
    // The quiz's cover: staff over the quiz, and the student of the class it is set for (its join page).
    {
      target: 'a published quiz’s cover',
      url: (w) => `/api/v1/images/${w.assessment.imageId}`,
      expect: only([...OVER_QUIZ, 'student'], {
        ...NOT_OVER_QUIZ,
        parent: 404,
        contentEditor: 404,
        contentApprover: 404,
      }),
    },
  ],
  'GET /api/v1/assessment/marking': [
    {
      target: 'own queue',
      url: () => '/api/v1/assessment/marking',
      expect: only(['teacher', 'teacherTwoSchools', 'teacherTwoSubjects', 'principal', 'multiSchoolPrincipal']),
    },
  ],
  'PUT /api/v1/assessment/marking/{attemptId}/{position}': [
    {
      target: 'Asha’s open-ended answer',
      url: (w) => `/api/v1/assessment/marking/${w.assessment.attemptId}/${w.assessment.openEndedPosition}`,
      payload: () => ({ marks: 150, comment: 'Well explained.' }),
      expect: onlyWith(204, ['teacher', 'teacherTwoSubjects', 'principal', 'multiSchoolPrincipal'], {
        teacherTwoSchools: 404,
      }),
    },
  ],
  ...Object.fromEntries(
    ['reports', 'reports.csv'].map((path) => [
      `GET /api/v1/assessment/${path}`,
      [
        {
          target: 'everything the caller may see',
          url: () => `/api/v1/assessment/${path}?from=2026-11-01&to=2026-11-30`,
          expect: only(ALL_STAFF),
        },
        {
          target: 'own school',
          url: (w: AccessWorld) =>
            `/api/v1/assessment/${path}?from=2026-11-01&to=2026-11-30&schoolId=${w.schoolA1}&grade=7`,
          expect: only(['teacher', 'teacherTwoSubjects', 'principal', 'multiSchoolPrincipal', 'superadmin']),
        },
        {
          target: 'another chain’s school',
          url: (w: AccessWorld) => `/api/v1/assessment/${path}?from=2026-11-01&to=2026-11-30&schoolId=${w.schoolB1}`,
          expect: only(['otherChainSuperadmin']),
        },
      ],
    ]),
  ),
  ...Object.fromEntries(
    ['', '/students.csv', '/questions.csv'].map((path) => [
      `GET /api/v1/assessment/reports/{assignmentId}${path}`,
      [
        {
          target: 'own class',
          url: (w: AccessWorld) => `/api/v1/assessment/reports/${w.assessment.assignmentId}${path}`,
          expect: only(OVER_QUIZ, NOT_OVER_QUIZ),
        },
        {
          target: 'another chain’s class',
          url: (w: AccessWorld) => `/api/v1/assessment/reports/${w.assessment.otherChainAssignmentId}${path}`,
          expect: only(['otherChainSuperadmin'], STAFF_404),
        },
        {
          target: 'no such assignment',
          url: () => `/api/v1/assessment/reports/${NO_SUCH_ID}${path}`,
          expect: only([], STAFF_404),
        },
      ],
    ]),
  ),
};

/** Callers that get a 2xx from at least one of the route's calls. */
export function allowedActors(route: string): Actor[] {
  return ACTORS.filter((a) => (MATRIX[route] ?? []).some((c) => c.expect[a] >= 200 && c.expect[a] < 300));
}
