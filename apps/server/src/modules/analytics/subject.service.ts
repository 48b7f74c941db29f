import type { Readable } from 'node:stream';
import { csvDownload } from '../../lib/csv';
import {
  completionPercent,
  displayPercent,
  formatDuration,
  reportingDay,
  roundHalfUp,
  personName,
  type Language,
} from '@ki/domain';
import {
  STUDENT_PAGE_SIZE,
  type ChapterReportCard,
  type SubjectStudentRow,
  type SubjectStudentsResponse,
  type SubjectSummary,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { AppError, notFound } from '../../errors';
import type { Principal } from '../../policy/policy';
import { csvDay, scopeFor, scopeZones, type ScopeZones } from './analytics.service';
import * as repo from './subject.repository';

export interface SubjectInput {
  schoolIds: number[];
  grade: number;
  subjectId: number;
  chapterId?: number | undefined;
  topicId?: number | undefined;
}

async function resolve(deps: AppDeps, principal: Principal | null, input: SubjectInput) {
  const scope = await scopeFor(deps, principal, input, 'one subject');
  const { db } = deps.database;
  const found = await repo.subjectDrill(db, input.subjectId, input.chapterId, input.topicId);
  if (!found) throw notFound('Subject');
  const { subject } = found;
  if (!found.drillOk) {
    throw new AppError('BAD_REQUEST', 'The chapter or topic is not part of this subject');
  }
  const level: repo.Level =
    input.topicId !== undefined
      ? { kind: 'topic', topicId: input.topicId }
      : input.chapterId !== undefined
        ? { kind: 'chapter', chapterId: input.chapterId }
        : { kind: 'subject', subjectId: input.subjectId };
  return { scope, subject, level };
}

/** The subject summary (dashboards.md 2.7): counts, chapter-wise progress, chapters and topics. */
export async function subjectSummary(
  deps: AppDeps,
  principal: Principal | null,
  input: SubjectInput,
  language: Language,
): Promise<SubjectSummary> {
  const { scope, subject, level } = await resolve(deps, principal, input);
  const { db } = deps.database;
  const [counts, chapters, topics] = await Promise.all([
    repo.subjectCounts(db, scope, input.subjectId),
    repo.chaptersOf(db, scope, input.subjectId, input.grade, language),
    input.chapterId === undefined ? Promise.resolve([]) : repo.topicsOf(db, input.chapterId, language),
  ]);
  const perChapter = new Map(
    (
      await repo.chapterCounts(
        db,
        scope,
        chapters.map((c) => c.id),
      )
    ).map((c) => [c.chapter_id, c]),
  );
  const chosen =
    input.chapterId === undefined ? undefined : (perChapter.get(input.chapterId) ?? { attempted: 0, completed: 0 });
  return {
    subject: { id: subject.id, slug: subject.slug, names: subject.names },
    level: level.kind,
    counts: {
      subjectAttempted: counts.attempted,
      chapterCompleted: counts.chapter_completed,
      topicCompleted: counts.topic_completed,
    },
    chapterProgress: chapters.map((c) => {
      const completed = perChapter.get(c.id)?.completed ?? 0;
      return { chapterId: c.id, name: c.name, completed, percent: completionPercent(completed, counts.attempted) };
    }),
    chapters: chapters.map((c) => ({ chapterId: c.id, name: c.name })),
    topics: topics.map((t) => ({ topicId: t.id, name: t.name })),
    chapterCard: chosen
      ? {
          notAttempted: counts.attempted - chosen.attempted,
          completed: chosen.completed,
          onlyTopics: chosen.attempted - chosen.completed,
        }
      : null,
  };
}

function toRow(r: repo.LevelRow, zones: ScopeZones): SubjectStudentRow {
  return {
    studentId: r.student_id,
    fullName: personName(r.first_name, r.last_name),
    grade: r.grade,
    schoolName: r.school_name,
    timeZone: zones.of(r.school_id),
    knowledgeWealth: r.knowledge_wealth,
    knowledgeEfficiency: r.knowledge_efficiency,
    learningEfficiency: r.learning_efficiency,
    knowledgeCurrency: r.knowledge_currency,
    learningCurrency: r.learning_currency,
    chaptersCompleted: r.chapters_completed,
    timeSpentSeconds: r.time_spent,
    lastPlayedAt: r.last_played_at ? new Date(r.last_played_at).toISOString() : null,
    lastChapter: r.last_chapter,
    lastTopic: r.last_topic,
  };
}

/** The Student List card of the level shown: 10 a page, best first, name search. */
export async function subjectStudents(
  deps: AppDeps,
  principal: Principal | null,
  input: SubjectInput & { search?: string | undefined; page: number },
  language: Language,
): Promise<SubjectStudentsResponse> {
  const { scope, level } = await resolve(deps, principal, input);
  const { db } = deps.database;
  const search = input.search || undefined;
  const [{ total, rows }, zones] = await Promise.all([
    repo.levelStudentPage(
      db,
      scope,
      level,
      search,
      { limit: STUDENT_PAGE_SIZE, offset: (input.page - 1) * STUDENT_PAGE_SIZE },
      language,
    ),
    scopeZones(deps, scope),
  ]);
  return {
    level: level.kind,
    total,
    page: input.page,
    pageSize: STUDENT_PAGE_SIZE,
    hasSeveralSchools: scope.schoolIds.length > 1,
    rows: rows.map((r) => toRow(r, zones)),
  };
}

/** Columns of the subject and chapter lists (dashboards.md 2.7); the topic list has fewer. */
const LEVEL_CSV = {
  full: [
    'Full Name',
    'User Grade',
    'School',
    'Knowledge Wealth',
    'Score (%)',
    'Knowledge Efficiency (%)',
    'Learning Efficiency (%)',
    'Chapters Completed',
    'Time Spent',
    'Last Played Chapter',
    'Last Played Topic',
    'Last Played Date',
  ],
  topic: ['Full Name', 'User Grade', 'School', 'Learning Efficiency (%)', 'Time Spent'],
} as const;

export async function subjectStudentsCsv(
  deps: AppDeps,
  principal: Principal | null,
  input: SubjectInput & { search?: string | undefined },
  language: Language,
): Promise<{ stream: Readable; fileName: string }> {
  const { scope, subject, level } = await resolve(deps, principal, input);
  const zones = await scopeZones(deps, scope);
  const chunks = repo.streamLevelStudents(deps.database.db, scope, level, input.search || undefined, language);
  const isTopic = level.kind === 'topic';
  const stream = csvDownload(isTopic ? LEVEL_CSV.topic : LEVEL_CSV.full, chunks, (r) => {
    const name = personName(r.first_name, r.last_name);
    const le = Number(displayPercent(r.learning_efficiency));
    if (isTopic) return [name, r.grade, r.school_name, le, formatDuration(r.time_spent)];
    return [
      name,
      r.grade,
      r.school_name,
      roundHalfUp(r.knowledge_wealth ?? 0),
      Number(displayPercent(r.knowledge_wealth ?? 0)),
      Number(displayPercent(r.knowledge_efficiency ?? 0)),
      le,
      r.chapters_completed ?? 0,
      formatDuration(r.time_spent),
      r.last_chapter ?? '',
      r.last_topic ?? '',
      csvDay(r.last_played_at, zones.of(r.school_id)),
    ];
  });
  const day = reportingDay(deps.clock(), zones.common);
  const where =
    level.kind === 'subject'
      ? subject.slug
      : level.kind === 'chapter'
        ? `${subject.slug}-chapter-${input.chapterId}`
        : `${subject.slug}-topic-${input.topicId}`;
  return {
    stream,
    fileName: `students-${where}-grade-${input.grade}-schools-${scope.schoolIds.join('_').slice(0, 60)}-${day}.csv`,
  };
}

/** The chapter-wise report's columns (one completion-card figure of a chapter). */
export const CHAPTER_REPORT_CSV = [
  'Full Name',
  'User Grade',
  'School',
  'Chapter',
  'Topics Completed',
  'Knowledge Efficiency (%)',
  'Learning Efficiency (%)',
  'Knowledge Currency',
  'Learning Currency',
  'Time Spent',
  'Last Played Date',
] as const;

/**
 * The students behind one figure of the chapter completion card as CSV (dashboards.md 2.7): same
 * scope and sets as the card, UTF-8 with BOM, numbers as numbers, streamed.
 */
export async function chapterReportCsv(
  deps: AppDeps,
  principal: Principal | null,
  input: { schoolIds: number[]; grade: number; chapterId: number; card: ChapterReportCard },
  language: Language,
): Promise<{ stream: Readable; fileName: string }> {
  const chapter = await repo.chapterOf(deps.database.db, input.chapterId, language);
  if (!chapter) throw notFound('Chapter');
  const { scope, subject } = await resolve(deps, principal, { ...input, subjectId: chapter.subject_id });
  const chapterName = chapter.name;
  const zones = await scopeZones(deps, scope);
  const chunks = repo.streamChapterReport(deps.database.db, scope, chapter.subject_id, input.chapterId, input.card);
  const stream = csvDownload(CHAPTER_REPORT_CSV, chunks, (r) => [
    personName(r.first_name, r.last_name),
    r.grade,
    r.school_name,
    chapterName,
    r.topics_completed,
    Number(displayPercent(r.knowledge_efficiency)),
    Number(displayPercent(r.learning_efficiency)),
    r.knowledge_currency,
    r.learning_currency,
    formatDuration(r.time_spent),
    csvDay(r.last_played_at, zones.of(r.school_id)),
  ]);
  const day = reportingDay(deps.clock(), zones.common);
  const fileName = `chapter-report-${input.card}-${subject.slug}-chapter-${input.chapterId}-grade-${input.grade}-schools-${scope.schoolIds.join('_').slice(0, 60)}-${day}.csv`;
  return { stream, fileName };
}
