import { QUERY_KINDS, type JudgedQuery, type QueryKind } from './judged-queries';

/**
 * Ranking metrics over one ranked answer and the judged gains of a query
 * (product id → gain; a gain above 0 is relevant). Pure.
 */

export const CUTOFF = 10;

/** Relevant products in the top k over min(k, relevant products that exist); undefined when none exist. */
export function precisionAt(k: number, ranked: readonly string[], gains: ReadonlyMap<string, number>): number | undefined {
  const relevant = [...gains.values()].filter((gain) => gain > 0).length;
  if (relevant === 0) return undefined;
  const hits = ranked.slice(0, k).filter((id) => (gains.get(id) ?? 0) > 0).length;
  return hits / Math.min(k, relevant);
}

/**
 * NDCG@k with linear gains: DCG = Σ gain(i) / log2(i + 2) over the top k
 * (i from 0), divided by the DCG of the best possible order of every judged
 * product; undefined when no product has a gain.
 */
export function ndcgAt(k: number, ranked: readonly string[], gains: ReadonlyMap<string, number>): number | undefined {
  const ideal = [...gains.values()].filter((gain) => gain > 0).sort((a, b) => b - a);
  if (ideal.length === 0) return undefined;
  const dcg = (values: readonly number[]) => values.slice(0, k).reduce((sum, gain, i) => sum + gain / Math.log2(i + 2), 0);
  return dcg(ranked.map((id) => gains.get(id) ?? 0)) / dcg(ideal);
}

/** One query asked of one system. */
export interface QueryOutcome {
  query: JudgedQuery;
  /** The top CUTOFF ids, in order. */
  top: readonly string[];
  /** How many results the system had in all (0 = a zero-result query). */
  total: number;
  relevant: number;
  precision: number;
  ndcg: number;
  /** Relevant products exist, and the system returned nothing. */
  zeroResult: boolean;
}

export function outcomeOf(query: JudgedQuery, ranked: readonly string[], total: number, gains: ReadonlyMap<string, number>): QueryOutcome {
  const precision = precisionAt(CUTOFF, ranked, gains);
  const ndcg = ndcgAt(CUTOFF, ranked, gains);
  if (precision === undefined || ndcg === undefined) throw new Error(`Query ${JSON.stringify(query.q)} on ${query.corpus} has no relevant product to judge by`);
  const relevant = [...gains.values()].filter((gain) => gain > 0).length;
  return { query, top: ranked.slice(0, CUTOFF), total, relevant, precision, ndcg, zeroResult: total === 0 };
}

export interface KindSummary {
  kind: QueryKind | 'overall';
  queries: number;
  precision: number;
  ndcg: number;
  zeroResults: number;
}

const mean = (values: readonly number[]): number => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length);

function summary(kind: KindSummary['kind'], outcomes: readonly QueryOutcome[]): KindSummary {
  return {
    kind,
    queries: outcomes.length,
    precision: mean(outcomes.map((outcome) => outcome.precision)),
    ndcg: mean(outcomes.map((outcome) => outcome.ndcg)),
    zeroResults: outcomes.filter((outcome) => outcome.zeroResult).length,
  };
}

/** Mean P@10 and NDCG@10 and the count of zero-result queries per kind (kinds with no query left out), then overall. */
export function summarise(outcomes: readonly QueryOutcome[]): KindSummary[] {
  const kinds = QUERY_KINDS.map((kind) => summary(kind, outcomes.filter((outcome) => outcome.query.kind === kind))).filter((row) => row.queries > 0);
  return [...kinds, summary('overall', outcomes)];
}
