// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/en.json';
import { api } from '../../../lib/api-client';
import { axeViolations } from '../../../lib/axe-test-support';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { AUTOSAVE_MS, type EditorPost, PostEditor } from './post-editor';

// The shared rich-text editor loads Tiptap on demand; a plain box stands in for it here.
vi.mock('./body-field', () => ({
  BodyField: ({ value, onChange }: { value: string; onChange: (html: string) => void }) => (
    <textarea aria-label="Text" value={value} onChange={(event) => onChange(event.target.value)} />
  ),
}));

const i18n = createI18n('en', { en });

const post = (status: EditorPost['status']): EditorPost => ({
  id: 7,
  slug: 'kesan-loydot',
  status,
  effective_status: status,
  locale: 'fi',
  category: null,
  publish_at: status === 'draft' ? null : '2026-11-01T10:00:00Z',
  title: 'Kesän löydöt',
  excerpt: '',
  body_html: '<p>Alku</p>',
  cover: null,
  translations: [{ id: 7, slug: 'kesan-loydot', locale: 'fi', status }],
});

function renderEditor(initial: EditorPost) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/blog/edit/7',
        element: (
          <>
            <Link to="/admin/blog">Back to the list</Link>
            <PostEditor
              post={initial}
              categories={[]}
              statuses={['draft', 'scheduled', 'published', 'archived'].map((value) => ({
                value: value as EditorPost['status'],
                label: value,
              }))}
              languages={[{ code: 'fi', name: 'Suomi' }]}
              translationOf={null}
              defaultLanguage="fi"
            />
          </>
        ),
      },
      { path: '/admin/blog', element: <p>The list</p> },
    ],
    { initialEntries: ['/admin/blog/edit/7'] },
  );
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

const saved = (status: EditorPost['status']) => ({ message: 'Post saved.', data: { ...post(status) } }) as never;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the post editor', () => {
  it('adds no second unnamed <aside> to the admin layout’s, and underlines its translation links', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/admin/blog/edit/7',
          element: (
            <>
              {/* The admin layout: its navigation in the page's one <aside>. */}
              <aside>
                <nav aria-label="Administration">
                  <Link to="/admin/blog">Blog</Link>
                </nav>
              </aside>
              <PostEditor
                post={post('published')}
                categories={[]}
                statuses={[{ value: 'published', label: 'published' }]}
                languages={[
                  { code: 'fi', name: 'Suomi' },
                  { code: 'en', name: 'English' },
                ]}
                translationOf={null}
                defaultLanguage="fi"
              />
            </>
          ),
        },
      ],
      { initialEntries: ['/admin/blog/edit/7'] },
    );
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    expect(await axeViolations(container, ['landmark-unique', 'landmark-no-duplicate-contentinfo'])).toEqual([]);
    expect(container.querySelectorAll('aside')).toHaveLength(1);
    // Beside plain text a link is told apart by its underline, not by a colour too close to the text's.
    const add = screen.getByRole('link', { name: en.admin_blog.editor.add_translation.replace('{{language}}', 'English') });
    expect(add.classList.contains('underline')).toBe(true);
  });

  it('saves a changed draft by itself every ten seconds, marked as an autosave', async () => {
    const update = vi.spyOn(api, 'updateBlogPost').mockResolvedValue(saved('draft'));
    renderEditor(post('draft'));
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: '<p>Alku ja jatko</p>' } });
    expect(screen.getByText('Unsaved changes.')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_MS + 100);
    });
    expect(update).toHaveBeenCalledTimes(1);
    expect(update.mock.calls[0]![0]).toMatchObject({ id: 7, body_html: '<p>Alku ja jatko</p>', autosave: true });
    expect(screen.getByText(/Saved automatically at/)).toBeTruthy();
    // Nothing changed since: no second save.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_MS + 100);
    });
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('never autosaves a published post', async () => {
    const update = vi.spyOn(api, 'updateBlogPost').mockResolvedValue(saved('published'));
    renderEditor(post('published'));
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: '<p>Muutos</p>' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_MS * 2);
    });
    expect(update).not.toHaveBeenCalled();
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    vi.spyOn(api, 'updateBlogPost').mockResolvedValue(saved('published'));
    const router = renderEditor(post('published'));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Uusi otsikko' } });
    await act(async () => {
      fireEvent.click(screen.getByText('Back to the list'));
    });
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    });
    expect(router.state.location.pathname).toBe('/admin/blog/edit/7');
    await act(async () => {
      fireEvent.click(screen.getByText('Back to the list'));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    });
    expect(router.state.location.pathname).toBe('/admin/blog');
  });
});
