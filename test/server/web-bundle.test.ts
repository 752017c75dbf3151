import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeNeeding } from '../support/needs';
import {
  clientDir,
  HOME_CSS_BUDGET_KB,
  HOME_JS_BUDGET_BYTES,
  homeFirstLoad,
} from '../support/web-bundle';

// The home page's first load against its budget, from the build the suite runs on (sizes, not
// times; `npm run bench web-bundle` prints the files and the lazy chunks as well).
const dir = clientDir();
const built = existsSync(join(dir, '.vite', 'manifest.json'));

describeNeeding(built ? null : 'no build (run `npm run build` first)')(
  "the home page's first load",
  () => {
    it(`stays within ${HOME_JS_BUDGET_BYTES} bytes of JavaScript and ${HOME_CSS_BUDGET_KB} KB of CSS, gzip`, () => {
      const { jsBytes, cssKb } = homeFirstLoad(dir);
      expect(jsBytes).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
      expect(cssKb).toBeLessThanOrEqual(HOME_CSS_BUDGET_KB);
    });

    it("carries no dashboard code and React Router's production build", () => {
      const { scripts } = homeFirstLoad(dir);
      expect(
        [...scripts].filter((file) => /tanstack|radix|dashboard|data-table/i.test(file)),
      ).toEqual([]);
      const code = [...scripts].map((file) => readFileSync(join(dir, file), 'utf8')).join('\n');
      // A warning only the development build has: it would reach every visitor's console.
      expect(code).toContain('useRoutes');
      expect(code).not.toContain('You rendered descendant <Routes>');
    });
  },
);
