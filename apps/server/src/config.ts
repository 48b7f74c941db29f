import { resolve } from 'node:path';
import { z } from 'zod';
import { PAYMENT_PROVIDERS } from '@ki/contracts';

/** Secrets that ship in the repository for development only; production refuses to start with them. */
export const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-0123456789';
/**
 * The exam launcher's stand-in (providers/exam-site/local-exam-site.ts) signs and checks its tokens
 * with this when EXAM_SITE_SECRET is unset; it never reaches an outside site, and production refuses it.
 */
export const DEV_EXAM_SITE_SECRET = 'dev-only-exam-site-secret-change-me-0123456789';

/** Where the exam launcher sends the browser (access-and-app-shell.md 2.2). */
/** A comma-separated list of STUN (stun:) or TURN (turn:, turns:) addresses; empty when unset. */
function iceUrls(kind: 'stun' | 'turn') {
  const pattern = kind === 'stun' ? /^stuns?:[^\s,]+$/ : /^turns?:[^\s,]+$/;
  return z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .refine(
      (urls) => urls.every((u) => pattern.test(u)),
      `${kind === 'stun' ? 'ICE_STUN_URLS' : 'TURN_URLS'}: comma-separated ${kind}: addresses`,
    );
}

export const EXAM_SITE_PROVIDERS = ['external', 'local', 'off'] as const;

