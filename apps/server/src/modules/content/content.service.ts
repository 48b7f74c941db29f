import { createHash } from 'node:crypto';
import { chapterPathState, dailyStreak, nextPathStep, reportingDay, type Language } from '@ki/domain';
import type {
  BookmarksResponse,
  BookmarkState,
  LearnProgressResponse,
  SubjectBundle,
  SubjectChaptersResponse,
  TopicRatingResponse,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import type { LanguageMap, QuestionContent } from '../../db/schema';
import { notFound } from '../../errors';
import { canStudentOpenContent, requireEnrolledStudent, type Principal } from '../../policy/policy';
import * as repo from './content.repository';

/** A name in the student's language, English when it has no translation. */
const nameIn = (names: Partial<Record<string, string>>, language: string) => names[language] ?? names.en ?? '';
/** A name in the student's language or English, and which of the two it is (for "not yet available in ..."). */
const named = (names: Partial<Record<string, string>>, language: Language): { name: string; nameLanguage: Language } =>
  names[language] === undefined
    ? { name: names.en ?? '', nameLanguage: 'en' }
    : { name: names[language], nameLanguage: language };

/** The student's chapters of one subject with their progress and lock state; 404 when the subject is not theirs. */
export async function subjectChapters(
  deps: AppDeps,
  principal: Principal | null,
  slug: string,
): Promise<SubjectChaptersResponse> {
  const p = requireEnrolledStudent(principal);
  const { db } = deps.database;
  const subject = await repo.findSubjectBySlug(db, slug);
  if (!subject) throw notFound('Subject');
  const [rows, rollups, language] = await Promise.all([
    repo.publishedChapters(db, subject.id, p.enrolment.boardId, p.enrolment.grade),
    repo.subjectRollups(db, p.userId, subject.id),
    repo.userLanguage(db, p.userId),
  ]);
  if (rows.length === 0) throw notFound('Subject');
  const chapterStats = new Map(rollups.chapters.map((c) => [c.chapter_id, c]));
  return {
    subject: { id: subject.id, slug: subject.slug, name: nameIn(subject.names, language), theme: subject.theme },
    chapters: rows.map((r) => {
      const stats = chapterStats.get(r.id);
      const islandCount = Number(r.topics ?? 0);
      const topicsCompleted = stats?.topics_completed ?? 0;
      const reviseAttempts = stats?.revise_attempts ?? 0;
      const treasureAttempts = stats?.treasure_attempts ?? 0;
      return {
        id: r.id,
        slug: r.slug,
        name: nameIn(r.names, language),
        topics: islandCount,
        topicsCompleted,
        isCompleted: stats?.is_completed ?? false,
        topicProgress: rollups.topics
          .filter((t) => t.chapter_id === r.id)
          .map((t) => ({
            topicId: t.topic_id,
            attempts: t.attempts,
            learningEfficiency: t.learning_efficiency,
            learningCurrency: t.learning_currency,
          })),
        learningCurrency: stats?.learning_currency ?? 0,
        reviseAttempts,
        treasureAttempts,
        knowledgeEfficiency: stats?.knowledge_efficiency ?? null,
        knowledgeCurrency: stats?.knowledge_currency ?? 0,
        locks: chapterPathState({
          islandCount,
          topicsCompleted,
          reviseDone: reviseAttempts > 0,
          treasureDone: treasureAttempts > 0,
        }),
      };
    }),
  };
}

/**
 * One subject's published content for the student's board, grade and language (English fallback),
 * with its version. `ifNoneMatch` equal to the version answers `notModified` without a body.
 */
export async function subjectBundle(
  deps: AppDeps,
  principal: Principal | null,
  slug: string,
  ifNoneMatch: string | undefined,
): Promise<{ etag: string; bundle: SubjectBundle | null }> {
  const p = requireEnrolledStudent(principal);
  const { db } = deps.database;
  const subject = await repo.findSubjectBySlug(db, slug);
  if (!subject) throw notFound('Subject');
  const [chapters, language] = await Promise.all([
    repo.publishedChapters(db, subject.id, p.enrolment.boardId, p.enrolment.grade),
    repo.userLanguage(db, p.userId),
  ]);
  if (chapters.length === 0) throw notFound('Subject');
  const topics = await repo.publishedTopics(
    db,
    chapters.map((c) => c.id),
  );
  const topicIds = topics.map((t) => t.id);
  const [concepts, questions] = await Promise.all([
    repo.publishedConcepts(db, topicIds, language),
    repo.publishedQuestions(db, topicIds),
  ]);

  const conceptOf = new Map<number, { language: Language; body: string }>();
  for (const c of concepts)
    if (c.language === language || !conceptOf.has(c.topic_id))
      conceptOf.set(c.topic_id, { language: c.language, body: c.body });
  const questionsOf = new Map<number, SubjectBundle['chapters'][number]['topics'][number]['questions']>();
  for (const q of questions) {
    const translated: QuestionContent | undefined = q.content[language];
    const content = translated ?? q.content.en;
    if (!content) continue;
    const list = questionsOf.get(q.topic_id) ?? [];
    list.push({
      id: q.id,
      type: q.type,
      text: content.text,
      options: content.options,
      answer: q.answer,
      solution: content.solution,
      language: translated ? language : 'en',
    });
    questionsOf.set(q.topic_id, list);
  }
  const body: Omit<SubjectBundle, 'version'> = {
    language,
    subject: { id: subject.id, slug: subject.slug, ...named(subject.names, language), theme: subject.theme },
    chapters: chapters.map((c) => ({
      id: c.id,
      slug: c.slug,
      ...named(c.names as LanguageMap, language),
      topics: topics
        .filter((t) => t.chapter_id === c.id)
        .map((t) => ({
          id: t.id,
          slug: t.slug,
          ...named(t.names, language),
          concept: conceptOf.get(t.id) ?? null,
          questions: questionsOf.get(t.id) ?? [],
        })),
    })),
  };
  // The version is a digest of exactly what is served: any change of published content, of the
  // student's language or of their board and grade gives another version (docs/DECISIONS.md).
  const version = createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22);
  const etag = `"${version}"`;
  const matches = ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;
  return { etag, bundle: matches ? null : { version, ...body } };
}

