import { FASHION_SYNONYMS, openSearchSynonymRules, synonymExpansions } from './fashion-synonyms';
import { ENGLISH_STOP_WORDS, queryWords } from './fashion-text';

const expansionOf = (phrase: string): string[] | undefined =>
  synonymExpansions()
    .find((expansion) => expansion.source.join(' ') === queryWords(phrase).join(' '))
    ?.alternatives.map((words) => words.join(' '));

describe('FASHION_SYNONYMS', () => {
  const phrases = FASHION_SYNONYMS.flatMap((rule) => ('equivalent' in rule ? rule.equivalent : [...rule.from, ...rule.to]));

  it('is lower case words without stop words or Solr syntax', () => {
    for (const phrase of phrases) {
      expect(phrase).toBe(phrase.toLowerCase().trim());
      expect(phrase).not.toMatch(/[,=>#]/);
      for (const word of queryWords(phrase)) expect(ENGLISH_STOP_WORDS.has(word)).toBe(false);
    }
  });

  it('makes no phrase a source in two rules, so each expands one way only', () => {
    const sources = synonymExpansions().map((expansion) => expansion.source.join(' '));
    expect(sources.length).toBe(new Set(sources).size);
  });

  it('has groups of two or more phrases, none repeated within a rule', () => {
    for (const rule of FASHION_SYNONYMS) {
      const members = 'equivalent' in rule ? rule.equivalent : [...rule.from, ...rule.to];
      expect(members.length).toBeGreaterThanOrEqual(2);
      expect(new Set(members.map((member) => queryWords(member).join(' '))).size).toBe(members.length);
    }
  });
});

describe('synonymExpansions', () => {
  it('expands the fashion words shoppers use interchangeably, both ways', () => {
    expect(expansionOf('trainers')).toEqual(['trainers', 'sneakers', 'running shoes']);
    expect(expansionOf('sneakers')).toEqual(['sneakers', 'trainers', 'running shoes']);
    expect(expansionOf('jumper')).toEqual(['jumper', 'sweater', 'pullover']);
    expect(expansionOf('tee')).toEqual(['tee', 't shirt', 'tshirt']);
    expect(expansionOf('hooded sweatshirt')).toEqual(['hooded sweatshirt', 'hoodie', 'hoody']);
    expect(expansionOf('trousers')).toEqual(['trousers', 'pants', 'slacks']);
    expect(expansionOf('grey')).toEqual(['grey', 'gray']);
  });

  it('splits phrases into query words: "t-shirt" is "t shirt"', () => {
    expect(expansionOf('t-shirt')).toEqual(['t shirt', 'tee', 'tshirt']);
    expect(expansionOf('t shirt')).toEqual(['t shirt', 'tee', 'tshirt']);
  });

  it('expands ambiguous words one way only', () => {
    expect(expansionOf('kicks')).toEqual(['kicks', 'sneakers', 'trainers']);
    expect(expansionOf('sneakers')).not.toContain('kicks');
    expect(expansionOf('denim')).toEqual(['denim', 'jeans']);
    expect(expansionOf('jeans')).toBeUndefined();
    expect(expansionOf('thongs')).toEqual(['thongs', 'flip flops']);
    expect(expansionOf('flip flops')).toEqual(['flip flops', 'flipflops']);
    expect(expansionOf('outerwear')).toEqual(['outerwear', 'coat', 'jacket', 'parka', 'anorak']);
  });

  it('keeps coats and jackets apart', () => {
    expect(expansionOf('coat')).toBeUndefined();
    expect(expansionOf('jacket')).toBeUndefined();
  });
});

describe('openSearchSynonymRules', () => {
  it('writes equivalents as a comma list and one-way rules with the source kept among the targets', () => {
    const rules = openSearchSynonymRules();
    expect(rules).toContain('tee, t-shirt, tshirt');
    expect(rules).toContain('sneakers, trainers, running shoes');
    expect(rules).toContain('kicks => kicks, sneakers, trainers');
    expect(rules).toContain('shades, sunnies => shades, sunnies, sunglasses');
    expect(rules).toHaveLength(FASHION_SYNONYMS.length);
  });
});
