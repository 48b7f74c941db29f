import type { ExamSite } from './exam-site';
import { signExamToken, type ExamTokenKey } from './exam-token';

/**
 * The real outside test site: its launch address (EXAM_SITE_URL) with the token as `token` in the
 * query. This server never calls the site; the user's browser goes there.
 */
export class ExternalExamSite implements ExamSite {
  constructor(
    private readonly launchUrl: string,
    private readonly key: ExamTokenKey,
  ) {}

  async launch(launch: { userId: number; testId: number; now: Date }): Promise<{ url: string; expiresAt: Date }> {
    const { token, expiresAt } = await signExamToken(this.key, launch);
    // Through URL, so an address that already has a query keeps it and gains one token.
    const url = new URL(this.launchUrl);
    url.searchParams.set('token', token);
    return { url: url.toString(), expiresAt };
  }
}
