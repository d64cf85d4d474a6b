// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { PasswordField } from './password-field';
import { passwordRuleStates } from './password-rules';

const i18n = createI18n('en', { en });

function renderField(props: Partial<Parameters<typeof PasswordField>[0]> = {}) {
  return render(
    <I18nProvider i18n={i18n}>
      <form>
        <PasswordField label="Password" name="password" autoComplete="new-password" showRules {...props} />
      </form>
    </I18nProvider>,
  );
}

const rule = (name: string) => document.querySelector(`[data-rule="${name}"]`)!;
const met = (name: string) => rule(name).getAttribute('data-met') === 'true';

afterEach(cleanup);

describe('password rule hints', () => {
  it('ticks each rule of the server as it is met', () => {
    renderField();
    const input = screen.getByLabelText('Password');
    expect(['min_length', 'mixed_case', 'numbers', 'symbols'].map(met)).toEqual([false, false, false, false]);

    fireEvent.change(input, { target: { value: 'abc' } });
    expect(met('mixed_case')).toBe(false);
    fireEvent.change(input, { target: { value: 'abcDEF' } });
    expect(met('mixed_case')).toBe(true);
    expect(met('min_length')).toBe(false);
    fireEvent.change(input, { target: { value: 'abcDEF12' } });
    expect(met('min_length')).toBe(true);
    expect(met('numbers')).toBe(true);
    expect(met('symbols')).toBe(false);
    fireEvent.change(input, { target: { value: 'abcDEF12#' } });
    expect(met('symbols')).toBe(true);
    expect(rule('symbols').textContent).toContain('(done)');
  });

  it('links the checklist to the input for screen readers', () => {
    renderField();
    const input = screen.getByLabelText('Password');
    const list = document.getElementById(input.getAttribute('aria-describedby')!);
    expect(list?.textContent).toContain('At least 8 characters');
  });

  it('warns about the upper length limit only when it is broken', () => {
    expect(passwordRuleStates('Aa1#'.repeat(10)).some((s) => s.rule === 'max_length')).toBe(false);
    expect(passwordRuleStates('Aa1#'.repeat(40)).find((s) => s.rule === 'max_length')).toEqual({ rule: 'max_length', met: false });
  });

  it('shows and hides the password with the toggle', () => {
    renderField({ showRules: false });
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(hide);
    expect(input.type).toBe('password');
  });

  it('empties the checklist when the form is reset', () => {
    renderField();
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'abcDEF12#' } });
    expect(met('symbols')).toBe(true);
    fireEvent.reset(input.form!);
    expect(met('symbols')).toBe(false);
  });

  it('shows field errors under the input and marks it invalid', () => {
    renderField({ errors: ['The password must contain at least one symbol.'] });
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toContain('The password must contain at least one symbol.');
  });
});

describe('the guessability hint', () => {
  it('asks the same estimator as the server once the other rules are met', async () => {
    renderField();
    const input = screen.getByLabelText('Password');
    expect(met('guessable')).toBe(false);
    fireEvent.change(input, { target: { value: 'Kelpo#Salasana42' } });
    await waitFor(() => expect(met('guessable')).toBe(true), { timeout: 5_000 });
    fireEvent.change(input, { target: { value: 'Summer2024!' } });
    await waitFor(() => expect(met('guessable')).toBe(false));
    // Nothing is ticked from an earlier answer while the new one is pending.
    fireEvent.change(input, { target: { value: 'Kelpo#Salasana4' } });
    expect(met('guessable')).toBe(false);
  });
});
