import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { currentContext } from './context';

/**
 * One pino root logger per process, JSON lines on stdout. Every line carries
 * the correlation id of the work in progress. Secrets are redacted by path.
 */
export function createRootLogger(level: string, base: Record<string, unknown> = {}): Logger {
  return pino({
    level,
    base: { pid: process.pid, ...base },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const context = currentContext();
      return context ? { correlationId: context.correlationId } : {};
    },
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'authorization', '*.authorization', 'email', '*.email', 'code', '*.code'],
      censor: '[redacted]',
    },
  });
}

/** Nest's logger interface on top of pino, so framework lines are JSON too. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.write('info', message, context);
  }
  error(message: unknown, traceOrContext?: string, context?: string): void {
    const hasTrace = context !== undefined;
    this.logger.error(
      { context: hasTrace ? context : traceOrContext, ...(hasTrace && traceOrContext ? { stack: traceOrContext } : {}) },
      String(message instanceof Error ? message.message : message),
    );
  }
  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string): void {
    this.write('trace', message, context);
  }

  private write(level: 'info' | 'warn' | 'debug' | 'trace', message: unknown, context?: string): void {
    if (typeof message === 'object' && message !== null) this.logger[level]({ context, ...message });
    else this.logger[level]({ context }, String(message));
  }
}
