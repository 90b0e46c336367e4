import { cleanText, collapseSpaces, comparable, namesAgree, stripSiteName, truncate } from './text';

describe('cleanText', () => {
  it('decodes entities, named and numeric', () => {
    expect(cleanText('Caf&eacute; Tee &amp; Co &#8211; Levi&#39;s&nbsp;501', 300)).toBe("Café Tee & Co – Levi's 501");
  });

  it('decodes a second time when a shop encoded twice', () => {
    expect(cleanText('Tee &amp;amp; Co &amp;#39;s', 300)).toBe("Tee & Co 's");
  });

  it('strips tags, keeping blocks apart and dropping scripts and styles', () => {
    expect(cleanText('<p>Soft <b>cotton</b>.</p><p>Machine wash.</p><script>track()</script><style>p{}</style>', 5000)).toBe('Soft cotton. Machine wash.');
  });

  it('strips HTML that arrived entity-escaped', () => {
    expect(cleanText('&lt;p&gt;Soft&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Cotton&lt;/li&gt;&lt;/ul&gt;', 5000)).toBe('Soft Cotton');
  });

  it('keeps a "<" that starts no tag', () => {
    expect(cleanText('Sizes < 10 <3', 300)).toBe('Sizes < 10 <3');
  });

  it('collapses whitespace and caps the length on a word', () => {
    expect(cleanText('  a \n\t b\u00a0\u200b c  ', 300)).toBe('a b c');
    expect(cleanText('one two three four five six', 15)).toBe('one two three…');
  });

  it('is null for blank or non-text values; numbers are text', () => {
    expect(cleanText('   ', 10)).toBeNull();
    expect(cleanText('<p> </p>', 10)).toBeNull();
    expect(cleanText(null, 10)).toBeNull();
    expect(cleanText({}, 10)).toBeNull();
    expect(cleanText(501, 10)).toBe('501');
  });
});

describe('truncate and collapseSpaces', () => {
  it('cut after a word, or inside one long word', () => {
    expect(truncate('abcdefghij', 5)).toBe('abcd…');
    expect(truncate('short', 5)).toBe('short');
    expect(truncate('', 5)).toBeNull();
    expect(collapseSpaces(' a  b ')).toBe('a b');
  });
});

describe('comparable and namesAgree', () => {
  it('compares without case, accents or punctuation', () => {
    expect(comparable('Café  T-Shirt & Co.')).toBe('cafe t shirt and co');
  });

  it('agrees on the same words, or one name inside the other word for word', () => {
    expect(namesAgree('Dayzy', 'DAYZY')).toBe(true);
    expect(namesAgree('Dayzy', 'Dayzy Sneaker – White')).toBe(true);
    expect(namesAgree('Dayzy Sneaker | Shop', 'dayzy sneaker')).toBe(true);
    expect(namesAgree('Day', 'Dayzy')).toBe(false);
    expect(namesAgree('Tee', 'Linen Tee Dress')).toBe(true);
    expect(namesAgree('Zoe', 'GDC Zoe')).toBe(true);
    expect(namesAgree('A', 'A Line Skirt')).toBe(false);
    expect(namesAgree('Other Product', 'Dayzy')).toBe(false);
    expect(namesAgree(null, 'x')).toBe(false);
  });
});

describe('stripSiteName', () => {
  const sites = ['Shop Name', 'Nike', 'everlane'];

  it.each<[string, string]>([
    ['Dayzy Sneaker | Shop Name', 'Dayzy Sneaker'],
    ['Dayzy Sneaker|Shop Name', 'Dayzy Sneaker'],
    ['Dayzy Sneaker – Shop Name', 'Dayzy Sneaker'],
    ['Dayzy Sneaker — SHOP NAME', 'Dayzy Sneaker'],
    ['Air Max Plus - Nike', 'Air Max Plus'],
    ['The Organic Tee · Everlane', 'The Organic Tee'],
    ['Shop Name | Dayzy Sneaker', 'Dayzy Sneaker'],
    ['Dayzy Sneaker | Nike | Shop Name', 'Dayzy Sneaker'],
    ['Relaxed - Fit Tee', 'Relaxed - Fit Tee'],
    ['T-Shirt - Nike', 'T-Shirt'],
    ['Crew-Neck T-Shirt', 'Crew-Neck T-Shirt'],
    ['Dayzy | Women’s Shoes | Shop Name', 'Dayzy | Women’s Shoes'],
    ['Shop Name', 'Shop Name'],
    ['Nike - Nike', 'Nike'],
  ])('%p → %p', (title, expected) => {
    expect(stripSiteName(title, sites)).toBe(expected);
  });

  it('cuts nothing without site names', () => {
    expect(stripSiteName('Dayzy | Shop Name', [])).toBe('Dayzy | Shop Name');
  });
});
