import { decodeEntities } from './entities';

describe('decodeEntities', () => {
  it.each<[string, string]>([
    ['Tee &amp; Co', 'Tee & Co'],
    ['a&nbsp;b', 'a\u00a0b'],
    ['Caf&eacute; &Eacute;t&eacute;', 'Café Été'],
    ['Levi&#39;s', "Levi's"],
    ['Levi&#x27;s', "Levi's"],
    ['Levi&#X27;s', "Levi's"],
    ['&lt;b&gt;', '<b>'],
    ['&quot;quoted&quot; &apos;x&apos;', `"quoted" 'x'`],
    ['&rsquo;&ndash;&mdash;&hellip;&euro;&trade;&reg;&copy;', '’–—…€™®©'],
    ['&#8364;49', '€49'],
    ['&#128512;', '😀'],
    ['&#146;', '’'],
    ['&#0; &#xD800; &#x110000;', '\ufffd \ufffd \ufffd'],
    ['&AMP; &LT;', '& <'],
    ['&lstrok;&oacute;d&zacute; &Ccaron;esk&aacute; &Scedil;', 'łódź Česká Ş'],
  ])('%p → %p', (text, expected) => {
    expect(decodeEntities(text)).toBe(expected);
  });

  it('forgives a missing semicolon only for numbers and the everyday names, and never inside a word or query', () => {
    expect(decodeEntities('Tee &amp Co')).toBe('Tee & Co');
    expect(decodeEntities('it&#39s')).toBe("it's");
    expect(decodeEntities('?a=1&copy=2&ampx=3')).toBe('?a=1&copy=2&ampx=3');
    expect(decodeEntities('&ampfoo')).toBe('&ampfoo');
  });

  it('leaves unknown names and stray ampersands as written', () => {
    expect(decodeEntities('&notanentity; & &; &#;')).toBe('&notanentity; & &; &#;');
    expect(decodeEntities('&constructor; &__proto__;')).toBe('&constructor; &__proto__;');
  });

  it('reads a megabyte of ampersands', () => {
    expect(decodeEntities('&'.repeat(1_000_000)).length).toBe(1_000_000);
    expect(decodeEntities('&#'.repeat(300_000) + '&amp;').endsWith('&')).toBe(true);
  });
});
