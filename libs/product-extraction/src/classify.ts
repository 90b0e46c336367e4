import {
  categoryFromEvidence,
  categoryWithEvidence,
  genderFromWords,
  normaliseGender,
  type CategoryId,
  type ProductGender,
} from '@closetly/catalogue-rules';
import { comparable } from './text';

/**
 * Category and gender from what the page states, through
 * @closetly/catalogue-rules (its keyword lists and the spec's scores are
 * the only ones; nothing here knows a garment word).
 *
 * Evidence:
 * - stated: category fields (JSON-LD / microdata `category`,
 *   product:category), the shop's own product type (Shopify `type`), and
 *   breadcrumb trails (one phrase per trail, "Home > Women > Shoes");
 * - hinted: the URL paths of the page and of its canonical address
 *   ("/en/womens-shoes/dayzy-123").
 *
 * Category: `categoryWithEvidence` (stated, then with the URL, then the
 * spec's scoring of name and description, then a model name's description).
 * Without a name, only evidence can name a category; otherwise none.
 *
 * Gender, first answer wins:
 * 1. an explicit field (audience.suggestedGender, gender, product:gender):
 *    Women or Men by `normaliseGender`'s synonyms, Unisex when it says
 *    unisex; schema.org's "https://schema.org/Female" reads as Female;
 *    anything else ("kids", "adult") is no answer;
 * 2. the stated phrases, then the URL paths, then the name, then the
 *    description, by `genderFromWords`; within one level, phrases that
 *    disagree (a Women trail, a Men category) give no answer there, and the
 *    next level is asked.
 * No evidence: undefined (never a default).
 */

export interface Evidence {
  name: string | null;
  description: string | null;
  /** Explicit gender fields, most trusted first, as written. */
  genders: readonly (string | null)[];
  stated: readonly string[];
  hinted: readonly string[];
}

export function categoryOf(evidence: Evidence): CategoryId | undefined {
  if (evidence.name === null) {
    return (categoryFromEvidence(evidence.stated) ?? categoryFromEvidence([...evidence.stated, ...evidence.hinted]))?.category;
  }
  return categoryWithEvidence({ name: evidence.name, description: evidence.description, stated: evidence.stated, hinted: evidence.hinted }).category;
}

/** An explicit gender field as a gender, or null when it names none of the three. */
export function explicitGender(value: string | null): ProductGender | null {
  if (value === null) return null;
  const local = value.trim().split(/[/#:]/).pop() ?? '';
  if (comparable(local) === 'unisex') return 'Unisex';
  const gender = normaliseGender(local);
  return gender === 'Unisex' || local.trim().length < 2 ? null : gender;
}

function agreedGender(phrases: readonly string[]): ProductGender | null {
  const found = new Set<ProductGender>();
  for (const phrase of phrases) {
    const gender = genderFromWords(phrase);
    if (gender) found.add(gender);
  }
  return found.size === 1 ? ([...found][0] as ProductGender) : null;
}

export function genderOf(evidence: Evidence): ProductGender | undefined {
  for (const stated of evidence.genders) {
    const gender = explicitGender(stated);
    if (gender) return gender;
  }
  const levels: ReadonlyArray<readonly string[]> = [evidence.stated, evidence.hinted, evidence.name ? [evidence.name] : [], evidence.description ? [evidence.description] : []];
  for (const level of levels) {
    const gender = agreedGender(level);
    if (gender) return gender;
  }
  return undefined;
}
