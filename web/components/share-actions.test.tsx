// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/en.json';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { ShareActions } from './share-actions';

const i18n = createI18n('en', { en });
const URL_OF_AD = 'https://kauppis.example/3f2a8c1e-0000-4000-8000-000000000001';

function share() {
  return (
    <I18nProvider i18n={i18n}>
      <ul aria-label="share">
        <ShareActions url={URL_OF_AD} title="Toyota Corolla 2015" />
      </ul>
    </I18nProvider>
  );
}

function browserHas(name: 'share' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true });
}

afterEach(() => {
  cleanup();
  browserHas('share', undefined);
  browserHas('clipboard', undefined);
});

describe('sharing an ad', () => {
  it('has no button in the server’s page (both need scripts)', () => {
    browserHas('share', vi.fn());
    const html = renderToString(share());
    expect(html).not.toContain('Copy link');
    expect(html).not.toContain('Share');
  });

  it('offers "Share" only where the browser has a share sheet', async () => {
    render(share());
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    cleanup();
    const shareSheet = vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    browserHas('share', shareSheet);
    render(share());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Share' })));
    expect(shareSheet).toHaveBeenCalledWith({ title: 'Toyota Corolla 2015', url: URL_OF_AD });
    // Closing the sheet is no error: nothing is said.
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('copies the link and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    browserHas('clipboard', { writeText });
    render(share());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy link' })));
    expect(writeText).toHaveBeenCalledWith(URL_OF_AD);
    expect(screen.getByRole('status').textContent).toBe('Link copied');
  });

  it('shows the link selected in a field where copying is refused or missing', async () => {
    browserHas('clipboard', { writeText: vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')) });
    render(share());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    const field = screen.getByRole('textbox', { name: 'Copy the link from here' }) as HTMLInputElement;
    expect(field.value).toBe(URL_OF_AD);
    expect(field.readOnly).toBe(true);
    expect(document.activeElement).toBe(field);
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