const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Loopback by default: a development server (with its SMS outbox) is not reachable from the school network unless asked. */
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** PostgreSQL connection string; when unset the embedded PGlite database in DATA_DIR is used. */
    DATABASE_URL: z.string().url().optional(),
    /** Redis for realtime across several server processes (the Socket.IO Redis adapter); unset: one process. */
    REDIS_URL: z.string().url().optional(),
    /** The start of every key this deployment keeps in Redis (game codes, wrong-code counts), so deployments can share a Redis. */
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:_-]{1,40}$/, 'REDIS_PREFIX: letters, digits, colon, dash and underscore, at most 40')
      .default('ki:'),
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
    /**
     * Load the small demo chain when the database has no schools yet. Defaults to on in development
     * only, and production refuses it: the demo's accounts share a published password.
     */
    DEMO_DATA_ON_EMPTY: booleanFromEnv.optional(),
    /**
     * Development and tests only: the instant the server's clock reads when the process starts (it
     * runs on from there), and the "now" of the demo data it loads. Fixes dates for browser tests.
     */
    CLOCK_START: z.iso.datetime({ offset: true }).optional(),
    /** Digits of a one-time sign-in code: 4 as in the spec, or 6. */
    OTP_LENGTH: z.enum(['4', '6']).default('4').transform(Number),
    /** 'outbox' keeps codes in memory (development, tests; never in production); 'http' posts to SMS_HTTP_URL. */
    SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
    SMS_HTTP_URL: z.string().url().optional(),
    SMS_HTTP_TOKEN: z.string().optional(),
    /**
     * Which proxies' X-Forwarded-For to trust (only proxies you run): 'false', or their addresses or
     * CIDRs, comma-separated ('127.0.0.1' for a proxy on this machine). Never 'true', which would make
     * the client's own header its address and void every per-address limit; hop counts are refused
     * too, since they cannot tell our proxy from a client talking to us directly (Fastify 5 ignores
     * them for that reason).
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v, ctx): false | string => {
        if (v === 'false' || v === '0') return false;
        if (/^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/.test(v) && /[.:]/.test(v)) return v;
        ctx.addIssue({
          code: 'custom',
          message:
            "TRUST_PROXY takes false or the proxies' addresses/CIDRs, comma-separated (true and hop counts would trust what clients write)",
        });
        return z.NEVER;
      }),
    /**
     * Calls (docs/OPERATIONS.md "Calls"): STUN servers for the browsers, and a TURN server with its
     * REST API shared secret (coturn `use-auth-secret`) for networks where they cannot reach each other
     * directly; comma-separated stun:/turn:/turns: addresses. Without TURN, calls connect on one network only.
     */
    ICE_STUN_URLS: iceUrls('stun'),
    TURN_URLS: iceUrls('turn'),
    TURN_SECRET: z.string().min(32, 'TURN_SECRET must be at least 32 characters').optional(),
    /** Largest accepted request body, bytes. */
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    /**
     * The exam launcher's outside test site (docs/OPERATIONS.md "Exam launcher"): 'external' sends
     * the browser to EXAM_SITE_URL with a signed token, 'local' to this server's stand-in page
     * (development and tests), 'off' says 'This section is not currently accessible'. Unset: external
     * when EXAM_SITE_URL is set, else local outside production and off in production.
     */
    EXAM_SITE_PROVIDER: z.enum(EXAM_SITE_PROVIDERS).optional(),
    /** The outside test site's launch address; the token is added as `?token=`. https in production. */
    EXAM_SITE_URL: z
      .string()
      .url()
      .refine(
        (url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol),
        'EXAM_SITE_URL must be an http(s) address',
      )
      .optional(),
    /** The HS256 key shared with the outside test site (its UTF-8 bytes); required with EXAM_SITE_URL. */
    EXAM_SITE_SECRET: z.string().min(32, 'EXAM_SITE_SECRET must be at least 32 characters').optional(),
    /** The tokens' `aud`: the outside site checks it is addressed to it. */
    EXAM_SITE_AUDIENCE: z
      .string()
      .regex(/^[\x21-\x7e]{1,200}$/, 'EXAM_SITE_AUDIENCE is 1 to 200 visible ASCII characters')
      .default('exam-site'),
    /** The tokens' `iss`: the outside site checks they come from this app. */
    EXAM_SITE_ISSUER: z
      .string()
      .regex(/^[\x21-\x7e]{1,200}$/, 'EXAM_SITE_ISSUER is 1 to 200 visible ASCII characters')
      .default('knowledge-islands'),
    /**
     * Who takes payments for plans (docs/OPERATIONS.md "Payments"): 'razorpay' (RAZORPAY_KEY_ID,
     * RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET), 'local' (this server's stand-in: development and
     * tests, never production) or 'off' (plans show; families cannot pay online). Unset: razorpay when
     * RAZORPAY_KEY_ID is set, else local outside production and off in production.
     */
    PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).optional(),
    /**
     * Live classes (docs/OPERATIONS.md "Live classes"): a Jitsi Meet deployment (its address, e.g.
     * https://meet.jit.si) and a BigBlueButton server (its API base, e.g.
     * https://bbb.example.org/bigbluebutton/, and the shared secret `bbb-conf --secret` prints).
     * Unset: the stand-ins on this server outside production, off in production.
     */
    JITSI_URL: z
      .string()
      .refine((url) => URL.canParse(url) && new URL(url).protocol === 'https:', 'JITSI_URL must be an https address')
      .optional(),
    BBB_URL: z
      .string()
      .refine((url) => URL.canParse(url) && new URL(url).protocol === 'https:', 'BBB_URL must be an https address')
      .optional(),
    BBB_SECRET: z.string().min(16, 'BBB_SECRET is at least 16 characters').optional(),
    RAZORPAY_KEY_ID: z
      .string()
      .regex(/^rzp_(live|test)_[A-Za-z0-9]{6,40}$/, 'RAZORPAY_KEY_ID looks like rzp_live_… or rzp_test_…')
      .optional(),
    RAZORPAY_KEY_SECRET: z.string().min(16, 'RAZORPAY_KEY_SECRET is at least 16 characters').optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().min(16, 'RAZORPAY_WEBHOOK_SECRET is at least 16 characters').optional(),
  })
  .transform((c) => ({
    ...c,
    DEMO_DATA_ON_EMPTY: c.DEMO_DATA_ON_EMPTY ?? c.NODE_ENV === 'development',
    EXAM_SITE_PROVIDER:
      c.EXAM_SITE_PROVIDER ?? (c.EXAM_SITE_URL ? 'external' : c.NODE_ENV === 'production' ? 'off' : 'local'),
    PAYMENT_PROVIDER:
      c.PAYMENT_PROVIDER ?? (c.RAZORPAY_KEY_ID ? 'razorpay' : c.NODE_ENV === 'production' ? 'off' : 'local'),
  }))
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && c.DEMO_DATA_ON_EMPTY) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO_DATA_ON_EMPTY'],
        message: 'the demo chain never loads in production (its accounts share a published password)',
      });
    }
    if (c.NODE_ENV === 'production' && c.CLOCK_START) {
      ctx.addIssue({
        code: 'custom',
        path: ['CLOCK_START'],
        message: 'CLOCK_START is for development and tests; production runs on the real clock',
      });
    }
    if (c.NODE_ENV === 'production' && c.SESSION_SECRET !== DEV_SESSION_SECRET && !looksRandom(c.SESSION_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'SESSION_SECRET looks guessable (too few different characters); use e.g. `openssl rand -base64 48`',
      });
    }
    if (c.TURN_URLS.length > 0 && !c.TURN_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['TURN_SECRET'],
        message: 'TURN_SECRET is required with TURN_URLS (the TURN REST API shared secret)',
      });
    }
    if (c.SMS_PROVIDER === 'http' && !c.SMS_HTTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_HTTP_URL'],
        message: 'SMS_HTTP_URL is required when SMS_PROVIDER=http',
      });
    }
    if (c.NODE_ENV === 'production' && c.SMS_PROVIDER === 'outbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_PROVIDER'],
        message: 'production needs a real SMS provider (SMS_PROVIDER=http)',
      });
    }
    if (c.NODE_ENV === 'production' && c.SESSION_SECRET === DEV_SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'SESSION_SECRET is the development default; set a secret of your own in production',
      });
    }
    checkExamSite(c, ctx);
    checkPayments(c, ctx);
    if (Boolean(c.BBB_URL) !== Boolean(c.BBB_SECRET))
      ctx.addIssue({ code: 'custom', path: ['BBB_SECRET'], message: 'BBB_URL and BBB_SECRET go together' });
  });

