import { imageFailureError, prefersJson } from '../../src/images/image-errors';

describe('prefersJson', () => {
  it.each([
    ['application/json', true],
    ['Application/JSON; charset=utf-8', true],
    ['application/json, */*;q=0.5', true],
    ['application/json, image/*;q=0.5', true],
    ['image/webp;q=0.5, application/json;q=0.9', true],
    ['image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', false],
    ['image/webp,*/*', false],
    ['*/*', false],
    ['', false],
    [undefined, false],
    ['application/json, image/*', false],
    ['application/json;q=0, */*', false],
    ['application/json;q=abc', false],
  ])('%p → %p', (accept, expected) => {
    expect(prefersJson(accept)).toBe(expected);
  });
});

describe('imageFailureError', () => {
  it.each([
    [{ kind: 'unavailable', reason: 'not-an-image' }, 'VALIDATION_FAILED'],
    [{ kind: 'unavailable', reason: 'not-decodable' }, 'VALIDATION_FAILED'],
    [{ kind: 'refused', reason: 'port-not-allowed' }, 'FORBIDDEN'],
    [{ kind: 'refused', reason: 'forbidden-address' }, 'FORBIDDEN'],
    [{ kind: 'unavailable', reason: 'too-large' }, 'NOT_FOUND'],
    [{ kind: 'unavailable', reason: 'timeout' }, 'NOT_FOUND'],
    [{ kind: 'not-found', reason: 'not-found' }, 'NOT_FOUND'],
  ] as const)('%p → %s', (failure, code) => {
    expect(imageFailureError(failure).code).toBe(code);
  });

  it('names the url parameter for a non-image', () => {
    expect(imageFailureError({ kind: 'unavailable', reason: 'not-an-image' }).details).toEqual({ url: [expect.stringContaining('does not point to an image')] });
  });
});