/** The student's progress per subject (concepts home). */
/**
 * How far back the daily streak is read: a longer run shows as this many days (a year and a month
 * of play every day), and the query stays an index range of one student's recent records.
 */
const STREAK_WINDOW_DAYS = 400;

export async function learnProgress(deps: AppDeps, principal: Principal | null): Promise<LearnProgressResponse> {
  const p = requireEnrolledStudent(principal);
  const { db } = deps.database;
  const now = deps.clock();
  const timeZone = await repo.schoolTimeZone(db, p.enrolment.schoolId);
  const [rows, days, resume] = await Promise.all([
    repo.subjectStats(db, p.userId),
    repo.activeDays(db, p.userId, timeZone, now, STREAK_WINDOW_DAYS),
    resumePoint(deps, p),
  ]);
  return {
    streak: { ...dailyStreak(days, reportingDay(now, timeZone)), timeZone },
    resume,
    subjects: rows.map((r) => ({
      subjectId: r.subject_id,
      chaptersCompleted: r.chapters_completed,
      topicsCompleted: r.topics_completed,
      learningCurrency: r.learning_currency,
      knowledgeCurrency: r.knowledge_currency,
    })),
  };
}

/**
 * "Continue where you left off" (issue #28): the next step after the student's last activity of the
 * learning path (nextPathStep), in the student's language; null before any, or when nothing is left
 * after it. Only published content of the student's board and grade is offered.
 */
async function resumePoint(
  deps: AppDeps,
  p: ReturnType<typeof requireEnrolledStudent>,
): Promise<LearnProgressResponse['resume']> {
  const { db } = deps.database;
  const last = await repo.lastPathRecord(db, p.userId);
  // A path activity always has its chapter (only quizzes, tests and challenges may have none).
  if (!last || last.chapter_id === null) return null;
  const chapterId = last.chapter_id;
  const [subject, chapters, rollups, language] = await Promise.all([
    repo.findSubjectById(db, last.subject_id),
    repo.publishedChapters(db, last.subject_id, p.enrolment.boardId, p.enrolment.grade),
    repo.subjectRollups(db, p.userId, last.subject_id),
    repo.userLanguage(db, p.userId),
  ]);
  const from = chapters.findIndex((c) => c.id === chapterId);
  if (!subject || from < 0) return null;
  const onward = chapters.slice(from);
  const topics = await repo.publishedTopics(
    db,
    onward.map((c) => c.id),
  );
  const played = new Set(rollups.topics.filter((t) => t.attempts > 0).map((t) => t.topic_id));
  const chapterStats = new Map(rollups.chapters.map((c) => [c.chapter_id, c]));
  const step = nextPathStep(
    onward.map((c) => ({
      id: c.id,
      topics: topics.filter((t) => t.chapter_id === c.id).map((t) => ({ id: t.id, completed: played.has(t.id) })),
      reviseDone: (chapterStats.get(c.id)?.revise_attempts ?? 0) > 0,
      treasureDone: (chapterStats.get(c.id)?.treasure_attempts ?? 0) > 0,
    })),
    { chapterId, topicId: last.topic_id },
  );
  if (!step) return null;
  const chapter = onward.find((c) => c.id === step.chapterId)!;
  const topic = step.stage === 'topic' ? topics.find((t) => t.id === step.topicId)! : null;
  return {
    stage: step.stage,
    subjectSlug: subject.slug,
    subjectName: nameIn(subject.names, language),
    subjectTheme: subject.theme,
    chapterSlug: chapter.slug,
    chapterName: nameIn(chapter.names, language),
    topicSlug: topic?.slug ?? null,
    topicName: topic ? nameIn(topic.names, language) : null,
  };
}

