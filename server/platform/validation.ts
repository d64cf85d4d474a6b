import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { unstorableTextKey } from '../../common/text.ts';

/** What is wrong with one field: a translation key and its parameters (AppError's `fields`). */
export interface FieldProblem {
  key: string;
  params?: Record<string, string | number>;
}

/** Problems by field name (`a.b` for nested fields), as AppError carries them. */
export type FieldProblems = Record<string, FieldProblem[]>;

/** One schema error as TypeBox's `Value.Errors` and Fastify's route validation report it. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  schemaPath?: string;
  params?: object;
}

/**
 * A schema option for a field whose every broken rule means one thing to the person filling the
 * form, e.g. an id that names no city: `Type.Integer({ minimum: 1, errorKey: 'validation.city_not_found' })`.
 */
export interface ErrorKeyOption {
  errorKey?: string;
}

const TYPE_KEYS: Record<string, string> = {
  string: 'validation.type_string',
  number: 'validation.type_number',
  integer: 'validation.type_integer',
  boolean: 'validation.type_boolean',
  array: 'validation.type_array',
  object: 'validation.type_object',
};

function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || context || 'body';
}

/**
 * Schema errors as per-field translation keys, one message per field and rule: the route
 * validation's answer (`context` names the whole body, query or params when the path is empty).
 */
export function problemsFromSchemaErrors(errors: readonly SchemaError[], context?: string): FieldProblems {
  // No prototype: a field named "valueOf" or "__proto__" must be a plain key, not an inherited member.
  const out: FieldProblems = Object.create(null) as FieldProblems;
  const add = (field: string, problem: FieldProblem) => {
    const list = (out[field] ??= []);
    if (!list.some((p) => p.key === problem.key)) list.push(problem);
  };
  const unionPaths = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));

  for (const error of errors) {
    const params = (error.params ?? {}) as Record<string, unknown>;
    const field = fieldName(error.instancePath, context);
    switch (error.keyword) {
      case 'required': {
        const missing = (params.requiredProperties as string[] | undefined) ?? [params.missingProperty as string];
        for (const name of missing.filter(Boolean)) {
          add(fieldName(`${error.instancePath}/${name}`, context), { key: 'validation.required' });
        }
        break;
      }
      case 'additionalProperties': {
        const extra = (params.additionalProperties as string[] | undefined) ?? [params.additionalProperty as string];
        for (const name of extra.filter(Boolean)) {
          add(fieldName(`${error.instancePath}/${name}`, context), { key: 'validation.unknown_field' });
        }
        break;
      }
      case 'boolean':
        // "schema is false" under additionalProperties: already reported as an unknown field.
        break;
      case 'type':
        add(field, { key: TYPE_KEYS[String(params.type)] ?? 'validation.invalid' });
        break;
      case 'minLength':
        add(field, { key: 'validation.min_length', params: { limit: Number(params.limit) } });
        break;
      case 'maxLength':
        add(field, { key: 'validation.max_length', params: { limit: Number(params.limit) } });
        break;
      case 'minimum':
      case 'exclusiveMinimum':
        add(field, { key: 'validation.minimum', params: { limit: Number(params.limit) } });
        break;
      case 'maximum':
      case 'exclusiveMaximum':
        add(field, { key: 'validation.maximum', params: { limit: Number(params.limit) } });
        break;
      case 'minItems':
        add(field, { key: 'validation.min_items', params: { limit: Number(params.limit) } });
        break;
      case 'maxItems':
        add(field, { key: 'validation.max_items', params: { limit: Number(params.limit) } });
        break;
      case 'format':
        add(field, { key: params.format === 'email' ? 'validation.email' : 'validation.format' });
        break;
      case 'const':
      case 'enum':
        if (!unionPaths.has(error.instancePath)) add(field, { key: 'validation.one_of' });
        break;
      case 'anyOf':
        add(field, { key: 'validation.one_of' });
        break;
      default:
        add(field, { key: 'validation.invalid' });
    }
  }
  return out;
}

