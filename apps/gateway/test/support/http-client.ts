import { Agent, type IncomingHttpHeaders, request } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Parsed JSON when the answer says it is JSON, the text otherwise. */
  body: unknown;
}

export interface Call {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as JSON (with its content type) unless `rawBody` is given. */
  body?: unknown;
  rawBody?: string;
}

let lastAddress = 0;

/** A loopback address of its own (Linux routes all of 127/8 to lo): the gateway sees a distinct client. */
export function nextClientAddress(): string {
  lastAddress += 1;
  return `127.1.${Math.floor(lastAddress / 250)}.${2 + (lastAddress % 250)}`;
}

/**
 * One client of the gateway, calling from its own address over kept-alive
 * connections (hundreds of calls stay cheap). Headers arrive as sent, TRACE included.
 */
export class Client {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 8 });

  constructor(
    private readonly baseUrl: string,
    readonly address: string = nextClientAddress(),
  ) {}

  send(path: string, call: Call = {}): Promise<Answer> {
    const url = new URL(path, this.baseUrl);
    const payload = call.rawBody ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
    const headers: Record<string, string> = {
      ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
      ...call.headers,
    };
    return new Promise<Answer>((resolve, reject) => {
      const outgoing = request(
        { host: url.hostname, port: url.port, path: url.pathname + url.search, method: call.method ?? 'GET', headers, localAddress: this.address, agent: this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const json = String(response.headers['content-type'] ?? '').includes('application/json') && text.length > 0;
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: json ? (JSON.parse(text) as unknown) : text });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
