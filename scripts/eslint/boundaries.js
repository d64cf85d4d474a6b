// The layout's import rules (DESIGN.md section 3), checked by ESLint on every import, export-from
// and dynamic import:
// - common/ is pure: it imports only common/ (no server, web or Node.js modules);
// - web code takes only types from server/ (its *.server.ts modules, which run on the server only, excepted);
// - a feature under web/features/ does not import another feature; shared pieces live in web/components, web/lib.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const PURE_PACKAGES = ['@zxcvbn-ts/'];

function area(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const feature = /^web\/features\/([^/]+)\//.exec(rel)?.[1];
  return { rel, top: rel.split('/')[0], feature };
}

function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps common/ pure, the web off server values, and features apart.' },
    messages: {
      commonImpure:
        'common/ holds pure modules both sides import: it may import only from common/ and a few pure packages (found "{{source}}").',
      webServerValue:
        'Web code may import only types from server/ ("{{source}}"); move the value to common/, or use it in a *.server.ts module.',
      crossFeature: 'Feature "{{from}}" imports feature "{{to}}": move what both need to web/components or web/lib.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = area(file);
    const isServerModule = /\.server\.tsx?$/.test(file);

    function check(node, source) {
      if (typeof source !== 'string') return;
      if (from.top === 'common') {
        const testTool = /\.test\.tsx?$/.test(file) && !source.startsWith('.');
        // Pure packages both sides may run (no Node.js, no DOM): the password-strength estimator.
        if (PURE_PACKAGES.some((prefix) => source.startsWith(prefix))) return;
        if (!testTool && (!source.startsWith('.') || area(path.resolve(path.dirname(file), source)).top !== 'common')) {
          context.report({ node, messageId: 'commonImpure', data: { source } });
        }
        return;
      }
      if (from.top !== 'web' || !source.startsWith('.')) return;
      const to = area(path.resolve(path.dirname(file), source));
      if (to.top === 'server' && !isServerModule && !isTypeOnly(node)) {
        context.report({ node, messageId: 'webServerValue', data: { source } });
      }
      if (from.feature && to.feature && from.feature !== to.feature) {
        context.report({ node, messageId: 'crossFeature', data: { from: from.feature, to: to.feature } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { boundaries: rule } };