/** The schema of the field an error is about, or undefined when the path leads nowhere. */
function schemaAt(schema: TSchema, schemaPath: string | undefined): ErrorKeyOption | undefined {
  if (!schemaPath?.startsWith('#')) return undefined;
  const found = Value.Pointer.Get(schema, schemaPath.slice(1));
  return typeof found === 'object' && found !== null ? (found as ErrorKeyOption) : undefined;
}

/**
 * What is wrong with a form's values (a service's multipart fields, a page action's form data),
 * checked against its TypeBox schema and said the way the API says it (`validation.*` keys),
 * with two rules of forms on top:
 * - an empty text is a missing value: whatever rule it breaks, the field reads "required";
 * - a field schema with an `errorKey` (see ErrorKeyOption) reads that key for any broken rule.
 * Fields come in the schema's order; the answer is empty when the values pass.
 */
export function fieldProblems(schema: TSchema, value: unknown): FieldProblems {
  const problems: FieldProblems = Object.create(null) as FieldProblems;
  const add = (field: string, problem: FieldProblem) => {
    const list = (problems[field] ??= []);
    if (!list.some((p) => p.key === problem.key)) list.push(problem);
  };
  const addAll = (more: FieldProblems) => {
    for (const [field, list] of Object.entries(more)) for (const problem of list) add(field, problem);
  };
  for (const [field, key] of unstorableTextFields(value, '')) add(field, { key });
  for (const error of Value.Errors(schema, value)) {
    // `required` names the missing fields in its params; every other error is about its own field.
    if (error.keyword === 'required') {
      addAll(problemsFromSchemaErrors([error]));
      continue;
    }
    const field = fieldName(error.instancePath, undefined);
    const errorKey = schemaAt(schema, error.schemaPath)?.errorKey;
    if (Value.Pointer.Get(value, error.instancePath) === '') add(field, { key: 'validation.required' });
    else if (errorKey) add(field, { key: errorKey });
    else addAll(problemsFromSchemaErrors([error]));
  }
  return inSchemaOrder(schema, problems);
}

/** The problems keyed in the order the schema lists its fields (the form's order), others after. */
export function inSchemaOrder(schema: TSchema, problems: FieldProblems): FieldProblems {
  const order = Object.keys((schema as { properties?: object }).properties ?? {});
  const rank = (field: string) => {
    const index = order.indexOf(field.split('.')[0]!);
    return index < 0 ? order.length : index;
  };
  return Object.fromEntries(Object.entries(problems).sort(([a], [b]) => rank(a) - rank(b)));
}

/**
 * The fields (dotted paths; an object key counts as its field) whose text cannot be kept, each with
 * the key of its message: control characters (a NUL among them) or half a surrogate pair. The one
 * rule every text a person sends meets, whatever its schema says; PostgreSQL could store neither.
 */
export function unstorableTextFields(value: unknown, path: string): [field: string, key: string][] {
  // A walk with its own stack: a body nested thousands deep must not overflow the call stack.
  const found: [string, string][] = [];
  const pending: [unknown, string][] = [[value, path]];
  while (pending.length > 0) {
    const [item, at] = pending.pop()!;
    if (typeof item === 'string') {
      const key = unstorableTextKey(item);
      if (key) found.push([at || 'body', key]);
    } else if (typeof item === 'object' && item !== null) {
      const entries = Object.entries(item);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [name, child] = entries[index]!;
        const childPath = at ? `${at}.${name}` : name;
        const key = unstorableTextKey(name);
        if (key) found.push([childPath, key]);
        else pending.push([child, childPath]);
      }
    }
  }
  return found;
}

/** The problems of unstorableTextFields as AppError carries them (empty when every text can be kept). */
export function unstorableTextProblems(value: unknown, path = ''): FieldProblems {
  const problems: FieldProblems = Object.create(null) as FieldProblems;
  for (const [field, key] of unstorableTextFields(value, path)) (problems[field] ??= []).push({ key });
  return problems;
}
