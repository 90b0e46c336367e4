#!/usr/bin/env node
// Lighthouse for `npm run bench` (scripts/bench-home.ts starts the pages and spawns this).
// Its own ES module: lighthouse is ESM-only, and the bench's TypeScript runs through swc as
// CommonJS, which turns `await import()` into require().
//
// Input, one JSON argument: { chromePath, runs, reportDir?, pages: [{ name, url, localStorage? }] },
// where localStorage is { seedUrl, items }: the items are stored on seedUrl's origin before Lighthouse
// loads the page (the web app's beta gate reads its token from localStorage). With reportDir, each
// run's full report is written there as <name>-<run>.report.json (open it in the Lighthouse viewer).
// Output, one JSON line on stdout: { lighthouse, chromium, pages: [{ name, runs: [...] }] }.
// Progress goes to stderr.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/**
 * Stores items in the page origin's localStorage through a first CDP session on the same Chromium,
 * from an address that loads no script (no HTTP cache, no service worker to warm up).
 */
async function seedLocalStorage(port, { seedUrl, items }) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(seedUrl);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) globalThis.localStorage.setItem(key, value);
    }, items);
    await page.close();
  } finally {
    // Over CDP this only disconnects: the browser stays up for Lighthouse.
    await browser.close();
  }
}

/** What the bench keeps of one Lighthouse result. */
function summary(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    speedIndexMs: audit('speed-index'),
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    scripts: requests
      .filter((request) => request.resourceType === 'Script')
      .map((request) => ({ url: request.url, transferSize: request.transferSize ?? 0, resourceSize: request.resourceSize ?? 0 })),
    warnings: lhr.runWarnings,
  };
}

/** One cold load: a fresh Chromium profile, the storage seeded, then Lighthouse's default (mobile) run. */
async function runOnce(chromePath, page) {
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    if (page.localStorage) await seedLocalStorage(chrome.port, page.localStorage);
    // The profile is new, so nothing is cached; keeping storage keeps the seeded items.
    const result = await lighthouse(page.url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${page.url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return { lhr: result.lhr, lighthouse: result.lhr.lighthouseVersion, chromium: result.lhr.environment.hostUserAgent, ...summary(result.lhr) };
  } finally {
    await chrome.kill();
  }
}

/** Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART): such a run is tried again, twice at most. */
async function runWithRetries(chromePath, page) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(chromePath, page);
    } catch (error) {
      if (attempt >= 3) throw error;
      process.stderr.write(`  lighthouse: ${page.name}: ${error.message}; trying again\n`);
    }
  }
}

async function main() {
  const input = JSON.parse(process.argv[2] ?? '{}');
  const output = { lighthouse: null, chromium: null, pages: [] };
  for (const page of input.pages) {
    const runs = [];
    for (let run = 1; run <= input.runs; run += 1) {
      process.stderr.write(`  lighthouse: ${page.name}, run ${run} of ${input.runs}\n`);
      const { lhr, lighthouse: version, chromium: userAgent, ...measured } = await runWithRetries(input.chromePath, page);
      if (input.reportDir) {
        await mkdir(input.reportDir, { recursive: true });
        await writeFile(join(input.reportDir, `${page.name}-${run}.report.json`), JSON.stringify(lhr));
      }
      output.lighthouse = version;
      output.chromium = userAgent;
      runs.push(measured);
    }
    output.pages.push({ name: page.name, runs });
  }
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
