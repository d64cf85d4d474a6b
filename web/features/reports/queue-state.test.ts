import { describe, expect, it } from 'vitest';
import { actionsFor, readQueueQuery } from './queue-state';

describe('readQueueQuery', () => {
  it('reads the tab, kind and page, and falls back for anything unknown', () => {
    expect(readQueueQuery(new URLSearchParams('status=appeals&page=3'))).toEqual({ tab: 'appeals', subject: null, page: 3 });
    expect(readQueueQuery(new URLSearchParams('status=resolved&subject=contact'))).toEqual({
      tab: 'resolved',
      subject: 'contact',
      page: 1,
    });
    expect(readQueueQuery(new URLSearchParams('status=deleted&subject=x&page=-4'))).toEqual({ tab: 'open', subject: null, page: 1 });
    expect(readQueueQuery(new URLSearchParams('page=99999999999'))).toMatchObject({ page: 10_000 });
    expect(readQueueQuery(new URLSearchParams('page=abc'))).toMatchObject({ page: 1 });
  });
});

describe('actionsFor', () => {
  it('offers hiding only for ads and nothing but an answer for contact messages', () => {
    expect(actionsFor('product')).toContain('hide_ad');
    expect(actionsFor('chat_room')).not.toContain('hide_ad');
    expect(actionsFor('contact')).toEqual(['no_action']);
  });

  it('offers hiding a rating (or banning its rater) for a reported rating, as the server allows', () => {
    expect(actionsFor('rating')).toEqual(['no_action', 'hide_rating', 'ban_user']);
    expect(actionsFor('product')).not.toContain('hide_rating');
  });
});
