/**
 * The demo school chain: schools on two boards, grades 1-12, staff of every role, students whose
 * records follow the activity model, and rollups computed by the same rules as ingest. Deterministic
 * for a seed and a "now".
 */
import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import type { Language } from '@ki/domain';
import { addDemoQuizzes, type DemoQuizzes } from './assessment-demo';
import { addDemoCalendar } from './calendar-demo';
import { addDemoBroadcasts } from './broadcasts-demo';
import { addDemoDoubts } from './doubts-demo';
import { addDemoLiveClasses } from './live-classes-demo';
import { addDemoChat, addDemoMeetings } from './chat-demo';
import { addDemoLearnerExtras } from './learner-extras';
import { addDemoPlans, DEMO_PLAN_STUDENTS, FAMILY_PAID_SCHOOL } from './plans-demo';
import { applyBatchRules } from '../modules/records/batch-rules';
import type { RecordRow } from '../modules/records/attempt-record';
import { markRecord, type ChapterInfo, type QuestionKey } from '../modules/records/marking';
import { computeAllRollups, factsFromMarked, type StudentContext } from '../modules/records/rollup-rules';
import { createProfile, simulateStudent, type Engagement } from './activity-model';
import { loadCurriculumSources } from './curriculum-source';
import { indexKey, insertCurriculum, readCurriculumIndex, type CurriculumIndex } from './load-curriculum';
import { CHAIN_NAME, FIRST_NAMES, LAST_NAMES, SCHOOL_TEMPLATES, type SchoolTemplate } from './people';
import { randomFor, stableUuid, type Random } from './rng';

export { stableUuid } from './rng';
export { DEMO_FAMILY_PARENT, DEMO_PLAN_STUDENTS, DEMO_SIGN_UP_CODE, FAMILY_PAID_SCHOOL } from './plans-demo';

/** Every demo account signs in with this password (staff, and students using their 14-digit code). */
export const DEMO_PASSWORD = 'Learn@2026';

/** The fixed demo logins listed in the README; all in the first school unless said otherwise. */
export const DEMO_ACCOUNTS = {
  superadmin: '+919000000001',
  principal: '+919000000002',
  multiSchoolPrincipal: '+919000000003',
  teacher: '+919000000004',
  subjectTeacher: '+919000000005',
  qaPrincipal: '+919000000006',
  contentEditor: '+919000000007',
  contentApprover: '+919000000008',
  parent: '+919000000009',
  student: '+919000000010',
  newStudent: '+919000000011',
  mathsScienceTeacher: '+919000000012',
} as const;
export const DEMO_STUDENT_CODE = '20260000000010';
/**
 * Grade III students, one per Indian language, who see the translated demo curriculum (grade 3 is
 * written in all six languages: curriculum/<subject>/grade-03.<lang>.json). Each is in a school that
 * activates the language (SCHOOL_TEMPLATES): `school` is the school's index in the chain, so the
 * Telugu student exists only in a chain of four schools or more (Hyderabad is the fourth).
 * They sign in like Aarav: mobile + OTP, or code + DEMO_PASSWORD.
 */
export const DEMO_LANGUAGE_STUDENTS = [
  { school: 0, language: 'hi', first: 'Saanvi', last: 'Sharma', mobile: '+919000000013', code: '20260000000013' },
  { school: 0, language: 'mr', first: 'Omkar', last: 'Jadhav', mobile: '+919000000014', code: '20260000000014' },
  { school: 1, language: 'gu', first: 'Hetvi', last: 'Patel', mobile: '+919000000015', code: '20260000000015' },
  { school: 2, language: 'ta', first: 'Surya', last: 'Krishnan', mobile: '+919000000016', code: '20260000000016' },
  { school: 2, language: 'te', first: 'Lasya', last: 'Reddy', mobile: '+919000000017', code: '20260000000017' },
] as const satisfies readonly {
  school: number;
  language: Language;
  first: string;
  last: string;
  mobile: string;
  code: string;
}[];
/** The grade of the translated demo curriculum and of DEMO_LANGUAGE_STUDENTS. */
export const DEMO_TRANSLATED_GRADE = 3;

