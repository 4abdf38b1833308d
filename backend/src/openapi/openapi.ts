/**
 * The API's OpenAPI 3 document, built from the controllers and DTOs at boot:
 * `/api/openapi.json` (the document) and `/api/docs` (Swagger UI, its files served from the
 * `swagger-ui-dist` package on this origin, so the reader works offline and under our CSP).
 *
 * Property types, optional fields and class-validator limits come from `plugin-metadata.ts`,
 * generated from the TypeScript types by `backend/scripts/openapi-metadata.mjs` (the
 * typecheck fails when it is stale). Every operation also gets the one error shape of
 * ARCHITECTURE.md §4 for its 4xx/5xx answers, so clients need not read each handler.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import pluginMetadata from './plugin-metadata';

export const OPENAPI_JSON_PATH = 'api/openapi.json';
export const OPENAPI_UI_PATH = 'api/docs';

const ERROR_BODY = {
  type: 'object',
  description: 'The one error shape of every failure.',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    message: { type: 'string', description: 'A sentence to show to the person.' },
    code: { type: 'string', description: 'Machine-readable error code (see ErrorCode in libs/shared).' },
    errors: {
      type: 'array',
      description: 'Per-field validation messages (400 only).',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
} as const;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

export async function buildOpenApiDocument(app: NestFastifyApplication): Promise<OpenAPIObject> {
  await SwaggerModule.loadPluginMetadata(pluginMetadata);
  const config = new DocumentBuilder()
    .setTitle('Studio API')
    .setDescription(
      'The JSON API of the studio site and its back office. Staff routes need a bearer token from POST /api/login (or its httpOnly cookie).',
    )
    .setVersion('1')
    .addBearerAuth()
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  document.components = document.components ?? {};
  document.components.schemas = { ...document.components.schemas, ErrorBody: { ...ERROR_BODY } as never };
  const errorResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
  });
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      op.responses['4XX'] ??= errorResponse(
        'Bad input, not logged in, wrong role, not found, conflict or rate limited.',
      );
      op.responses['5XX'] ??= errorResponse('A dependency is down or not configured.');
    }
  }
  return document;
}

/** Serves the document and the reader; call before `app.init()`. */
export async function setupOpenApi(app: NestFastifyApplication): Promise<void> {
  const document = await buildOpenApiDocument(app);
  // Swagger serves the reader's files through app.useStaticAssets(), which makes
  // @nestjs/platform-fastify require '@fastify/static' from its own folder; the backend's copy
  // sits under backend/node_modules (beside the fastify version it pins), out of that reach.
  // Hand it the copy this file imports; the options (root = swagger-ui-dist) stay Swagger's.
  const adapter = app.getHttpAdapter() as FastifyAdapter;
  adapter.useStaticAssets = (options) => adapter.register(fastifyStatic as never, options as never);
  SwaggerModule.setup(OPENAPI_UI_PATH, app, document, {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    yamlDocumentUrl: 'api/openapi.yaml',
    customSiteTitle: 'Studio API',
    ui: true,
  });
}
