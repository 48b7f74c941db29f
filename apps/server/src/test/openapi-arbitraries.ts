/**
 * fast-check arbitraries for API requests, built from the OpenAPI document (itself generated from the
 * zod contracts in packages/contracts), so every route, including one added tomorrow, is exercised
 * with inputs shaped like its contract and with hostile ones: wrong types, out-of-range numbers,
 * oversized, unicode, control characters, SQL- and script-laden strings.
 */
import fc from 'fast-check';

/** The parts of JSON Schema (as @fastify/swagger writes it) that the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  default?: unknown;
  nullable?: boolean;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
export interface Operation {
  parameters?: { in: 'query' | 'path' | 'header' | 'cookie'; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/**
 * Characters that break text: every C0 control (NUL cannot be stored by PostgreSQL at all), DEL,
 * NEL, the line and paragraph separators and a byte-order mark.
 */
export const CONTROL_CHARACTERS = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\ufeff',
] as const;

/** A control character, NUL half the time: the one PostgreSQL refuses to store (other bugs hide there). */
const controlCharacter = fc.oneof(fc.constant('\u0000'), fc.constantFrom(...CONTROL_CHARACTERS));

/** Strings an attacker or a broken client sends. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  "' OR '1'='1",
  "'; drop table users; --",
  '1; select pg_sleep(5)',
  '" or ""="',
  '%',
  '_',
  '%_%',
  '\\',
  '\\%',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '${7*7}',
  '{{7*7}}',
  '\u0000',
  'a\u0000b',
  'a\u0007b',
  'a\u001b[2Jb',
  'a\u007fb',
  'a\u2028b',
  '=HYPERLINK("x")\u2028',
  '=1+2\n',
  '\u202e\u202d',
  '😀🎓📚',
  'नमस्ते विद्यार्थी',
  'வணக்கம்',
  'ఉపాధ్యాయుడు',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x7fffffff',
  '9223372036854775808',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'x'.repeat(5000),
] as const;

export const HOSTILE_NUMBERS = [
  -1,
  0,
  0.5,
  -0.5,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
] as const;

/** Any JSON value at all: what a hostile client sends where the contract wants something else. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    ...HOSTILE_STRINGS,
    ...HOSTILE_NUMBERS,
    null,
    true,
    false,
    [],
    {},
    { __proto__: { polluted: true } },
  ),
  fc.jsonValue({ maxDepth: 3 }),
);

export interface GeneratorContext {
  document: OpenApiDocument;
  /** Ids that exist in the test world (students, schools, chapters, questions...): integer fields draw from them often, to get past "not found" into deeper code. */
  knownIds: readonly number[];
  /** Strings that exist in the test world (slugs): string fields draw from them often, for the same reason. */
  knownStrings?: readonly string[];
  /** Schemas to use where the document says "anything" (e.g. records items -> RecordInput). */
  overrides?: Record<string, JsonSchema>;
}

function resolve(schema: JsonSchema, ctx: GeneratorContext): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = ctx.document.components?.schemas?.[name];
  if (!target) throw new Error(`unknown schema ${schema.$ref}`);
  return resolve(target, ctx);
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

const LETTERS = [...'abcdefghijklmnopqrstuvwxyz'];

/**
 * A plausible text of the field's length with one control character inside it (not at an end, where
 * trimming would remove it): long enough to pass length rules and reach the code behind them.
 */
function textWithControl(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const min = Math.max(minLength, 2);
  const max = Math.max(min, Math.min(maxLength - 1, 60));
  return fc
    .tuple(fc.string({ unit: fc.constantFrom(...LETTERS), minLength: min, maxLength: max }), controlCharacter, fc.nat())
    .map(([text, control, at]) => {
      const i = 1 + (at % (text.length - 1));
      return text.slice(0, i) + control + text.slice(i);
    });
}

/** A value shaped like the schema (not always valid: formats and patterns are approximated). */
function shaped(raw: JsonSchema, ctx: GeneratorContext, path: string, depth: number): fc.Arbitrary<unknown> {
  const override = ctx.overrides?.[path];
  const schema = resolve(override ?? raw, ctx);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((o) => shaped(o, ctx, path, depth)));
  if (schema.allOf?.length) return shaped(schema.allOf[0]!, ctx, path, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  switch (typeOf(schema)) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1_000_000;
      const max = Math.min(schema.maximum ?? 1_000_000, 2 ** 31);
      const inRange =
        typeOf(schema) === 'integer'
          ? fc.integer({ min: Math.max(min, -(2 ** 31)), max })
          : fc.double({ min, max, noNaN: true });
      const known = ctx.knownIds.filter((id) => id >= min && id <= max);
      return known.length ? fc.oneof(fc.constantFrom(...known), inRange) : inRange;
    }
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'date-time')
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      const maxLength = Math.min(schema.maxLength ?? 40, 200);
      const controlled = { weight: 1, arbitrary: textWithControl(schema.minLength ?? 0, maxLength) };
      if (schema.pattern) {
        const known = [...ctx.knownIds.map(String), ...(ctx.knownStrings ?? [])];
        const ids = known.length ? [{ weight: 2, arbitrary: fc.constantFrom(...known) }] : [];
        return fc.oneof(
          // Bounded by the schema's own maxLength only: a pattern whose strings are all longer than the
          // default 40 (a 47-character link secret) would otherwise be filtered forever, hanging the suite.
          {
            weight: 2,
            arbitrary: fc
              .stringMatching(new RegExp(schema.pattern))
              .filter((s) => s.length <= (schema.maxLength ?? Infinity)),
          },
          ...ids,
          controlled,
        );
      }
      const anyString = fc.oneof(
        { weight: 3, arbitrary: fc.string({ minLength: schema.minLength ?? 0, maxLength, unit: 'binary' }) },
        controlled,
      );
      return ctx.knownStrings?.length ? fc.oneof(anyString, fc.constantFrom(...ctx.knownStrings)) : anyString;
    }
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const item = schema.items ?? {};
      return fc.array(value(item, ctx, `${path}.items`, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 5, 12),
      });
    }
    case 'object': {
      if (depth > 4) return fc.constant({});
      const props = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      const record = fc.record(
        Object.fromEntries(props.map(([k, s]) => [k, value(s, ctx, `${path}.${k}`, depth + 1)])),
        { requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)) },
      );
      // Sometimes an unknown extra key, sometimes a required key dropped.
      return fc.oneof(
        { weight: 6, arbitrary: record },
        {
          weight: 1,
          arbitrary: fc
            .tuple(record, fc.string({ maxLength: 12 }), anyJson)
            .map(([r, k, v]) => ({ ...(r as object), [k]: v })),
        },
        {
          weight: 1,
          arbitrary: fc
            .tuple(record, fc.constantFrom(...(props.length ? props.map(([k]) => k) : ['x'])))
            .map(([r, dropped]) =>
              Object.fromEntries(Object.entries(r as Record<string, unknown>).filter(([k]) => k !== dropped)),
            ),
        },
      );
    }
    default:
      return anyJson;
  }
}