/**
 * Aarav, the demo student, has not reached the last three chapters of any subject, on whatever date
 * the demo is loaded: a school's first look shows islands still to play, and the learner journeys
 * always find fresh chapters to play.
 */
export const DEMO_STUDENT_UNREACHED_CHAPTERS = 3;

export interface DemoOptions {
  schools: number;
  studentsPerSchool: number;
  seed: number;
  now: Date;
  /** Multiplies how often students play (1 = the believable demo; the benchmark chain uses about 4). */
  activity?: number;
  log?: (message: string) => void;
}
export interface DemoSummary {
  chainId: number;
  schoolIds: number[];
  students: number;
  records: number;
}

const GRADES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const HOUR = 3_600_000;

export async function generateDemoChain(database: Database, options: DemoOptions): Promise<DemoSummary> {
  const { db } = database;
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const passwordHash = await hash(DEMO_PASSWORD);

  const boards = await ensureBoards(db);
  let index = await readCurriculumIndex(db);
  if (index.size === 0) {
    index = await insertCurriculum(db, [boards.CBSE, boards.GSEB], loadCurriculumSources(options.seed));
    log(`curriculum loaded for CBSE and GSEB (${Date.now() - started} ms)`);
  }
  const marking = markingContexts(index);

  const chainId = (
    await db.insertInto('school_chains').values({ name: CHAIN_NAME }).returning('id').executeTakeFirstOrThrow()
  ).id;
  const termStart = demoPlayStart(options.now);
  const schoolIds: number[] = [];
  let students = 0;
  let records = 0;
  const pending = new PendingWrites(database);

  await insertStaff(db, {
    role: 'superadmin',
    first: 'Meera',
    last: 'Krishnamurthy',
    mobile: DEMO_ACCOUNTS.superadmin,
    chainId,
    passwordHash,
  });
  const multiPrincipal = await insertStaff(db, {
    role: 'principal',
    first: 'Rajesh',
    last: 'Agarwal',
    mobile: DEMO_ACCOUNTS.multiSchoolPrincipal,
    passwordHash,
  });
  await insertStaff(db, {
    role: 'content_editor',
    first: 'Farah',
    last: 'Sheikh',
    mobile: DEMO_ACCOUNTS.contentEditor,
    passwordHash,
  });
  await insertStaff(db, {
    role: 'content_approver',
    first: 'Vikram',
    last: 'Nair',
    mobile: DEMO_ACCOUNTS.contentApprover,
    passwordHash,
  });
  const demoParent = await insertStaff(db, {
    role: 'parent',
    first: 'Sunita',
    last: 'Patil',
    mobile: DEMO_ACCOUNTS.parent,
    passwordHash: null,
  });

  for (let s = 0; s < options.schools; s++) {
    const template = SCHOOL_TEMPLATES[s % SCHOOL_TEMPLATES.length]!;
    const rng = randomFor(options.seed, `school:${s}`);
    const boardId = boards[template.board];
    const branch = s >= SCHOOL_TEMPLATES.length ? ` ${Math.floor(s / SCHOOL_TEMPLATES.length) + 1}` : '';
    const { id: schoolId, time_zone: timeZone } = await db
      .insertInto('schools')
      .values({
        chain_id: chainId,
        name: `${template.name}, ${template.city}${branch}`,
        city: template.city,
        state: template.state,
        // One school in the chain labels grades 11 and 12 by batch (dashboards.md 2.3).
        is_pace: s === 2,
        activated_languages: template.languages,
        activated_products: s % 2 === 0 ? ['liveclasses'] : [],
      })
      // Every demo school is in India: the default zone (Asia/Kolkata).
      .returning(['id', 'time_zone'])
      .executeTakeFirstOrThrow();
    schoolIds.push(schoolId);
    await db.insertInto('school_boards').values({ school_id: schoolId, board_id: boardId, grades: GRADES }).execute();
    await insertSchoolStaff(db, {
      seed: options.seed,
      s,
      schoolId,
      template,
      passwordHash,
      multiPrincipal,
      scienceSubjectId: subjectId(index, boardId, 'science'),
      mathsSubjectId: subjectId(index, boardId, 'maths'),
    });
    // Teachers' quizzes and tests with their attempts, at the first school (assessment-demo.ts).
    let quizMs = Date.now();
    const quizzes: DemoQuizzes | null =
      s === 0
        ? await addDemoQuizzes(database, {
            seed: options.seed,
            now: options.now,
            schoolId,
            boardId,
            subjects: { maths: subjectId(index, boardId, 'maths'), science: subjectId(index, boardId, 'science') },
            teachers: {
              farhan: await userIdByMobile(db, DEMO_ACCOUNTS.mathsScienceTeacher),
              classTeacher: await userIdByMobile(db, DEMO_ACCOUNTS.teacher),
            },
          })
        : null;
    quizMs = Date.now() - quizMs;
    // The staffroom's chat at the first school (chat-demo.ts).
    if (s === 0) {
      const staff = (k: number) => userIdByMobile(db, `+91901000${String(k).padStart(4, '0')}`);
      const people = {
        superadmin: await userIdByMobile(db, DEMO_ACCOUNTS.superadmin),
        principal: await userIdByMobile(db, DEMO_ACCOUNTS.principal),
        teacher: await userIdByMobile(db, DEMO_ACCOUNTS.teacher),
        farhan: await userIdByMobile(db, DEMO_ACCOUNTS.mathsScienceTeacher),
        scienceTeacher: await userIdByMobile(db, DEMO_ACCOUNTS.subjectTeacher),
        seniorTeachers: [await staff(4), await staff(5)] as [number, number],
      };
      await addDemoChat(db, { now: options.now, chainId, people });
      await addDemoMeetings(db, { now: options.now, chainId, people });
      // The school's calendar for the weeks around today (calendar-demo.ts).
      await addDemoCalendar(db, {
        now: options.now,
        schoolId,
        boardId,
        people: {
          principal: await userIdByMobile(db, DEMO_ACCOUNTS.principal),
          teacher: await userIdByMobile(db, DEMO_ACCOUNTS.teacher),
        },
        subjects: { maths: subjectId(index, boardId, 'maths'), science: subjectId(index, boardId, 'science') },
      });
    }

    // Students: spread over grades 1-12, two sections each.
    const roster: {
      grade: number;
      section: string;
      first: string;
      last: string;
      mobile: string;
      code: string | null;
      language?: Language | null;
      /** Registered without board and grade (they pick them at first sign-in). */
      unplaced?: boolean;
      engagement?: Engagement;
      ability?: number;
      /** The last chapters of every subject the student has not reached yet (none played). */
      unreached?: number;
    }[] = [];
    for (let i = 0; i < options.studentsPerSchool; i++) {
      const grade = GRADES[i % GRADES.length]!;
      const girl = rng.chance(0.49);
      const first = rng.pick(FIRST_NAMES[girl ? 'girl' : 'boy'][rng.chance(0.8) ? template.region : 'north']);
      const last = rng.pick(LAST_NAMES[rng.chance(0.85) ? template.region : 'north']);
      const n = s * 1_000_000 + i;
      roster.push({
        grade,
        section: i % 24 < 12 ? 'A' : 'B',
        first,
        last,
        mobile: `+918${String(n).padStart(9, '0')}`,
        code: null,
      });
    }
    if (s === 0) {
      // The demo student and a classmate who has not started yet (README logins).
      roster.push({
        grade: 7,
        section: 'A',
        first: 'Aarav',
        last: 'Patil',
        mobile: DEMO_ACCOUNTS.student,
        code: DEMO_STUDENT_CODE,
        language: 'en',
        engagement: 'regular',
        ability: 0.78,
        unreached: DEMO_STUDENT_UNREACHED_CHAPTERS,
      });
      // Registered by the school without language, board or grade: signs in through the pickers.
      roster.push({
        grade: 7,
        section: 'A',
        first: 'Isha',
        last: 'Patil',
        mobile: DEMO_ACCOUNTS.newStudent,
        code: null,
        language: null,
        unplaced: true,
        engagement: 'never',
      });
      // A transfer student the school has registered but not yet placed in a grade: the dashboard's
      // "No grade yet" column and note always have someone in them, whoever Isha becomes.
      roster.push({
        grade: 7,
        section: 'A',
        first: 'Rohan',
        last: 'Kulkarni',
        mobile: '+917000000101',
        code: null,
        language: null,
        unplaced: true,
        engagement: 'never',
      });
    }
    if (s === FAMILY_PAID_SCHOOL) {
      // The plans journeys' students (plans-demo.ts): grade 7, like Aarav, at a school where families pay.
      for (const d of Object.values(DEMO_PLAN_STUDENTS)) {
        roster.push({
          grade: 7,
          section: 'A',
          first: d.first,
          last: d.last,
          mobile: d.mobile,
          code: d.code,
          language: 'en',
          engagement: 'regular',
          ability: 0.65,
          unreached: 2,
        });
      }
    }
    for (const d of DEMO_LANGUAGE_STUDENTS.filter((x) => x.school === s)) {
      if (!template.languages.includes(d.language)) throw new Error(`${template.city} does not offer ${d.language}`);
      // Regular players who have not reached the last two chapters: islands done and islands to play.
      roster.push({
        grade: DEMO_TRANSLATED_GRADE,
        section: 'A',
        first: d.first,
        last: d.last,
        mobile: d.mobile,
        code: d.code,
        language: d.language,
        engagement: 'regular',
        ability: 0.7,
        unreached: 2,
      });
    }

    for (let i = 0; i < roster.length; i += 500) {
      const chunk = roster.slice(i, i + 500);
      const ids = await db
        .insertInto('users')
        .values(
          chunk.map((r) => ({
            role: 'student' as const,
            first_name: r.first,
            last_name: r.last,
            mobile: r.mobile,
            email: null,
            password_hash: r.code ? passwordHash : null,
            login_code: r.code,
            language: r.language !== undefined ? r.language : (template.languages[rng.chance(0.7) ? 0 : 1] ?? 'en'),
            avatar: rng.pick(['scientist', 'engineer', 'doctor', 'default']),
          })),
        )
        .returning('id')
        .execute();
      await db
        .insertInto('student_enrolments')
        .values(
          chunk.map((r, k) => ({
            student_id: ids[k]!.id,
            school_id: schoolId,
            board_id: r.unplaced ? null : boardId,
            grade: r.unplaced ? null : r.grade,
            section: r.section,
            enrolled_at: termStart,
          })),
        )
        .execute();
      // Attempts are written before the records that point at them; their records join the students' own.
      const attemptsStarted = Date.now();
      const attemptRecords = quizzes
        ? await quizzes.attemptsOf(
            chunk.flatMap((r, k) =>
              r.unplaced
                ? []
                : [
                    {
                      studentId: ids[k]!.id,
                      grade: r.grade,
                      section: r.section,
                      isDemoStudent: r.mobile === DEMO_ACCOUNTS.student,
                    },
                  ],
            ),
          )
        : new Map<number, RecordRow[]>();
      if (quizzes)
        log(
          `teachers' quizzes and ${[...attemptRecords.values()].flat().length} finished attempts written (${quizMs + Date.now() - attemptsStarted} ms)`,
        );

      for (const [k, r] of chunk.entries()) {
        const studentId = ids[k]!.id;
        if (r.mobile === DEMO_ACCOUNTS.student || r.mobile === DEMO_ACCOUNTS.newStudent) {
          await db.insertInto('parent_links').values({ parent_id: demoParent, student_id: studentId }).execute();
        }
        const subjects = withoutLastChapters(index.get(indexKey(boardId, r.grade)) ?? [], r.unreached ?? 0);
        const studentRng = randomFor(options.seed, `student:${s}:${i + k}`);
        const profile = createProfile(studentRng, subjects, r.engagement);
        const finalProfile = {
          ...profile,
          ...(r.ability ? { ability: r.ability } : {}),
          // The demo student has played most days of the last fortnight: his progress chart shows it.
          ...(r.mobile === DEMO_ACCOUNTS.student ? { recent: { days: 14, activity: 5 } } : {}),
          activity: options.activity ?? 1,
        };
        // Seniors are busier with board exams: a few more of them stay away.
        if (r.grade >= 11 && !r.engagement && studentRng.chance(0.15)) continue;
        let n = 0;
        const nextId = () => stableUuid(`${options.seed}/${s}/${i + k}/${n++}`);
        const window = { from: termStart, to: new Date(options.now.getTime() - HOUR) };
        const inputs = simulateStudent(studentRng, finalProfile, subjects, window, nextId);
        const quizRecords = attemptRecords.get(studentId) ?? [];
        if (inputs.length === 0 && quizRecords.length === 0) continue;
        const ctx = marking.get(indexKey(boardId, r.grade))!;
        const enrolment = { schoolId, boardId, grade: r.grade, enrolledAt: termStart };
        const marked = inputs.map((input) => {
          const result = markRecord(input, { studentId, enrolment, now: options.now, ...ctx });
          if (!result.ok) throw new Error(`demo generator made an invalid record (${result.code}: ${result.message})`);
          return result.record;
        });
        // The rules over an upload hold as well: the whole history, as if uploaded at once.
        const { refused } = applyBatchRules(marked, {
          gameFinishes: [],
          chapterTopics: ctx.chapterTopics,
          completedTopics: new Set(),
        });
        if (refused.length)
          throw new Error(
            `demo generator made a record the upload rules refuse (${refused[0]!.code}: ${refused[0]!.message})`,
          );
        pending.add(
          { studentId, schoolId, boardId, grade: r.grade, timeZone },
          [...marked.map((m) => ({ ...m, attempt_id: null })), ...quizRecords],
          ctx.islands,
        );
        if (r.mobile === DEMO_ACCOUNTS.student)
          await addDemoLearnerExtras(
            db,
            { studentId, schoolId, at: new Date(options.now.getTime() - 2 * HOUR) },
            marked,
          );
        records += marked.length + quizRecords.length;
        if (pending.size >= 5000) await pending.flush();
      }
      students += chunk.length;
    }
    await pending.flush();
    if (s === 0) {
      // The school's notices of the last fortnight, read by most of their students (broadcasts-demo.ts).
      await addDemoBroadcasts(db, {
        now: options.now,
        schoolId,
        principal: await userIdByMobile(db, DEMO_ACCOUNTS.principal),
        teacher: await userIdByMobile(db, DEMO_ACCOUNTS.teacher),
        student: await userIdByMobile(db, DEMO_ACCOUNTS.student).catch(() => null),
        parent: await userIdByMobile(db, DEMO_ACCOUNTS.parent).catch(() => null),
      });
      // Grade VII's doubts, some answered (doubts-demo.ts).
      await addDemoDoubts(db, {
        now: options.now,
        schoolId,
        student: await userIdByMobile(db, DEMO_ACCOUNTS.student).catch(() => null),
        mathsTeacher: await userIdByMobile(db, DEMO_ACCOUNTS.mathsScienceTeacher),
        scienceTeacher: await userIdByMobile(db, DEMO_ACCOUNTS.teacher),
      });
      // A grade VII class live now and last week's registers (live-classes-demo.ts).
      await addDemoLiveClasses(db, {
        now: options.now,
        schoolId,
        boardId,
        teacher: await userIdByMobile(db, DEMO_ACCOUNTS.teacher),
        maths: subjectId(index, boardId, 'maths'),
        student: await userIdByMobile(db, DEMO_ACCOUNTS.student).catch(() => null),
      });
    }
    if (s === FAMILY_PAID_SCHOOL) await addDemoPlans(db, { seed: options.seed, now: options.now, schoolId, termStart });
    log(
      `school ${s + 1}/${options.schools}: ${roster.length} students, ${records} records so far (${Math.round((Date.now() - started) / 1000)} s)`,
    );
  }
  await pending.drain();
  return { chainId, schoolIds, students, records };
}

