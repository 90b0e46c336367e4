import { own, parseJsonValueAt, parseJsonValues } from './lenient-json';

const one = (text: string): unknown => {
  const values = parseJsonValues(text);
  expect(values).toHaveLength(1);
  return JSON.parse(JSON.stringify(values[0]));
};

describe('parseJsonValues', () => {
  it('reads valid JSON exactly', () => {
    expect(one('{"a": [1, 2.5, "x", true, null]}')).toEqual({ a: [1, 2.5, 'x', true, null] });
    expect(one('[{"a":1},{"b":2}]')).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('skips // and block comments', () => {
    expect(one('{\n // the product\n "a": 1, /* price */ "b": 2\n}')).toEqual({ a: 1, b: 2 });
  });

  it('takes trailing and doubled commas', () => {
    expect(one('{"a": [1, 2,], "b": 3,, }')).toEqual({ a: [1, 2], b: 3 });
  });

  it('strips HTML comment and CDATA wrappers', () => {
    expect(one('<!-- {"a": 1} -->')).toEqual({ a: 1 });
    expect(one('<![CDATA[ {"a": 1} ]]>')).toEqual({ a: 1 });
    expect(one('//<![CDATA[\n{"a": 1}\n//]]>')).toEqual({ a: 1 });
    expect(one('/*<![CDATA[*/ {"a": 1} /*]]>*/')).toEqual({ a: 1 });
  });

  it('keeps raw newlines, tabs and control characters inside strings', () => {
    expect(one('{"d": "line one\nline\ttwo\u0001"}')).toEqual({ d: 'line one\nline\ttwo\u0001' });
  });

  it('reads escapes, forgiving unknown ones', () => {
    expect(one('{"a": "\\u00e9\\n\\/\\"", "b": "it\\\'s", "c": "\\x41\\q", "d": "\\uZZ"}')).toEqual({ a: 'é\n/"', b: "it's", c: 'Aq', d: 'uZZ' });
  });

  it('reads single quotes, unquoted keys and JavaScript words', () => {
    expect(one("{product: {'title': 'Tee', price: 5999, sale: undefined, x: NaN, y: Infinity, ok: true}}")).toEqual({
      product: { title: 'Tee', price: 5999, sale: null, x: null, y: null, ok: true },
    });
  });

  it('reads a missing comma between members', () => {
    expect(one('{"a": 1 "b": "x" "c": [1 2]}')).toEqual({ a: 1, b: 'x', c: [1, 2] });
  });

  it('reads several values one after another', () => {
    expect(parseJsonValues('{"a":1}{"b":2}\n{"c":3};[{"d":4}]').map((value) => JSON.parse(JSON.stringify(value)))).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }, [{ d: 4 }]]);
    expect(parseJsonValues('{"a":1},{"b":2}')).toHaveLength(2);
  });

  it('decodes HTML-escaped JSON', () => {
    expect(one('{&quot;name&quot;: &quot;Tee &amp;amp; Co&quot;}')).toEqual({ name: 'Tee &amp; Co' });
  });

  it('keeps what was read of a value cut short', () => {
    expect(one('{"name": "Tee", "offers": {"price": 59.99, "priceCurrency": "US')).toEqual({ name: 'Tee', offers: { price: 59.99, priceCurrency: 'US' } });
  });

  it('skips junk, and reads nothing from nothing', () => {
    expect(parseJsonValues('')).toEqual([]);
    expect(parseJsonValues('   ')).toEqual([]);
    expect(parseJsonValues('not json at all')).toEqual([]);
    expect(parseJsonValues(42 as unknown as string)).toEqual([]);
    expect(one('var x = {"a": 1};')).toEqual({ a: 1 });
    expect(one('{"a": @@@ 1, ### "b": 2}')).toEqual({ a: 1, b: 2 });
  });

  it('makes objects without a prototype: keys are only data', () => {
    const value = parseJsonValues('{"__proto__": {"polluted": true}, "constructor": 1, "a": 1,}')[0];
    expect(Object.getPrototypeOf(value)).toBeNull();
    expect(own(value, 'constructor')).toBe(1);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('reads very deep nesting as null past its depth limit, without growing the stack', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(() => parseJsonValues(deep)).not.toThrow();
    const broken = '{"a":' + '['.repeat(100_000);
    expect(() => parseJsonValues(broken)).not.toThrow();
  });

  it('reads hostile input (quotes, open braces, comments, backslashes) to the end', () => {
    for (const hostile of ['"'.repeat(1_000_000), '{'.repeat(500_000), '{"a":'.repeat(200_000), '/*'.repeat(300_000), "'".repeat(500_000), '\\'.repeat(500_000)]) {
      expect(Array.isArray(parseJsonValues(hostile))).toBe(true);
    }
  });
});

describe('parseJsonValueAt', () => {
  it('reads the one value at a position and says where it ends', () => {
    const script = 'var meta = {"product": {"id": 1}}; for (var attr in meta) {}';
    const at = script.indexOf('=') + 1;
    const read = parseJsonValueAt(script, at);
    expect(JSON.parse(JSON.stringify(read?.value))).toEqual({ product: { id: 1 } });
    expect(script.charAt(read?.end ?? 0)).toBe(';');
    expect(parseJsonValueAt("x = 'EUR';", 3)?.value).toBe('EUR');
    expect(parseJsonValueAt('x = ;', 3)).toBeNull();
    expect(parseJsonValueAt('x', 5)).toBeNull();
  });
});

describe('own', () => {
  it('reads own properties only', () => {
    expect(own({ a: 1 }, 'a')).toBe(1);
    expect(own({}, 'constructor')).toBeUndefined();
    expect(own([1], '0')).toBeUndefined();
    expect(own(null, 'a')).toBeUndefined();
  });
});
