import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { fieldProblems, inSchemaOrder, problemsFromSchemaErrors } from './validation.ts';

const Form = Type.Object({
  name: Type.String({ minLength: 3, maxLength: 5 }),
  city_id: Type.Integer({ minimum: 1, errorKey: 'validation.city_not_found' }),
  note: Type.Optional(Type.String({ maxLength: 4 })),
});

describe('fieldProblems', () => {
  it('answers nothing for values that pass', () => {
    expect(fieldProblems(Form, { name: 'abc', city_id: 4 })).toEqual({});
  });

  it('names every missing field "required"', () => {
    expect(fieldProblems(Form, {})).toEqual({ name: [{ key: 'validation.required' }], city_id: [{ key: 'validation.required' }] });
  });

  it('reads an empty text as missing, whatever rule it breaks', () => {
    expect(fieldProblems(Form, { name: '', city_id: '' })).toEqual({
      name: [{ key: 'validation.required' }],
      city_id: [{ key: 'validation.required' }],
    });
  });

  it('gives lengths with their limit, as the API does', () => {
    expect(fieldProblems(Form, { name: 'ab', city_id: 1, note: 'abcdef' })).toEqual({
      name: [{ key: 'validation.min_length', params: { limit: 3 } }],
      note: [{ key: 'validation.max_length', params: { limit: 4 } }],
    });
    expect(fieldProblems(Form, { name: 'abcdef', city_id: 1 })).toEqual({ name: [{ key: 'validation.max_length', params: { limit: 5 } }] });
  });

  it("uses a field's own errorKey for any rule it breaks, also in a partial schema", () => {
    for (const city_id of ['Helsinki', 0, 1.5]) {
      expect(fieldProblems(Form, { name: 'abc', city_id })).toEqual({ city_id: [{ key: 'validation.city_not_found' }] });
      expect(fieldProblems(Type.Partial(Form), { city_id })).toEqual({ city_id: [{ key: 'validation.city_not_found' }] });
    }
  });

  it("keeps the fields in the schema's order", () => {
    const problems = fieldProblems(Form, { note: 'too long', name: 'x' });
    expect(Object.keys(problems)).toEqual(['name', 'city_id', 'note']);
    expect(Object.keys(inSchemaOrder(Form, { note: [], city_id: [], name: [] }))).toEqual(['name', 'city_id', 'note']);
  });

  it('says without an errorKey what the route validation says', () => {
    const Plain = Type.Object({ count: Type.Integer({ minimum: 2 }), tags: Type.Array(Type.String(), { maxItems: 1 }) });
    const value = { count: 1, tags: ['a', 'b'] };
    expect(fieldProblems(Plain, value)).toEqual({
      count: [{ key: 'validation.minimum', params: { limit: 2 } }],
      tags: [{ key: 'validation.max_items', params: { limit: 1 } }],
    });
  });
});

describe('problemsFromSchemaErrors', () => {
  it('reports missing and unknown fields under their own names, and the context for the whole body', () => {
    expect(
      problemsFromSchemaErrors(
        [
          { keyword: 'required', instancePath: '', params: { requiredProperties: ['email'] } },
          { keyword: 'additionalProperties', instancePath: '', params: { additionalProperties: ['extra'] } },
          { keyword: 'type', instancePath: '', params: { type: 'object' } },
        ],
        'body',
      ),
    ).toEqual({
      email: [{ key: 'validation.required' }],
      extra: [{ key: 'validation.unknown_field' }],
      body: [{ key: 'validation.type_object' }],
    });
  });
});
