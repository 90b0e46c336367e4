import type { PipeTransform } from '@nestjs/common';
import { DomainError } from '@closetly/server';
import type { z } from 'zod';

/** Validates a request body (or query) once, at the gateway, with the contract schema. */
export class ZodPipe<TSchema extends z.ZodType> implements PipeTransform<unknown, z.infer<TSchema>> {
  constructor(private readonly schema: TSchema) {}

  transform(value: unknown): z.infer<TSchema> {
    const parsed = this.schema.safeParse(value ?? undefined);
    if (parsed.success) return parsed.data;
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
