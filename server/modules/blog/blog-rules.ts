import { can } from '../../../common/access.ts';
import { BLOG_LIMITS, BLOG_SLUG_PATTERN } from '../../../common/blog.ts';
import { AppError } from '../../../common/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { richTextToPlain } from '../../platform/rich-text.ts';
import type { CurrentUser } from '../../platform/current-user.ts';

/** The rules the blog's posts and categories share: who may manage, field checks. */

export function requireBlogManage(current: CurrentUser): void {
  if (!can(current, 'blog.manage')) throw new AppError('forbidden');
}

/** Plain text from a field that must hold no markup: tags are dropped, whitespace collapsed. */
export function plainField(field: string, value: string, max: number, required: boolean): string {
  const text = richTextToPlain(value);
  if (required && text.length === 0) throw AppError.field(field, 'validation.required');
  if (text.length > max) throw AppError.field(field, 'validation.max_length', { limit: max });
  return text;
}

export function checkSlug(field: string, slug: string): string {
  if (slug.length > BLOG_LIMITS.slug) throw AppError.field(field, 'validation.max_length', { limit: BLOG_LIMITS.slug });
  if (!BLOG_SLUG_PATTERN.test(slug)) throw AppError.field(field, 'blog.slug_format');
  return slug;
}

/** A unique-key race (two editors at once) is the same clear message as the check before it. */
export function raceMessage(error: unknown): never {
  if (isUniqueViolation(error)) {
    const text = String((error as { message?: string }).message ?? '') + JSON.stringify(error);
    if (text.includes('group_locale')) throw AppError.field('language', 'blog.translation_exists');
    throw AppError.field('slug', 'blog.slug_taken');
  }
  throw error;
}
