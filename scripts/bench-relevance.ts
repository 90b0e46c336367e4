import { Logger } from '@nestjs/common';
import { BM25_DESCRIPTION } from '../apps/search/test/relevance/bm25';
import { judgedCorpora } from '../apps/search/test/relevance/judged-corpora';
import { QUERY_KINDS } from '../apps/search/test/relevance/judged-queries';
import { summarise } from '../apps/search/test/relevance/metrics';
import { MIN_PRECISION_AT_10, prepareCorpus, relevanceTable, runBm25, runEngine, SEARCH_ENGINES, worstQueries } from '../apps/search/test/relevance/run-relevance';

/**
 * Search relevance (issue 20): the judged queries of the relevance suite
 * (apps/search/test/relevance) asked of each engine through SearchService, on
 * both judged corpora, beside a plain BM25 over the same products in the same
 * run. Prints a Markdown table per engine (P@10, NDCG@10, zero-result queries
 * per kind of query) and the worst queries with what came back.
 * `BENCH_ONLY=relevance npm run bench` runs it alone.
 */
const WORST = Number(process.env.BENCH_RELEVANCE_WORST ?? 5);

export async function benchRelevance(): Promise<Array<[string, boolean]>> {
  Logger.overrideLogger(false);
  const corpora = judgedCorpora().map(prepareCorpus);
  const bm25 = runBm25(corpora);
  const queries = corpora.reduce((sum, prepared) => sum + prepared.queries.length, 0);
  process.stdout.write(`\nSearch relevance: ${queries} judged queries on ${corpora.map((prepared) => prepared.corpus.title).join(' and ')}\n`);
  process.stdout.write(`Reference: ${BM25_DESCRIPTION}. P@10 = relevant in the top 10 / min(10, relevant); NDCG@10 with gain 2 (exact) or 1 (unisex under a gendered query); zero-result = nothing returned while relevant products exist.\n`);
  const targets: Array<[string, boolean]> = [];
  for (const engine of SEARCH_ENGINES) {
    const started = performance.now();
    const run = await runEngine(engine, corpora);
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`\n${engine.name} (${seconds.toFixed(1)} s, indexing included)\n\n${relevanceTable(run, bm25)}\n`);
    if (WORST > 0) process.stdout.write(`\nWorst ${WORST} queries (+ relevant, - not):\n${worstQueries(run, corpora, WORST)}\n`);
    const ours = summarise(run.outcomes);
    const reference = summarise(bm25.outcomes);
    for (const kind of QUERY_KINDS) {
      const row = ours.find((summary) => summary.kind === kind);
      const base = reference.find((summary) => summary.kind === kind);
      if (!row || !base) continue;
      targets.push([`${engine.name}: ${kind} P@10 ${row.precision.toFixed(2)} ≥ ${MIN_PRECISION_AT_10} and above BM25's ${base.precision.toFixed(2)}`, row.precision >= MIN_PRECISION_AT_10 && row.precision > base.precision]);
    }
    const overall = ours.at(-1);
    targets.push([`${engine.name}: no zero-result query where relevant products exist (${overall?.zeroResults ?? 0})`, overall?.zeroResults === 0]);
  }
  return targets;
}
