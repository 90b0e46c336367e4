/** A media type as RFC 9110 §8.3.1 writes it: `type/subtype` and its parameters. */
export interface MediaType {
  /** `type/subtype`, lower case. */
  type: string;
  /** Parameter names lower case; values as sent (quotes and escapes removed). */
  parameters: Readonly<Record<string, string>>;
}

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_TYPE = new RegExp(`^(${TOKEN})/(${TOKEN})`);
const OWS = /^[ \t]*/;
const PARAMETER = new RegExp(`^(${TOKEN})=(?:(${TOKEN})|"((?:[\\t \\x21\\x23-\\x5b\\x5d-\\x7e\\x80-\\xff]|\\\\[\\t \\x21-\\x7e\\x80-\\xff])*)")`);

/**
 * Parses one Content-Type value strictly, or returns undefined. Exactly one
 * media type: anything that is not `type/subtype` followed by `; name=value`
 * parameters (a second type, a list, a bare word such as
 * `image/png; charset=UTF-8;text/html`, a repeated parameter) is refused
 * rather than guessed at, because a lenient reader and the browser could
 * disagree about what the body is.
 */
export function parseContentType(value: string | undefined): MediaType | undefined {
  if (value === undefined) return undefined;
  let rest = value.replace(OWS, '');
  const head = MEDIA_TYPE.exec(rest);
  if (!head) return undefined;
  const type = `${head[1] ?? ''}/${head[2] ?? ''}`.toLowerCase();
  rest = rest.slice(head[0].length);
  const parameters: Record<string, string> = {};
  for (;;) {
    rest = rest.replace(OWS, '');
    if (rest === '') return { type, parameters };
    if (!rest.startsWith(';')) return undefined;
    rest = rest.slice(1).replace(OWS, '');
    if (rest === '' || rest.startsWith(';')) continue; // RFC 9110 allows empty parameters
    const parameter = PARAMETER.exec(rest);
    if (!parameter) return undefined;
    const name = (parameter[1] ?? '').toLowerCase();
    if (Object.hasOwn(parameters, name)) return undefined;
    parameters[name] = parameter[2] ?? (parameter[3] ?? '').replace(/\\(.)/g, '$1');
    rest = rest.slice(parameter[0].length);
  }
}
