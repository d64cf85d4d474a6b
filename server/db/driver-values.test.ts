import { describe, expect, it } from 'vitest';
import { intArray, jsonValue, textArray } from './driver-values.ts';

describe('a raw row’s values as either driver gives them', () => {
  it('reads arrays parsed or in their text form, quotes and backslashes included', () => {
    expect(textArray(['a', 'b c'])).toEqual(['a', 'b c']);
    expect(textArray('{a,"b c","say \\"hi\\"","back\\\\slash"}')).toEqual(['a', 'b c', 'say "hi"', 'back\\slash']);
    expect(textArray('{}')).toEqual([]);
    expect(textArray(null)).toBeNull();
    expect(intArray([1, 2])).toEqual([1, 2]);
    expect(intArray('{3,41}')).toEqual([3, 41]);
    expect(intArray('{}')).toEqual([]);
    expect(intArray(null)).toBeNull();
  });

  it('reads json parsed or as text', () => {
    expect(jsonValue<{ a: number }>({ a: 1 })).toEqual({ a: 1 });
    expect(jsonValue<{ a: number }>('{"a":1}')).toEqual({ a: 1 });
    expect(jsonValue(null)).toBeNull();
  });
});
