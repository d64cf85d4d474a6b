// @vitest-environment happy-dom
import { Editor } from '@tiptap/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/en.json';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { RichTextEditor } from './rich-text-editor';
import { ariaShortcut, richTextExtensions, shortcutText, toolbarState } from './rich-text-editor-core';
import { RichTextView } from './rich-text-view';

const i18n = createI18n('en', { en });

afterEach(() => cleanup());

function renderEditor(value: string, onChange = vi.fn()) {
  const upload = vi.fn();
  const view = render(
    <I18nProvider i18n={i18n}>
      <RichTextEditor label="Body" value={value} onChange={onChange} uploadImage={upload} errors={['Write something.']} />
    </I18nProvider>,
  );
  return { ...view, onChange, upload };
}

function headless(content: string) {
  return new Editor({ extensions: richTextExtensions(), content });
}

describe('RichTextEditor', () => {
  it('shows a labelled text box with its errors and a toolbar of named buttons', async () => {
    renderEditor('<p>Hello</p>');
    const box = await screen.findByRole('textbox', { name: 'Body' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe('Write something.');
    const toolbar = screen.getByRole('toolbar', { name: 'Text formatting' });
    for (const name of ['Paragraph', 'Heading', 'Subheading', 'Bold', 'Italic', 'Bulleted list', 'Numbered list', 'Quote', 'Link'])
      expect(toolbar.contains(screen.getByRole('button', { name }))).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Paragraph' }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Undo' }).hasAttribute('disabled')).toBe(true);
  });

  it('turns the paragraph into a heading from the toolbar and reports the new HTML', async () => {
    const { onChange } = renderEditor('<p>Hello</p>');
    await screen.findByRole('textbox', { name: 'Body' });
    const heading = await screen.findByRole('button', { name: 'Heading' });
    await waitFor(() => expect(heading.hasAttribute('disabled')).toBe(false));
    act(() => {
      fireEvent.click(heading);
    });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<h2>Hello</h2>'));
    await waitFor(() => expect(heading.getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('button', { name: 'Paragraph' }).getAttribute('aria-pressed')).toBe('false');
    // The editing area keeps its name, errors and typography after the editor has re-rendered.
    const box = screen.getByRole('textbox', { name: 'Body' });
    expect(box.classList.contains('rich-text')).toBe(true);
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('takes a new value from outside without reporting it back as a change', async () => {
    const onChange = vi.fn();
    const { rerender } = renderEditor('<p>Old</p>', onChange);
    const box = await screen.findByRole('textbox', { name: 'Body' });
    await waitFor(() => expect(box.innerHTML).toContain('Old'));
    rerender(
      <I18nProvider i18n={i18n}>
        <RichTextEditor label="Body" value="<p>Restored</p>" onChange={onChange} uploadImage={vi.fn()} />
      </I18nProvider>,
    );
    await waitFor(() => expect(box.innerHTML).toContain('Restored'));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('the editor document', () => {
  it('keeps only what the server keeps: h2/h3, the site’s own pictures, safe links', () => {
    const editor = headless(
      '<h1>Title</h1><h4>Small</h4><p><u>under</u> <s>struck</s> <a href="javascript:alert(1)">bad</a> <a href="https://example.com" target="_blank">good</a></p>' +
        '<img src="https://evil.example/x.png"><img src="/media/content/a.webp" alt="A cat" width="640" height="480" onerror="alert(1)">' +
        '<script>alert(1)</script><svg onload="alert(1)"><circle r="1"></circle></svg><p style="color:red">styled</p>',
    );
    const html = editor.getHTML();
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<h3>Small</h3>');
    expect(html).toContain('<a href="https://example.com">good</a>');
    expect(html).toContain('<img src="/media/content/a.webp" alt="A cat" width="640" height="480">');
    for (const bad of ['<u>', '<s>', 'javascript:', 'evil.example', '<script', 'onerror', 'style=', 'target=', '<svg', 'onload'])
      expect(html).not.toContain(bad);
    editor.destroy();
  });

  it('maps the selection to the toolbar state', () => {
    const editor = headless('<h3>Sub</h3><ul><li><p>one</p></li></ul>');
    editor.commands.setTextSelection(2);
    expect(toolbarState(editor)).toMatchObject({ block: 'h3', bold: false, bulletList: false, canUndo: false });
    editor.chain().selectAll().toggleBold().run();
    expect(toolbarState(editor)).toMatchObject({ bold: true, canUndo: true });
    editor.commands.setTextSelection(editor.state.doc.content.size - 3);
    expect(toolbarState(editor)).toMatchObject({ block: 'paragraph', bulletList: true, orderedList: false });
    editor.destroy();
  });
});

describe('RichTextView', () => {
  it('renders the stored HTML with the article typography', () => {
    const { container } = render(<RichTextView html="<h2>Otsikko</h2><p>Teksti <a href='/blog'>linkki</a></p>" className="mt-4" />);
    const root = container.firstElementChild!;
    expect(root.className).toBe('rich-text mt-4');
    expect(root.querySelector('h2')?.textContent).toBe('Otsikko');
    expect(root.querySelector('a')?.getAttribute('href')).toBe('/blog');
  });
});

describe('toolbar shortcuts', () => {
  it('reads a shortcut the way each computer writes it', () => {
    expect(shortcutText('Mod+Alt+2', false)).toBe('Ctrl+Alt+2');
    expect(shortcutText('Mod+Shift+Z', true)).toBe('⌘⇧Z');
    expect(ariaShortcut('Mod+B', false)).toBe('Control+B');
    expect(ariaShortcut('Mod+B', true)).toBe('Meta+B');
  });
});
