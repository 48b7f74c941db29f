import { resolve } from 'node:path';
import { z } from 'zod';

/** Secrets that ship in the repository for development only; production refuses to start with them. */
export const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-0123456789';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** PostgreSQL connection string; when unset the embedded PGlite database in DATA_DIR is used. */
    DATABASE_URL: z.string().url().optional(),
    /** Relative paths are taken from where `npm` was run (INIT_CWD), i.e. the repository root. */
    DATA_DIR: z
      .string()
      .default('./data')
      .transform((dir) => resolve(process.env.INIT_CWD ?? process.cwd(), dir)),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').default(DEV_SESSION_SECRET),
    /** Serve the built web app (apps/web/dist) from the API server. */
    SERVE_WEB: booleanFromEnv.default(true),
    WEB_DIST_DIR: z.string().optional(),
    /** Days without a learning record after which a student counts as inactive. */
    ACTIVITY_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Load the small demo chain when the database has no schools yet. */
    DEMO_DATA_ON_EMPTY: booleanFromEnv.default(true),
    /** Digits of a one-time sign-in code: 4 as in the spec, or 6. */
    OTP_LENGTH: z.enum(['4', '6']).default('4').transform(Number),
    /** 'outbox' keeps codes in memory (development, tests; never in production); 'http' posts to SMS_HTTP_URL. */
    SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
    SMS_HTTP_URL: z.string().url().optional(),
    SMS_HTTP_TOKEN: z.string().optional(),
    /** Trust X-Forwarded-For (only behind a proxy you run): client addresses feed the sign-in rate limits. */
    TRUST_PROXY: booleanFromEnv.default(false),
    /** Largest accepted request body, bytes. */
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  })
  .superRefine((c, ctx) => {
    if (c.SMS_PROVIDER === 'http' && !c.SMS_HTTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_HTTP_URL'], message: 'SMS_HTTP_URL is required when SMS_PROVIDER=http' });
    }
    if (c.NODE_ENV === 'production' && c.SMS_PROVIDER === 'outbox') {
      ctx.addIssue({ code: 'custom', path: ['SMS_PROVIDER'], message: 'production needs a real SMS provider (SMS_PROVIDER=http)' });
    }
    if (c.NODE_ENV === 'production' && c.SESSION_SECRET === DEV_SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'SESSION_SECRET is the development default; set a secret of your own in production',
      });
    }
  });

export type Config = z.infer<typeof ConfigSchema>;

/** Parses and validates the environment once; throws a readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (DATABASE_URL= in an env file) means "not set", as in most tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
