import 'reflect-metadata';
import { createInterface } from 'node:readline';
import { Logger } from '@nestjs/common';
import { drizzleFor, openConnection } from '@closetly/server';
import { referencePass, refreshPass, refreshWorker } from '../apps/pages/test/support/refresh-capacity';

/**
 * One process of the refresh capacity bench (scripts/bench-page-watch.ts): a
 * page-watch replica on the bench's PostgreSQL database (BENCH_DATABASE_URL,
 * a pool of 10 as a service has), or the reference client, as the bench asks
 * on stdin, one JSON command a line; each answer is one JSON line on stdout.
 * In a process of its own so replicas, and the reference, each have a core's
 * worth of event loop as deployed replicas would, and its CPU time is its own.
 */
export type WorkerCommand =
  | { kind: 'refresh'; testHosts: string; paceMs?: number; seconds: number }
  | { kind: 'reference'; hosts: number; pages: number; listeners: Array<[string, { address: string; port: number }]>; conditional: boolean; seconds: number }
  | { kind: 'exit' };

async function main(): Promise<void> {
  Logger.overrideLogger(false);
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is not set');
  const connection = await openConnection({ mode: 'distributed', dataDir: ':memory:', databaseUrl, poolSize: 10 });
  const db = drizzleFor(connection);
  const answer = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
  answer({ ready: true });
  for await (const line of createInterface({ input: process.stdin })) {
    const command = JSON.parse(line) as WorkerCommand;
    if (command.kind === 'exit') break;
    if (command.kind === 'refresh') {
      answer(await refreshPass(refreshWorker(db, { testHosts: command.testHosts, ...(command.paceMs === undefined ? {} : { paceMs: command.paceMs }) }), command.seconds));
    } else {
      answer(await referencePass({ hosts: command.hosts, pages: command.pages, listeners: new Map(command.listeners) }, command));
    }
  }
  await connection.close();
  process.exit(0); // stdin's reader would keep the process alive
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
