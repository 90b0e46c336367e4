#!/usr/bin/env node
// Lints an OpenAPI document with Redocly's recommended rules, offline: the document comes on standard input
// (or as a file path), it has no external $ref, and nothing is fetched. Prints each problem as one JSON line
// ({severity, ruleId, message, pointer}) and exits 1 when there is any, warnings included.
// Used by apps/gateway/src/openapi/openapi.spec.ts (a child process: the linter ships only as ES modules,
// which Jest on Node 20 cannot load).
import { readFileSync } from 'node:fs';
import { BaseResolver, createConfig, lintFromString } from '@redocly/openapi-core';

/**
 * The recommended ruleset, less one rule the product's spec decides against: its call table fixes both
 * /api/products/{id}/gender and /api/products/category/{category}, which look alike to the rule; the
 * router takes the static segment first, so they never clash.
 */
const RULES = { 'no-ambiguous-paths': 'off' };

/** Any external $ref is a problem to report, never something to fetch. */
class OfflineResolver extends BaseResolver {
  async loadExternalRef(absoluteRef) {
    throw new Error(`external reference not allowed (the document must stand alone): ${absoluteRef}`);
  }
}

const source = readFileSync(process.argv[2] ?? 0, 'utf8');
const config = await createConfig({ extends: ['recommended'], rules: RULES });
const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config, externalRefResolver: new OfflineResolver() });
for (const problem of problems) {
  const pointer = problem.location?.[0]?.pointer;
  process.stdout.write(`${JSON.stringify({ severity: problem.severity, ruleId: problem.ruleId, message: problem.message, pointer })}\n`);
}
process.exitCode = problems.length ? 1 : 0;
