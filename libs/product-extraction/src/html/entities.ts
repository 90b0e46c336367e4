import { decodeHTMLAttribute } from 'entities/decode';

/**
 * HTML character references in a value taken out of its markup (a JSON-LD
 * name, an HTML-escaped script), decoded by the `entities` package (the one
 * htmlparser2's tokenizer decodes text and attributes with): every HTML
 * named reference, decimal and hexadecimal ones; numeric references outside
 * Unicode, surrogates and NUL become U+FFFD and 128–159 are read as
 * Windows-1252 (`&#146;` → ’), as browsers do. Decoded as an attribute
 * value is, the cautious way: a name without its semicolon is read only
 * when no letter, digit or "=" follows (so "?a=1&copy=2" in a URL stays as
 * written); unknown names are left as written. Linear in the text.
 */
export function decodeEntities(text: string): string {
  return text.indexOf('&') < 0 ? text : decodeHTMLAttribute(text);
}
