// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { refusalFor, refusalUnder, useApiSubmit } from './use-api-submit';

const refusedWith = (errors: Record<string, string[]>) =>
  new ApiError('Check the fields', 422, { message: 'Check the fields', code: 'validation_failed', errors });

describe('useApiSubmit', () => {
  it('hands the answer on, and is busy only while the call runs', async () => {
    const { result } = renderHook(() => useApiSubmit());
    let answer = '';
    let finish: (value: string) => void = () => undefined;
    let sent: Promise<unknown> = Promise.resolve();
    act(() => {
      sent = result.current.submit(
        () => new Promise<string>((resolve) => (finish = resolve)),
        (reply) => (answer = reply),
      );
    });
    expect(result.current.busy).toBe(true);
    expect(answer).toBe('');
    await act(async () => {
      finish('ok');
      await sent;
    });
    expect(answer).toBe('ok');
    expect(result.current.busy).toBe(false);
    expect(result.current.formMessage).toBeUndefined();
    await expect(sent).resolves.toBeUndefined();
  });

  it('puts a refusal on its fields, and a failure no field explains above the form', async () => {
    const { result } = renderHook(() => useApiSubmit());
    let refusal: unknown;
    await act(async () => {
      refusal = await result.current.submit(
        () => Promise.reject(refusedWith({ note: ['Too short'] })),
        () => undefined,
      );
    });
    expect(result.current.errors).toEqual({ note: ['Too short'] });
    expect(result.current.formMessage).toBeUndefined();
    expect(refusal).toEqual({ errors: { note: ['Too short'] }, message: undefined });
    await act(() =>
      result.current.submit(
        () => Promise.reject(new ApiError('Server error', 500, undefined)),
        () => undefined,
      ),
    );
    expect(result.current.errors).toEqual({});
    expect(result.current.formMessage).toBe('Server error');
  });

  it('keeps what was typed: a refusal changes only the errors, never the form', async () => {
    const typed = { note: 'what the person wrote' };
    const { result } = renderHook(() => useApiSubmit());
    await act(() =>
      result.current.submit(
        () => Promise.reject(refusedWith({ note: ['Too short'] })),
        () => (typed.note = ''),
      ),
    );
    expect(typed.note).toBe('what the person wrote');
    expect(result.current.busy).toBe(false);
  });

  it('shows the form’s own checks before any call, and clears them as the person edits', async () => {
    const { result } = renderHook(() => useApiSubmit());
    await act(() =>
      result.current.submit(
        () => Promise.reject(new ApiError('Server error', 500, undefined)),
        () => undefined,
      ),
    );
    act(() => result.current.fail({ move_to: ['Choose a role'] }));
    expect(result.current.errors).toEqual({ move_to: ['Choose a role'] });
    expect(result.current.busy).toBe(false);
    // The earlier failure's message stays until the next call.
    expect(result.current.formMessage).toBe('Server error');
    act(() => result.current.clearErrors());
    expect(result.current.errors).toEqual({});
    expect(result.current.formMessage).toBe('Server error');
    await act(() =>
      result.current.submit(
        async () => 'ok',
        () => undefined,
      ),
    );
    expect(result.current.formMessage).toBeUndefined();
  });

  it('with refusalFor, keeps the form’s fields only, under another key the server uses for them', async () => {
    const { result } = renderHook(() => useApiSubmit({ refusal: refusalFor({ move_to: ['move_to', 'role'] }) }));
    await act(() =>
      result.current.submit(
        () => Promise.reject(refusedWith({ role: ['The role is protected'] })),
        () => undefined,
      ),
    );
    expect(result.current.errors).toEqual({ move_to: ['The role is protected'] });
    expect(result.current.formMessage).toBeUndefined();
    await act(() =>
      result.current.submit(
        () => Promise.reject(refusedWith({ other: ['Not on this form'] })),
        () => undefined,
      ),
    );
    expect(result.current.errors).toEqual({});
    expect(result.current.formMessage).toBe('Check the fields');
  });

  it('uses the form’s own split of a refusal, message beside the field errors', async () => {
    const { result } = renderHook(() => useApiSubmit({ refusal: () => ({ errors: { name: ['Taken'] }, message: 'The parent is gone' }) }));
    await act(() =>
      result.current.submit(
        () => Promise.reject(new Error('x')),
        () => undefined,
      ),
    );
    expect(result.current.errors).toEqual({ name: ['Taken'] });
    expect(result.current.formMessage).toBe('The parent is gone');
  });
});

describe('refusalUnder', () => {
  const split = refusalUnder('code', 'Something went wrong');
  it('puts the first field error of a refusal under the one field, whatever field the server named', () => {
    expect(split(refusedWith({ identity: ['Wrong code'], other: ['Later'] }))).toEqual({ errors: { code: ['Wrong code'] } });
  });
  it('puts the message of a refusal without field errors there, and the fallback for any other failure', () => {
    expect(split(new ApiError('Too many tries', 429, undefined))).toEqual({ errors: { code: ['Too many tries'] } });
    expect(split(new TypeError('Failed to fetch'))).toEqual({ errors: { code: ['Something went wrong'] } });
  });
});
