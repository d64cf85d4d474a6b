import { describe, expect, it } from 'vitest';
import { pictureProblem } from './picture-check';

const t = (key: string, params?: Record<string, string | number>) => (params ? `${key} ${JSON.stringify(params)}` : key);

describe('pictureProblem', () => {
  it('refuses types and sizes the server refuses', () => {
    expect(pictureProblem({ type: 'image/jpeg', size: 1000 }, t)).toBeUndefined();
    expect(pictureProblem({ type: 'application/pdf', size: 1000 }, t)).toBe('images.unsupported_type');
    expect(pictureProblem({ type: 'image/png', size: 16 * 1024 * 1024 }, t)).toMatch(/images.too_large/);
  });
});
