/**
 * The reference ranker of the relevance suite: plain BM25 (k1 1.2, b 0.75)
 * over name + brand + description as one field, lower-cased word tokens
 * (letters and digits), no stemming, no synonyms, no typo handling, OR
 * semantics (a document matching any query word is returned), ranked by
 * score then id. What a search box does with no understanding at all.
 */

export const BM25_PARAMETERS = { k1: 1.2, b: 0.75 } as const;
export const BM25_DESCRIPTION = 'in-process BM25 (k1 1.2, b 0.75) over name + brand + description, lower-cased word tokens, no stemming, synonyms or typo handling, OR semantics';

export function bm25Tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export interface Bm25Document {
  id: string;
  text: string;
}

export class Bm25Index {
  private readonly termFrequencies: ReadonlyArray<{ id: string; length: number; counts: ReadonlyMap<string, number> }>;
  private readonly documentFrequency = new Map<string, number>();
  private readonly averageLength: number;

  constructor(documents: readonly Bm25Document[], private readonly parameters: { k1: number; b: number } = BM25_PARAMETERS) {
    this.termFrequencies = documents.map(({ id, text }) => {
      const tokens = bm25Tokens(text);
      const counts = new Map<string, number>();
      for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
      for (const token of counts.keys()) this.documentFrequency.set(token, (this.documentFrequency.get(token) ?? 0) + 1);
      return { id, length: tokens.length, counts };
    });
    this.averageLength = documents.length === 0 ? 0 : this.termFrequencies.reduce((sum, doc) => sum + doc.length, 0) / documents.length;
  }

  /** Ids of the documents matching any query word, best first (ties by id). */
  search(query: string): string[] {
    const words = [...new Set(bm25Tokens(query))];
    const n = this.termFrequencies.length;
    const { k1, b } = this.parameters;
    const scored: Array<{ id: string; score: number }> = [];
    for (const doc of this.termFrequencies) {
      let score = 0;
      for (const word of words) {
        const tf = doc.counts.get(word) ?? 0;
        if (tf === 0) continue;
        const df = this.documentFrequency.get(word) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * doc.length) / this.averageLength));
      }
      if (score > 0) scored.push({ id: doc.id, score });
    }
    return scored.sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0)).map(({ id }) => id);
  }
}
