import { decodeEntities } from './html/entities';

/**
 * JSON as shops really write it in `<script type="application/ld+json">` and
 * inline scripts, read without ever throwing:
 * - valid JSON goes through `JSON.parse` (fast, exact);
 * - otherwise a forgiving reader takes: `//` and block comments, HTML comment
 *   and CDATA wrappers (`<!--`, `//<![CDATA[ … //]]>`), trailing or doubled
 *   commas, a missing comma between members, raw newlines, tabs and other
 *   control characters inside strings, single-quoted strings, unquoted keys
 *   (`{product: …}`), unknown escapes (`\'`, `\x41`), `undefined`, `NaN`,
 *   `Infinity` (as null), several values one after another (`{…}{…}`,
 *   `{…},{…}`, `{…};`), and input that stops half-way (what was read so far
 *   is kept);
 * - text whose quotes are all HTML-escaped (`{&quot;name&quot;: …}`) is
 *   entity-decoded first.
 * Anything else is skipped a character at a time, so every step moves
 * forward and the reader is linear in its input. Objects deeper than
 * `MAX_DEPTH` are skipped (read as null) instead of growing the stack.
 *
 * Objects made by the forgiving reader have no prototype, so a key named
 * "__proto__" or "constructor" is only data. Read values with `own()`.
 */

const MAX_DEPTH = 64;
/** Most top-level values read from one text. */
const MAX_VALUES = 64;

