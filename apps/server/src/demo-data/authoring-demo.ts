/**
 * Work in progress for the demo's content team, so the approver's review queue is not empty on a
 * fresh `npm start`: the editor has written a new grade VII science chapter (NCERT Curiosity,
 * "Light: Shadows and Reflections") with its first topic, and reworded a published question; both
 * wait for review. Written through the authoring service, as the editor would.
 */
import { QuestionInputSchema, type QuestionInput } from '@ki/contracts';
import type { AppDeps } from '../app-deps';
import { createChapter, createTopic, putConcept, saveQuestion } from '../modules/authoring/authoring-edits.service';
import { submit } from '../modules/authoring/authoring-review.service';
import type { Principal } from '../policy/policy';
import type { Database } from '../db/database';
import { DEMO_ACCOUNTS } from './generate';

const q = (
  type: QuestionInput['type'],
  text: string,
  options: string[],
  answer: number[],
  solution: string,
): QuestionInput => ({
  type,
  content: { en: { text, options, solution } },
  answer,
});

const SHADOW_QUESTIONS: QuestionInput[] = [
  q(
    'multiple_choice',
    'Which of these objects is opaque?',
    ['Clear glass', 'A wooden door', 'Clean water'],
    [1],
    'Wood does not let light pass through, so it is opaque.',
  ),
  q(
    'fill_blank',
    'Light travels in ____ lines.',
    ['straight', 'curved', 'zigzag'],
    [0],
    'Light travels in straight lines; that is why shadows have sharp edges.',
  ),
  q(
    'true_false',
    'A shadow forms on the side of an object away from the light.',
    ['True', 'False'],
    [0],
    'The object blocks the light, so the dark patch is behind it.',
  ),
  q(
    'multiple_choice',
    'Which material is translucent?',
    ['Butter paper', 'A brick', 'A steel plate'],
    [0],
    'Butter paper lets some light through, but we cannot see clearly through it.',
  ),
  q(
    'multiple_select',
    'Which of these are luminous (give out their own light)?',
    ['The Sun', 'The Moon', 'A lit candle', 'A mirror'],
    [0, 2],
    'The Sun and a candle flame make light; the Moon and a mirror only reflect it.',
  ),
  q(
    'true_false',
    'The colour of a shadow depends on the colour of the object.',
    ['True', 'False'],
    [1],
    'A shadow is always dark, whatever the colour of the object.',
  ),
  q(
    'multiple_choice',
    'When is your shadow shortest on a sunny day?',
    ['Early morning', 'Around noon', 'Late evening'],
    [1],
    'At noon the Sun is high in the sky, so shadows are short.',
  ),
  q(
    'fill_blank',
    'A shadow is formed when an ____ object blocks light.',
    ['opaque', 'transparent', 'luminous'],
    [0],
    'Only an opaque object blocks enough light to form a dark shadow.',
  ),
  q(
    'multiple_choice',
    'What do we need to see a shadow?',
    ['Only a source of light', 'A light source, an opaque object and a screen', 'Only a screen'],
    [1],
    'The shadow falls on a screen behind the opaque object that blocks the light.',
  ),
  q(
    'true_false',
    'Clear glass casts a dark shadow.',
    ['True', 'False'],
    [1],
    'Clear glass is transparent: almost all light passes through it.',
  ),
];

export async function loadAuthoringDemo(database: Database, now: Date): Promise<void> {
  const { db } = database;
  const editor = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('mobile', '=', DEMO_ACCOUNTS.contentEditor)
    .executeTakeFirst();
  const board = await db.selectFrom('boards').select('id').where('code', '=', 'CBSE').executeTakeFirst();
  const science = await db.selectFrom('subjects').select('id').where('slug', '=', 'science').executeTakeFirst();
  if (!editor || !board || !science) return;
  const principal: Principal = {
    userId: editor.id,
    role: 'content_editor',
    isQa: false,
    firstName: editor.first_name,
    lastName: editor.last_name,
    chainId: null,
    schoolIds: [],
    teacherAssignments: [],
    enrolment: null,
    sessionId: 'demo-data',
  };
  // The authoring service needs only the database and a clock.
  const deps = { database, clock: () => now } as unknown as AppDeps;

  const chapter = await createChapter(deps, principal, {
    subjectId: science.id,
    boardId: board.id,
    grade: 7,
    names: { en: 'Light: Shadows and Reflections', hi: 'प्रकाश: छाया और परावर्तन', mr: 'प्रकाश: सावल्या आणि परावर्तन' },
  });
  const topic = await createTopic(deps, principal, {
    chapterId: chapter.id,
    names: { en: 'Shadows', hi: 'छाया', mr: 'सावल्या' },
  });
  await putConcept(deps, principal, topic.id, 'en', {
    body: 'Light travels in straight lines. Objects that let light pass are transparent, objects that let some light pass are translucent, and objects that block it are opaque. An opaque object in the path of light casts a dark shadow on a screen behind it; the shadow is dark whatever the colour of the object.',
  });
  // The routes validate what editors send; demo content passes through the same contract.
  for (const question of SHADOW_QUESTIONS)
    await saveQuestion(deps, principal, { topicId: topic.id }, QuestionInputSchema.parse(question));
  await submit(deps, principal, { entityType: 'topic', entityId: topic.id });

  // A reworded published question of the first grade VII science topic.
  const first = await db
    .selectFrom('questions as q')
    .innerJoin('topics as t', 't.id', 'q.topic_id')
    .innerJoin('chapters as c', 'c.id', 't.chapter_id')
    .select(['q.id', 'q.type', 'q.content', 'q.answer'])
    .where('c.board_id', '=', board.id)
    .where('c.grade', '=', 7)
    .where('c.subject_id', '=', science.id)
    .where('q.status', '=', 'published')
    .where('q.type', '=', 'multiple_choice')
    .orderBy('c.position')
    .orderBy('t.position')
    .orderBy('q.position')
    .executeTakeFirst();
  if (!first?.content.en) return;
  const en = first.content.en;
  await saveQuestion(
    deps,
    principal,
    { questionId: first.id },
    {
      type: first.type,
      content: {
        ...first.content,
        en: { ...en, text: `Choose the right answer. ${en.text}` },
      } as QuestionInput['content'],
      answer: first.answer,
    },
  );
  await submit(deps, principal, { entityType: 'question', entityId: first.id });
}
