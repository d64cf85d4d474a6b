// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { useApiSubmit } from './use-api-submit';

describe('useApiSubmit', () => {
  it('hands the answer on, and is busy only while the call runs', async () => {
    const { result } = renderHook(() => useApiSubmit());
    let answer = '';
    await act(() =>
      result.current.submit(
        async () => 'ok',
        (reply) => (answer = reply),
      ),
    );
    expect(answer).toBe('ok');
    expect(result.current.busy).toBe(false);
    expect(result.current.formMessage).toBeUndefined();
  });

  it('puts a refusal on its fields, and a failure no field explains above the form', async () => {
    const { result } = renderHook(() => useApiSubmit());
    const refused = new ApiError('Check the fields', 422, { message: 'x', code: 'validation_failed', errors: { note: ['Too short'] } });
    await act(() =>
      result.current.submit(
        () => Promise.reject(refused),
        () => undefined,
      ),
    );
    expect(result.current.errors).toEqual({ note: ['Too short'] });
    expect(result.current.formMessage).toBeUndefined();
    await act(() =>
      result.current.submit(
        () => Promise.reject(new ApiError('Server error', 500, undefined)),
        () => undefined,
      ),
    );
    expect(result.current.errors).toEqual({});
    expect(result.current.formMessage).toBe('Server error');
  });
});
