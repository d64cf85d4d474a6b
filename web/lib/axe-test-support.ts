import axe from 'axe-core';

/**
 * axe-core's structural rules on rendered components (happy-dom has no layout, so no colour
 * contrast here: that is the Chromium journeys' job). One line per violation and element.
 */
export async function axeViolations(root: Element | Document, rules: string[]): Promise<string[]> {
  const results = await axe.run(root as Element, { runOnly: { type: 'rule', values: rules } });
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}
