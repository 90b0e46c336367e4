import { BM25_DESCRIPTION } from './relevance/bm25';
import { judgedCorpora } from './relevance/judged-corpora';
import { QUERY_KINDS, type QueryKind } from './relevance/judged-queries';
import { type KindSummary, summarise } from './relevance/metrics';
import { MIN_PRECISION_AT_10, type PreparedCorpus, prepareCorpus, relevanceTable, runBm25, runEngine, SEARCH_ENGINES, type SystemRun, worstQueries } from './relevance/run-relevance';

/**
 * Search relevance (issue 20): both judged corpora in each engine, every
 * judged query asked through SearchService, scored against the judges'
 * attributes and against a plain BM25 over the same products.
 */


const corpora: PreparedCorpus[] = judgedCorpora().map(prepareCorpus);
const bm25 = runBm25(corpora);
const bm25ByKind = new Map(summarise(bm25.outcomes).map((row) => [row.kind, row]));

describe.each(SEARCH_ENGINES.map((engine) => [engine.name, engine] as const))('search relevance (%s)', (_name, engine) => {
  let run: SystemRun;
  let byKind: Map<KindSummary['kind'], KindSummary>;

  beforeAll(async () => {
    run = await runEngine(engine, corpora);
    byKind = new Map(summarise(run.outcomes).map((row) => [row.kind, row]));
    console.log(`${engine.name}, beside ${BM25_DESCRIPTION}\n\n${relevanceTable(run, bm25)}\n\nWorst queries:\n${worstQueries(run, corpora, 8)}`);
    // Every judged query through the engine, all on the CPU: past a minute when the machine is busy with other files.
  }, 240_000);

  it('returns something for every query that has relevant products', () => {
    const empty = run.outcomes.filter((outcome) => outcome.zeroResult).map((outcome) => `${outcome.query.q} (${outcome.query.corpus})`);
    expect(empty).toEqual([]);
  });

  it.each(QUERY_KINDS.map((kind) => [kind] as [QueryKind]))(`ranks %s queries at P@10 ≥ ${MIN_PRECISION_AT_10} and above BM25`, (kind) => {
    const ours = byKind.get(kind) as KindSummary;
    const reference = bm25ByKind.get(kind) as KindSummary;
    // On failure, the worst queries of the kind say where to look (the printed table has the rest).
    const worst = run.outcomes
      .filter((outcome) => outcome.query.kind === kind && outcome.precision < MIN_PRECISION_AT_10)
      .sort((a, b) => a.precision - b.precision)
      .slice(0, 12)
      .map((outcome) => `${outcome.query.q} (${outcome.query.corpus}) ${outcome.precision.toFixed(2)}`);
    const met = ours.precision >= MIN_PRECISION_AT_10;
    expect({ kind, precision: Number(ours.precision.toFixed(3)), met, worst: met ? [] : worst }).toEqual({ kind, precision: Number(ours.precision.toFixed(3)), met: true, worst: [] });
    expect({ kind, ours: Number(ours.precision.toFixed(3)), bm25: Number(reference.precision.toFixed(3)), above: ours.precision > reference.precision }).toEqual({
      kind,
      ours: Number(ours.precision.toFixed(3)),
      bm25: Number(reference.precision.toFixed(3)),
      above: true,
    });
  });
});
