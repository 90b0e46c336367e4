/**
 * HTML character references: named (`&amp;`, `&nbsp;`, `&eacute;`, `&rsquo;`,
 * the HTML 4 set and the punctuation names HTML 5 added), decimal (`&#39;`)
 * and hexadecimal (`&#x27;`), as browsers decode them in text and attribute
 * values:
 * - numeric references outside Unicode, surrogates and NUL become U+FFFD;
 *   128–159 are read as Windows-1252 (`&#146;` → ’), as browsers do;
 * - a missing semicolon is forgiven for numeric references and for the five
 *   everyday names (amp, lt, gt, quot, nbsp) when no letter, digit or "="
 *   follows (so "?a=1&copy=2" in a URL stays as written);
 * - unknown names are left as written.
 * One pass with a bounded pattern: linear in the text.
 */

const NAMED: ReadonlyMap<string, string> = new Map(
  Object.entries({
    amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0',
    iexcl: '¡', cent: '¢', pound: '£', curren: '¤', yen: '¥', brvbar: '¦', sect: '§', uml: '¨', copy: '©', ordf: 'ª',
    laquo: '«', not: '¬', shy: '\u00ad', reg: '®', macr: '¯', deg: '°', plusmn: '±', sup2: '²', sup3: '³', acute: '´',
    micro: 'µ', para: '¶', middot: '·', cedil: '¸', sup1: '¹', ordm: 'º', raquo: '»', frac14: '¼', frac12: '½',
    frac34: '¾', iquest: '¿', Agrave: 'À', Aacute: 'Á', Acirc: 'Â', Atilde: 'Ã', Auml: 'Ä', Aring: 'Å', AElig: 'Æ',
    Ccedil: 'Ç', Egrave: 'È', Eacute: 'É', Ecirc: 'Ê', Euml: 'Ë', Igrave: 'Ì', Iacute: 'Í', Icirc: 'Î', Iuml: 'Ï',
    ETH: 'Ð', Ntilde: 'Ñ', Ograve: 'Ò', Oacute: 'Ó', Ocirc: 'Ô', Otilde: 'Õ', Ouml: 'Ö', times: '×', Oslash: 'Ø',
    Ugrave: 'Ù', Uacute: 'Ú', Ucirc: 'Û', Uuml: 'Ü', Yacute: 'Ý', THORN: 'Þ', szlig: 'ß', agrave: 'à', aacute: 'á',
    acirc: 'â', atilde: 'ã', auml: 'ä', aring: 'å', aelig: 'æ', ccedil: 'ç', egrave: 'è', eacute: 'é', ecirc: 'ê',
    euml: 'ë', igrave: 'ì', iacute: 'í', icirc: 'î', iuml: 'ï', eth: 'ð', ntilde: 'ñ', ograve: 'ò', oacute: 'ó',
    ocirc: 'ô', otilde: 'õ', ouml: 'ö', divide: '÷', oslash: 'ø', ugrave: 'ù', uacute: 'ú', ucirc: 'û', uuml: 'ü',
    yacute: 'ý', thorn: 'þ', yuml: 'ÿ', OElig: 'Œ', oelig: 'œ', Scaron: 'Š', scaron: 'š', Yuml: 'Ÿ', fnof: 'ƒ',
    circ: 'ˆ', tilde: '˜', ensp: '\u2002', emsp: '\u2003', thinsp: '\u2009', zwnj: '\u200c', zwj: '\u200d',
    lrm: '\u200e', rlm: '\u200f', ndash: '–', mdash: '—', lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“', rdquo: '”',
    bdquo: '„', dagger: '†', Dagger: '‡', bull: '•', hellip: '…', permil: '‰', prime: '′', Prime: '″', lsaquo: '‹',
    rsaquo: '›', oline: '‾', frasl: '⁄', euro: '€', trade: '™', larr: '←', uarr: '↑', rarr: '→', darr: '↓',
    harr: '↔', minus: '−', lowast: '∗', infin: '∞', asymp: '≈', ne: '≠', le: '≤', ge: '≥', loz: '◊', spades: '♠',
    clubs: '♣', hearts: '♥', diams: '♦', star: '☆', starf: '★', check: '✓', cross: '✗',
    Alpha: 'Α', Beta: 'Β', Gamma: 'Γ', Delta: 'Δ', Epsilon: 'Ε', Zeta: 'Ζ', Eta: 'Η', Theta: 'Θ', Iota: 'Ι',
    Kappa: 'Κ', Lambda: 'Λ', Mu: 'Μ', Nu: 'Ν', Xi: 'Ξ', Omicron: 'Ο', Pi: 'Π', Rho: 'Ρ', Sigma: 'Σ', Tau: 'Τ',
    Upsilon: 'Υ', Phi: 'Φ', Chi: 'Χ', Psi: 'Ψ', Omega: 'Ω', alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ',
    epsilon: 'ε', zeta: 'ζ', eta: 'η', theta: 'θ', iota: 'ι', kappa: 'κ', lambda: 'λ', mu: 'μ', nu: 'ν', xi: 'ξ',
    omicron: 'ο', pi: 'π', rho: 'ρ', sigmaf: 'ς', sigma: 'σ', tau: 'τ', upsilon: 'υ', phi: 'φ', chi: 'χ', psi: 'ψ',
    omega: 'ω',
    Tab: '\t', NewLine: '\n', excl: '!', num: '#', dollar: '$', percnt: '%', lpar: '(', rpar: ')', ast: '*',
    plus: '+', comma: ',', period: '.', sol: '/', colon: ':', semi: ';', equals: '=', quest: '?', commat: '@',
    lsqb: '[', lbrack: '[', bsol: '\\', rsqb: ']', rbrack: ']', Hat: '^', lowbar: '_', grave: '`', lcub: '{',
    lbrace: '{', verbar: '|', vert: '|', rcub: '}', rbrace: '}', hyphen: '‐', dash: '‐', half: '½',
  }),
);

