import type { ExamTokenKey } from './exam-token';

/**
 * The exam launcher's outside test site (access-and-app-shell.md 2.2), behind one interface: the
 * real site (external-exam-site.ts) and a stand-in on this server for development and tests
 * (local-exam-site.ts). Which one runs is configuration (EXAM_SITE_PROVIDER); with neither, the
 * launcher answers 'This section is not currently accessible'.
 */
export interface ExamSite {
  /** Where to send the user's browser to open a test: an address carrying a fresh signed token. */
  launch(launch: { userId: number; testId: number; now: Date }): Promise<{ url: string; expiresAt: Date }>;
}

/** The configuration an exam site is made from (see config.ts). */
export interface ExamSiteConfig {
  EXAM_SITE_PROVIDER: 'external' | 'local' | 'off';
  EXAM_SITE_URL?: string | undefined;
  EXAM_SITE_SECRET?: string | undefined;
  EXAM_SITE_AUDIENCE: string;
  EXAM_SITE_ISSUER: string;
}

/** The signing key of a configuration; `fallbackSecret` when none is set (the stand-in only). */
export function examTokenKey(config: ExamSiteConfig, fallbackSecret?: string): ExamTokenKey {
  const secret = config.EXAM_SITE_SECRET ?? fallbackSecret;
  if (!secret) throw new Error('EXAM_SITE_SECRET is not set');
  return { secret, issuer: config.EXAM_SITE_ISSUER, audience: config.EXAM_SITE_AUDIENCE };
}
