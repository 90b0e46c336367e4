import { demoCorpus } from './demo-corpus';
import type { JudgedCorpus } from './judged-attributes';
import { marketplaceCorpus } from './marketplace-corpus';

export * from './judged-attributes';
export { demoCorpus } from './demo-corpus';
export { marketplaceCorpus } from './marketplace-corpus';

/** Both judged corpora: the demo catalogue and a multi-brand marketplace written in another shop's style. */
export function judgedCorpora(): JudgedCorpus[] {
  return [demoCorpus(), marketplaceCorpus()];
}
