/**
 * Doubts in the access world (issue #26): Asha's doubts about A1 grade 7 science (one with a
 * picture, never answered, for the picture rows; one the answer rows answer) and Bharat's in chain B.
 */
import { PNG_1X1 } from './assessment-authoring-fixtures';
import type { TestApp } from './build-test-app';

export interface DoubtsWork {
  /** Asha's open doubt with a picture (nobody answers it). */
  pictured: number;
  /** Asha's doubt the answer rows answer. */
  answerable: number;
  /** Bharat's doubt in chain B. */
  otherChain: number;
}

export async function buildDoubtsWorld(
  t: TestApp,
  o: {
    asha: { id: number; schoolId: number; chapterId: number; subjectId: number; topicId: number };
    bharat: { id: number; schoolId: number; chapterId: number; subjectId: number; topicId: number };
  },
): Promise<DoubtsWork> {
  const db = t.database.db;
  const key = await t.files.put(PNG_1X1);
  const doubt = async (s: typeof o.asha, body: string, picture: boolean) =>
    (
      await db
        .insertInto('doubts')
        .values({
          student_id: s.id,
          school_id: s.schoolId,
          grade: 7,
          subject_id: s.subjectId,
          chapter_id: s.chapterId,
          topic_id: s.topicId,
          body,
          picture_key: picture ? key : null,
          picture_type: picture ? 'image/png' : null,
          asked_at: t.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return {
    pictured: await doubt(o.asha, 'Why does litmus turn red in lemon juice?', true),
    answerable: await doubt(o.asha, 'What is a neutral substance, exactly?', false),
    otherChain: await doubt(o.bharat, 'Why is a negative times a negative positive?', true),
  };
}
