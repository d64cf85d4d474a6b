// @vitest-environment happy-dom
import fs from 'node:fs';
import { act, cleanup, render, screen } from '@testing-library/react';
import { compile } from 'tailwindcss';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { StatusMenu } from './ad-status';
import { SelectField, TextAreaField, TextField, primaryButton, secondaryButton, dangerButton } from './form-controls';
import { iconButton } from './icon-button';
import { RichTextEditor } from './rich-text-editor';

const i18n = createI18n('en', { en });
// Tests run from the repository's root.
const appCss = fs.readFileSync('web/app.css', 'utf8');

afterEach(() => cleanup());

/** app.css through Tailwind as the build compiles it, for the classes given. */
async function css(classes: string[]): Promise<string> {
  const compiler = await compile(appCss.replace("@import 'tailwindcss';", '@tailwind utilities;'), {
    loadStylesheet: async () => ({ content: '', base: '', path: '' }),
  });
  return compiler.build(classes);
}

function variable(theme: ':root' | '.dark', name: string): string {
  const block = new RegExp(`\\n${theme.replace('.', '\\.')} \\{([^}]*)\\}`).exec(appCss)![1]!;
  return new RegExp(`--${name}: (#[0-9a-f]{6});`).exec(block)![1]!;
}

function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

describe('the shared focus ring', () => {
  it('is a 3 px outline on :focus-visible and React Aria’s data-focus-visible that outranks outline-none', async () => {
    const out = await css(['focus-ring', 'outline-none']);
    const rule = /\.focus-ring:focus-visible, \.focus-ring\[data-focus-visible\] \{([^}]*)\}/.exec(out)?.[1];
    expect(rule).toContain('outline: 3px solid var(--focus)');
    // outline-none sets --tw-outline-style: none, which hid every `outline-3` set on focus.
    expect(rule).toContain('--tw-outline-style: solid');
    // (0,2,0) against outline-none's (0,1,0): the ring wins whatever the order.
    expect(out).toMatch(/\.outline-none \{/);
  });

  it('has at least 3:1 contrast against every background in the light and dark themes', () => {
    for (const theme of [':root', '.dark'] as const) {
      for (const background of ['surface', 'raised', 'sunken', 'brand-soft'])
        expect(contrast(variable(theme, 'focus'), variable(theme, background)), `${theme} ${background}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('is on the shared buttons and on every shared text field, select and text area', () => {
    for (const classes of [primaryButton, secondaryButton, dangerButton, iconButton]) expect(classes.split(' ')).toContain('focus-ring');
    render(
      <I18nProvider i18n={i18n}>
        <TextField label="Title" name="title" />
        <SelectField label="Kind" name="kind" options={[{ value: 'sell', label: 'Sell' }]} />
        <TextAreaField label="Text" name="text" />
      </I18nProvider>,
    );
    for (const control of [
      screen.getByRole('textbox', { name: 'Title' }),
      screen.getByRole('combobox', { name: 'Kind' }),
      screen.getByRole('textbox', { name: 'Text' }),
    ]) {
      expect(control.classList.contains('focus-ring')).toBe(true);
      expect(control.classList.contains('outline-none')).toBe(false);
    }
  });

  it('is on the status menu’s button (my showcase’s “Change status”)', () => {
    render(
      <StatusMenu
        choices={['sold']}
        label="Change status"
        ariaLabel="Change status: Jopo"
        itemLabel={(status) => status}
        onChoose={() => {}}
        busyLabel="Saving…"
      />,
    );
    const button = screen.getByRole('button', { name: 'Change status: Jopo' });
    expect(button.classList.contains('focus-ring')).toBe(true);
    expect(button.getAttribute('aria-haspopup')).toBe('true');
  });

  it('is on every tool of the rich text editor’s toolbar (the blog editor’s “Paragraph”)', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <RichTextEditor
          label="Body"
          value="<p>Hello</p>"
          onChange={() => {}}
          uploadImage={async () => ({ url: '', width: 1, height: 1 })}
        />
      </I18nProvider>,
    );
    const paragraph = await screen.findByRole('button', { name: 'Paragraph' });
    await act(async () => {});
    expect(paragraph.classList.contains('focus-ring')).toBe(true);
    expect(paragraph.classList.contains('outline-none')).toBe(false);
  });
});
