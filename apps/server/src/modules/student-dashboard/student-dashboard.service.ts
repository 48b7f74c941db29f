import {
  accuracyPercent,
  gradeLegend,
  personName,
  reportingDay,
  scoreBand,
  SCORE_BANDS,
  type Language,
} from '@ki/domain';
import type {
  ParentChildrenResponse,
  ProgressFilter,
  StudentDashboardResponse,
  StudentSubjectResponse,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../errors';
import {
  authorizeReadStudentDashboard,
  authorizeReadStudentSubject,
  authorizeStudent,
  maySeeRecordFlags,
  requireParent,
  type Principal,
  type StudentFacts,
} from '../../policy/policy';
import { unsafeRecordFlags } from '../records/records.service';
import { progressPoints, rangeStart } from './progress';
import * as repo from './student-dashboard.repository';

/** Global averages older than this are recomputed on the next read (docs/DECISIONS.md). */
export const GLOBAL_AVERAGES_MAX_AGE_MS = 5 * 60 * 1000;
/** Recently played: the last 3 activities (dashboards.md 9). */
export const RECENTLY_PLAYED = 3;
/** Best and fastest performances: top 3 (dashboards.md 9). */
export const TOP_PERFORMANCES = 3;
/** A completed chapter below this score is a concept to relearn even when its class average is as low. */
export const RELEARN_BELOW = 50;
/** Record kinds shown with their accuracy in Recently Played: no chapter figure, no efficiency. */
const PRACTICE_KINDS: ReadonlySet<string> = new Set(['quiz', 'test', 'challenge']);

type Db = AppDeps['database']['db'];

/** The student, authorized for the caller by `rule` (the whole dashboard unless said), with their profile row. */
async function authorizedStudent(
  deps: AppDeps,
  principal: Principal | null,
  studentId: number,
  rule: (p: Principal | null, s: StudentFacts) => Principal = authorizeReadStudentDashboard,
) {
  const { facts } = await authorizeStudent(deps.database.db, principal, studentId, rule);
  const profile = await repo.studentProfile(deps.database.db, studentId);
  if (!profile) throw notFound('Student');
  return { ...profile, facts };
}

/**
 * When the global averages of a board and grade were computed, recomputing them first when they are
 * older than GLOBAL_AVERAGES_MAX_AGE_MS (or from the future of a moved clock). One refresh at a time.
 */
export async function ensureGlobalAverages(db: Db, boardId: number, grade: number, now: Date): Promise<Date> {
  const isFresh = (at: Date | undefined): at is Date =>
    !!at && at <= now && now.getTime() - at.getTime() < GLOBAL_AVERAGES_MAX_AGE_MS;
  const at = await repo.globalRefreshedAt(db, boardId, grade);
  if (isFresh(at)) return at;
  return db.transaction().execute(async (trx) => {
    await repo.lockGlobalAverages(trx, boardId, grade);
    const again = await repo.globalRefreshedAt(trx, boardId, grade);
    if (isFresh(again)) return again;
    await repo.refreshGlobalAverages(trx, boardId, grade, now);
    return now;
  });
}

/** The progress chart: buckets of the school's calendar days, up to today there. */
async function progress(db: Db, studentId: number, filter: ProgressFilter, now: Date, timeZone: string) {
  const today = reportingDay(now, timeZone);
  const days = await repo.dailyCurrency(db, studentId, rangeStart(filter, today));
  return {
    filter,
    points: progressPoints(
      filter,
      today,
      days.map((d) => ({ day: d.day, learningCurrency: d.learning_currency, knowledgeCurrency: d.knowledge_currency })),
    ),
  };
}

/** GET /students/:id/dashboard (dashboards.md 2.2; parentviewpart-1). */
export async function studentDashboard(
  deps: AppDeps,
  principal: Principal | null,
  studentId: number,
  filter: ProgressFilter,
  language: Language = 'en',
): Promise<StudentDashboardResponse> {
  const { facts, ...profile } = await authorizedStudent(deps, principal, studentId);
  const { db } = deps.database;
  const now = deps.clock();
  const placed = profile.board_id !== null && profile.grade !== null;
  const globalAt = placed ? await ensureGlobalAverages(db, profile.board_id!, profile.grade!, now) : null;
  const [totals, recent, subjects, completed, chart] = await Promise.all([
    repo.studentTotals(db, studentId),
    repo.recentRecords(db, studentId, RECENTLY_PLAYED, language),
    placed
      ? repo.subjectsWithCompletion(db, studentId, profile.board_id!, profile.grade!, language)
      : Promise.resolve([]),
    repo.completedChapters(db, studentId, language),
    progress(db, studentId, filter, now, profile.time_zone),
  ]);

  const recentlyPlayed: StudentDashboardResponse['recentlyPlayed'] = [];
  for (const r of recent) {
    let group = recentlyPlayed.find((g) => g.subjectName === r.subject_name);
    if (!group) {
      group = { subjectName: r.subject_name, activities: [] };
      recentlyPlayed.push(group);
    }
    group.activities.push({
      playedAt: new Date(r.finished_at).toISOString(),
      kind: r.kind,
      topicName: r.topic_name,
      chapterName: r.chapter_name,
      learningEfficiency: r.kind === 'topic' ? r.learning_efficiency : null,
      knowledgeEfficiency: r.kind === 'treasure' ? r.percent : null,
      accuracy:
        PRACTICE_KINDS.has(r.kind) && r.answered_count > 0 ? accuracyPercent(r.correct_count, r.answered_count) : null,
    });
  }

  const conceptsToRelearn: StudentDashboardResponse['conceptsToRelearn'] = [];
  for (const c of completed) {
    const below =
      c.knowledge_efficiency < RELEARN_BELOW ||
      (c.global_knowledge_efficiency !== null && c.knowledge_efficiency < c.global_knowledge_efficiency);
    if (!below) continue;
    let group = conceptsToRelearn.find((g) => g.subjectName === c.subject_name);
    if (!group) {
      group = { subjectName: c.subject_name, chapters: [] };
      conceptsToRelearn.push(group);
    }
    group.chapters.push({
      chapterId: c.chapter_id,
      chapterName: c.chapter_name,
      score: c.knowledge_efficiency,
      globalAverage: c.global_knowledge_efficiency,
    });
  }

  return {
    profile: {
      studentId,
      name: personName(profile.first_name, profile.last_name),
      firstName: profile.first_name,
      mobile: profile.mobile ?? '',
      email: profile.email ?? '',
      school: profile.school_name,
      timeZone: profile.time_zone,
      grade: profile.grade,
      board: profile.board_name ?? '',
      boardId: profile.board_id,
    },
    cards: {
      totalScore: totals?.total_score ?? 0,
      // Before any record the efficiencies and accuracy are not known (NA), as the score is.
      knowledgeEfficiency: totals ? totals.knowledge_efficiency : null,
      learningEfficiency: totals ? totals.learning_efficiency : null,
      overallAccuracy: totals && totals.answered > 0 ? accuracyPercent(totals.correct, totals.answered) : null,
    },
    recentlyPlayed,
    conceptsToRelearn,
    subjects: subjects.map((s) => ({
      subjectId: s.subject_id,
      subjectName: s.subject_name,
      totalTopics: s.total_topics,
      completedTopics: Math.min(s.completed_topics, s.total_topics),
    })),
    progress: chart,
    globalAveragesAt: globalAt ? globalAt.toISOString() : null,
    ...(maySeeRecordFlags(principal, facts) ? { flaggedRecords: await flaggedRecords(deps, studentId) } : {}),
  };
}

async function flaggedRecords(
  deps: AppDeps,
  studentId: number,
): Promise<NonNullable<StudentDashboardResponse['flaggedRecords']>> {
  return (await unsafeRecordFlags(deps, studentId)).map((f) => ({
    recordId: f.record_id,
    kind: f.kind,
    playedAt: new Date(f.finished_at).toISOString(),
    accuracy: f.accuracy,
    secondsPerQuestion: f.seconds_per_question,
    usualAccuracy: f.usual_accuracy,
    historyAnswers: f.history_answers,
    flaggedAt: new Date(f.flagged_at).toISOString(),
  }));
}

/** GET /students/:id/progress: the progress chart alone, for the day/week/month filter. */
export async function studentProgress(
  deps: AppDeps,
  principal: Principal | null,
  studentId: number,
  filter: ProgressFilter,
) {
  const profile = await authorizedStudent(deps, principal, studentId);
  return progress(deps.database.db, studentId, filter, deps.clock(), profile.time_zone);
}

/** GET /students/:id/subjects/:subjectId (dashboards.md 2.2 subject detail; parentviewpart-2). */
export async function studentSubject(
  deps: AppDeps,
  principal: Principal | null,
  studentId: number,
  subjectId: number,
  language: Language = 'en',
): Promise<StudentSubjectResponse> {
  const profile = await authorizedStudent(deps, principal, studentId, (p, s) =>
    authorizeReadStudentSubject(p, s, subjectId),
  );
  const { db } = deps.database;
  if (profile.board_id === null || profile.grade === null) throw notFound('Subject');
  const curriculum = await repo.subjectCurriculum(db, profile.board_id, profile.grade, subjectId, language);
  const name = await repo.subjectName(db, subjectId, language);
  if (curriculum.length === 0 || name === undefined) throw notFound('Subject');
  const globalAt = await ensureGlobalAverages(db, profile.board_id, profile.grade, deps.clock());
  const chapterIds = [...new Set(curriculum.map((c) => c.chapter_id))];
  const [subject, chapters, topics, asked, globalSubject, globalChapters] = await Promise.all([
    repo.subjectStats(db, studentId, subjectId),
    repo.chapterStats(db, studentId, subjectId),
    repo.topicStats(db, studentId, subjectId),
    repo.questionsAsked(db, studentId, subjectId),
    repo.globalSubject(db, profile.board_id, profile.grade, subjectId),
    repo.globalChapters(db, chapterIds),
  ]);
  const chapterStat = new Map(chapters.map((c) => [c.chapter_id, c]));
  const topicStat = new Map(topics.map((t) => [t.topic_id, t]));
  const globalChapter = new Map(globalChapters.map((g) => [g.chapter_id, g]));
  const perSecond = (questions: number, seconds: number) => (questions > 0 ? seconds / questions : null);
  const askedIn = (match: (a: (typeof asked)[number]) => boolean) =>
    asked
      .filter(match)
      .reduce((acc, a) => ({ questions: acc.questions + a.questions, seconds: acc.seconds + a.seconds }), {
        questions: 0,
        seconds: 0,
      });

  const rows: StudentSubjectResponse['chapters'] = chapterIds.map((chapterId) => {
    const parts = curriculum.filter((c) => c.chapter_id === chapterId);
    const stat = chapterStat.get(chapterId);
    const g = globalChapter.get(chapterId);
    const topicRows = parts.flatMap((p) => {
      if (p.topic_id === null) return [];
      const ts = topicStat.get(p.topic_id);
      const q = askedIn((a) => a.kind === 'topic' && a.topic_id === p.topic_id);
      return [
        {
          topicId: p.topic_id,
          topicName: p.topic_name ?? '',
          isCompleted: !!ts,
          learningEfficiency: ts ? ts.learning_efficiency : null,
          learningCurrency: ts ? ts.learning_currency : 0,
          accuracy: ts && ts.answered > 0 ? accuracyPercent(ts.correct, ts.answered) : null,
          avgSecondsPerQuestion: perSecond(q.questions, q.seconds),
          timeSpent: ts ? ts.time_spent : 0,
          grade: ts ? gradeLegend(ts.learning_efficiency) : null,
        },
      ];
    });
    const completed = !!stat?.is_completed && stat.knowledge_efficiency !== null;
    return {
      chapterId,
      chapterName: parts[0]!.chapter_name,
      islands: topicRows.length,
      topicsCompleted: stat ? stat.topics_completed : 0,
      isCompleted: completed,
      knowledgeEfficiency: completed ? stat.knowledge_efficiency : null,
      knowledgeCurrency: stat ? stat.knowledge_currency : 0,
      learningCurrency: stat ? stat.learning_currency : 0,
      accuracy: stat && stat.answered > 0 ? accuracyPercent(stat.correct, stat.answered) : null,
      globalAccuracy: g?.accuracy ?? null,
      timeSpent: stat ? stat.time_spent : 0,
      grade: completed ? gradeLegend(stat.knowledge_efficiency!) : null,
      topics: topicRows,
    };
  });

  const bestPerformance = rows
    .flatMap((r) => {
      const avg = globalChapter.get(r.chapterId)?.knowledge_efficiency;
      return r.knowledgeEfficiency !== null && avg !== null && avg !== undefined
        ? [
            {
              chapterName: r.chapterName,
              knowledgeEfficiency: r.knowledgeEfficiency,
              globalAverage: avg,
              knowledgeCurrency: r.knowledgeCurrency,
            },
          ]
        : [];
    })
    .sort(
      (a, b) =>
        b.knowledgeEfficiency - b.globalAverage - (a.knowledgeEfficiency - a.globalAverage) ||
        b.knowledgeEfficiency - a.knowledgeEfficiency,
    )
    .slice(0, TOP_PERFORMANCES);

  const fastestPerformance = rows
    .flatMap((r) => {
      const q = askedIn((a) => a.chapter_id === r.chapterId);
      const stat = chapterStat.get(r.chapterId);
      return q.questions > 0 && stat && stat.answered > 0
        ? [
            {
              chapterName: r.chapterName,
              avgSecondsPerQuestion: q.seconds / q.questions,
              accuracy: accuracyPercent(stat.correct, stat.answered),
              questionsAttempted: stat.answered,
            },
          ]
        : [];
    })
    .sort((a, b) => a.avgSecondsPerQuestion - b.avgSecondsPerQuestion || b.accuracy - a.accuracy)
    .slice(0, TOP_PERFORMANCES);

  const bands = globalSubject?.score_bands ?? [];
  return {
    subjectId,
    subjectName: name,
    knowledgeEfficiency: subject?.knowledge_efficiency ?? 0,
    completedChapters: subject?.chapters_completed ?? 0,
    totalChapters: rows.length,
    learningEfficiency: subject?.learning_efficiency ?? 0,
    completedTopics: subject?.topics_completed ?? 0,
    totalTopics: rows.reduce((n, r) => n + r.islands, 0),
    totalScore: subject?.total_score ?? 0,
    knowledgeCurrency: subject?.knowledge_currency ?? 0,
    learningCurrency: subject?.learning_currency ?? 0,
    accuracy: subject && subject.answered > 0 ? accuracyPercent(subject.correct, subject.answered) : null,
    globalAccuracy: globalSubject?.accuracy ?? null,
    chapters: rows,
    bestPerformance,
    fastestPerformance,
    whereStudentStands: {
      bands: SCORE_BANDS.map((band, i) => ({ band, students: Number(bands[i] ?? 0) })),
      studentBand: subject ? scoreBand(subject.total_score) : null,
    },
    globalAveragesAt: globalAt.toISOString(),
  };
}

/** GET /me/children: a parent's linked children. */
export async function parentChildren(deps: AppDeps, principal: Principal | null): Promise<ParentChildrenResponse> {
  const p = requireParent(principal);
  const rows = await repo.childrenOf(deps.database.db, p.userId);
  return {
    children: rows.map((r) => ({
      studentId: r.student_id,
      name: personName(r.first_name, r.last_name),
      grade: r.grade,
      school: r.school_name,
    })),
  };
}
