import { type IncomingHttpHeaders, request } from 'node:http';
import { ApiErrorBody, AuthSession, BETA_TOKEN_HEADER, type SignUpRequest } from '@closetly/contracts';
import { newAccount } from './factories';

/** One answer from the gateway: status, headers and the body (parsed JSON, the text otherwise, null when empty). */
export interface ApiResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface CallOptions {
  /** Sent as `Authorization: Bearer <token>`. */
  bearer?: string;
  /** Extra or overriding headers (a forged Host, another content type). */
  headers?: Record<string, string>;
  /** Sent as is instead of JSON-encoding the body (malformed JSON). */
  rawBody?: string;
}

let lastClientAddress = 0;

/**
 * A distinct loopback address (127.0.x.y, Linux routes all of 127/8 to lo).
 * The gateway rate-limits per client address, so each test plays its own
 * device and the suite's own calls never add up to another test's limit.
 */
export function nextClientAddress(): string {
  lastClientAddress += 1;
  const n = lastClientAddress;
  return `127.0.${1 + Math.floor(n / 250)}.${2 + (n % 250)}`;
}

/**
 * A tiny client of the product's /api: sends the beta token on every call,
 * from its own client address, and records what each call answered.
 */
export class ApiClient {
  /** Every exchange, in order, for failure messages. */
  readonly calls: Array<{ method: string; path: string; status: number; body: unknown }> = [];

  constructor(
    private readonly baseUrl: string,
    private readonly betaToken: string,
    readonly clientAddress: string = nextClientAddress(),
  ) {}

  get(path: string, options: CallOptions = {}): Promise<ApiResponse> {
    return this.send('GET', path, undefined, options);
  }

  post(path: string, body: unknown, options: CallOptions = {}): Promise<ApiResponse> {
    return this.send('POST', path, body, options);
  }

  send(method: string, path: string, body: unknown, options: CallOptions = {}): Promise<ApiResponse> {
    const url = new URL(path, this.baseUrl);
    const payload = options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    const headers: Record<string, string> = {
      [BETA_TOKEN_HEADER]: this.betaToken,
      ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
      ...(options.bearer === undefined ? {} : { authorization: `Bearer ${options.bearer}` }),
      ...options.headers,
    };
    return new Promise<ApiResponse>((resolve, reject) => {
      const call = request(
        { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, localAddress: this.clientAddress, agent: false },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const json = String(response.headers['content-type'] ?? '').includes('application/json');
            let parsed: unknown = text.length === 0 ? null : text;
            if (json && text.length > 0) parsed = JSON.parse(text) as unknown;
            const answer: ApiResponse = { status: response.statusCode ?? 0, headers: response.headers, body: parsed };
            this.calls.push({ method, path, status: answer.status, body: answer.body });
            resolve(answer);
          });
        },
      );
      call.on('error', reject);
      call.end(payload);
    });
  }
}

/** The `{ error }` of an error answer, checked against the contract. */
export function errorOf(response: ApiResponse): ApiErrorBody['error'] {
  const parsed = ApiErrorBody.safeParse(response.body);
  if (!parsed.success) throw new Error(`expected an error body, got ${response.status} ${JSON.stringify(response.body)}`);
  return parsed.data.error;
}

/** The session of a successful sign-up, sign-in or refresh, checked against the contract. */
export function sessionOf(response: ApiResponse): AuthSession {
  const parsed = AuthSession.safeParse(response.body);
  if (!parsed.success) throw new Error(`expected a session, got ${response.status} ${JSON.stringify(response.body)}`);
  return parsed.data;
}

/** Signs a new account up through `client` (201 expected) and returns it with its session. */
export async function signUp(client: ApiClient, account: SignUpRequest = newAccount()): Promise<{ account: SignUpRequest; session: AuthSession }> {
  const response = await client.post('/api/auth/signup', account);
  expect({ status: response.status, body: response.body }).toMatchObject({ status: 201 });
  return { account, session: sessionOf(response) };
}
