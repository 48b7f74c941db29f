import { accuracyPercent, maskMobile, personName } from '@ki/domain';
import { PROFILE_PRACTICE_LIMIT, type ProfileResponse, type UpdateProfileBody } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { requireUser, type Principal } from '../../policy/policy';
import { offeredLanguages, requireOfferedLanguage } from '../auth/auth.service';
import * as repo from './profile.repository';

/**
 * The signed-in user's own profile (access-and-app-shell.md 2.8 "Profile"). There is no way to name
 * another user: the session decides whose profile this is. Learn progress comes from the rollups;
 * practice progress from the student's own newest quiz, test and challenge records.
 */
export async function getProfile(deps: AppDeps, principal: Principal | null): Promise<ProfileResponse> {
  const p = requireUser(principal);
  const { db } = deps.database;
  const u = await repo.user(db, p.userId);
  const isStudent = u.role === 'student';
  const [enrolment, languages] = await Promise.all([
    isStudent ? repo.enrolment(db, u.id) : undefined,
    offeredLanguages(deps, u.id),
  ]);
  const language = u.language ?? 'en';
  const named = (names: Record<string, string>) => names[language] ?? names.en ?? '';

  let learn: ProfileResponse['learn'] = null;
  let practice: ProfileResponse['practice'] = null;
  let parents: ProfileResponse['parents'] = [];
  if (isStudent) {
    const [stats, subjects, records, links] = await Promise.all([
      repo.studentStats(db, u.id),
      repo.subjectStats(db, u.id),
      repo.practiceRecords(db, u.id, PROFILE_PRACTICE_LIMIT),
      repo.parents(db, u.id),
    ]);
    learn = {
      topicsStudied: stats?.topics_completed ?? 0,
      chaptersCompleted: stats?.chapters_completed ?? 0,
      timeSpentSeconds: stats?.time_spent ?? 0,
      subjects: subjects.map((s) => ({
        id: s.id,
        name: named(s.names),
        topicsCompleted: s.topics_completed,
        chaptersCompleted: s.chapters_completed,
        timeSpentSeconds: s.time_spent,
      })),
    };
    practice = {
      records: records.map((r) => ({
        id: r.id,
        kind: r.kind as 'quiz' | 'test' | 'challenge',
        subjectName: named(r.subject_names),
        completedAt: new Date(r.finished_at).toISOString(),
        correct: r.correct_count,
        // A wrong answer is an answered question that is not correct; unanswered ones are apart.
        incorrect: r.answered_count - r.correct_count,
        unanswered: r.question_count - r.answered_count,
        timeSpentSeconds: r.duration_seconds,
        accuracy: r.answered_count === 0 ? null : accuracyPercent(r.correct_count, r.answered_count),
      })),
    };
    parents = links.map((l) => ({
      name: personName(l.first_name, l.last_name),
      mobile: l.mobile === null ? null : maskMobile(l.mobile),
    }));
  }
  return {
    user: {
      id: u.id,
      role: u.role,
      firstName: u.first_name,
      lastName: u.last_name,
      mobile: u.mobile,
      email: u.email,
      language: u.language,
    },
    student: enrolment
      ? {
          schoolName: enrolment.school_name,
          boardName: enrolment.board_name,
          grade: enrolment.grade,
          section: enrolment.section,
          timeZone: enrolment.time_zone,
        }
      : null,
    parents,
    languages,
    learn,
    practice,
  };
}

/** Saves what a user may change of themselves: names, email and preferred language. */
export async function updateProfile(
  deps: AppDeps,
  principal: Principal | null,
  body: UpdateProfileBody,
): Promise<ProfileResponse> {
  const p = requireUser(principal);
  await requireOfferedLanguage(deps, p.userId, body.language);
  await repo.updateUser(deps.database.db, p.userId, {
    first_name: body.firstName,
    last_name: body.lastName,
    email: body.email === '' ? null : body.email.toLowerCase(),
    language: body.language,
  });
  return getProfile(deps, p);
}
