import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponses,
  IdParamSchema,
  ImageIdSchema,
  ImageUploadResponseSchema,
  IMAGE_CONTENT_TYPES,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import * as images from './images.service';

const tags = ['assessment'];

/** Pictures of quizzes and questions: uploaded by teachers, served only to those who may see them. */
export const assessmentImageRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // Multipart only on these routes (this plugin's own context); the limits are checked again per call.
  await app.register(fastifyMultipart, { limits: images.UPLOAD_LIMITS, throwFileSizeLimit: true });

  app.post(
    '/images',
    {
      schema: {
        tags,
        summary:
          'Uploads a PNG, JPEG or WebP picture of at most 1 MiB (multipart field "file"; the type is read from its bytes)',
        consumes: ['multipart/form-data'],
        querystring: z.object({ schoolId: IdParamSchema.optional() }),
        response: { 201: ImageUploadResponseSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const uploaded = await images.uploadImage(deps, request.principal, request.query, () =>
        request.parts({ limits: images.UPLOAD_LIMITS }),
      );
      return reply.status(201).send(uploaded);
    },
  );
  app.get(
    '/images/:id',
    {
      schema: {
        tags,
        summary:
          'The picture’s bytes, to its uploader, staff who may see a quiz showing it, and students whose attempt or join page shows it',
        params: z.object({ id: ImageIdSchema }),
        produces: [...IMAGE_CONTENT_TYPES],
        response: { 200: z.string().describe('The image'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { bytes, contentType } = await images.readImage(deps, request.principal, request.params.id);
      return (
        reply
          .header('content-type', contentType)
          .header('x-content-type-options', 'nosniff')
          // Only the signed-in browser may keep it; an image under an id never changes.
          .header('cache-control', 'private, max-age=86400')
          .header('content-disposition', 'inline')
          .send(bytes as never)
      );
    },
  );
};
