import SwaggerParser from '@apidevtools/swagger-parser';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { OpenAPIV3 } from 'openapi-types';
import { SiteController } from '../src/site/site.controller';
import { createTestApp, TestApp } from './support/test-app';

/** Controllers that serve pages and feeds to browsers, deliberately left out of the API document. */
const NOT_API = new Set<unknown>([SiteController]);

const asArray = (p: string | string[] | undefined): string[] => (Array.isArray(p) ? p : [p ?? '']);
const join = (a: string, b: string) =>
  `/${[a, b]
    .map((s) => s.replace(/^\/|\/$/g, ''))
    .filter(Boolean)
    .join('/')}`;
const toOpenApiPath = (p: string) => p.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Every route Nest registers from a controller, as "METHOD /path" in OpenAPI's path syntax. */
function registeredRoutes(t: TestApp): string[] {
  const discovery = t.app.get(DiscoveryService);
  const scanner = t.app.get(MetadataScanner);
  const routes: string[] = [];
  for (const wrapper of discovery.getControllers()) {
    const { metatype, instance } = wrapper;
    if (!metatype || !instance || NOT_API.has(metatype)) continue;
    const prefixes = asArray(Reflect.getMetadata(PATH_METADATA, metatype));
    const proto = Object.getPrototypeOf(instance);
    for (const name of scanner.getAllMethodNames(proto)) {
      const handler = proto[name];
      const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (paths === undefined || method === undefined) continue;
      for (const prefix of prefixes)
        for (const path of asArray(paths))
          routes.push(`${RequestMethod[method]} ${toOpenApiPath(join(prefix, path))}`);
    }
  }
  return routes.sort();
}

function documentedRoutes(doc: OpenAPIV3.Document): string[] {
  const methods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;
  return Object.entries(doc.paths)
    .flatMap(([path, item]) => methods.filter((m) => item?.[m]).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();
}

describe('API documentation (HTTP)', () => {
  let t: TestApp;
  let doc: OpenAPIV3.Document;

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.http().get('/api/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3 document', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('documents every route the API registers, and nothing else', () => {
    const registered = registeredRoutes(t);
    expect(registered.length).toBeGreaterThan(40);
    expect(registered).toContain('POST /api/contact');
    expect(documentedRoutes(doc)).toEqual(registered);
  });

  it('describes bodies and queries from the DTOs, and failures in the one error shape', () => {
    const contact = doc.paths['/api/contact']?.post as OpenAPIV3.OperationObject;
    const body = contact.requestBody as OpenAPIV3.RequestBodyObject;
    const ref = (body.content['application/json'].schema as OpenAPIV3.ReferenceObject).$ref;
    const schema = doc.components?.schemas?.[ref.split('/').pop() as string] as OpenAPIV3.SchemaObject;
    expect(Object.keys(schema.properties ?? {})).toEqual(
      expect.arrayContaining(['name', 'email', 'service', 'message']),
    );
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'email', 'message']));
    expect(contact.responses['4XX']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    });

    const list = doc.paths['/api/admin/blog/posts']?.get as OpenAPIV3.OperationObject;
    const names = (list.parameters as OpenAPIV3.ParameterObject[]).map((p) => `${p.in}:${p.name}`);
    expect(names).toEqual(expect.arrayContaining(['query:limit', 'query:offset', 'query:search']));

    const staff = doc.paths['/api/admin/settings']?.put as OpenAPIV3.OperationObject;
    expect(staff.security).toEqual([{ bearer: [] }]);
  });

  it('serves the reader at /api/docs with every script and stylesheet from this origin', async () => {
    const page = await t.http().get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui');
    const assets = [...page.text.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      expect(asset).not.toMatch(/^(https?:)?\/\//);
      const url = new URL(asset, 'http://x/api/docs/').pathname;
      const res = await t.http().get(url);
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
    }
  });
});
