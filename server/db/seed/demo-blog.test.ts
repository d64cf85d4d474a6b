import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../platform/rich-text.ts';
import { createFileStorage } from '../../platform/storage.ts';
import { createTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../client.ts';
import { blogPosts } from '../schema/blog.ts';
import { users } from '../schema/users.ts';
import { seedDemoBlog } from './demo-blog.ts';
import { seedDemoUsers } from './demo.ts';

let handle: DatabaseHandle;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-demo-blog-'));
const storage = createFileStorage(mediaDir);
beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDemoUsers(handle.db, 'Demo#Password2026');
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('the demo blog', () => {
  it('publishes three posts in Finnish, Swedish, English and Russian, linked as translations, by the demo editor, with covers', async () => {
    expect(await seedDemoBlog(handle.db, storage)).toBe(12);
    const posts = await handle.db.select().from(blogPosts);
    expect(posts).toHaveLength(12);
    const groups = new Map<string, typeof posts>();
    for (const post of posts) groups.set(post.translationGroup, [...(groups.get(post.translationGroup) ?? []), post]);
    expect(groups.size).toBe(3);
    for (const group of groups.values()) expect(group.map((p) => p.locale).sort()).toEqual(['en', 'fi', 'ru', 'sv']);
    const [editor] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'editor@example.com'));
    for (const post of posts) {
      expect(post.status).toBe('published');
      expect(post.publishAt!.getTime()).toBeLessThan(Date.now());
      expect(post.authorId).toBe(editor!.id);
      expect(post.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      // Stored as the editor would store it: sanitizing again changes nothing.
      expect(sanitizeRichText(post.bodyHtml, 'http://localhost')).toBe(post.bodyHtml);
      expect(post.coverUrl).toMatch(/^\/media\/content\/demo-blog-[a-z0-9-]+\.webp$/);
      expect(fs.existsSync(path.join(mediaDir, post.coverUrl!.slice('/media/'.length)))).toBe(true);
      expect(post.coverAlt).not.toBe('');
    }
  });

  it('leaves a blog that already has posts alone', async () => {
    expect(await seedDemoBlog(handle.db, storage)).toBe(0);
    expect(await handle.db.$count(blogPosts)).toBe(12);
  });
});
