import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeRedirectPath('/wishes')).toBe('/wishes');
    expect(safeRedirectPath('/settings/profile?tab=1')).toBe('/settings/profile?tab=1');
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'wishes', '', null, undefined])(
    'falls back home for %s',
    (value) => {
      expect(safeRedirectPath(value)).toBe('/');
    },
  );

  it('uses the given fallback', () => {
    expect(safeRedirectPath(null, '')).toBe('');
  });
});
