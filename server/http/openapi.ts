import { z, type ZodType } from 'zod';
import { describeAccess } from './access.js';
import type { RegisteredRoute } from './route.js';

function jsonSchema(schema: ZodType) {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { required?: string[]; properties?: Record<string, unknown> };
}

/** The OpenAPI document of every declared route, each with the rule that guards it. */
export function buildOpenApi(routes: RegisteredRoute[], appName: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const query = r.query ? jsonSchema(r.query) : undefined;
    const access = describeAccess(r.access);
    const operation: Record<string, unknown> = {
      tags: [r.tag],
      summary: r.summary,
      description: `Requires: ${access}`,
      'x-permission': access,
      security: 'public' in r.access ? [] : [{ bearer: [] }],
      parameters: Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
        name,
        in: 'query',
        required: (query?.required ?? []).includes(name),
        schema,
      })),
      responses: { 200: { description: 'The success envelope' }, default: { description: 'The failure envelope' } },
    };
    if (r.body) operation.requestBody = { content: { 'application/json': { schema: jsonSchema(r.body) } } };
    if (r.multipart) operation.requestBody = { content: { 'multipart/form-data': { schema: { type: 'object' } } } };
    (paths[`/api${r.url}`] ??= {})[r.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.0.3',
    info: { title: `${appName} API`, version: '1.0.0', description: 'The calls of the API. Every route names the rule that guards it.' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
