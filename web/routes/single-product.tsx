import { notFound } from '../lib/page.server';

/**
 * The ad page. Ads arrive with the browse issue; until then no id names an ad, so every
 * address here (well-formed id or not) is NotFound with a 404 status.
 */
export function loader(): never {
  throw notFound();
}

export default function SingleProduct() {
  return null;
}
