import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { registerErrorHandling, registerNotFound } from './plugins/errors';
import { registerApiCacheControl } from './plugins/cache-control';
import { loadPreloadHints } from './plugins/preload-hints';
import { healthRoutes } from './modules/health/health.routes';
import { recordsRoutes } from './modules/records/records.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { broadcastsRoutes } from './modules/broadcasts/broadcasts.routes';
import { doubtsRoutes } from './modules/doubts/doubts.routes';
import { liveClassesRoutes } from './modules/live-classes/live-classes.routes';
import { classRoomsRoutes } from './modules/class-rooms/class-rooms.routes';
import { driveRoutes } from './modules/drive/drive.routes';
import { createLiveProviders } from './providers/live-class/create-live-providers';
import { meRoutes } from './modules/auth/me.routes';
import { contentRoutes } from './modules/content/content.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { plansRoutes } from './modules/plans/plans.routes';
import { requireActivePlan } from './policy/plans';
import { studentDashboardRoutes } from './modules/student-dashboard/student-dashboard.routes';
import { authPlugin } from './plugins/auth';
import { authoringRoutes } from './modules/authoring/authoring.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { examsRoutes } from './modules/exams/exams.routes';
import { attemptsRoutes } from './modules/assessment/attempts.routes';
import { assessmentAuthoringRoutes } from './modules/assessment/authoring.routes';
import { assessmentImageRoutes } from './modules/assessment/images.routes';
import { assessmentMarkingRoutes } from './modules/assessment/marking.routes';
import { assessmentReportRoutes } from './modules/assessment/reports.routes';
import { challengeRoutes } from './modules/challenge/challenge.routes';
import { ChallengeHub } from './modules/challenge/challenge.service';
import { registerChallengeSocket } from './modules/challenge/challenge.socket';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { registerCallSocket } from './modules/chat/calls';
import { chatRoutes } from './modules/chat/chat.routes';
import { ChatService } from './modules/chat/chat.service';
import { registerChatSocket } from './modules/chat/chat.socket';
import { meetingsRoutes } from './modules/chat/meetings.routes';
import { MeetingsService } from './modules/chat/meetings.service';
import { registerMeetingSocket } from './modules/chat/meetings.socket';
import { attachRealtime, type Realtime } from './plugins/realtime';
import { APP_VERSION } from './version';

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** The live challenge's games (tests wait on its stored results). */
    challengeHub: ChallengeHub;
    realtime: Realtime;
  }
}

const DEFAULT_WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildOptions {
  /** Sees every route as it is added (tests compare the route table with the OpenAPI document). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** How long a dropped side of a call is waited for (CALL_RECONNECT_SECONDS unless a test shortens it). */
  callReconnectMs?: number;
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // Errors the router raises before any route runs (a malformed or over-long address) get the
    // one error format too, as a 400; no hook runs for them, so they say no-store themselves.
    frameworkErrors: (error, _request, reply) => {
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A part of the address is too long' : 'The address is not valid';
      void (reply as FastifyReply)
        .status(400)
        .header('cache-control', 'no-store')
        .send({ code: 'BAD_REQUEST', message });
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', (route) => options.onRoute!(route));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerApiCacheControl(app);

  const live = createLiveProviders(config);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The payment provider's checkout (Razorpay: its script, its frames, its calls); none for the stand-in.
        // ... and the live class providers (a Jitsi Meet deployment's iframe API and rooms, BigBlueButton's rooms).
        scriptSrc: ["'self'", ...(deps.payments?.checkoutOrigins.script ?? []), ...live.origins.script],
        frameSrc: ["'self'", ...(deps.payments?.checkoutOrigins.frame ?? []), ...live.origins.frame],
        // Mantine writes CSS variables into style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...(deps.payments?.checkoutOrigins.connect ?? [])],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.NODE_ENV === 'production' ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie, { secret: config.SESSION_SECRET });
  await app.register(authPlugin, { deps });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Knowledge Islands API',
        version: APP_VERSION,
        description: 'Learning records, school analytics and the learner app. Errors: {code, message, details}.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'ki_session' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const realtime = await attachRealtime(app, deps);
  const { io, shared } = realtime;
  app.decorate('realtime', realtime);
  const hub = new ChallengeHub(deps, io, shared, app.log);
  registerChallengeSocket(io, hub, app.log, deps.clock);
  app.decorate('challengeHub', hub);
  const chatRealtime = registerChatSocket(io, deps, app.log);
  app.addHook('onClose', async () => chatRealtime.close());
  const chat = new ChatService(deps, chatRealtime);
  const calls = registerCallSocket(io, deps, chatRealtime, app.log, options.callReconnectMs);
  app.addHook('onClose', async () => calls.close());
  const meetings = new MeetingsService(deps, registerMeetingSocket(io, deps, app.log));

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { deps });
      await api.register(recordsRoutes, { deps });
      await api.register(authRoutes, { deps });
      await api.register(meRoutes, { deps });
      // The learner's protected screens: a student needs a running plan (policy/plans.ts).
      await api.register(async (planned) => {
        planned.addHook('onRequest', async (request) => requireActivePlan(request.principal, deps.clock()));
        await planned.register(contentRoutes, { deps });
        await planned.register(leaderboardRoutes, { deps });
        await planned.register(examsRoutes, { deps });
        await planned.register(attemptsRoutes, { deps });
        await planned.register(assessmentImageRoutes, { deps });
        await planned.register(challengeRoutes, { hub });
      });
      await api.register(analyticsRoutes, { deps });
      await api.register(authoringRoutes, { deps });
      await api.register(profileRoutes, { deps });
      await api.register(privacyRoutes, { deps });
      await api.register(studentDashboardRoutes, { deps });
      await api.register(assessmentAuthoringRoutes, { deps });
      await api.register(assessmentMarkingRoutes, { deps });
      await api.register(assessmentReportRoutes, { deps });
      await api.register(chatRoutes, { chat });
      await api.register(meetingsRoutes, { meetings });
      await api.register(calendarRoutes, { deps });
      await api.register(plansRoutes, { deps });
      await api.register(broadcastsRoutes, { deps });
      await api.register(doubtsRoutes, { deps });
      await api.register(liveClassesRoutes, { deps, providers: live });
      await api.register(classRoomsRoutes, { deps });
      await api.register(driveRoutes, { deps });
    },
    { prefix: '/api/v1' },
  );

  const webDist = config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST;
  const webServed = config.SERVE_WEB && (await serveWeb(app, webDist));
  registerNotFound(app, { spaFallback: webServed, preloadsFor: webServed ? loadPreloadHints(webDist) : undefined });
  return app;
}

/** Serves the built single-page app on the same port; false when it has not been built. */
async function serveWeb(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build:web` (npm start does this)');
    return false;
  }
  const assetsDir = join(distDir, 'assets');
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    // The web build writes .br and .gz beside each text asset (scripts/precompress.mjs).
    preCompressed: true,
    setHeaders: (res, path) => {
      // Hashed assets never change; the shell and service worker must always be revalidated.
      res.header('cache-control', path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
