/**
 * Rollups as pure functions of learning records (scoring-and-metrics.md). Ingest, Reindex and the
 * demo-data generator all call these, so the tables cannot depend on which path wrote them.
 *
 * The unit of recomputation is one student x one chapter: its records, replayed in time order, give
 * the chapter's topic rows, its chapter row and the day each unit of currency was earned. Subject,
 * student and day rows are then sums and means over those rows.
 */
import {
  bestTopicAttempt,
  chapterKnowledge,
  reportingDay,
  studentScore,
  type ScoredAttempt,
} from '@ki/domain';
import type { Selectable } from 'kysely';
import type {
  RecordKind,
  StudentChapterStatsTable,
  StudentDailyStatsTable,
  StudentStatsTable,
  StudentSubjectStatsTable,
  StudentTopicStatsTable,
} from '../../db/schema';
import type { MarkedRecord } from './marking';

/** What the rollups need of one learning record (no answers: they are already marked). */
export interface RecordFacts {
  id: string;
  kind: RecordKind;
  subjectId: number;
  chapterId: number;
  topicId: number | null;
  startedAt: Date;
  finishedAt: Date;
  answered: number;
  correct: number;
  questionSeconds: number;
  durationSeconds: number;
  /** Topic games only. */
  learningCurrency: number | null;
  learningEfficiency: number | null;
  /** Treasure, revise and topic games: percent correct. */
  percent: number | null;
}

/** The columns of a learning record the rollups read (a marked record, or a stored row). */
export type RecordFactColumns = Pick<
  MarkedRecord,
  | 'id'
  | 'kind'
  | 'subject_id'
  | 'chapter_id'
  | 'topic_id'
  | 'started_at'
  | 'finished_at'
  | 'answered_count'
  | 'correct_count'
  | 'question_seconds'
  | 'duration_seconds'
  | 'learning_currency'
  | 'learning_efficiency'
  | 'percent'
>;

/** The rollup view of a learning record, marked just now or read back from the table. */
export function factsFromMarked(r: RecordFactColumns): RecordFacts {
  return {
    id: r.id,
    kind: r.kind,
    subjectId: r.subject_id,
    chapterId: r.chapter_id,
    topicId: r.topic_id,
    startedAt: new Date(r.started_at),
    finishedAt: new Date(r.finished_at),
    answered: r.answered_count,
    correct: r.correct_count,
    questionSeconds: r.question_seconds,
    durationSeconds: r.duration_seconds,
    learningCurrency: r.learning_currency,
    learningEfficiency: r.learning_efficiency,
    percent: r.percent,
  };
}

export interface StudentContext {
  studentId: number;
  schoolId: number;
  boardId: number;
  grade: number;
}

type DayMap = Record<string, number>;

/** Rollup rows, exactly as the rollup tables hold them (db/schema.ts). */
export type TopicRow = Selectable<StudentTopicStatsTable>;
export type ChapterRow = Selectable<StudentChapterStatsTable>;
export type SubjectRow = Selectable<StudentSubjectStatsTable>;
export type StudentRow = Selectable<StudentStatsTable>;
export type DailyRow = Selectable<StudentDailyStatsTable>;
type Totals = Omit<StudentRow, 'student_id' | 'school_id' | 'board_id' | 'grade' | 'last_activity_at' | 'last_subject_id' | 'last_chapter_id' | 'last_topic_id'>;

