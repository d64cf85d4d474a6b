import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { rootShouldRevalidate } from './revalidation';

const args = (current: string, next: string, extra: Partial<ShouldRevalidateFunctionArgs> = {}) =>
  ({
    currentUrl: new URL(current, 'http://x'),
    nextUrl: new URL(next, 'http://x'),
    currentParams: {},
    nextParams: {},
    defaultShouldRevalidate: true,
    ...extra,
  }) as ShouldRevalidateFunctionArgs;

describe('when the root data is loaded again', () => {
  it('keeps it on plain navigations: another page of results, a filter, an ad', () => {
    expect(rootShouldRevalidate(args('/?q=sohva', '/?q=sohva&page=2'))).toBe(false);
    expect(rootShouldRevalidate(args('/', '/catalogs/transport'))).toBe(false);
  });

  it('reloads it after a form, for a new language, and when asked for the same URL', () => {
    expect(rootShouldRevalidate(args('/settings/profile', '/settings/profile', { formMethod: 'POST' }))).toBe(true);
    expect(rootShouldRevalidate(args('/login', '/', { formMethod: 'POST' }))).toBe(true);
    expect(rootShouldRevalidate(args('/', '/?lang=en'))).toBe(true);
    expect(rootShouldRevalidate(args('/about', '/about'))).toBe(true);
  });
});
