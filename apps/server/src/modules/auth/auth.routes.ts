import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CodeSignInBodySchema,
  errorResponses,
  MeResponseSchema,
  OkResponseSchema,
  RequestOtpBodySchema,
  RequestOtpResponseSchema,
  SignUpBodySchema,
  SignUpCodeParamsSchema,
  SignUpDoneSchema,
  SignUpSchoolSchema,
  SignUpStartedSchema,
  SignUpVerifyBodySchema,
  StaffSignInBodySchema,
  VerifyOtpBodySchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../errors';
import * as auth from './auth.service';
import * as signUp from './sign-up.service';
import { SESSION_COOKIE } from '../../sessions/session-store';
import { OutboxSmsProvider } from './sms';

const client = (request: FastifyRequest): auth.ClientInfo => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

export const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const secure = deps.config.NODE_ENV === 'production';
  // Max-Age, not Expires: the cookie lives 14 days on the device's own clock, so a tablet whose date
  // is set wrong (common on shared school devices) is not signed out at once or kept signed in for ever.
  const setSession = (reply: FastifyReply, signedIn: auth.SignedIn, body: unknown = signedIn.me) =>
    reply
      .setCookie(SESSION_COOKIE, signedIn.token, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
        maxAge: Math.max(0, Math.floor((signedIn.expiresAt.getTime() - deps.clock().getTime()) / 1000)),
      })
      .send(body);

  app.post(
    '/auth/otp',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Send a one-time sign-in code to a registered student’s or parent’s mobile',
        body: RequestOtpBodySchema,
        response: { 200: RequestOtpResponseSchema, ...errorResponses(400, 404, 429, 503) },
      },
    },
    (request) => auth.requestOtp(deps, request.body.mobile, client(request)),
  );

  app.post(
    '/auth/otp/verify',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the code sent by SMS (5 minutes, single use, 5 tries)',
        body: VerifyOtpBodySchema,
        response: { 200: MeResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) =>
      setSession(reply, await auth.verifyOtp(deps, request.body.challengeId, request.body.code, client(request))),
  );

  app.post(
    '/auth/code',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a 14-digit school-issued code and password',
        body: CodeSignInBodySchema,
        response: { 200: MeResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) =>
      setSession(reply, await auth.signInWithCode(deps, request.body.code, request.body.password, client(request))),
  );

  app.post(
    '/auth/staff',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Staff sign-in with mobile number and password',
        body: StaffSignInBodySchema,
        response: { 200: MeResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) =>
      setSession(reply, await auth.signInStaff(deps, request.body.mobile, request.body.password, client(request))),
  );

  // Families' sign-up (sign-up.service.ts): public, like sign-in, and limited like it.
  app.get(
    '/sign-up/schools/:code',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'The school a sign-up code belongs to, with the languages, boards and grades a family may choose',
        params: SignUpCodeParamsSchema,
        response: { 200: SignUpSchoolSchema, ...errorResponses(400, 404, 429) },
      },
    },
    (request) => signUp.signUpSchool(deps, request.params.code, client(request)),
  );

  app.post(
    '/sign-up',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary:
          'A parent signs a child up at a school with its sign-up code and agrees to the consent text; a code goes to the parent’s mobile',
        body: SignUpBodySchema,
        response: { 200: SignUpStartedSchema, ...errorResponses(400, 404, 429, 503) },
      },
    },
    (request) => signUp.startSignUp(deps, request.body, client(request)),
  );

  app.post(
    '/sign-up/verify',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'The parent’s code: makes the child’s account with the parent’s consent and signs the child in',
        body: SignUpVerifyBodySchema,
        response: { 200: SignUpDoneSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const done = await signUp.verifySignUp(deps, request.body.challengeId, request.body.code, client(request));
      return setSession(reply, done, { loginCode: done.loginCode, me: done.me });
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session on the server',
        response: { 200: OkResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await auth.signOut(deps, request.principal);
      // The session's live connections (a live game, later chat) end with it.
      app.realtime.endSession(request.principal!.sessionId);
      return reply.clearCookie(SESSION_COOKIE, { path: '/' }).send({ ok: true as const });
    },
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, their school and onboarding needs',
        response: { 200: MeResponseSchema, ...errorResponses(401) },
      },
    },
    (request) => auth.getMe(deps, request.principal),
  );

  // Development only: the outbox shows the last code sent to a number (for demo sign-ins and tests).
  if (deps.config.NODE_ENV !== 'production' && deps.sms instanceof OutboxSmsProvider) {
    const outbox = deps.sms;
    app.get(
      '/dev/sms-outbox',
      {
        config: { public: true },
        schema: {
          tags: ['development'],
          summary: 'Development only: the last SMS sent to a number',
          querystring: z.object({ mobile: z.string().max(20) }),
          response: {
            200: z.object({ mobile: z.string(), message: z.string(), code: z.string().nullable() }),
            ...errorResponses(404),
          },
        },
      },
      (request) => {
        // Only this machine reads the codes: a development server on a school network must not hand
        // any account's code to a neighbour. The socket's address, not X-Forwarded-For.
        if (!isLoopback(request.socket.remoteAddress)) throw notFound('Message');
        const mobile = request.query.mobile.startsWith('+') ? request.query.mobile : `+91${request.query.mobile}`;
        const message = outbox.last(mobile);
        if (!message) throw notFound('Message');
        return { mobile, message, code: /^(\d{4,6}) /.exec(message)?.[1] ?? null };
      },
    );
  }
};

function isLoopback(address: string | undefined): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address ?? '');
}
