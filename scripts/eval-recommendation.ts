import { createRecommender } from '@closetly/recommendation';
import {
  evaluateRecommenders,
  generateShoppingData,
  itemCosineRecommender,
  popularityRecommender,
  type EvaluationResult,
  type ShoppingDataOptions,
} from '@closetly/recommendation/evaluation';

/**
 * Offline evaluation of libs/recommendation against a popularity baseline and
 * item-to-item collaborative filtering (cosine), on synthetic shopping
 * histories: each user's last 3 saves held out, precision, recall and NDCG at 10.
 *
 *   node -r @swc-node/register scripts/eval-recommendation.ts [--seeds 1,2,3] [--settings default,sparse] [--hold-out 3] [--no-profiles]
 *
 * --no-profiles hides every profile from the recommender (co-saves and item
 * attributes only), as on data that has no profiles.
 *
 * Several seeds and several generator settings, so nothing is tuned to one
 * lucky dataset. Pure computation, one core: a few seconds per dataset.
 */

const SETTINGS: Readonly<Record<string, Partial<ShoppingDataOptions>>> = {
  default: {},
  // Fewer saves per user, more users: most histories are short.
  sparse: { users: 2500, meanSavesPerUser: 6 },
  // A flatter popularity curve and a heavier head.
  'long-tail': { popularityExponent: 0.6 },
  'heavy-head': { popularityExponent: 1.3 },
  // Every save its own visit, no outfits: co-saves carry only taste.
  'no-sessions': { meanSessionSize: 1, companionRate: 0 },
  // Shoppers barely loyal to brands, fewer profiles filled, genders mixed more.
  'weak-content': { brandLoyalty: 1.5, genderFocus: 0.8, profileGenderRate: 0.3, profileBrandsRate: 0.1 },
};

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? (process.argv[at + 1] as string) : fallback;
}

const seeds = argument('seeds', '1,2,3').split(',').map(Number);
const settings = argument('settings', Object.keys(SETTINGS).join(',')).split(',');
const holdOut = Number(argument('hold-out', '3'));
const withProfiles = !process.argv.includes('--no-profiles');
const NAMES = ['recommender', 'popularity', 'item-item CF'] as const;

const percent = (value: number) => (100 * value).toFixed(2).padStart(6);
const rows: string[] = [];
const totals = new Map<string, { precision: number; recall: number; ndcg: number; runs: number }>();
const header = `${'setting'.padEnd(13)} ${'seed'.padStart(4)} ${'users'.padStart(5)} │ ${NAMES.map((name) => `${name.padEnd(12)} P@10   R@10  NDCG`).join(' │ ')}`;

for (const setting of settings) {
  const overrides = SETTINGS[setting];
  if (!overrides) throw new Error(`unknown setting ${setting}; known: ${Object.keys(SETTINGS).join(', ')}`);
  for (const seed of seeds) {
    const data = generateShoppingData({ ...overrides, seed });
    const results: EvaluationResult[] = evaluateRecommenders({
      saves: data.saves,
      items: data.items,
      profiles: withProfiles ? data.profiles : undefined,
      holdOut,
      recommenders: {
        recommender: (training) => createRecommender(training),
        popularity: (training) => popularityRecommender(training),
        'item-item CF': (training) => itemCosineRecommender(training),
      },
    });
    for (const result of results) {
      const total = totals.get(result.name) ?? { precision: 0, recall: 0, ndcg: 0, runs: 0 };
      totals.set(result.name, { precision: total.precision + result.precision, recall: total.recall + result.recall, ndcg: total.ndcg + result.ndcg, runs: total.runs + 1 });
    }
    const cells = results.map((result) => `${' '.repeat(12)}${percent(result.precision)}${percent(result.recall)}${percent(result.ndcg)}`);
    rows.push(`${setting.padEnd(13)} ${String(seed).padStart(4)} ${String(results[0]?.users ?? 0).padStart(5)} │ ${cells.join(' │ ')}`);
    process.stderr.write(`${setting} seed ${seed} done\n`);
  }
}

const mean = NAMES.map((name) => {
  const total = totals.get(name) ?? { precision: 0, recall: 0, ndcg: 0, runs: 1 };
  return `${' '.repeat(12)}${percent(total.precision / total.runs)}${percent(total.recall / total.runs)}${percent(total.ndcg / total.runs)}`;
});
console.log(`Percent, last ${holdOut} saves of each user held out, k = 10${withProfiles ? '' : ', no profiles'}.\n`);
console.log(header);
console.log('─'.repeat(header.length));
for (const row of rows) console.log(row);
console.log('─'.repeat(header.length));
console.log(`${'mean'.padEnd(13)} ${''.padStart(4)} ${''.padStart(5)} │ ${mean.join(' │ ')}`);