/**
 * Records and their rollups, bulk-loaded with COPY. While one batch loads (on its own connections,
 * each table in parallel) the next is being simulated; at most two batches are in flight.
 */
class PendingWrites {
  private records: RecordRow[] = [];
  private rollups: ReturnType<typeof computeAllRollups>[] = [];
  private inFlight: Promise<void>[] = [];
  /**
   * The student_stats loads, one after another: that table's trigger (migration 0008) adds each row
   * to its school x grade x day row, and two loads in parallel that share such rows could deadlock.
   */
  private studentStatsLoads: Promise<void> = Promise.resolve();
  constructor(private readonly database: Database) {}
  get size() {
    return this.records.length;
  }
  add(ctx: StudentContext, marked: RecordRow[], islands: ReadonlyMap<number, number>) {
    this.records.push(...marked);
    this.rollups.push(computeAllRollups(ctx, marked.map(factsFromMarked), islands));
  }
  /** Starts loading what is pending; waits only when two loads are already running. */
  async flush() {
    if (this.records.length === 0) return;
    const { records, rollups } = this;
    this.records = [];
    this.rollups = [];
    if (this.inFlight.length >= 2) await this.inFlight.shift();
    const db = this.database;
    const load = Promise.all([
      db.copyRows('learning_records', RECORD_COLUMNS, records),
      db.copyRows(
        'student_topic_stats',
        columnsOf(rollups.flatMap((r) => r.topics)),
        rollups.flatMap((r) => r.topics),
      ),
      db.copyRows(
        'student_chapter_stats',
        columnsOf(rollups.flatMap((r) => r.chapters)),
        rollups.flatMap((r) => r.chapters),
      ),
      // Chapter-less records (finished quiz and test attempts) are summed per subject; the demo's
      // simulated games all have a chapter, so this is empty unless records without one are added.
      db.copyRows(
        'student_subject_practice_stats',
        columnsOf(rollups.flatMap((r) => r.practice)),
        rollups.flatMap((r) => r.practice),
      ),
      db.copyRows(
        'student_subject_stats',
        columnsOf(rollups.flatMap((r) => r.subjects)),
        rollups.flatMap((r) => r.subjects),
      ),
      (this.studentStatsLoads = this.studentStatsLoads.then(() => {
        const rows = rollups.flatMap((r) => (r.student ? [r.student] : []));
        return db.copyRows('student_stats', columnsOf(rows), rows);
      })),
      db.copyRows(
        'student_daily_stats',
        columnsOf(rollups.flatMap((r) => r.days)),
        rollups.flatMap((r) => r.days),
      ),
    ]).then(() => undefined);
    // Keep a rejection from going unhandled while it waits its turn to be awaited.
    load.catch(() => undefined);
    this.inFlight.push(load);
  }
  /** Waits for every load; the first failure is thrown. */
  async drain() {
    await this.flush();
    const loads = this.inFlight;
    this.inFlight = [];
    await Promise.all(loads);
  }
}

