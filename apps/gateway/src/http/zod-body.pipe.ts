import type { PipeTransform } from '@nestjs/common';
import { DomainError } from '@closetly/server';
import type { z } from 'zod';

export interface ZodPipeOptions {
  /**
   * NOT_FOUND for a route parameter that names something (an id): a malformed
   * id is simply not found, with the schema's message. Default: a 400 naming the field.
   */
  failure?: 'VALIDATION_FAILED' | 'NOT_FOUND';
}

/** Validates a request body, query or route parameter once, at the gateway, with the contract schema. */
export class ZodPipe<TSchema extends z.ZodType> implements PipeTransform<unknown, z.infer<TSchema>> {
  constructor(
    /** Read by the contract check (http-routes.spec.ts): a route validates with the map's own schema. */
    readonly schema: TSchema,
    private readonly options: ZodPipeOptions = {},
  ) {}

  transform(value: unknown): z.infer<TSchema> {
    const parsed = this.schema.safeParse(value ?? undefined);
    if (parsed.success) return parsed.data;
    if (this.options.failure === 'NOT_FOUND') throw new DomainError('NOT_FOUND', parsed.error.issues[0]?.message ?? 'Not found');
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.') || 'body';
      const messages = (fields[path] ??= []);
      // One rule can fail several checks with the same message (the password rule does); say it once.
      if (!messages.includes(issue.message)) messages.push(issue.message);
    }
    const first = Object.entries(fields)[0];
    throw new DomainError('VALIDATION_FAILED', first ? `${first[0]}: ${first[1][0]}` : 'Invalid request', fields);
  }
}
