// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/en.json';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { RichTextLinkDialog } from './rich-text-link-dialog';
import { RichTextPictureDialog } from './rich-text-picture-dialog';

const i18n = createI18n('en', { en });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderLink(initial: string) {
  const close = vi.fn();
  const onApply = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <RichTextLinkDialog close={close} initial={initial} onApply={onApply} />
    </I18nProvider>,
  );
  return { close, onApply, field: screen.getByRole('textbox', { name: 'Address' }) };
}

describe('RichTextLinkDialog', () => {
  it('refuses a javascript: address with a message and links nothing', () => {
    const { close, onApply, field } = renderLink('');
    fireEvent.change(field, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save link' }));
    expect(screen.getByText('Only web addresses, e-mail addresses and pages of this site can be linked.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onApply).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });

  it('links a bare domain as https and closes', () => {
    const { close, onApply, field } = renderLink('');
    fireEvent.change(field, { target: { value: 'kauppis.fi/ohjeet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save link' }));
    expect(onApply).toHaveBeenCalledWith('https://kauppis.fi/ohjeet');
    expect(close).toHaveBeenCalled();
  });

  it('removes an existing link when the address is emptied or with its own button', () => {
    const first = renderLink('/info/contacts');
    expect(screen.getByRole('heading', { name: 'Edit the link' })).toBeTruthy();
    fireEvent.change(first.field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save link' }));
    expect(first.onApply).toHaveBeenCalledWith(null);
    cleanup();
    const second = renderLink('/info/contacts');
    fireEvent.click(screen.getByRole('button', { name: 'Remove link' }));
    expect(second.onApply).toHaveBeenCalledWith(null);
  });
});

function renderPicture(uploadImage: (file: File) => Promise<{ url: string; width: number; height: number }>) {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const close = vi.fn();
  const onInsert = vi.fn();
  const file = new File([new Uint8Array([1, 2, 3])], 'cat.png', { type: 'image/png' });
  render(
    <I18nProvider i18n={i18n}>
      <RichTextPictureDialog close={close} file={file} uploadImage={uploadImage} onInsert={onInsert} />
    </I18nProvider>,
  );
  return { close, onInsert, file, field: screen.getByRole('textbox', { name: 'What the picture shows' }) };
}

describe('RichTextPictureDialog', () => {
  it('asks for the alt text before uploading anything', () => {
    const upload = vi.fn();
    renderPicture(upload);
    fireEvent.click(screen.getByRole('button', { name: 'Add picture' }));
    expect(screen.getByText('Describe the picture in a few words.')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads the file and inserts the stored picture with its size and alt text', async () => {
    const upload = vi.fn().mockResolvedValue({ url: '/media/content/x.webp', width: 1200, height: 800 });
    const { close, onInsert, field, file } = renderPicture(upload);
    fireEvent.change(field, { target: { value: '  A red bicycle  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add picture' }));
    await waitFor(() =>
      expect(onInsert).toHaveBeenCalledWith({ src: '/media/content/x.webp', alt: 'A red bicycle', width: 1200, height: 800 }),
    );
    expect(upload).toHaveBeenCalledWith(file);
    expect(close).toHaveBeenCalled();
  });

  it('keeps the dialog open with the server’s message when the upload fails', async () => {
    const upload = vi.fn().mockRejectedValue(new Error('This file is not a picture we can use.'));
    const { close, onInsert, field } = renderPicture(upload);
    fireEvent.change(field, { target: { value: 'A cat' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add picture' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This file is not a picture we can use.');
    expect(onInsert).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });
});
