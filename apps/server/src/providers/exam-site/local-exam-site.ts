import type { ExamSite } from './exam-site';
import { signExamToken, verifyExamToken, type ExamTokenClaims, type ExamTokenKey } from './exam-token';

/** Where the stand-in's page is served (exams.routes.ts registers it outside production). */
export const STAND_IN_PATH = '/api/v1/dev/exam-site';

/**
 * The outside test site's stand-in, for development and tests without the internet: the launcher
 * sends the browser to a page on this server that verifies the token as the real site should
 * (verifyExamToken, same secret) and shows whose test it opened.
 */
export class LocalExamSite implements ExamSite {
  constructor(private readonly key: ExamTokenKey) {}

  async launch(launch: { userId: number; testId: number; now: Date }): Promise<{ url: string; expiresAt: Date }> {
    const { token, expiresAt } = await signExamToken(this.key, launch);
    return { url: `${STAND_IN_PATH}?token=${encodeURIComponent(token)}`, expiresAt };
  }

  /** What the token says, or ExamTokenError. */
  verify(token: string, now: Date): Promise<ExamTokenClaims> {
    return verifyExamToken(this.key, token, now);
  }
}

/** The stand-in's page: plain HTML (no script), in English, since only developers and tests see it. */
export function standInPage(claims: ExamTokenClaims): string {
  // Every value shown is a number or an ISO date; escaped all the same.
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const row = (label: string, id: string, value: string) =>
    `<dt>${label}</dt><dd data-testid="${id}">${escape(value)}</dd>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Exam site stand-in</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;max-width:40rem}dt{font-weight:600;margin-top:.75rem}dd{margin:0}</style>
</head>
<body>
<h1>Exam site stand-in</h1>
<p>Development only: the token was verified as the outside test site would verify it.</p>
<dl>
${row('User id', 'exam-user-id', String(claims.userId))}
${row('Test id', 'exam-test-id', String(claims.testId))}
${row('Token id', 'exam-token-id', claims.tokenId)}
${row('Expires at', 'exam-expires-at', claims.expiresAt.toISOString())}
</dl>
</body>
</html>
`;
}
