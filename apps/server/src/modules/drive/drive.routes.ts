import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateDriveFolderSchema,
  DRIVE_FILE_MAX_BYTES,
  DRIVE_FILE_TYPES,
  DriveFileParamsSchema,
  DriveFileSchema,
  DriveFolderParamsSchema,
  DriveFolderSchema,
  DriveListingSchema,
  DriveQuerySchema,
  DriveShareParamsSchema,
  errorResponses,
  SharedFilesSchema,
  ShareDriveFileSchema,
} from '@ki/contracts';
import type { AppDeps } from '../../app-deps';
import { uploadLimits } from '../../lib/multipart-upload';
import * as drive from './drive.service';

const tags = ['drive'];

export const driveRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(fastifyMultipart);

  app.get(
    '/drive',
    {
      schema: {
        tags,
        summary:
          'One folder of the caller’s drive (staff): its folders and files with their shares, and the space used',
        querystring: DriveQuerySchema,
        response: { 200: DriveListingSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => drive.listDrive(deps, request.principal, request.query.folderId),
  );
  app.post(
    '/drive/folders',
    {
      schema: {
        tags,
        summary: 'A new folder in the caller’s drive (at the top or in one of their folders)',
        body: CreateDriveFolderSchema,
        response: { 201: DriveFolderSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await drive.createFolder(deps, request.principal, request.body)),
  );
  app.delete(
    '/drive/folders/:folderId',
    {
      schema: {
        tags,
        summary: 'Deletes an empty folder of the caller’s',
        params: DriveFolderParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await drive.deleteFolder(deps, request.principal, request.params.folderId);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/drive/files',
    {
      schema: {
        tags,
        summary:
          'Uploads a file to the caller’s drive (multipart "file", optional "folderId"): a picture, PDF, Word, Excel or PowerPoint file of at most 10 MB, the type read from its bytes, within the 500 MB drive',
        consumes: ['multipart/form-data'],
        response: { 201: DriveFileSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await drive.uploadFile(deps, request.principal, () =>
            request.parts({ limits: uploadLimits(DRIVE_FILE_MAX_BYTES) }),
          ),
        ),
  );
  app.get(
    '/drive/files/:fileId',
    {
      schema: {
        tags,
        summary: 'A drive file’s bytes, to its owner and the students of the classes it is shared with',
        params: DriveFileParamsSchema,
        produces: [...DRIVE_FILE_TYPES],
        response: { 200: z.string().describe('The file'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { bytes, name, contentType } = await drive.readFile(deps, request.principal, request.params.fileId);
      const disposition = contentType.startsWith('image/') ? 'inline' : 'attachment';
      return reply
        .header('content-type', contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(bytes as never);
    },
  );
  app.delete(
    '/drive/files/:fileId',
    {
      schema: {
        tags,
        summary: 'Deletes a file of the caller’s drive (its shares end)',
        params: DriveFileParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await drive.deleteFile(deps, request.principal, request.params.fileId);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/drive/files/:fileId/shares',
    {
      schema: {
        tags,
        summary: 'Shares a file with a class the caller works with (a section, or every section)',
        params: DriveFileParamsSchema,
        body: ShareDriveFileSchema,
        response: { 201: DriveFileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await drive.shareFile(deps, request.principal, request.params.fileId, request.body)),
  );
  app.delete(
    '/drive/shares/:shareId',
    {
      schema: {
        tags,
        summary: 'Stops sharing a file with a class',
        params: DriveShareParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await drive.unshare(deps, request.principal, request.params.shareId);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/me/shared-files',
    {
      schema: {
        tags,
        summary: 'Files teachers shared with the student’s class, newest first',
        response: { 200: SharedFilesSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => drive.sharedWithMe(deps, request.principal),
  );
};
