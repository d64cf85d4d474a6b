import { describe, expect, it } from 'vitest';
import { hasControlCharacter } from './text.ts';

describe('hasControlCharacter', () => {
  it('finds what nobody types, and lets line breaks and tabs through', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u0008', '\u000b', '\u000c', '\u001b[31m', '\u007f'])
      expect(hasControlCharacter(bad)).toBe(true);
    for (const good of ['Hyvä pyörä', 'rivi 1\nrivi 2\r\n', 'a\tb', 'Приве́т', '😀', '']) expect(hasControlCharacter(good)).toBe(false);
  });
});