const RECORD_COLUMNS: readonly (keyof RecordRow & string)[] = [
  'id',
  'student_id',
  'school_id',
  'board_id',
  'grade',
  'subject_id',
  'chapter_id',
  'topic_id',
  'kind',
  'started_at',
  'finished_at',
  'question_count',
  'answered_count',
  'correct_count',
  'question_seconds',
  'duration_seconds',
  'answers',
  'learning_currency',
  'learning_efficiency',
  'percent',
  'marks',
  'attempt_id',
];

function columnsOf<T extends object>(rows: readonly T[]): (keyof T & string)[] {
  return rows.length ? (Object.keys(rows[0]!) as (keyof T & string)[]) : [];
}

async function ensureBoards(db: Kysely<DB>): Promise<{ CBSE: number; GSEB: number }> {
  const wanted = [
    { code: 'CBSE', name: 'Central Board of Secondary Education' },
    { code: 'GSEB', name: 'Gujarat Secondary and Higher Secondary Education Board' },
  ];
  for (const b of wanted)
    await db
      .insertInto('boards')
      .values(b)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  const rows = await db.selectFrom('boards').select(['id', 'code']).where('code', 'in', ['CBSE', 'GSEB']).execute();
  const id = (code: string) => rows.find((r) => r.code === code)!.id;
  return { CBSE: id('CBSE'), GSEB: id('GSEB') };
}

