import { notFound } from '../lib/page.server';

/** Any path no other route claims: the 404 boundary with a real 404 status. */
export function loader(): never {
  throw notFound();
}

export default function NotFound() {
  return null;
}
