/**
 * Rollups as pure functions of learning records (scoring-and-metrics.md). Ingest, Reindex and the
 * demo-data generator all call these, so the tables cannot depend on which path wrote them.
 *
 * The unit of recomputation is one student x one chapter: its records, replayed in time order, give
 * the chapter's topic rows, its chapter row and the day each unit of currency was earned. Records
 * without a chapter (server-written quizzes and tests, migration 0020) are summed per student x
 * subject instead (practice rows): they add answers, correct answers, seconds and time, never
 * currency or efficiency. Subject, student and day rows are then sums and means over those rows.
 */
import { chapterKnowledge, nextBestTopicAttempt, reportingDay, studentScore } from '@ki/domain';
import type { Selectable } from 'kysely';
import type {
  RecordKind,
  StudentChapterStatsTable,
  StudentDailyStatsTable,
  StudentStatsTable,
  StudentSubjectPracticeStatsTable,
  StudentSubjectStatsTable,
  StudentTopicStatsTable,
} from '../../db/schema';
import type { MarkedRecord } from './marking';

/** What the rollups need of one learning record (no answers: they are already marked). */
export interface RecordFacts {
  id: string;
  kind: RecordKind;
  subjectId: number;
  /** Null for a chapter-less record (quiz, test or challenge written by the server). */
  chapterId: number | null;
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
export type RecordFactColumns = { chapter_id: number | null } & Pick<
  MarkedRecord,
  | 'id'
  | 'kind'
  | 'subject_id'
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
  /** The school's time zone: the day rows and *_by_day maps are its calendar days. */
  timeZone: string;
}

type DayMap = Record<string, number>;

/** Rollup rows, exactly as the rollup tables hold them (db/schema.ts). */
export type TopicRow = Selectable<StudentTopicStatsTable>;
export type ChapterRow = Selectable<StudentChapterStatsTable>;
export type SubjectRow = Selectable<StudentSubjectStatsTable>;
export type StudentRow = Selectable<StudentStatsTable>;
export type DailyRow = Selectable<StudentDailyStatsTable>;
export type PracticeRow = Selectable<StudentSubjectPracticeStatsTable>;
type Totals = Omit<
  StudentRow,
  | 'student_id'
  | 'school_id'
  | 'board_id'
  | 'grade'
  | 'last_activity_at'
  | 'last_subject_id'
  | 'last_chapter_id'
  | 'last_topic_id'
>;

