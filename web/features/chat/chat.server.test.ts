import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../common/errors';
import type { CurrentUser } from '../../../server/platform/current-user';
import en from '../../i18n/en.json';
import { loadProductRoom } from './chat.server';

/** What the page's loader reads of the context: the messenger's answer about the ad, and the translator. */
function contextRefusing(error: AppError): AppLoadContext {
  const t = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;
  return {
    locale: 'en',
    t,
    services: {
      chat: {
        productRoom: () => Promise.reject(error),
      },
    },
  } as unknown as AppLoadContext;
}

const someone = {} as CurrentUser;

describe('the first-message page of an ad', () => {
  it('shows the person blocked the translated refusal, not the form', async () => {
    const found = await loadProductRoom(contextRefusing(AppError.field('product', 'messenger.blocked_by_person')), someone, 'uuid');
    expect(found.refused).toEqual({
      title: 'You cannot start a conversation',
      message: 'This person has blocked you, so you cannot write to them.',
    });
  });

  it('tells the blocker how to lift the block', async () => {
    const found = await loadProductRoom(contextRefusing(AppError.field('product', 'messenger.you_blocked_person')), someone, 'uuid');
    expect(found.refused?.message).toBe('You have blocked this person. Lift the block in your conversation with them to write again.');
  });

  it('still tells the seller it is their own ad', async () => {
    const found = await loadProductRoom(contextRefusing(AppError.field('product', 'messenger.own_ad')), someone, 'uuid');
    expect(found.refused).toEqual({ title: 'This is your ad', message: en.chat.own_ad });
  });
});
