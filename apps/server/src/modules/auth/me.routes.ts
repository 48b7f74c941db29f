import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponses,
  MeResponseSchema,
  MySchoolsResponseSchema,
  MySubjectsResponseSchema,
  OnboardingBodySchema,
  OnboardingOptionsSchema,
  PutLanguageBodySchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { getOnboardingOptions, saveLanguage, saveOnboarding } from './auth.service';
import { mySchools, mySubjects } from './me.service';

export const meRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/me/onboarding',
    {
      schema: {
        tags: ['me'],
        summary: 'Languages, boards and grades the user’s school offers (onboarding pickers)',
        response: { 200: OnboardingOptionsSchema, ...errorResponses(401) },
      },
    },
    (request) => getOnboardingOptions(deps, request.principal),
  );
  app.put(
    '/me/onboarding',
    {
      schema: {
        tags: ['me'],
        summary: 'Save the language, board and grade picked at first sign-in',
        body: OnboardingBodySchema,
        response: { 200: MeResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    (request) => saveOnboarding(deps, request.principal, request.body),
  );
  app.put(
    '/me/language',
    {
      schema: {
        tags: ['me'],
        summary:
          'Set one’s language, for the screens and the content alike: one the school activates (400 LANGUAGE_NOT_OFFERED otherwise)',
        body: PutLanguageBodySchema,
        response: { 200: MeResponseSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => saveLanguage(deps, request.principal, request.body.language),
  );
  app.get(
    '/me/schools',
    {
      schema: {
        tags: ['me'],
        summary: 'Schools a staff member may open (multi-select for super-admins)',
        response: { 200: MySchoolsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => mySchools(deps, request.principal),
  );
  app.get(
    '/me/subjects',
    {
      schema: {
        tags: ['me'],
        summary: 'The signed-in student’s subjects',
        response: { 200: MySubjectsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => mySubjects(deps, request.principal),
  );
};