/** Subjects as far as a student has reached: the last `n` chapters of each left out (never fewer than one chapter kept). */
function withoutLastChapters<S extends { chapters: readonly unknown[] }>(subjects: readonly S[], n: number): S[] {
  if (n === 0) return [...subjects];
  return subjects.map((s) => ({ ...s, chapters: s.chapters.slice(0, Math.max(1, s.chapters.length - n)) }));
}

/** The June when the current academic year began. */
export function academicYearStart(now: Date): Date {
  const thisYear = new Date(Date.UTC(now.getUTCFullYear(), 5, 10, 3, 30));
  return now >= thisYear ? thisYear : new Date(Date.UTC(now.getUTCFullYear() - 1, 5, 10, 3, 30));
}

/** Play the demo always shows, whatever the date it is loaded on: a school's first look is never an empty term. */
export const DEMO_MIN_PLAY_DAYS = 150;

/**
 * When the demo's enrolments and play begin: the academic year's start, or earlier when that was
 * less than DEMO_MIN_PLAY_DAYS ago (a demo loaded in June or October still shows months of play).
 */
export function demoPlayStart(now: Date): Date {
  const yearStart = academicYearStart(now);
  const earliest = new Date(now.getTime() - DEMO_MIN_PLAY_DAYS * 86_400_000);
  return yearStart < earliest ? yearStart : earliest;
}

