import { AD_STATUSES, type AdStatus } from '../../../common/ad-rules';

/** The tabs of the moderation screen: the review queue first (the default), then the rest in the status order. */
export const MODERATION_TABS: readonly AdStatus[] = ['moderate', ...AD_STATUSES.filter((status) => status !== 'moderate')];

/** Staff may set any status: the menu offers every one but the current. */
export function staffChoices(current: AdStatus): AdStatus[] {
  return MODERATION_TABS.filter((status) => status !== current);
}

/** How a staff status choice is carried out: a rejection needs a reason (the dialog), the rest go straight through. */
export function staffAction(status: AdStatus): 'reject' | 'approve' | 'set' {
  if (status === 'canceled') return 'reject';
  if (status === 'active') return 'approve';
  return 'set';
}

export const DESCRIPTION_PREVIEW = 280;

/**
 * The start of a long description for the collapsed card: cut at a word boundary near `limit`
 * (never mid-word unless a single word is that long), or null when the whole text is short enough.
 */
export function descriptionPreview(text: string, limit = DESCRIPTION_PREVIEW): string | null {
  if (text.length <= limit + 40) return null;
  const cut = text.slice(0, limit);
  const space = cut.search(/\s\S*$/);
  return `${(space > limit * 0.6 ? cut.slice(0, space) : cut).trimEnd().replace(/[.,;:–-]+$/, '')}…`;
}

/** The heading count after `gone` items have left the page (never below zero). */
export function remaining(total: number, gone: number): number {
  return Math.max(0, total - gone);
}
