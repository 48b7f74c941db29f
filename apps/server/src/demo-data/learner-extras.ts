/**
 * Bookmarks and topic ratings of the demo student (README logins), derived from their own records so
 * that /bookmarks and the ratings look like a real student's: concepts of topics they replayed, and
 * questions they got wrong.
 */
import type { Kysely } from 'kysely';
import type { MarkedRecord } from '../modules/records/marking';
import type { DB } from '../db/schema';

export function demoLearnerExtras(records: readonly MarkedRecord[]): {
  conceptTopicIds: number[];
  questionIds: number[];
  ratings: { topicId: number; rating: number }[];
} {
  const topicRecords = records.filter((r) => r.kind === 'topic' && r.topic_id !== null);
  const attempts = new Map<number, number>();
  for (const r of topicRecords) attempts.set(r.topic_id!, (attempts.get(r.topic_id!) ?? 0) + 1);
  // Topics that took more than one try are the ones a student keeps for later.
  const replayed = [...attempts.entries()].filter(([, n]) => n > 1).map(([id]) => id);
  const conceptTopicIds = (replayed.length ? replayed : [...attempts.keys()]).slice(0, 4);
  const wrong = [
    ...new Set(topicRecords.flatMap((r) => r.answers.filter((a) => a.c !== null && !a.ok).map((a) => a.q))),
  ];
  const questionIds = wrong.slice(0, 5);
  // Ratings follow how the topic went: a good first attempt rates higher.
  const ratings = [...attempts.keys()].slice(0, 8).map((topicId) => {
    const first = topicRecords.find((r) => r.topic_id === topicId)!;
    return { topicId, rating: Math.max(2, Math.min(5, Math.round(first.correct_count / 2))) };
  });
  return { conceptTopicIds, questionIds, ratings };
}

/** Writes the demo student's bookmarks and ratings (see demoLearnerExtras). */
export async function addDemoLearnerExtras(
  db: Kysely<DB>,
  who: { studentId: number; schoolId: number; at: Date },
  records: readonly MarkedRecord[],
): Promise<void> {
  const extras = demoLearnerExtras(records);
  const base = { student_id: who.studentId, school_id: who.schoolId };
  if (extras.conceptTopicIds.length) {
    await db
      .insertInto('concept_bookmarks')
      .values(extras.conceptTopicIds.map((topic_id) => ({ ...base, topic_id, created_at: who.at })))
      .execute();
  }
  if (extras.questionIds.length) {
    await db
      .insertInto('question_bookmarks')
      .values(extras.questionIds.map((question_id) => ({ ...base, question_id, created_at: who.at })))
      .execute();
  }
  if (extras.ratings.length) {
    await db
      .insertInto('topic_ratings')
      .values(extras.ratings.map((x) => ({ ...base, topic_id: x.topicId, rating: x.rating, rated_at: who.at })))
      .execute();
  }
}
