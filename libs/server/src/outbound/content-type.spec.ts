import { parseContentType } from './content-type';

describe('parseContentType', () => {
  it.each([
    ['image/png', { type: 'image/png', parameters: {} }],
    ['IMAGE/PNG', { type: 'image/png', parameters: {} }],
    ['image/jpeg; charset=binary', { type: 'image/jpeg', parameters: { charset: 'binary' } }],
    ['text/html;charset=UTF-8', { type: 'text/html', parameters: { charset: 'UTF-8' } }],
    ['text/html ; Charset="utf-8" ', { type: 'text/html', parameters: { charset: 'utf-8' } }],
    ['text/html; charset=utf-8;', { type: 'text/html', parameters: { charset: 'utf-8' } }],
    ['text/plain; a="x\\"y"; b=2', { type: 'text/plain', parameters: { a: 'x"y', b: '2' } }],
  ])('reads %j', (value, expected) => {
    expect(parseContentType(value)).toEqual(expected);
  });

  it.each([
    'image/png; charset=UTF-8;text/html',
    'image/png, text/html',
    'image/png text/html',
    'image/png; charset',
    'image/png; charset=UTF-8; charset=latin1',
    'image/png; =x',
    'image/png; a="unterminated',
    'image/png; a=b c',
    'image',
    'image/',
    '/png',
    '',
    'image/png\u0000',
    'image/pn g',
  ])('refuses %j', (value) => {
    expect(parseContentType(value)).toBeUndefined();
  });

  it('has nothing to read without a header', () => {
    expect(parseContentType(undefined)).toBeUndefined();
  });
});
