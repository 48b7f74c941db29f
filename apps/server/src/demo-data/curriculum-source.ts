/**
 * Reads the curriculum source files (curriculum/<subject>/grade-NN.json) and expands maths topics'
 * generators into concrete questions with a seeded generator, so the same seed gives the same bank.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CurriculumFileSchema, type CurriculumFile, type CurriculumQuestion } from './curriculum/curriculum-file.schema';
import { generateQuestions } from './curriculum/maths-generators';
import { randomFor } from './rng';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), 'curriculum');
/** Generated questions per maths topic: two games' worth, so replays see new questions. */
export const GENERATED_QUESTIONS_PER_TOPIC = 20;

export interface SourceTopic {
  slug: string;
  name: string;
  concept: string;
  questions: CurriculumQuestion[];
}
export interface SourceChapter {
  slug: string;
  name: string;
  topics: SourceTopic[];
}
export interface SourceFile {
  subject: CurriculumFile['subject'];
  grade: number;
  chapters: SourceChapter[];
}

/** Every curriculum file, validated, with generated questions filled in. */
export function loadCurriculumSources(seed = 1): SourceFile[] {
  const files: SourceFile[] = [];
  for (const subject of readdirSync(ROOT).sort()) {
    const dir = join(ROOT, subject);
    if (!statSync(dir).isDirectory()) continue;
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
      const parsed = CurriculumFileSchema.parse(JSON.parse(readFileSync(join(dir, name), 'utf8')));
      files.push({
        subject: parsed.subject,
        grade: parsed.grade,
        chapters: parsed.chapters.map((chapter) => ({
          slug: chapter.slug,
          name: chapter.name,
          topics: chapter.topics.map((topic) => ({
            slug: topic.slug,
            name: topic.name,
            concept: topic.concept,
            questions:
              topic.questions ??
              generateQuestions(
                topic.generator!,
                randomFor(seed, `${parsed.subject}/${parsed.grade}/${chapter.slug}/${topic.slug}`).next,
                GENERATED_QUESTIONS_PER_TOPIC,
              ),
          })),
        })),
      });
    }
  }
  return files;
}