/** Nothing was read here. */
const NOTHING: unique symbol = Symbol('nothing');

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Every value in the text, in order; [] when there is none. */
export function parseJsonValues(text: string): unknown[] {
  if (typeof text !== 'string') return [];
  const trimmed = stripWrappers(text);
  if (trimmed === '') return [];
  try {
    return [JSON.parse(trimmed) as unknown];
  } catch {
    // fall through to the forgiving reader
  }
  const source = trimmed.indexOf('"') < 0 && /&(quot|#34|#x22);/i.test(trimmed) ? decodeEntities(trimmed) : trimmed;
  const reader = new LenientReader(source);
  return reader.values();
}

/** The one value that starts at `start` (after spaces and comments), and where it ends; null when none does. */
export function parseJsonValueAt(text: string, start: number): { value: unknown; end: number } | null {
  if (typeof text !== 'string' || start < 0 || start >= text.length) return null;
  const reader = new LenientReader(text, start);
  const value = reader.valueAtCursor();
  return value === NOTHING ? null : { value, end: reader.position };
}

/** An own property of a JSON object, whatever its prototype; undefined for anything else. */
export function own(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Wrappers around a whole script: spaces, `<!-- -->`, CDATA markers. */
function stripWrappers(text: string): string {
  let result = text.trim();
  for (const [open, close] of [['<!--', '-->'], ['<![CDATA[', ']]>'], ['//<![CDATA[', '//]]>'], ['/*<![CDATA[*/', '/*]]>*/']] as const) {
    if (result.startsWith(open)) result = result.slice(open.length).trim();
    if (result.endsWith(close)) result = result.slice(0, -close.length).trim();
  }
  return result;
}

const isDigit = (code: number): boolean => code >= 48 && code <= 57;
const isIdentifierChar = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 36 || code > 127;

class LenientReader {
  private i: number;
  private readonly s: string;

  constructor(text: string, start = 0) {
    this.s = text;
    this.i = start;
  }

  get position(): number {
    return this.i;
  }

  values(): unknown[] {
    const found: unknown[] = [];
    while (this.i < this.s.length && found.length < MAX_VALUES) {
      this.skipSpace();
      const code = this.s.charCodeAt(this.i);
      if (code === 44 || code === 59 || code === 93 || code === 125) {
        this.i++; // separators and stray closers between values: , ; ] }
        continue;
      }
      if (this.i >= this.s.length) break;
      const before = this.i;
      const value = this.value(0);
      if (value !== NOTHING && typeof value === 'object' && value !== null) found.push(value);
      if (this.i === before) this.i++;
    }
    return found;
  }

  valueAtCursor(): unknown {
    this.skipSpace();
    return this.value(0);
  }

  /** Spaces, comments, HTML comment markers and CDATA markers. */
  private skipSpace(): void {
    const s = this.s;
    while (this.i < s.length) {
      const code = s.charCodeAt(this.i);
      if (code <= 32 || code === 0xa0 || code === 0xfeff || code === 0x2028 || code === 0x2029) {
        this.i++;
      } else if (code === 47 /* / */ && s.charCodeAt(this.i + 1) === 47) {
        const end = s.indexOf('\n', this.i + 2);
        this.i = end < 0 ? s.length : end + 1;
      } else if (code === 47 && s.charCodeAt(this.i + 1) === 42 /* * */) {
        const end = s.indexOf('*/', this.i + 2);
        this.i = end < 0 ? s.length : end + 2;
      } else if (s.startsWith('<!--', this.i)) {
        this.i += 4;
      } else if (s.startsWith('-->', this.i)) {
        this.i += 3;
      } else if (s.startsWith('<![CDATA[', this.i)) {
        this.i += 9;
      } else if (s.startsWith(']]>', this.i)) {
        this.i += 3;
      } else {
        return;
      }
    }
  }

  /** Past characters that can neither start a value nor end a container ("@@@", "###"). */
  private skipJunk(): void {
    const s = this.s;
    for (;;) {
      this.skipSpace();
      const code = s.charCodeAt(this.i);
      if (this.i >= s.length || code === 44 || code === 93 || code === 125 || code === 123 || code === 91 || code === 34 || code === 39) return;
      if (isDigit(code) || code === 45 || code === 43 || code === 46 || isIdentifierChar(code)) return;
      this.i++;
    }
  }

  private value(depth: number): unknown {
    this.skipSpace();
    const code = this.s.charCodeAt(this.i);
    if (code === 123 /* { */) return depth >= MAX_DEPTH ? this.skipNested() : this.object(depth + 1);
    if (code === 91 /* [ */) return depth >= MAX_DEPTH ? this.skipNested() : this.array(depth + 1);
    if (code === 34 || code === 39) return this.string(code);
    if (isDigit(code) || code === 45 || code === 43 || code === 46) return this.number();
    if (isIdentifierChar(code)) return this.identifier();
    return NOTHING;
  }

  private object(depth: number): Record<string, unknown> {
    const result = Object.create(null) as Record<string, unknown>;
    const s = this.s;
    this.i++; // {
    while (this.i < s.length) {
      this.skipSpace();
      const code = s.charCodeAt(this.i);
      if (code === 125 /* } */) {
        this.i++;
        return result;
      }
      if (code === 44 /* , */ || code === 93 /* stray ] */) {
        this.i++;
        continue;
      }
      let key: string;
      if (code === 34 || code === 39) key = this.string(code);
      else if (isIdentifierChar(code) || code === 64 /* @ */) key = this.identifierText(true);
      else {
        this.i++; // junk where a key should be
        continue;
      }
      this.skipSpace();
      const separator = s.charCodeAt(this.i);
      if (separator === 58 /* : */ || separator === 61 /* = */) this.i++;
      else if (separator === 44 || separator === 125) continue; // a key without a value
      this.skipJunk();
      const value = this.value(depth);
      if (value !== NOTHING) result[key] = value;
    }
    return result; // the input ended inside the object: keep what was read
  }

  private array(depth: number): unknown[] {
    const result: unknown[] = [];
    const s = this.s;
    this.i++; // [
    while (this.i < s.length) {
      this.skipSpace();
      const code = s.charCodeAt(this.i);
      if (code === 93 /* ] */) {
        this.i++;
        return result;
      }
      if (code === 44 || code === 125 /* stray } */ || code === 58 /* stray : */) {
        this.i++;
        continue;
      }
      const before = this.i;
      const value = this.value(depth);
      if (value !== NOTHING) result.push(value);
      else if (this.i === before) this.i++; // junk
    }
    return result;
  }

  private string(quoteCode: number): string {
    const s = this.s;
    const parts: string[] = [];
    let i = this.i + 1;
    let chunk = i;
    while (i < s.length) {
      const code = s.charCodeAt(i);
      if (code === quoteCode) {
        parts.push(s.slice(chunk, i));
        this.i = i + 1;
        return parts.join('');
      }
      if (code !== 92 /* \ */) {
        i++;
        continue;
      }
      parts.push(s.slice(chunk, i));
      const escaped = s.charAt(i + 1);
      i += 2;
      switch (escaped) {
        case 'n': parts.push('\n'); break;
        case 't': parts.push('\t'); break;
        case 'r': parts.push('\r'); break;
        case 'b': parts.push('\b'); break;
        case 'f': parts.push('\f'); break;
        case 'v': parts.push('\v'); break;
        case '0': parts.push('\0'); break;
        case '\r':
        case '\n': break; // a line continuation
        case 'u':
        case 'x': {
          const size = escaped === 'u' ? 4 : 2;
          const hex = s.slice(i, i + size);
          if (hex.length === size && /^[0-9a-fA-F]+$/.test(hex)) {
            parts.push(String.fromCharCode(parseInt(hex, 16)));
            i += size;
          } else {
            parts.push(escaped);
          }
          break;
        }
        default: parts.push(escaped); // \" \\ \/ \' and unknown escapes: the character itself
      }
      chunk = i;
    }
    parts.push(s.slice(chunk, Math.min(i, s.length)));
    this.i = s.length;
    return parts.join('');
  }

  private number(): number | null {
    const s = this.s;
    const start = this.i;
    let i = start;
    if (s.charCodeAt(i) === 45 || s.charCodeAt(i) === 43) i++;
    while (isDigit(s.charCodeAt(i))) i++;
    if (s.charCodeAt(i) === 46) {
      i++;
      while (isDigit(s.charCodeAt(i))) i++;
    }
    if (s.charCodeAt(i) === 101 || s.charCodeAt(i) === 69) {
      let j = i + 1;
      if (s.charCodeAt(j) === 45 || s.charCodeAt(j) === 43) j++;
      if (isDigit(s.charCodeAt(j))) {
        while (isDigit(s.charCodeAt(j))) j++;
        i = j;
      }
    }
    if (i === start) i++;
    this.i = i;
    const value = Number(s.slice(start, i));
    return Number.isFinite(value) ? value : null;
  }

  private identifier(): unknown {
    const word = this.identifierText(false);
    switch (word) {
      case 'true': return true;
      case 'false': return false;
      case 'null':
      case 'undefined':
      case 'NaN':
      case 'Infinity': return null;
      default: return word; // an unquoted word: kept as text
    }
  }

  private identifierText(key: boolean): string {
    const s = this.s;
    const start = this.i;
    let i = start;
    while (i < s.length) {
      const code = s.charCodeAt(i);
      if (isIdentifierChar(code) || (key && (code === 64 /* @ */ || code === 45 /* - */))) i++;
      else break;
    }
    if (i === start) i++;
    this.i = i;
    return s.slice(start, i);
  }

  /** Past a container too deep to read, strings respected; null. */
  private skipNested(): null {
    const s = this.s;
    let depth = 0;
    while (this.i < s.length) {
      const code = s.charCodeAt(this.i);
      if (code === 34 || code === 39) {
        this.string(code);
        continue;
      }
      this.i++;
      if (code === 123 || code === 91) depth++;
      else if (code === 125 || code === 93) {
        depth--;
        if (depth <= 0) return null;
      }
    }
    return null;
  }
}
