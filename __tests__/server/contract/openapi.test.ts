/** The OpenAPI document made from the routes' schemas: every call, its request and its answer. */
import { answerSchemas } from '@contract/answers';
import { calls, callPath, type CallName } from '@contract/calls';
import { requestSchemas } from '@contract/requests';
import { startGateway, type TestGateway } from '../support/gateway';

interface Operation {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}

const MEDIA = { form: 'application/x-www-form-urlencoded', multipart: 'multipart/form-data' } as const;

let gw: TestGateway;
let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  gw = await startGateway();
  const res = await gw.app.inject({ method: 'GET', url: '/gateway/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => gw.close());

/** The names of the request fields an operation documents. */
function documentedFields(name: CallName, op: Operation): string[] {
  const spec = calls[name];
  if (spec.method === 'GET') return (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const media = MEDIA[spec.encoding as keyof typeof MEDIA];
  return Object.keys(op.requestBody?.content[media]?.schema.properties ?? {});
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and leaves out the routes that are not calls', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/legal/']).toBeUndefined();
    expect(doc.paths['/gateway/openapi.json']).toBeUndefined();
  });

  it.each(Object.keys(calls) as CallName[])('lists %s with its request and its answer', (name) => {
    const spec = calls[name];
    const op = doc.paths[callPath(name)]?.[spec.method.toLowerCase()];
    expect(op).toBeDefined();
    if (!op) return;
    // Every field of the call's request schema, and the channel every gateway call carries.
    const fields = Object.keys(requestSchemas[name].properties);
    if (spec.base === 'gateway') fields.push('channelType');
    if (spec.encoding === 'multipart') fields.push('file');
    expect(documentedFields(name, op).sort()).toEqual([...new Set(fields)].sort());
    // The answer: the envelope around the data's schema, or the file's media types.
    const content = op.responses['200']?.content ?? {};
    const answer = answerSchemas[name] as { properties?: object; 'x-media-types'?: string[] };
    if (spec.response === 'json') {
      const envelope = content['application/json']?.schema as { properties: Record<string, { properties?: object }> };
      expect(Object.keys(envelope.properties)).toEqual(['status', 'statusText', 'data']);
      if (answer.properties) {
        expect(Object.keys(envelope.properties.data?.properties ?? {})).toEqual(Object.keys(answer.properties));
      }
    } else {
      expect(Object.keys(content).sort()).toEqual(
        [...(answer['x-media-types'] ?? ['text/html']), 'application/json'].sort(),
      );
    }
  });
});

describe('Swagger UI', () => {
  it('is not served unless API_DOCS asks for it', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/gateway/docs/' });
    expect(res.statusCode).toBe(404);
  });

  it('shows the document with API_DOCS=true', async () => {
    const dev = await startGateway({ API_DOCS: 'true' });
    try {
      const page = await dev.app.inject({ method: 'GET', url: '/gateway/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      const json = await dev.app.inject({ method: 'GET', url: '/gateway/docs/json' });
      expect(Object.keys(json.json().paths)).toContain('/gateway/blocLegal/login/getLoginInfo');
    } finally {
      await dev.close();
    }
  });
});