/** Time order of records: finish time, then id, so equal times replay the same way every time. */
export function compareRecords(a: RecordFacts, b: RecordFacts): number {
  return a.finishedAt.getTime() - b.finishedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function addTo(map: DayMap, day: string, amount: number): void {
  if (amount !== 0) map[day] = (map[day] ?? 0) + amount;
}

/** One chapter of a student: which one, and how many published topics (islands) it has now. */
export interface ChapterShape {
  chapterId: number;
  subjectId: number;
  /** Published topics of the chapter (the spec's "number of islands"). */
  islandCount: number;
}

/** A chapter's stored rows: its chapter row and its topic rows. */
export interface ChapterRows {
  topics: TopicRow[];
  chapter: ChapterRow;
}

/**
 * Topic rows and the chapter row of one student x chapter from all of that chapter's records.
 *
 * @param records the student's records of this chapter, any order
 */
export function computeChapterRollup(
  ctx: StudentContext,
  chapter: ChapterShape,
  records: readonly RecordFacts[],
): ChapterRows | null {
  const fold = new ChapterFold(ctx, chapter, null);
  for (const record of [...records].sort(compareRecords)) fold.add(record);
  return fold.rows();
}

/**
 * The rows `computeChapterRollup` would give from all of the chapter's records, computed from the
 * stored rows and the new records only: the replay continues where the stored rows left it.
 * Possible when every new record finishes after the chapter's last one and the chapter still has
 * the island count its row was computed with; otherwise null, and the caller replays all records.
 *
 * @param stored the chapter's rows before these records, null when the student has none yet
 * @param records the chapter's new records, any order
 */
export function extendChapterRollup(
  ctx: StudentContext,
  chapter: ChapterShape,
  stored: ChapterRows | null,
  records: readonly RecordFacts[],
): ChapterRows | null {
  if (stored) {
    if (stored.chapter.island_count !== chapter.islandCount) return null;
    const last = stored.chapter.last_played_at.getTime();
    if (records.some((r) => r.finishedAt.getTime() <= last)) return null;
  }
  const fold = new ChapterFold(ctx, chapter, stored);
  for (const record of [...records].sort(compareRecords)) fold.add(record);
  return fold.rows();
}

/**
 * The replay of one chapter's records in time order, record by record: each topic's best attempt so
 * far and the day its currency grew, the best treasure and the knowledge currency it gives, and the
 * chapter's sums. Started empty, or from stored rows to continue a replay.
 */
class ChapterFold {
  private readonly topics = new Map<number, TopicRow>();
  private chapter: ChapterRow | null = null;

  constructor(
    private readonly ctx: StudentContext,
    private readonly shape: ChapterShape,
    stored: ChapterRows | null,
  ) {
    if (!stored) return;
    for (const t of stored.topics)
      this.topics.set(t.topic_id, { ...t, learning_currency_by_day: { ...t.learning_currency_by_day } });
    this.chapter = { ...stored.chapter, knowledge_currency_by_day: { ...stored.chapter.knowledge_currency_by_day } };
  }

  add(record: RecordFacts): void {
    const day = reportingDay(record.finishedAt, this.ctx.timeZone);
    const chapter = (this.chapter ??= this.emptyChapter(record));
    if (record.kind === 'topic' && record.topicId !== null) {
      let topic = this.topics.get(record.topicId);
      if (!topic) {
        topic = this.emptyTopic(record.topicId, record.finishedAt);
        this.topics.set(record.topicId, topic);
      }
      topic.attempts += 1;
      const previous =
        topic.attempts > 1
          ? {
              learningEfficiency: topic.learning_efficiency,
              learningCurrency: topic.learning_currency,
              attemptNumber: topic.best_attempt,
            }
          : null;
      const best = nextBestTopicAttempt(
        previous,
        { learningEfficiency: record.learningEfficiency ?? 0, learningCurrency: record.learningCurrency ?? 0 },
        topic.attempts,
      );
      addTo(topic.learning_currency_by_day, day, best.learningCurrency - topic.learning_currency);
      topic.learning_efficiency = best.learningEfficiency;
      topic.learning_currency = best.learningCurrency;
      topic.best_attempt = best.attemptNumber;
      topic.answered += record.answered;
      topic.correct += record.correct;
      topic.question_seconds += record.questionSeconds;
      topic.time_spent += record.durationSeconds;
      topic.last_played_at = record.finishedAt;
    } else if (record.kind === 'revise') {
      chapter.revise_attempts += 1;
    } else if (record.kind === 'treasure') {
      chapter.treasure_attempts += 1;
      chapter.knowledge_efficiency = Math.max(chapter.knowledge_efficiency ?? 0, record.percent ?? 0);
    }
    if (chapter.knowledge_efficiency !== null) {
      // KC_ch is earned with the treasure and grows when a topic's currency grows afterwards.
      const currencies = [...this.topics.values()].map((t) => t.learning_currency);
      const kc = chapterKnowledge({
        topicLearningCurrencies: currencies,
        islandCount: Math.max(this.shape.islandCount, currencies.length, 1),
        bestTreasurePercent: chapter.knowledge_efficiency,
      }).knowledgeCurrency;
      addTo(chapter.knowledge_currency_by_day, day, kc - chapter.knowledge_currency);
      chapter.knowledge_currency = kc;
    }
    chapter.records += 1;
    chapter.answered += record.answered;
    chapter.correct += record.correct;
    chapter.question_seconds += record.questionSeconds;
    chapter.time_spent += record.durationSeconds;
    chapter.last_played_at = record.finishedAt;
    chapter.last_topic_id = record.topicId;
  }

  /** The rows as the records so far leave them; null before any record. */
  rows(): ChapterRows | null {
    if (!this.chapter) return null;
    const { ctx, shape } = this;
    const topics = [...this.topics.values()]
      .sort((a, b) => a.topic_id - b.topic_id)
      .map((t) => ({ ...t, school_id: ctx.schoolId, chapter_id: shape.chapterId, subject_id: shape.subjectId }));
    return {
      topics,
      chapter: {
        ...this.chapter,
        school_id: ctx.schoolId,
        subject_id: shape.subjectId,
        topics_completed: topics.length,
        island_count: shape.islandCount,
        learning_currency: sum(topics, (t) => t.learning_currency),
        is_completed: this.chapter.treasure_attempts > 0,
      },
    };
  }

  private emptyTopic(topicId: number, firstCompletedAt: Date): TopicRow {
    const { ctx, shape } = this;
    return {
      student_id: ctx.studentId,
      topic_id: topicId,
      school_id: ctx.schoolId,
      chapter_id: shape.chapterId,
      subject_id: shape.subjectId,
      attempts: 0,
      learning_efficiency: 0,
      learning_currency: 0,
      best_attempt: 0,
      answered: 0,
      correct: 0,
      question_seconds: 0,
      time_spent: 0,
      first_completed_at: firstCompletedAt,
      last_played_at: firstCompletedAt,
      learning_currency_by_day: {},
    };
  }

  private emptyChapter(first: RecordFacts): ChapterRow {
    const { ctx, shape } = this;
    return {
      student_id: ctx.studentId,
      chapter_id: shape.chapterId,
      school_id: ctx.schoolId,
      subject_id: shape.subjectId,
      topics_completed: 0,
      island_count: shape.islandCount,
      learning_currency: 0,
      treasure_attempts: 0,
      knowledge_efficiency: null,
      knowledge_currency: 0,
      is_completed: false,
      records: 0,
      answered: 0,
      correct: 0,
      question_seconds: 0,
      time_spent: 0,
      last_played_at: first.finishedAt,
      last_topic_id: first.topicId,
      knowledge_currency_by_day: {},
      revise_attempts: 0,
    };
  }
}

/**
 * What new records and the recomputed rows of their chapters change in the student's day rows:
 * each new record adds its activity to its day, and each day's currency moves by the change of the
 * chapters' per-day maps. Added to the stored day rows, this gives the rows `computeDailyRows`
 * computes from all records.
 *
 * @param records the records just stored
 * @param before the stored rows of the chapters those records belong to (absent chapters: none)
 * @param after the same chapters' rows with the new records
 */
export function dailyRowChanges(
  ctx: StudentContext,
  records: readonly RecordFacts[],
  before: { topics: readonly TopicRow[]; chapters: readonly ChapterRow[] },
  after: { topics: readonly TopicRow[]; chapters: readonly ChapterRow[] },
): DailyRow[] {
  const rows = new Map<string, DailyRow>();
  const row = (day: string) => {
    let r = rows.get(day);
    if (!r) {
      r = {
        student_id: ctx.studentId,
        day,
        school_id: ctx.schoolId,
        records: 0,
        answered: 0,
        correct: 0,
        time_spent: 0,
        learning_currency: 0,
        knowledge_currency: 0,
      };
      rows.set(day, r);
    }
    return r;
  };
  for (const record of records) {
    const r = row(reportingDay(record.finishedAt, ctx.timeZone));
    r.records += 1;
    r.answered += record.answered;
    r.correct += record.correct;
    r.time_spent += record.durationSeconds;
  }
  const change = (field: 'learning_currency' | 'knowledge_currency', map: DayMap, sign: 1 | -1) => {
    for (const [day, amount] of Object.entries(map)) row(day)[field] += sign * amount;
  };
  for (const t of before.topics) change('learning_currency', t.learning_currency_by_day, -1);
  for (const t of after.topics) change('learning_currency', t.learning_currency_by_day, 1);
  for (const c of before.chapters) change('knowledge_currency', c.knowledge_currency_by_day, -1);
  for (const c of after.chapters) change('knowledge_currency', c.knowledge_currency_by_day, 1);
  return [...rows.values()]
    .filter((r) => r.records !== 0 || r.learning_currency !== 0 || r.knowledge_currency !== 0)
    .sort((a, b) => a.day.localeCompare(b.day));
}

/** The newest activity of a set of rows: a chapter's (its chapter and topic) or a practice row's (neither). */
interface Newest {
  at: Date;
  subjectId: number;
  chapterId: number | null;
  topicId: number | null;
}

/**
 * Totals over a set of topic, chapter and practice rows (one subject, or the whole student): the
 * efficiencies and currencies over the topic and chapter rows, the activity over all of them. The
 * newest is the chapter played last (the lowest chapter id on a tie), or a practice row played
 * strictly later (the lowest subject id on a tie): its chapter and topic are then none.
 */
function totals(
  topics: readonly TopicRow[],
  chapters: readonly ChapterRow[],
  practice: readonly PracticeRow[],
): Totals & { newest: Newest | undefined } {
  const byTopic = [...topics].sort((a, b) => a.topic_id - b.topic_id);
  const byChapter = [...chapters].sort((a, b) => a.chapter_id - b.chapter_id);
  const bySubject = [...practice].sort((a, b) => a.subject_id - b.subject_id);
  const completed = byChapter.filter((c) => c.is_completed);
  const score = studentScore({
    topicLearningEfficiencies: byTopic.map((t) => t.learning_efficiency),
    chapterKnowledgeEfficiencies: completed.map((c) => c.knowledge_efficiency ?? 0),
  });
  let newest: Newest | undefined;
  for (const c of byChapter) {
    if (!newest || c.last_played_at.getTime() > newest.at.getTime())
      newest = { at: c.last_played_at, subjectId: c.subject_id, chapterId: c.chapter_id, topicId: c.last_topic_id };
  }
  for (const p of bySubject) {
    if (!newest || p.last_played_at.getTime() > newest.at.getTime())
      newest = { at: p.last_played_at, subjectId: p.subject_id, chapterId: null, topicId: null };
  }
  return {
    topics_completed: byTopic.length,
    chapters_completed: completed.length,
    learning_efficiency: score.learningEfficiency,
    knowledge_efficiency: score.knowledgeEfficiency,
    total_score: score.totalScore,
    learning_currency: sum(byTopic, (t) => t.learning_currency),
    knowledge_currency: sum(byChapter, (c) => c.knowledge_currency),
    records: sum(byChapter, (c) => c.records) + sum(bySubject, (p) => p.records),
    answered: sum(byChapter, (c) => c.answered) + sum(bySubject, (p) => p.answered),
    correct: sum(byChapter, (c) => c.correct) + sum(bySubject, (p) => p.correct),
    question_seconds: sum(byChapter, (c) => c.question_seconds) + sum(bySubject, (p) => p.question_seconds),
    time_spent: sum(byChapter, (c) => c.time_spent) + sum(bySubject, (p) => p.time_spent),
    newest,
  };
}

/** One student x subject row from that subject's topic, chapter and practice rows; null without any. */
export function computeSubjectRollup(
  ctx: StudentContext,
  subjectId: number,
  topics: readonly TopicRow[],
  chapters: readonly ChapterRow[],
  practice: PracticeRow | null = null,
): SubjectRow | null {
  if (chapters.length === 0 && !practice) return null;
  const { newest, ...t } = totals(topics, chapters, practice ? [practice] : []);
  return {
    student_id: ctx.studentId,
    subject_id: subjectId,
    school_id: ctx.schoolId,
    board_id: ctx.boardId,
    grade: ctx.grade,
    ...t,
    chapters_attempted: chapters.length,
    last_played_at: newest!.at,
    last_chapter_id: newest!.chapterId,
    last_topic_id: newest!.topicId,
  };
}

/** The student's overall row from all their topic, chapter and practice rows; null before any record. */
export function computeStudentRollup(
  ctx: StudentContext,
  topics: readonly TopicRow[],
  chapters: readonly ChapterRow[],
  practice: readonly PracticeRow[] = [],
): StudentRow | null {
  if (chapters.length === 0 && practice.length === 0) return null;
  const { newest, ...t } = totals(topics, chapters, practice);
  return {
    student_id: ctx.studentId,
    school_id: ctx.schoolId,
    board_id: ctx.boardId,
    grade: ctx.grade,
    ...t,
    last_activity_at: newest!.at,
    last_subject_id: newest!.subjectId,
    last_chapter_id: newest!.chapterId,
    last_topic_id: newest!.topicId,
  };
}

/**
 * A practice row with chapter-less records added: sums, and the latest finish. Order does not
 * matter, so continuing stored rows and summing all records give the same row.
 */
function addToPractice(ctx: StudentContext, row: PracticeRow | undefined, record: RecordFacts): PracticeRow {
  const base: PracticeRow = row ?? {
    student_id: ctx.studentId,
    subject_id: record.subjectId,
    school_id: ctx.schoolId,
    records: 0,
    answered: 0,
    correct: 0,
    question_seconds: 0,
    time_spent: 0,
    last_played_at: record.finishedAt,
  };
  return {
    ...base,
    school_id: ctx.schoolId,
    records: base.records + 1,
    answered: base.answered + record.answered,
    correct: base.correct + record.correct,
    question_seconds: base.question_seconds + record.questionSeconds,
    time_spent: base.time_spent + record.durationSeconds,
    last_played_at:
      record.finishedAt.getTime() > base.last_played_at.getTime() ? record.finishedAt : base.last_played_at,
  };
}

/**
 * The practice rows of the subjects that chapter-less records belong to, continued from the stored
 * rows of those subjects (none: from nothing), in subject id order. Chapter records are ignored.
 *
 * @param stored the student's stored practice rows (any subjects)
 * @param records records, any order
 */
export function computePracticeRows(
  ctx: StudentContext,
  stored: readonly PracticeRow[],
  records: readonly RecordFacts[],
): PracticeRow[] {
  const rows = new Map<number, PracticeRow>();
  const storedBySubject = new Map(stored.map((p) => [p.subject_id, p]));
  for (const record of records) {
    if (record.chapterId !== null) continue;
    rows.set(
      record.subjectId,
      addToPractice(ctx, rows.get(record.subjectId) ?? storedBySubject.get(record.subjectId), record),
    );
  }
  return [...rows.values()].sort((a, b) => a.subject_id - b.subject_id);
}

/**
 * Every day row of a student from all their records and rows: activity from the records of each
 * day, currency gained from the rows' per-day maps. Days without activity get no row.
 */
export function computeDailyRows(
  ctx: StudentContext,
  records: readonly RecordFacts[],
  topics: readonly TopicRow[],
  chapters: readonly ChapterRow[],
): DailyRow[] {
  // All of it is a change from nothing.
  return dailyRowChanges(ctx, records, { topics: [], chapters: [] }, { topics, chapters }).filter((r) => r.records > 0);
}

/** Records grouped by chapter, each chapter's in the order given; chapter-less records left out. */
function byChapter(records: readonly RecordFacts[]): Map<number, RecordFacts[]> {
  const groups = new Map<number, RecordFacts[]>();
  for (const r of records) {
    if (r.chapterId === null) continue;
    const list = groups.get(r.chapterId);
    if (list) list.push(r);
    else groups.set(r.chapterId, [r]);
  }
  return groups;
}

/** Topic and chapter rows of several chapters. */
export interface ChaptersRows {
  topics: TopicRow[];
  chapters: ChapterRow[];
}

/**
 * Topic and chapter rows of every chapter the records belong to, replayed from those records, in
 * chapter id order.
 *
 * @param facts all of the student's records of those chapters, any order
 * @param islands published topics per chapter (a chapter missing from the map has none)
 */
export function computeChapterRollups(
  ctx: StudentContext,
  facts: readonly RecordFacts[],
  islands: ReadonlyMap<number, number>,
): ChaptersRows {
  const topics: TopicRow[] = [];
  const chapters: ChapterRow[] = [];
  for (const [chapterId, records] of [...byChapter(facts).entries()].sort(([a], [b]) => a - b)) {
    const rollup = computeChapterRollup(
      ctx,
      { chapterId, subjectId: records[0]!.subjectId, islandCount: islands.get(chapterId) ?? 0 },
      records,
    );
    if (!rollup) continue;
    topics.push(...rollup.topics);
    chapters.push(rollup.chapter);
  }
  return { topics, chapters };
}

/** The subject rows of the given subjects from the student's topic, chapter and practice rows (all subjects). */
export function computeSubjectRollups(
  ctx: StudentContext,
  subjectIds: readonly number[],
  topics: readonly TopicRow[],
  chapters: readonly ChapterRow[],
  practice: readonly PracticeRow[] = [],
): SubjectRow[] {
  return subjectIds
    .map((subjectId) =>
      computeSubjectRollup(
        ctx,
        subjectId,
        topics.filter((t) => t.subject_id === subjectId),
        chapters.filter((c) => c.subject_id === subjectId),
        practice.find((p) => p.subject_id === subjectId) ?? null,
      ),
    )
    .filter((row): row is SubjectRow => row !== null);
}

/** Every rollup row of one student from all their records: Reindex and the demo generator. */
export function computeAllRollups(
  ctx: StudentContext,
  facts: readonly RecordFacts[],
  islands: ReadonlyMap<number, number>,
) {
  const { topics, chapters } = computeChapterRollups(ctx, facts, islands);
  const practice = computePracticeRows(ctx, [], facts);
  const subjectIds = [...new Set([...chapters.map((c) => c.subject_id), ...practice.map((p) => p.subject_id)])].sort(
    (a, b) => a - b,
  );
  return {
    topics,
    chapters,
    practice,
    subjects: computeSubjectRollups(ctx, subjectIds, topics, chapters, practice),
    student: computeStudentRollup(ctx, topics, chapters, practice),
    days: computeDailyRows(ctx, facts, topics, chapters),
  };
}

/** What ingest reads of a student before a batch: every topic, chapter and practice row, and island counts. */
export interface StoredRollups {
  topics: readonly TopicRow[];
  chapters: readonly ChapterRow[];
  practice: readonly PracticeRow[];
  /** Published topics of the chapters the batch touches. */
  islands: ReadonlyMap<number, number>;
}

/**
 * The first half of ingest's upkeep: each chapter the new records touch is continued from its
 * stored rows (extendChapterRollup). A chapter that cannot be continued (a record older than the
 * chapter's newest one, or a changed island count) is listed in `replay`: the caller reads all its
 * records and replays it with computeChapterRollups.
 *
 * @param records the records just stored, any order
 */
export function continueChapterRollups(
  ctx: StudentContext,
  stored: StoredRollups,
  records: readonly RecordFacts[],
): ChaptersRows & { replay: number[] } {
  const storedChapters = new Map(stored.chapters.map((c) => [c.chapter_id, c]));
  const result: ChaptersRows & { replay: number[] } = { topics: [], chapters: [], replay: [] };
  for (const [chapterId, news] of byChapter(records)) {
    const shape = { chapterId, subjectId: news[0]!.subjectId, islandCount: stored.islands.get(chapterId) ?? 0 };
    const old = storedChapters.get(chapterId);
    const rows = extendChapterRollup(
      ctx,
      shape,
      old ? { chapter: old, topics: stored.topics.filter((t) => t.chapter_id === chapterId) } : null,
      news,
    );
    if (rows) {
      result.topics.push(...rows.topics);
      result.chapters.push(rows.chapter);
    } else result.replay.push(chapterId);
  }
  return result;
}

/** A batch's rollup changes: the rows to upsert whole, and what to add to the day rows. */
export interface RollupChanges {
  topics: readonly TopicRow[];
  chapters: readonly ChapterRow[];
  practice: readonly PracticeRow[];
  subjects: readonly SubjectRow[];
  student: StudentRow | null;
  dayChanges: readonly DailyRow[];
}

/**
 * The second half of ingest's upkeep: from the stored rows and the new rows of the chapters the
 * records touch (continued or replayed), the rows to write: those chapters' rows, the practice rows
 * of the subjects of chapter-less records (continued: sums commute), their subjects' rows, the
 * student's row (over all rows) and the changes of the day rows.
 *
 * @param records the records just stored
 * @param touched the new topic and chapter rows of every chapter those records belong to
 */
export function rollupChanges(
  ctx: StudentContext,
  stored: StoredRollups,
  records: readonly RecordFacts[],
  touched: ChaptersRows,
): RollupChanges {
  const chapterIds = new Set(records.flatMap((r) => (r.chapterId === null ? [] : [r.chapterId])));
  const before = {
    topics: stored.topics.filter((t) => chapterIds.has(t.chapter_id)),
    chapters: stored.chapters.filter((c) => chapterIds.has(c.chapter_id)),
  };
  const allTopics = [...stored.topics.filter((t) => !chapterIds.has(t.chapter_id)), ...touched.topics];
  const allChapters = [...stored.chapters.filter((c) => !chapterIds.has(c.chapter_id)), ...touched.chapters];
  const practice = computePracticeRows(ctx, stored.practice, records);
  const practiceSubjects = new Set(practice.map((p) => p.subject_id));
  const allPractice = [...stored.practice.filter((p) => !practiceSubjects.has(p.subject_id)), ...practice];
  const subjectIds = [...new Set([...touched.chapters.map((c) => c.subject_id), ...practiceSubjects])].sort(
    (a, b) => a - b,
  );
  return {
    topics: touched.topics,
    chapters: touched.chapters,
    practice,
    subjects: computeSubjectRollups(ctx, subjectIds, allTopics, allChapters, allPractice),
    student: computeStudentRollup(ctx, allTopics, allChapters, allPractice),
    dayChanges: dailyRowChanges(ctx, records, before, touched),
  };
}

function sum<T>(items: readonly T[], pick: (item: T) => number): number {
  let total = 0;
  for (const item of items) total += pick(item);
  return total;
}