/** The names forgiven without a semicolon. */
const LEGACY = new Set(['amp', 'lt', 'gt', 'quot', 'nbsp', 'AMP', 'LT', 'GT', 'QUOT']);

/** Windows-1252 for the C1 range, as browsers read `&#128;`–`&#159;`. */
const WINDOWS_1252: ReadonlyMap<number, number> = new Map([
  [0x80, 0x20ac], [0x82, 0x201a], [0x83, 0x0192], [0x84, 0x201e], [0x85, 0x2026], [0x86, 0x2020], [0x87, 0x2021],
  [0x88, 0x02c6], [0x89, 0x2030], [0x8a, 0x0160], [0x8b, 0x2039], [0x8c, 0x0152], [0x8e, 0x017d], [0x91, 0x2018],
  [0x92, 0x2019], [0x93, 0x201c], [0x94, 0x201d], [0x95, 0x2022], [0x96, 0x2013], [0x97, 0x2014], [0x98, 0x02dc],
  [0x99, 0x2122], [0x9a, 0x0161], [0x9b, 0x203a], [0x9c, 0x0153], [0x9e, 0x017e], [0x9f, 0x0178],
]);

const REFERENCE = /&(?:#[xX]([0-9a-fA-F]{1,8})|#([0-9]{1,10})|([A-Za-z][A-Za-z0-9]{1,31}))(;?)/g;

function fromCodePoint(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(WINDOWS_1252.get(code) ?? code);
}

export function decodeEntities(text: string): string {
  if (text.indexOf('&') < 0) return text;
  return text.replace(REFERENCE, (whole: string, hex: string | undefined, decimal: string | undefined, name: string | undefined, semicolon: string, offset: number, all: string) => {
    if (hex !== undefined) return fromCodePoint(parseInt(hex, 16));
    if (decimal !== undefined) return fromCodePoint(Number(decimal));
    const named = NAMED.get(name as string) ?? NAMED.get((name as string).toLowerCase());
    if (named === undefined) return whole;
    if (semicolon === ';') return NAMED.get(name as string) ?? (LEGACY.has(name as string) ? named : whole);
    const next = all.charAt(offset + whole.length);
    return LEGACY.has(name as string) && !/[A-Za-z0-9=]/.test(next) ? named : whole;
  });
}