async function userIdByMobile(db: Kysely<DB>, mobile: string): Promise<number> {
  return (await db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow()).id;
}

function subjectId(index: CurriculumIndex, boardId: number, slug: string): number | null {
  return index.get(indexKey(boardId, 7))?.find((s) => s.slug === slug)?.id ?? null;
}

function markingContexts(index: CurriculumIndex) {
  const out = new Map<
    string,
    {
      chapters: Map<number, ChapterInfo>;
      topicChapters: Map<number, number>;
      questions: Map<number, QuestionKey>;
      islands: Map<number, number>;
      /** Published topic ids per chapter, for the upload rules (batch-rules.ts). */
      chapterTopics: Map<number, number[]>;
    }
  >();
  for (const [key, subjects] of index) {
    const [boardId, grade] = key.split(':').map(Number) as [number, number];
    const chapters = new Map<number, ChapterInfo>();
    const topicChapters = new Map<number, number>();
    const questions = new Map<number, QuestionKey>();
    const islands = new Map<number, number>();
    const chapterTopics = new Map<number, number[]>();
    for (const subject of subjects) {
      for (const chapter of subject.chapters) {
        chapters.set(chapter.id, { id: chapter.id, subjectId: subject.id, boardId, grade });
        islands.set(chapter.id, chapter.topics.length);
        chapterTopics.set(
          chapter.id,
          chapter.topics.map((t) => t.id),
        );
        for (const topic of chapter.topics) {
          topicChapters.set(topic.id, chapter.id);
          for (const q of topic.questions)
            questions.set(q.id, { id: q.id, topicId: topic.id, chapterId: chapter.id, type: q.type, answer: q.answer });
        }
      }
    }
    out.set(key, { chapters, topicChapters, questions, islands, chapterTopics });
  }
  return out;
}

