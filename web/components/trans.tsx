import { type ReactElement, type ReactNode, cloneElement } from 'react';
import type { TOptions } from '../../common/translator';
import { useTranslation } from '../lib/use-translation';

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A translated sentence with elements inside it, as react-i18next's `Trans` did: each
 * `<name>words</name>` of the text becomes `components[name]` with the words as its children, so
 * each language places the link where its grammar wants it ("Hyväksyn <terms>käyttöehdot</terms>").
 * A tag with no component stays as text.
 */
export function Trans({
  i18nKey,
  values,
  components,
}: {
  i18nKey: string;
  values?: TOptions;
  components: Record<string, ReactElement<{ children?: ReactNode }>>;
}) {
  const { t } = useTranslation();
  const text = t(i18nKey, values);
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const component = components[match[1]!];
    nodes.push(component ? cloneElement(component, { key: nodes.length }, match[2]) : match[0]);
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return <>{nodes}</>;
}
