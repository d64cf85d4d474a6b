import { describe, expect, it } from 'vitest';
import { AD_STATUSES, REJECTION_REASON_MAX, REJECTION_REASON_MIN } from '../../../common/ad-rules';
import { focusAfterRemoval } from '../../lib/list-focus';
import { DESCRIPTION_PREVIEW, MODERATION_TABS, descriptionPreview, remaining, staffAction, staffChoices } from './moderation-state';
import { addQuickReason, reasonProblem } from './reject-reason';

describe('the moderation tabs and the staff status menu', () => {
  it('puts the review queue first and lists every status once', () => {
    expect(MODERATION_TABS[0]).toBe('moderate');
    expect([...MODERATION_TABS].sort()).toEqual([...AD_STATUSES].sort());
  });

  it('offers every status but the current one; rejecting asks for a reason, approving approves', () => {
    expect(staffChoices('active')).not.toContain('active');
    expect(staffChoices('active')).toHaveLength(AD_STATUSES.length - 1);
    expect(staffAction('canceled')).toBe('reject');
    expect(staffAction('active')).toBe('approve');
    expect(staffAction('sold')).toBe('set');
  });
});

describe('the description preview', () => {
  it('leaves short texts whole', () => {
    expect(descriptionPreview('Hyväkuntoinen polkupyörä.')).toBeNull();
    expect(descriptionPreview('x'.repeat(DESCRIPTION_PREVIEW + 40))).toBeNull();
  });

  it('cuts a long text at a word boundary, without trailing punctuation, and marks the cut', () => {
    const text = `${'sana '.repeat(80)}loppu`;
    const preview = descriptionPreview(text)!;
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(DESCRIPTION_PREVIEW + 1);
    expect(preview.slice(0, -1)).toMatch(/sana$/);
    expect(descriptionPreview(`${'a'.repeat(100)}, ${'b'.repeat(400)}`)).toBe(
      `${'a'.repeat(100)}, ${'b'.repeat(DESCRIPTION_PREVIEW - 102)}…`,
    );
  });

  it('cuts a single endless word where it must', () => {
    expect(descriptionPreview('x'.repeat(1000))).toBe(`${'x'.repeat(DESCRIPTION_PREVIEW)}…`);
  });

  it('never shows a negative count', () => {
    expect(remaining(3, 1)).toBe(2);
    expect(remaining(1, 4)).toBe(0);
  });
});

describe('the rejection reason', () => {
  it('applies the server bounds, counting the text without surrounding space', () => {
    expect(reasonProblem('   ')).toBe('required');
    expect(reasonProblem(` ${'x'.repeat(REJECTION_REASON_MIN - 1)} `)).toBe('min_length');
    expect(reasonProblem('x'.repeat(REJECTION_REASON_MIN))).toBeNull();
    expect(reasonProblem('x'.repeat(REJECTION_REASON_MAX + 1))).toBe('max_length');
  });

  it('adds a quick reason on its own line, and never twice', () => {
    expect(addQuickReason('', 'Wrong category.')).toBe('Wrong category.');
    expect(addQuickReason('Blurry pictures.  ', 'Wrong category.')).toBe('Blurry pictures.\nWrong category.');
    expect(addQuickReason('Wrong category.', 'Wrong category.')).toBe('Wrong category.');
  });
});

describe('where the keyboard goes after an item leaves a list', () => {
  it('goes to the next item, else the previous one, else nowhere', () => {
    expect(focusAfterRemoval(['a', 'b', 'c'], 'b')).toBe('c');
    expect(focusAfterRemoval(['a', 'b', 'c'], 'c')).toBe('b');
    expect(focusAfterRemoval(['a'], 'a')).toBeNull();
    expect(focusAfterRemoval(['a'], 'x')).toBeNull();
  });
});
