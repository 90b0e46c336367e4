/**
 * Setup for the web app's component tests (jsdom): Testing Library's matchers-free style (plain
 * `expect`), jest-axe's `toHaveNoViolations`, and the few browser APIs jsdom lacks that the components
 * reach for (media queries, observers, scrolling).
 */
import { expect } from '@jest/globals';
import { toHaveNoViolations } from 'jest-axe';
import { TextDecoder, TextEncoder } from 'node:util';

expect.extend(toHaveNoViolations);

/** The jsdom globals filled in here, typed for this file: the Node tsconfig that checks it has no DOM library. */
const { window, Element } = globalThis as unknown as {
  window: Record<string, unknown> & { matchMedia?: (query: string) => object; scrollTo: () => void };
  Element: { prototype: { scrollIntoView?: () => void } };
};

Object.assign(globalThis, {
  __VITE_ENV__: { PROD: false, DEV: true, MODE: 'test', BASE_URL: '/' },
  IS_REACT_ACT_ENVIRONMENT: true,
});

if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

class InertObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}
for (const name of ['ResizeObserver', 'IntersectionObserver'] as const) {
  if (!(name in window)) Object.assign(window, { [name]: InertObserver });
}
// react-router and the live events client encode and decode text; jsdom has neither class.
Object.assign(globalThis, { TextEncoder: globalThis.TextEncoder ?? TextEncoder, TextDecoder: globalThis.TextDecoder ?? TextDecoder });
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