/** Mostly contract-shaped values, sometimes hostile ones of any type. */
export function value(schema: JsonSchema, ctx: GeneratorContext, path: string, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: shaped(schema, ctx, path, depth) }, { weight: 1, arbitrary: anyJson });
}

/** A string for a query or path parameter: contract-shaped, or hostile. */
export function parameter(schema: JsonSchema | undefined, ctx: GeneratorContext, path: string): fc.Arbitrary<string> {
  return fc
    .oneof(
      { weight: 4, arbitrary: shaped(schema ?? {}, ctx, path, 0) },
      { weight: 2, arbitrary: fc.constantFrom<unknown>(...HOSTILE_STRINGS, ...HOSTILE_NUMBERS) },
    )
    .map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
}

export interface GeneratedRequest {
  url: string;
  /** Absent: no body sent. */
  body?: unknown;
}

/** Requests for one operation of the document. */
export function requests(
  pathTemplate: string,
  operation: Operation,
  ctx: GeneratorContext,
): fc.Arbitrary<GeneratedRequest> {
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const key = (p: string) => `${pathTemplate}#${p}`;
  return fc
    .record({
      path: fc.tuple(...pathParams.map((p) => parameter(p.schema, ctx, key(p.name)))),
      query: fc.tuple(
        ...queryParams.map((p) =>
          fc.option(parameter(p.schema, ctx, key(p.name)), { nil: undefined, freq: p.required ? 10 : 3 }),
        ),
      ),
      body: bodySchema
        ? fc.option(value(bodySchema, ctx, key('body')), { nil: undefined, freq: 12 })
        : fc.constant(undefined),
    })
    .map(({ path, query, body }) => {
      let url = pathTemplate;
      pathParams.forEach((p, i) => {
        url = url.replace(`{${p.name}}`, encodeURIComponent(path[i]!) || '%20');
      });
      const search = new URLSearchParams();
      queryParams.forEach((p, i) => {
        if (query[i] !== undefined) search.set(p.name, query[i]!);
      });
      const qs = search.toString();
      return { url: qs ? `${url}?${qs}` : url, ...(body === undefined ? {} : { body }) };
    });
}

/** Where to put a control character into a request: which text, where in it, and which character. */
export interface ControlInsertion {
  control: string;
  /** Picks one of the request's texts (modulo their number). */
  text: number;
  /** Picks the position inside that text (modulo its length). */
  at: number;
}

export const controlInsertions: fc.Arbitrary<ControlInsertion> = fc.record({
  control: controlCharacter,
  text: fc.nat(),
  at: fc.nat(),
});

/** Inside a text when it has an inside (so trimming does not remove the character), else at its end. */
function insert(text: string, control: string, at: number): string {
  const i = text.length < 2 ? text.length : 1 + (at % (text.length - 1));
  return text.slice(0, i) + control + text.slice(i);
}

/** Every string in a JSON value, as a path of keys and indexes. */
function textPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => textPaths(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => textPaths(v, [...path, k]));
  return [];
}

function replaceAt(value: unknown, path: (string | number)[], replace: (text: string) => string): unknown {
  if (path.length === 0) return replace(value as string);
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaceAt(v, rest, replace) : v));
  const record = value as Record<string, unknown>;
  return { ...record, [head!]: replaceAt(record[head!], rest, replace) };
}

/**
 * The same request with one control character put into one of its texts (a query value or a string
 * of the body), or null when it has none. Applied to requests the route accepted, so the character
 * is the only thing wrong: random requests rarely get every other field right at the same time.
 */
export function withControlCharacter(
  req: GeneratedRequest,
  { control, text, at }: ControlInsertion,
): GeneratedRequest | null {
  const [path, search = ''] = req.url.split('?');
  const params = new URLSearchParams(search);
  const query = [...params.keys()];
  const body = req.body === undefined ? [] : textPaths(req.body);
  const count = query.length + body.length;
  if (count === 0) return null;
  const pick = text % count;
  if (pick < query.length) {
    const name = query[pick]!;
    params.set(name, insert(params.get(name)!, control, at));
    return { ...req, url: `${path}?${params.toString()}` };
  }
  return { ...req, body: replaceAt(req.body, body[pick - query.length]!, (s) => insert(s, control, at)) };
}
