import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import layout from './boundaries.js';

const root = path.resolve(import.meta.dirname, '../..');
const linter = new Linter({ configType: 'flat' });
const config = [
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { layout },
    languageOptions: { parser: tseslint.parser },
    rules: { 'layout/boundaries': 'error' as const },
  },
];

/** The messages the rule gives `code` written in `file` (repository-relative). */
function problems(file: string, code: string): string[] {
  return linter.verify(code, config, { filename: path.join(root, file) }).map((m) => m.message);
}

describe('the layout rule', () => {
  it('refuses a value from server/ in web code', () => {
    expect(problems('web/components/x.tsx', "import { products } from '../../server/db/schema/products';")).toEqual([
      expect.stringContaining('Web code may import only types from server/'),
    ]);
    expect(problems('web/routes/x.tsx', "export { AppError } from '../../server/platform/errors';")).toHaveLength(1);
    expect(problems('web/routes/x.tsx', "const m = import('../../server/services');")).toHaveLength(1);
    expect(problems('web/lib/x.ts', "import { type SessionUser, toSessionUser } from '../../server/load-context';")).toHaveLength(1);
  });

  it('lets web code take types from server/, and *.server.ts modules take values', () => {
    expect(problems('web/components/x.tsx', "import type { SessionUser } from '../../server/load-context';")).toEqual([]);
    expect(problems('web/components/x.tsx', "import { type SessionUser } from '../../server/load-context';")).toEqual([]);
    expect(problems('web/lib/x.server.ts', "import { AppError } from '../../server/platform/errors';")).toEqual([]);
    expect(problems('web/components/x.tsx', "import { can } from '../../common/access';")).toEqual([]);
  });

  it('keeps features apart', () => {
    expect(problems('web/features/selling/components/x.tsx', "import { A } from '../../account/components/a';")).toEqual([
      'Feature "selling" imports feature "account": move what both need to web/components or web/lib.',
    ]);
    expect(problems('web/features/selling/components/x.tsx', "import { A } from '../ad-draft';")).toEqual([]);
    expect(problems('web/routes/x.tsx', "import { A } from '../features/selling/ad-draft';")).toEqual([]);
  });

  it('keeps common/ pure', () => {
    expect(problems('common/x.ts', "import { products } from '../server/db/schema/products.ts';")).toHaveLength(1);
    expect(problems('common/x.ts', "import fs from 'node:fs';")).toHaveLength(1);
    expect(problems('common/x.ts', "import { AD_STATUSES } from './ad-rules.ts';")).toEqual([]);
    expect(problems('common/x.test.ts', "import { it } from 'vitest';")).toEqual([]);
  });
});
