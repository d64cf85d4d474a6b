import { describe, expect, it } from 'vitest';
import { hasControlCharacter, unstorableTextKey } from './text.ts';

describe('hasControlCharacter', () => {
  it('finds what nobody types, and lets line breaks and tabs through', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u0008', '\u000b', '\u000c', '\u001b[31m', '\u007f'])
      expect(hasControlCharacter(bad)).toBe(true);
    for (const good of ['Hyvä pyörä', 'rivi 1\nrivi 2\r\n', 'a\tb', 'Приве́т', '😀', '']) expect(hasControlCharacter(good)).toBe(false);
  });
});

describe('unstorableTextKey', () => {
  it('finds half a surrogate pair anywhere in a text, and lets whole pairs through', () => {
    for (const bad of ['Kauppis\ud800', '\udc00', 'a\ud83db', '\ude00😀', '😀\ud83d'])
      expect(unstorableTextKey(bad)).toBe('validation.unstorable_text');
    for (const good of ['😀', 'Hyvä 👍🏽 pyörä', '', '\u{10ffff}']) expect(unstorableTextKey(good)).toBeUndefined();
  });

  it('says control characters (a NUL among them) by their own key', () => {
    expect(unstorableTextKey('a\u0000b')).toBe('validation.control_characters');
    expect(unstorableTextKey('\u0000\ud800')).toBe('validation.control_characters');
  });
});
