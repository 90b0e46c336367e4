/** One dispatched Server-Sent Events message: its `event:` name, its joined `data:` lines, and the id in force. */
export interface SseMessage {
  event: string;
  data: string;
  /** The last `id:` seen on the stream so far (SSE's "last event ID buffer"); null when none came yet. */
  id: string | null;
}

export interface SseParserHandlers {
  onMessage(message: SseMessage): void;
  /** A `retry:` field with a valid number of milliseconds. */
  onRetry?(milliseconds: number): void;
  /** A comment line (`: heartbeat`), without its leading colon. */
  onComment?(text: string): void;
}

/**
 * An incremental parser for the text/event-stream format (WHATWG HTML §9.2.6): feed it decoded text
 * in chunks of any size; lines may end in CRLF, LF or CR and may be split anywhere across chunks.
 */
export class SseParser {
  private pending = '';
  /** A chunk ended in CR: a LF at the start of the next one belongs to the same line end. */
  private skipLeadingLf = false;
  private eventName = '';
  private dataLines: string[] = [];
  private idBuffer: string | null;

  constructor(
    private readonly handlers: SseParserHandlers,
    initialId: string | null = null,
  ) {
    this.idBuffer = initialId;
  }

  feed(text: string): void {
    let start = 0;
    if (this.skipLeadingLf && text.startsWith('\n')) start = 1;
    this.skipLeadingLf = false;
    for (let index = start; index < text.length; index++) {
      const char = text.charCodeAt(index);
      if (char !== 0x0a && char !== 0x0d) continue;
      const line = this.pending + text.slice(start, index);
      this.pending = '';
      if (char === 0x0d) {
        if (index + 1 === text.length) this.skipLeadingLf = true;
        else if (text.charCodeAt(index + 1) === 0x0a) index++;
      }
      start = index + 1;
      this.line(line);
    }
    this.pending += text.slice(start);
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) {
      this.handlers.onComment?.(line.slice(1).trimStart());
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.eventName = value;
        break;
      case 'data':
        this.dataLines.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.idBuffer = value === '' ? null : value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.handlers.onRetry?.(Number(value));
        break;
      default:
        // Unknown fields are ignored, as the format requires.
        break;
    }
  }

  private dispatch(): void {
    const data = this.dataLines;
    const event = this.eventName || 'message';
    this.dataLines = [];
    this.eventName = '';
    if (data.length === 0) return;
    this.handlers.onMessage({ event, data: data.join('\n'), id: this.idBuffer });
  }
}
