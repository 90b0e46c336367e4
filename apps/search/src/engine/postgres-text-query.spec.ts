import { synonymExpansions } from './fashion-synonyms';
import { buildSynonymIndex, fuzzySources, lexemesOf, planTerm, quoteLexeme, renderTsQuery, type Stemmer, typoMatches } from './postgres-text-query';

/** A stand-in for the database's Snowball stemmer: enough plurals for these cases. */
const stem: Stemmer = (word) => [word.replace(/(?<=...)s$/, '').replace(/ing$/, '')];
const synonyms = buildSynonymIndex(synonymExpansions(), stem);
const render = (term: string, typos?: Map<string, string[]>) => renderTsQuery([planTerm(term, stem, synonyms)], typos);

describe('planTerm and renderTsQuery', () => {
  it('ANDs the words of a term and drops stop words', () => {
    expect(render('the denim jacket')).toBe("(('denim' | 'jean') & ('jacket'))");
    expect(render('linen')).toBe("(('linen'))");
  });

  it('replaces a synonym source with all its phrases, longest source first', () => {
    expect(render('white trainers')).toBe("(('white') & ('trainer' | 'sneaker' | ('runn' <-> 'shoe')))");
    expect(render('hooded sweatshirt')).toBe("((('hooded' <-> 'sweatshirt') | 'hoodie' | 'hoody'))");
    expect(render('T-Shirt')).toBe("((('t' <-> 'shirt') | 'tee' | 'tshirt'))");
    expect(render('track pants')).toBe("((('track' <-> 'pant') | 'sweatpant' | 'jogger' | ('jogg' <-> 'bottom') | 'trackpant'))");
    expect(render('pants')).toBe("(('pant' | 'trouser' | 'slack'))");
  });

  it('ORs terms and leaves out terms with nothing to match', () => {
    const plans = ['coat', 'the', '(*)', 'tee'].map((term) => planTerm(term, stem, synonyms));
    expect(renderTsQuery(plans)).toBe("(('coat')) | (('tee' | ('t' <-> 'shirt') | 'tshirt'))");
    expect(renderTsQuery([planTerm('the of', stem, synonyms)])).toBeNull();
    expect(renderTsQuery([])).toBeNull();
  });

  it('adds typo matches to single words only, never to phrases', () => {
    const typos = new Map([
      ['jaket', ['jacket']],
      ['sneaker', ['sneakr']],
    ]);
    expect(render('jaket', typos)).toBe("(('jaket' | 'jacket'))");
    expect(render('sneakers', typos)).toBe("(('sneaker' | 'sneakr' | 'trainer' | ('runn' <-> 'shoe')))");
  });
});

describe('fuzzySources', () => {
  it('lists single words of 4 letters or more, synonyms included, phrases and short words not', () => {
    const plans = ['tee jaket', 'trainers'].map((term) => planTerm(term, stem, synonyms));
    expect(fuzzySources(plans).sort()).toEqual(['jaket', 'sneaker', 'trainer', 'tshirt']);
  });
});

describe('typoMatches', () => {
  it('keeps words within the allowance with the same first letter, closest then alphabetical', () => {
    expect(typoMatches('jaket', ['jacket', 'jackets', 'racket', 'jake', 'jaket', 'jade'])).toEqual(['jacket', 'jake']);
    expect(typoMatches('sneakr', ['sneaker', 'sneak', 'speaker'])).toEqual(['sneak', 'sneaker']);
    expect(typoMatches('trainers', ['trainee', 'trainer', 'drainers', 'training'])).toEqual(['trainer', 'trainee']);
  });

  it('never expands short words, and skips compounds and stop words', () => {
    expect(typoMatches('tee', ['tie', 'tea'])).toEqual([]);
    expect(typoMatches('shirt', ['t-shirt', 'shirts', 'skirt'])).toEqual(['shirts', 'skirt']);
    expect(typoMatches('thes', ['these', 'the', 'then'])).toEqual([]);
  });

  it('expands to at most 50 words', () => {
    const many = Array.from({ length: 80 }, (_, n) => `sh${String.fromCharCode(97 + (n % 26))}rt${n < 26 ? '' : String.fromCharCode(97 + Math.floor(n / 26))}`);
    expect(typoMatches('shirt', many).length).toBeLessThanOrEqual(50);
  });
});

describe('quoteLexeme', () => {
  it('quotes a lexeme so tsquery takes it as is', () => {
    expect(quoteLexeme('jacket')).toBe("'jacket'");
    expect(quoteLexeme("o'neill")).toBe("'o''neill'");
    expect(quoteLexeme('a\\b')).toBe("'a\\\\b'");
  });
});

describe('lexemesOf', () => {
  it('reads the lexemes of a tsquery back, in order, undoing the quoting', () => {
    expect(lexemesOf("'t-shirt' <-> 't' <-> 'shirt'")).toEqual(['t-shirt', 't', 'shirt']);
    expect(lexemesOf("'sneakr'")).toEqual(['sneakr']);
    expect(lexemesOf('')).toEqual([]);
    expect(lexemesOf(`${quoteLexeme("o'neill")} & ${quoteLexeme('a\\b')}`)).toEqual(["o'neill", 'a\\b']);
  });
});
