import type { AppLoadContext } from 'react-router';
import { AppError } from '../../../common/errors';
import { INT32_MAX } from '../../../common/text';
import type { CurrentUser } from '../../../server/platform/current-user';
import { notFound } from '../../lib/page.server';
import type { ProductRoomReply, RoomListReply, RoomReply } from './chat-types';

/**
 * The messenger pages' data, from the same services as the /api/chat-* calls. A room or an ad
 * the person may not see is as unknown to them as a missing one: NotFound.
 */
export function loadRoomList(context: AppLoadContext, current: CurrentUser, page: number): Promise<RoomListReply> {
  return context.services.chat.listRooms(current, page, context.locale);
}

/** A path parameter that is not a possible id is a 404, not a server error. */
export function parseId(value: string | undefined): number {
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id < 1 || id > INT32_MAX) throw notFound();
  return id;
}

export async function loadRoom(context: AppLoadContext, current: CurrentUser, roomId: number): Promise<RoomReply> {
  try {
    return await context.services.chat.room(current, roomId, {}, context.locale);
  } catch (error) {
    if (AppError.is(error) && (error.code === 'not_found' || error.code === 'forbidden')) throw notFound();
    throw error;
  }
}

/** Why a conversation about the ad cannot start: the person's own ad, or a block between them and the seller. */
export interface ProductRoomRefusal {
  title: string;
  message: string;
}

const BLOCK_REFUSALS: readonly string[] = ['messenger.you_blocked_person', 'messenger.blocked_by_person'];

/**
 * The ad and its seller, or why no conversation can start (the server refuses both with 422): the
 * person is the seller, or one of the two blocks the other (the refusal in the server's words).
 */
export async function loadProductRoom(
  context: AppLoadContext,
  current: CurrentUser,
  productUuid: string,
): Promise<{ reply: ProductRoomReply; refused?: undefined } | { refused: ProductRoomRefusal }> {
  try {
    return { reply: await context.services.chat.productRoom(current, productUuid, context.locale) };
  } catch (error) {
    if (AppError.is(error) && (error.code === 'not_found' || error.code === 'forbidden' || error.code === 'bad_request')) throw notFound();
    if (AppError.is(error) && error.code === 'validation_failed') {
      const key = error.fields.product?.[0]?.key;
      if (key && BLOCK_REFUSALS.includes(key)) return { refused: { title: context.t('chat.cannot_start_title'), message: context.t(key) } };
      return { refused: { title: context.t('chat.own_ad_title'), message: context.t('chat.own_ad') } };
    }
    throw error;
  }
}

/** Writing needs a confirmed e-mail address (the server refuses otherwise); reading does not. */
export function mayWrite(current: CurrentUser): boolean {
  return current.user.emailVerifiedAt !== null && !current.roles.includes('unverified');
}

/** `?page=` as a page number; anything else is the first page. */
export function pageParam(request: Request): number {
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
}