async function insertStaff(
  db: Kysely<DB>,
  u: {
    role: 'superadmin' | 'principal' | 'teacher' | 'content_editor' | 'content_approver' | 'parent';
    first: string;
    last: string;
    mobile: string;
    passwordHash: string | null;
    chainId?: number;
    isQa?: boolean;
  },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      role: u.role,
      first_name: u.first,
      last_name: u.last,
      mobile: u.mobile,
      email: `${u.first}.${u.last}`.toLowerCase().replace(/[^a-z.]/g, '') + '@gyanjyoti.example',
      password_hash: u.passwordHash,
      login_code: null,
      chain_id: u.chainId ?? null,
      is_qa: u.isQa ?? false,
      language: 'en',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertSchoolStaff(
  db: Kysely<DB>,
  o: {
    seed: number;
    s: number;
    schoolId: number;
    template: SchoolTemplate;
    passwordHash: string;
    multiPrincipal: number;
    scienceSubjectId: number | null;
    mathsSubjectId: number | null;
  },
): Promise<void> {
  const rng: Random = randomFor(o.seed, `staff:${o.s}`);
  const name = () => ({
    first: rng.pick(FIRST_NAMES[rng.chance(0.6) ? 'girl' : 'boy'][o.template.region]),
    last: rng.pick(LAST_NAMES[o.template.region]),
  });
  const staffMobile = (k: number) => `+91901${String(o.s).padStart(3, '0')}${String(k).padStart(4, '0')}`;
  const link = async (userId: number) =>
    db.insertInto('staff_schools').values({ user_id: userId, school_id: o.schoolId }).execute();

  const principal = await insertStaff(db, {
    role: 'principal',
    ...name(),
    mobile: o.s === 0 ? DEMO_ACCOUNTS.principal : staffMobile(1),
    passwordHash: o.passwordHash,
  });
  await link(principal);
  if (o.s < 2) await link(o.multiPrincipal);
  if (o.s === 0) {
    const qa = await insertStaff(db, {
      role: 'principal',
      first: 'Neha',
      last: 'Kulkarni',
      mobile: DEMO_ACCOUNTS.qaPrincipal,
      passwordHash: o.passwordHash,
      isQa: true,
    });
    await link(qa);
  }
  const groups: { grades: number[]; subjectId: number | null; mobile: string }[] = [
    { grades: [1, 2, 3, 4, 5], subjectId: null, mobile: staffMobile(2) },
    { grades: [6, 7, 8], subjectId: null, mobile: o.s === 0 ? DEMO_ACCOUNTS.teacher : staffMobile(3) },
    { grades: [9, 10], subjectId: null, mobile: staffMobile(4) },
    { grades: [11, 12], subjectId: null, mobile: staffMobile(5) },
    {
      grades: [6, 7, 8, 9, 10],
      subjectId: o.scienceSubjectId,
      mobile: o.s === 0 ? DEMO_ACCOUNTS.subjectTeacher : staffMobile(6),
    },
  ];
  for (const g of groups) {
    const teacher = await insertStaff(db, {
      role: 'teacher',
      ...name(),
      mobile: g.mobile,
      passwordHash: o.passwordHash,
    });
    await link(teacher);
    await db
      .insertInto('teacher_assignments')
      .values(g.grades.map((grade) => ({ teacher_id: teacher, school_id: o.schoolId, grade, subject_id: g.subjectId })))
      .execute();
  }
  // A teacher of two subjects, one per grade (an assignment names one subject): Mathematics in
  // grades 6 and 7, Science in grade 8. Named, not drawn, so the other staff keep their names.
  if (o.s === 0) {
    const teacher = await insertStaff(db, {
      role: 'teacher',
      first: 'Farhan',
      last: 'Shaikh',
      mobile: DEMO_ACCOUNTS.mathsScienceTeacher,
      passwordHash: o.passwordHash,
    });
    await link(teacher);
    await db
      .insertInto('teacher_assignments')
      .values([
        { teacher_id: teacher, school_id: o.schoolId, grade: 6, subject_id: o.mathsSubjectId },
        { teacher_id: teacher, school_id: o.schoolId, grade: 7, subject_id: o.mathsSubjectId },
        { teacher_id: teacher, school_id: o.schoolId, grade: 8, subject_id: o.scienceSubjectId },
      ])
      .execute();
  }
}
