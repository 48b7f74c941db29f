import { examTestId } from '@ki/domain';
import type { LaunchExamResponse } from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import { authorizeLaunchExam, type Principal } from '../../policy/policy';
import { ExamTokenError } from '../../providers/exam-site/exam-token';
import { standInPage, type LocalExamSite } from '../../providers/exam-site/local-exam-site';

/** The spec's words when the launcher cannot open the test site (access-and-app-shell.md 2.2, 8). */
export const EXAM_UNAVAILABLE_MESSAGE = 'This section is not currently accessible';

/**
 * The exam launcher (access-and-app-shell.md 2.2): the caller's test on the outside site, chosen by
 * type (JEE 4, NEET 5, 12passout 9, 12 10, 11 11, else 1), opened with a signed token carrying
 * their user id. No site configured: 503 EXAM_SITE_UNAVAILABLE with the spec's message.
 */
export async function launchExam(
  deps: AppDeps,
  principal: Principal | null,
  type: string,
): Promise<LaunchExamResponse> {
  const p = authorizeLaunchExam(principal);
  if (!deps.examSite) throw new AppError('EXAM_SITE_UNAVAILABLE', EXAM_UNAVAILABLE_MESSAGE);
  const testId = examTestId(type);
  const { url, expiresAt } = await deps.examSite.launch({ userId: p.userId, testId, now: deps.clock() });
  return { url, testId, expiresAt: expiresAt.toISOString() };
}

/**
 * The development stand-in's page for a launch token: public, as the outside site is (it knows
 * nobody's session, only the token), and refused alike for any token it cannot verify.
 */
export async function examSiteStandIn(deps: AppDeps, site: LocalExamSite, token: string): Promise<string> {
  try {
    return standInPage(await site.verify(token, deps.clock()));
  } catch (error) {
    if (error instanceof ExamTokenError)
      throw new AppError('EXAM_TOKEN_INVALID', 'This launch token is not valid or has expired');
    throw error;
  }
}
