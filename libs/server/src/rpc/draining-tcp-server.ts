import { ServerTCP, type TcpOptions } from '@nestjs/microservices';

/**
 * Nest's TCP server, with a clean hand-over on shutdown. Nest's own `close()`
 * destroys every open socket at once, so a call that has committed its write
 * but not yet written its reply loses the reply (the gateway saw 503
 * "Connection closed" for saves that were stored). Here `drain()` first stops
 * accepting connections and new calls, waits for the calls in flight to send
 * their replies, and only then closes the sockets. A call that arrives while
 * draining is never started: its connection closes unanswered, which the
 * gateway's RPC client treats as safe to send again (to another replica).
 */
export class DrainingTcpServer extends ServerTCP {
  private inFlight = 0;
  private draining = false;
  private listening = false;
  private idle: (() => void) | undefined;

  constructor(options: Required<TcpOptions>['options']) {
    super(options);
  }

  /** Whether the server accepts calls: listening and not draining (a readiness check). */
  get accepting(): boolean {
    return this.listening && !this.draining;
  }

  /** Calls started and not yet answered. */
  get callsInFlight(): number {
    return this.inFlight;
  }

  override listen(callback: (err?: unknown, ...optionalParams: unknown[]) => void): void {
    super.listen((error?: unknown, ...rest: unknown[]) => {
      if (!error) this.listening = true;
      callback(error, ...rest);
    });
  }

  override async handleMessage(socket: Parameters<ServerTCP['handleMessage']>[0], rawMessage: unknown): Promise<unknown> {
    if (this.draining) return undefined;
    // Only a call (a packet with an id) is answered; an event (none) is not counted.
    const isCall = typeof rawMessage === 'object' && rawMessage !== null && (rawMessage as { id?: unknown }).id !== undefined;
    if (!isCall) return super.handleMessage(socket, rawMessage);
    this.inFlight += 1;
    let answered = false;
    const tracked = new Proxy(socket, {
      get: (target, key, receiver) => {
        if (key !== 'sendMessage') return Reflect.get(target, key, receiver) as unknown;
        return (message: unknown, callback?: (err?: unknown) => void) => {
          try {
            target.sendMessage(message, callback);
          } finally {
            if (!answered) this.finished();
            answered = true;
          }
        };
      },
    });
    try {
      return await super.handleMessage(tracked, rawMessage);
    } catch (error) {
      if (!answered) this.finished();
      answered = true;
      throw error;
    }
  }

  /**
   * Stops taking calls, lets those in flight answer (at most `graceMs`), then closes every socket.
   * Idempotent; `close()` (Nest's, at the end of app.close()) drains too if nobody did before.
   */
  async drain(graceMs = 10_000): Promise<void> {
    if (!this.draining) {
      this.draining = true;
      // Stop accepting connections; open ones stay until their calls have answered.
      (this.server as { close?: () => void } | undefined)?.close?.();
    }
    if (this.inFlight > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, graceMs);
        this.idle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  override async close(): Promise<void> {
    await this.drain();
    super.close();
  }

  private finished(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (this.inFlight === 0) this.idle?.();
  }
}
