import type { FastifyInstance } from 'fastify';

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
}
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  [key: string]: unknown;
}
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** OpenAPI path, e.g. `/api/person/{id}`. */
  path: string;
  pathParams: string[];
  query: OpenApiParameter[];
  /** Request headers the operation documents (e.g. Idempotency-Key). */
  headers: OpenApiParameter[];
  body: JsonSchema | null;
  bodyType: string | null;
  /** The body schema's first example (the contract's `.meta({ examples })`; @fastify/swagger moves it to the media). */
  bodyExample: unknown;
}

interface RawOperation {
  parameters?: OpenApiParameter[];
  requestBody?: {
    content?: Record<
      string,
      { schema?: JsonSchema; example?: unknown; examples?: Record<string, { value: unknown }> }
    >;
  };
}

/** Every operation of the app's own OpenAPI document (/api/docs/json), so new routes are covered. */
export async function operationsOf(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  const doc = res.json<{ paths: Record<string, Record<string, RawOperation>> }>();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const [bodyType, content] = Object.entries(op.requestBody?.content ?? {})[0] ?? [null, null];
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query'),
        headers: params.filter((p) => p.in === 'header'),
        body: content?.schema ?? null,
        bodyType,
        bodyExample: content?.example ?? Object.values(content?.examples ?? {})[0]?.value,
      });
    }
  }
  return operations;
}

/** `/api/person/{id}` with the path parameters filled in (already encoded by the caller if needed). */
export const fillPath = (path: string, values: Record<string, string | number>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