async function requireOpenTopic(deps: AppDeps, p: ReturnType<typeof requireEnrolledStudent>, topicId: number) {
  const facts = await repo.topicFacts(deps.database.db, topicId);
  if (!facts || !canStudentOpenContent(p, { boardId: facts.board_id, grade: facts.grade, published: facts.published }))
    throw notFound('Topic');
}

async function requireOpenQuestion(deps: AppDeps, p: ReturnType<typeof requireEnrolledStudent>, questionId: number) {
  const facts = await repo.questionFacts(deps.database.db, questionId);
  if (!facts || !canStudentOpenContent(p, { boardId: facts.board_id, grade: facts.grade, published: facts.published }))
    throw notFound('Question');
}

/** The student's own bookmarks (optionally of one subject), newest first. */
export async function listBookmarks(
  deps: AppDeps,
  principal: Principal | null,
  subjectSlug?: string,
): Promise<BookmarksResponse> {
  const p = requireEnrolledStudent(principal);
  const { db } = deps.database;
  const [language, concepts, questions] = await Promise.all([
    repo.userLanguage(db, p.userId),
    repo.listConceptBookmarks(db, p.userId, p.enrolment, subjectSlug),
    repo.listQuestionBookmarks(db, p.userId, p.enrolment, subjectSlug),
  ]);
  return {
    concepts: concepts.map((r) => ({
      topicId: r.topic_id,
      topicSlug: r.topic_slug,
      topicName: nameIn(r.topic_names, language),
      chapterSlug: r.chapter_slug,
      chapterName: nameIn(r.chapter_names, language),
      subjectSlug: r.subject_slug,
      subjectName: nameIn(r.subject_names, language),
      createdAt: new Date(r.created_at).toISOString(),
    })),
    questions: questions.flatMap((r) => {
      const content = r.content[language] ?? r.content.en;
      if (!content) return [];
      return [
        {
          questionId: r.question_id,
          text: content.text,
          options: content.options,
          answer: r.answer,
          solution: content.solution,
          topicSlug: r.topic_slug,
          topicName: nameIn(r.topic_names, language),
          chapterSlug: r.chapter_slug,
          subjectSlug: r.subject_slug,
          subjectName: nameIn(r.subject_names, language),
          createdAt: new Date(r.created_at).toISOString(),
        },
      ];
    }),
  };
}

/** Adds (idempotent) or removes a concept bookmark of a topic the student may open. */
export async function setConceptBookmark(
  deps: AppDeps,
  principal: Principal | null,
  topicId: number,
  bookmarked: boolean,
): Promise<BookmarkState> {
  const p = requireEnrolledStudent(principal);
  await requireOpenTopic(deps, p, topicId);
  if (bookmarked)
    await repo.addConceptBookmark(deps.database.db, {
      student_id: p.userId,
      topic_id: topicId,
      school_id: p.enrolment.schoolId,
      created_at: deps.clock(),
    });
  else await repo.removeConceptBookmark(deps.database.db, p.userId, topicId);
  return { id: topicId, bookmarked };
}

export async function setQuestionBookmark(
  deps: AppDeps,
  principal: Principal | null,
  questionId: number,
  bookmarked: boolean,
): Promise<BookmarkState> {
  const p = requireEnrolledStudent(principal);
  await requireOpenQuestion(deps, p, questionId);
  if (bookmarked)
    await repo.addQuestionBookmark(deps.database.db, {
      student_id: p.userId,
      question_id: questionId,
      school_id: p.enrolment.schoolId,
      created_at: deps.clock(),
    });
  else await repo.removeQuestionBookmark(deps.database.db, p.userId, questionId);
  return { id: questionId, bookmarked };
}

export async function getTopicRating(
  deps: AppDeps,
  principal: Principal | null,
  topicId: number,
): Promise<TopicRatingResponse> {
  const p = requireEnrolledStudent(principal);
  await requireOpenTopic(deps, p, topicId);
  return { topicId, rating: await repo.findRating(deps.database.db, p.userId, topicId) };
}

/** One rating per student and topic: a second rating replaces the first. */
export async function rateTopic(
  deps: AppDeps,
  principal: Principal | null,
  topicId: number,
  rating: number,
): Promise<TopicRatingResponse> {
  const p = requireEnrolledStudent(principal);
  await requireOpenTopic(deps, p, topicId);
  await repo.upsertRating(deps.database.db, {
    student_id: p.userId,
    topic_id: topicId,
    school_id: p.enrolment.schoolId,
    rating,
    rated_at: deps.clock(),
  });
  return { topicId, rating };
}