/** The payment provider's settings (docs/OPERATIONS.md "Payments"). */
function checkPayments(
  c: {
    NODE_ENV: string;
    PAYMENT_PROVIDER: string;
    RAZORPAY_KEY_ID?: string | undefined;
    RAZORPAY_KEY_SECRET?: string | undefined;
    RAZORPAY_WEBHOOK_SECRET?: string | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (c.PAYMENT_PROVIDER === 'razorpay') {
    for (const key of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const) {
      if (!c[key]) issue(key, `${key} is required when PAYMENT_PROVIDER=razorpay`);
    }
  }
  if (c.NODE_ENV === 'production' && c.PAYMENT_PROVIDER === 'local') {
    issue('PAYMENT_PROVIDER', 'the payment stand-in gives plans away; production uses razorpay or off');
  }
}

/** The exam launcher's settings (docs/OPERATIONS.md "Exam launcher"). */
function checkExamSite(
  c: {
    NODE_ENV: string;
    SESSION_SECRET: string;
    EXAM_SITE_PROVIDER: string;
    EXAM_SITE_URL?: string | undefined;
    EXAM_SITE_SECRET?: string | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (c.EXAM_SITE_URL && !c.EXAM_SITE_SECRET)
    issue('EXAM_SITE_SECRET', 'EXAM_SITE_SECRET is required when EXAM_SITE_URL is set');
  if (c.EXAM_SITE_PROVIDER === 'external' && !c.EXAM_SITE_URL)
    issue('EXAM_SITE_URL', 'EXAM_SITE_URL is required when EXAM_SITE_PROVIDER=external');
  // A key handed to another party must not also sign this app's sessions.
  if (c.EXAM_SITE_SECRET !== undefined && c.EXAM_SITE_SECRET === c.SESSION_SECRET)
    issue('EXAM_SITE_SECRET', 'EXAM_SITE_SECRET must differ from SESSION_SECRET');
  if (c.NODE_ENV !== 'production') return;
  if (c.EXAM_SITE_PROVIDER === 'local')
    issue('EXAM_SITE_PROVIDER', 'the exam site stand-in is for development and tests; production uses external or off');
  if (c.EXAM_SITE_URL && new URL(c.EXAM_SITE_URL).protocol !== 'https:')
    issue('EXAM_SITE_URL', 'EXAM_SITE_URL must be an https address in production');
  if (
    c.EXAM_SITE_SECRET !== undefined &&
    (c.EXAM_SITE_SECRET === DEV_EXAM_SITE_SECRET || !looksRandom(c.EXAM_SITE_SECRET))
  ) {
    issue('EXAM_SITE_SECRET', 'EXAM_SITE_SECRET looks guessable; use e.g. `openssl rand -base64 48`');
  }
}

export type Config = z.infer<typeof ConfigSchema>;

/**
 * A weak guard against secrets typed by hand ('a' x 32, 'changeme...'): a random secret of 32+
 * characters from base64 or hex has well over 12 different characters (hex: 16 possible, about 15
 * seen in 32). It cannot prove randomness; it refuses the obviously guessable.
 */
function looksRandom(secret: string): boolean {
  return new Set(secret).size >= 12;
}

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
