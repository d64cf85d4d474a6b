import { ComingSoon } from '../components/coming-soon';
import { pageMetaFromLoader } from '../lib/meta';
import { comingSoonLoader } from '../lib/page.server';
import type { Route } from './+types/blog-post';

export const loader = comingSoonLoader('blog_post', 'all');
export const meta = pageMetaFromLoader;

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
