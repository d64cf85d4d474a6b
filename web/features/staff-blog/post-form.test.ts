import { describe, expect, it } from 'vitest';
import { emptyForm, formFromPost, fromLocalInput, isDirty, shouldAutosave, toLocalInput, toPayload, withTitle } from './post-form';

describe('the post form', () => {
  it('turns ISO moments into datetime-local values and back, in the browser’s time zone', () => {
    const iso = new Date(2026, 5, 1, 9, 5).toISOString();
    expect(toLocalInput(iso)).toBe('2026-06-01T09:05');
    expect(fromLocalInput('2026-06-01T09:05')).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
  });

  it('lets the slug follow the title until it is edited by hand', () => {
    let form = withTitle(emptyForm('fi'), 'Kesän löydöt');
    expect(form.slug).toBe('kesan-loydot');
    form = withTitle({ ...form, slug: 'oma', slugTouched: true }, 'Toinen otsikko');
    expect(form.slug).toBe('oma');
  });

  it('knows when the form differs from what was saved', () => {
    const saved = formFromPost({
      id: 1,
      slug: 'a',
      status: 'draft',
      locale: 'fi',
      category: { id: 3 },
      publish_at: null,
      title: 'A',
      excerpt: '',
      body_html: '<p>x</p>',
      cover: null,
    });
    expect(isDirty(saved, saved)).toBe(false);
    expect(isDirty({ ...saved, bodyHtml: '<p>y</p>' }, saved)).toBe(true);
    expect(toPayload(saved)).toMatchObject({ category_id: 3, publish_at: null, cover_url: null });
  });

  it('autosaves only a saved draft that stays a draft, when changed and not already saving', () => {
    const base = { postId: 1, dirty: true, saving: false, savedStatus: 'draft', formStatus: 'draft' } as const;
    expect(shouldAutosave(base)).toBe(true);
    expect(shouldAutosave({ ...base, postId: null })).toBe(false);
    expect(shouldAutosave({ ...base, dirty: false })).toBe(false);
    expect(shouldAutosave({ ...base, saving: true })).toBe(false);
    expect(shouldAutosave({ ...base, savedStatus: 'published' })).toBe(false);
    expect(shouldAutosave({ ...base, formStatus: 'scheduled' })).toBe(false);
  });
});