/** Time order of records: finish time, then id, so equal times replay the same way every time. */
export function compareRecords(a: RecordFacts, b: RecordFacts): number {
  return a.finishedAt.getTime() - b.finishedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function addTo(map: DayMap, day: string, amount: number): void {
  if (amount !== 0) map[day] = (map[day] ?? 0) + amount;
}

/**
 * Topic rows and the chapter row of one student x chapter from all of that chapter's records.
 *
 * @param records the student's records of this chapter, any order
 * @param islandCount published topics of the chapter (the spec's "number of islands")
 */
export function computeChapterRollup(
  ctx: StudentContext,
  chapter: { chapterId: number; subjectId: number; islandCount: number },
  records: readonly RecordFacts[],
): { topics: TopicRow[]; chapter: ChapterRow } | null {
  if (records.length === 0) return null;
  const ordered = [...records].sort(compareRecords);
  const attemptsByTopic = new Map<number, { scored: ScoredAttempt[]; records: RecordFacts[]; currency: number; byDay: DayMap }>();
  const chapterByDay: DayMap = {};
  let bestTreasurePercent: number | null = null;
  let treasureAttempts = 0;
  let reviseAttempts = 0;
  let knowledgeCurrency = 0;

  for (const record of ordered) {
    const day = reportingDay(record.finishedAt);
    if (record.kind === 'topic' && record.topicId !== null) {
      let topic = attemptsByTopic.get(record.topicId);
      if (!topic) {
        topic = { scored: [], records: [], currency: 0, byDay: {} };
        attemptsByTopic.set(record.topicId, topic);
      }
      topic.records.push(record);
      topic.scored.push({ learningEfficiency: record.learningEfficiency ?? 0, learningCurrency: record.learningCurrency ?? 0 });
      const best = bestTopicAttempt(topic.scored)!;
      addTo(topic.byDay, day, best.learningCurrency - topic.currency);
      topic.currency = best.learningCurrency;
    } else if (record.kind === 'revise') {
      reviseAttempts += 1;
    } else if (record.kind === 'treasure') {
      treasureAttempts += 1;
      bestTreasurePercent = Math.max(bestTreasurePercent ?? 0, record.percent ?? 0);
    }
    if (bestTreasurePercent !== null) {
      // KC_ch is earned with the treasure and grows when a topic's currency grows afterwards.
      const currencies = [...attemptsByTopic.values()].map((t) => t.currency);
      const kc = chapterKnowledge({
        topicLearningCurrencies: currencies,
        islandCount: Math.max(chapter.islandCount, currencies.length, 1),
        bestTreasurePercent,
      }).knowledgeCurrency;
      addTo(chapterByDay, day, kc - knowledgeCurrency);
      knowledgeCurrency = kc;
    }
  }

  const topics: TopicRow[] = [...attemptsByTopic.entries()]
    .sort(([a], [b]) => a - b)
    .map(([topicId, t]) => {
      const best = bestTopicAttempt(t.scored)!;
      return {
        student_id: ctx.studentId,
        topic_id: topicId,
        school_id: ctx.schoolId,
        chapter_id: chapter.chapterId,
        subject_id: chapter.subjectId,
        attempts: t.records.length,
        learning_efficiency: best.learningEfficiency,
        learning_currency: best.learningCurrency,
        best_attempt: best.attemptNumber,
        answered: sum(t.records, (r) => r.answered),
        correct: sum(t.records, (r) => r.correct),
        question_seconds: sum(t.records, (r) => r.questionSeconds),
        time_spent: sum(t.records, (r) => r.durationSeconds),
        first_completed_at: t.records[0]!.finishedAt,
        last_played_at: t.records.at(-1)!.finishedAt,
        learning_currency_by_day: t.byDay,
      };
    });

  const last = ordered.at(-1)!;
  return {
    topics,
    chapter: {
      student_id: ctx.studentId,
      chapter_id: chapter.chapterId,
      school_id: ctx.schoolId,
      subject_id: chapter.subjectId,
      topics_completed: topics.length,
      island_count: chapter.islandCount,
      learning_currency: sum(topics, (t) => t.learning_currency),
      treasure_attempts: treasureAttempts,
      knowledge_efficiency: bestTreasurePercent,
      knowledge_currency: knowledgeCurrency,
      is_completed: treasureAttempts > 0,
      records: ordered.length,
      answered: sum(ordered, (r) => r.answered),
      correct: sum(ordered, (r) => r.correct),
      question_seconds: sum(ordered, (r) => r.questionSeconds),
      time_spent: sum(ordered, (r) => r.durationSeconds),
      last_played_at: last.finishedAt,
      last_topic_id: last.topicId,
      knowledge_currency_by_day: chapterByDay,
      revise_attempts: reviseAttempts,
    },
  };
}

/** Totals over a set of topic and chapter rows (one subject, or the whole student). */
function totals(topics: readonly TopicRow[], chapters: readonly ChapterRow[]): Totals & { newest: ChapterRow | undefined } {
  const byTopic = [...topics].sort((a, b) => a.topic_id - b.topic_id);
  const byChapter = [...chapters].sort((a, b) => a.chapter_id - b.chapter_id);
  const completed = byChapter.filter((c) => c.is_completed);
  const score = studentScore({
    topicLearningEfficiencies: byTopic.map((t) => t.learning_efficiency),
    chapterKnowledgeEfficiencies: completed.map((c) => c.knowledge_efficiency ?? 0),
  });
  const newest = byChapter.reduce<ChapterRow | undefined>(
    (latest, c) => (!latest || c.last_played_at.getTime() > latest.last_played_at.getTime() ? c : latest),
    undefined,
  );
  return {
    topics_completed: byTopic.length,
    chapters_completed: completed.length,
    learning_efficiency: score.learningEfficiency,
    knowledge_efficiency: score.knowledgeEfficiency,
    total_score: score.totalScore,
    learning_currency: sum(byTopic, (t) => t.learning_currency),
    knowledge_currency: sum(byChapter, (c) => c.knowledge_currency),
    records: sum(byChapter, (c) => c.records),
    answered: sum(byChapter, (c) => c.answered),
    correct: sum(byChapter, (c) => c.correct),
    question_seconds: sum(byChapter, (c) => c.question_seconds),
    time_spent: sum(byChapter, (c) => c.time_spent),
    newest,
  };
}

/** One student x subject row from that subject's topic and chapter rows. */
export function computeSubjectRollup(
  ctx: StudentContext,
  subjectId: number,
  topics: readonly TopicRow[],
  chapters: readonly ChapterRow[],
): SubjectRow | null {
  if (chapters.length === 0) return null;
  const { newest, ...t } = totals(topics, chapters);
  return {
    student_id: ctx.studentId,
    subject_id: subjectId,
    school_id: ctx.schoolId,
    board_id: ctx.boardId,
    grade: ctx.grade,
    ...t,
    chapters_attempted: chapters.length,
    last_played_at: newest!.last_played_at,
    last_chapter_id: newest!.chapter_id,
    last_topic_id: newest!.last_topic_id,
  };
}

/** The student's overall row from all their topic and chapter rows; null before any record. */
export function computeStudentRollup(ctx: StudentContext, topics: readonly TopicRow[], chapters: readonly ChapterRow[]): StudentRow | null {
  if (chapters.length === 0) return null;
  const { newest, ...t } = totals(topics, chapters);
  return {
    student_id: ctx.studentId,
    school_id: ctx.schoolId,
    board_id: ctx.boardId,
    grade: ctx.grade,
    ...t,
    last_activity_at: newest!.last_played_at,
    last_subject_id: newest!.subject_id,
    last_chapter_id: newest!.chapter_id,
    last_topic_id: newest!.last_topic_id,
  };
}

/**
 * Day rows for the given days (or every day when `days` is omitted): activity from the records of
 * those days, currency gained from the rows' per-day maps. Days without activity get no row.
 */
export function computeDailyRows(
  ctx: StudentContext,
  records: readonly RecordFacts[],
  topics: readonly TopicRow[],
  chapters: readonly ChapterRow[],
  days?: ReadonlySet<string>,
): DailyRow[] {
  const rows = new Map<string, DailyRow>();
  const row = (day: string) => {
    let r = rows.get(day);
    if (!r) {
      r = { student_id: ctx.studentId, day, school_id: ctx.schoolId, records: 0, answered: 0, correct: 0, time_spent: 0, learning_currency: 0, knowledge_currency: 0 };
      rows.set(day, r);
    }
    return r;
  };
  const wanted = (day: string) => !days || days.has(day);
  for (const record of records) {
    const day = reportingDay(record.finishedAt);
    if (!wanted(day)) continue;
    const r = row(day);
    r.records += 1;
    r.answered += record.answered;
    r.correct += record.correct;
    r.time_spent += record.durationSeconds;
  }
  for (const t of topics) for (const [day, lc] of Object.entries(t.learning_currency_by_day)) if (wanted(day)) row(day).learning_currency += lc;
  for (const c of chapters) for (const [day, kc] of Object.entries(c.knowledge_currency_by_day)) if (wanted(day)) row(day).knowledge_currency += kc;
  return [...rows.values()].filter((r) => r.records > 0).sort((a, b) => a.day.localeCompare(b.day));
}

function sum<T>(items: readonly T[], pick: (item: T) => number): number {
  let total = 0;
  for (const item of items) total += pick(item);
  return total;
}
