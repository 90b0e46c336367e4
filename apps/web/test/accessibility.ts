import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './browser';

/** The WCAG levels the product meets (issue 27): 2.0, 2.1 and 2.2, A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] as const;

/** Where each audited screen and width is recorded, one Markdown row per audit, for the run's table. */
export const AUDIT_TABLE = path.join(REPO_ROOT, 'test-output', 'accessibility', 'audit.md');

export interface AuditOptions {
  /** Selectors axe leaves out, each with the reason (a false positive on that one element), never a whole rule. */
  exclude?: ReadonlyArray<{ selector: string; why: string }>;
}

/**
 * Runs axe-core in the page with the WCAG 2.0–2.2 A and AA rules, records the screen's row in the audit
 * table, and answers the violations, each as "rule: target (summary)" so a failing expectation says
 * what to fix.
 */
export async function audit(page: Page, screen: string, options: AuditOptions = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags([...WCAG_TAGS]);
  for (const { selector } of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const violations = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} [${violation.impact ?? 'n/a'}]: ${node.target.join(' ')} (${node.failureSummary?.replace(/\s+/g, ' ').trim() ?? violation.help})`),
  );
  const width = page.viewportSize()?.width ?? 0;
  await mkdir(path.dirname(AUDIT_TABLE), { recursive: true });
  await appendFile(AUDIT_TABLE, `| ${screen} | ${width} px | ${results.passes.length} | ${violations.length} |\n`);
  return violations;
}
