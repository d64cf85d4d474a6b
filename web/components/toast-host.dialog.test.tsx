// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import { createI18n } from '../lib/i18n';
import { showToast, toastStore } from '../lib/toasts';
import { I18nProvider } from '../lib/use-translation';
import { FormDialog } from './form-dialog';
import { ToastHost } from './toast-host';

const i18n = createI18n('en', { en });
afterEach(() => {
  cleanup();
  toastStore.set([]);
});

/** The element and its ancestors that hide it from assistive technology (aria-hidden or inert). */
function hiders(element: Element): string[] {
  const found: string[] = [];
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.getAttribute('aria-hidden') === 'true' || (node as HTMLElement).inert) found.push(node.outerHTML.slice(0, 80));
  }
  return found;
}

describe('toasts while a dialog is open', () => {
  it('stay in the accessibility tree (a staff decision’s toast is raised as its dialog closes)', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <div>
          <ToastHost />
        </div>
        <FormDialog title="Resolve report" isOpen onOpenChange={() => {}}>
          <p>The decision</p>
        </FormDialog>
      </I18nProvider>,
    );
    await act(async () => {
      showToast({ icon: 'success', message: 'Report handled.' });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(hiders(screen.getByText('Report handled.'))).toEqual([]);
    expect(screen.getByRole('status').textContent).toContain('Report handled.');
  });
});
