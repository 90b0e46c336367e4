import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './browser';

/** The WCAG levels the product meets (issue 27): 2.0, 2.1 and 2.2, A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] as const;

/** Where the audited screens are recorded, one Markdown table per test file (a file's run starts its table afresh). */
export const AUDIT_DIR = path.join(REPO_ROOT, 'test-output', 'accessibility');
/** The web app's table (apps/web/test/accessibility.e2e-spec.ts). */
export const AUDIT_TABLE = path.join(AUDIT_DIR, 'audit.md');

const TABLE_HEADER = '| Screen | Width | Rules passed | Needs review (rule × elements) | Violations |\n|---|---|---:|---|---:|\n';

/** The table this test file's audits append to (a module's state is the test file's own under Jest). */
let table = AUDIT_TABLE;

/**
 * Starts this test file's table (in a beforeAll): the header row, replacing an earlier run's rows. Each
 * test file names its own table, so files run in parallel never write into one another's.
 */
export async function startAuditTable(fileName = path.basename(AUDIT_TABLE)): Promise<void> {
  table = path.join(AUDIT_DIR, fileName);
  await mkdir(AUDIT_DIR, { recursive: true });
  await writeFile(table, TABLE_HEADER);
}

export interface AuditOptions {
  /** Selectors axe leaves out, each with the reason (a false positive on that one element), never a whole rule. */
  exclude?: ReadonlyArray<{ selector: string; why: string }>;
}

/**
 * Runs axe-core in the page with the WCAG 2.0–2.2 A and AA rules, records the screen's row in the audit
 * table (rules passed, rules axe could not decide and leaves to a person, violations), and answers the
 * violations, each as "rule: target (summary)" so a failing expectation says what to fix.
 */
export async function audit(page: Page, screen: string, options: AuditOptions = {}): Promise<string[]> {
  // axe.run in the page itself: the app and the popup embed no frames from elsewhere, and the default mode opens
  // a blank page for every audit to merge the frames' results, which doubled each audit's time on these machines.
  let builder = new AxeBuilder({ page }).withTags([...WCAG_TAGS]).setLegacyMode(true);
  for (const { selector } of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const violations = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} [${violation.impact ?? 'n/a'}]: ${node.target.join(' ')} (${node.failureSummary?.replace(/\s+/g, ' ').trim() ?? violation.help})`),
  );
  const width = page.viewportSize()?.width ?? 0;
  await mkdir(AUDIT_DIR, { recursive: true });
  // What axe leaves to a person (most often colour contrast over an image or a gradient), named so a reader knows what to look at.
  const review = results.incomplete.map((rule) => `${rule.id} ×${rule.nodes.length}`).join(', ');
  const cells = [screen.replace(/\|/g, '\\|'), `${width} px`, String(results.passes.length), review || '0', String(violations.length)];
  await appendFile(table, `| ${cells.join(' | ')} |\n`);
  return violations;
}
