import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { Logger } from '@nestjs/common';
import { drizzleFor, migrateService, openConnection } from '@closetly/server';
import { createTestDatabase } from '@closetly/testing';
import { type FakeRetailer, type HostStats, startFakeRetailer } from '../apps/pages/test/support/fake-retailer';
import {
  defaultPace,
  makeEveryPageDueUnread,
  makeEveryPageDueKnown,
  paceBound,
  perHour,
  requestsPerPace,
  type ReferencePass,
  type RefreshPass,
  scheduleBound,
  seedRetailerPages,
} from '../apps/pages/test/support/refresh-capacity';
import type { WorkerCommand } from './bench-page-watch-worker';

/**
 * Page watch's refresh capacity (issue 25, "Stated capacity"):
 * BENCH_PAGE_WATCH_PAGES (10,000) product pages of a local fake retailer over
 * BENCH_PAGE_WATCH_HOSTS (8) hosts, each its own loopback listener, seeded
 * due in one PostgreSQL database, read by page-watch replicas, each a process
 * of its own (scripts/bench-page-watch-worker.ts: a PagesService with its
 * own fetcher and pace, batch after batch).
 *
 * The reference, in the same run: the retailer's own ceiling, a plain
 * keep-alive client reading the same pages with the fetcher's allowance per
 * host (one request at a time), every host at once, in full and with each
 * page's ETag (304).
 *
 * Measured, for 1 and BENCH_PAGE_WATCH_REPLICAS (2) replicas:
 *  - unpaced (the worker's own ceiling: extraction, database, outbox), for
 *    BENCH_PAGE_WATCH_SECONDS (6) each: first reads, then conditional
 *    re-reads of pages read before (304s, a refresh's steady state);
 *  - at the default pace per host (PAGE_WATCH_PACE_MS) for
 *    BENCH_PAGE_WATCH_PACED_SECONDS (10; the batch under way is finished),
 *    projected to an hour, beside what the pace alone allows
 *    (hosts ÷ pace) and what today's schedule allows (PAGE_WATCH_BATCH per
 *    interval); the fake retailer times every request, so a host read by two
 *    replicas at once shows as more than one request a pace.
 * BENCH_PAGE_WATCH_PAGE_KB (200) sets each page's weight. A longer run:
 * BENCH_PAGE_WATCH_PACED_SECONDS=600 BENCH_PAGE_WATCH_SECONDS=60.
 */
const PAGES = Number(process.env.BENCH_PAGE_WATCH_PAGES ?? 10_000);
const HOSTS = Number(process.env.BENCH_PAGE_WATCH_HOSTS ?? 8);
const PAGE_KB = Number(process.env.BENCH_PAGE_WATCH_PAGE_KB ?? 200);
const SECONDS = Number(process.env.BENCH_PAGE_WATCH_SECONDS ?? 6);
const PACED_SECONDS = Number(process.env.BENCH_PAGE_WATCH_PACED_SECONDS ?? 10);
const REPLICAS = Number(process.env.BENCH_PAGE_WATCH_REPLICAS ?? 2);
const REPLICA_COUNTS = [...new Set([1, REPLICAS])];
/** A worker at the default pace should lose little to its batches: at least this share of hosts ÷ pace. */
const MIN_SHARE_OF_PACE = 0.8;
/**
 * A host read by one replica gets at most a request per pace; by two at once, about twice that. Arrival
 * times jitter on a busy machine (a single replica's least gap has been 1.87 s at a 2 s pace), so the rate
 * over the whole pass is what is judged, with this much slack.
 */
const RATE_SLACK = 1.05;

const MIGRATIONS = join(__dirname, '..', 'apps', 'pages', 'src', 'db', 'migrations');

/** A worker process and its one-command-at-a-time conversation. */
class WorkerProcess {
  private readonly answers: Array<(line: string) => void> = [];

  private constructor(private readonly child: ChildProcessByStdio<Writable, Readable, null>) {
    createInterface({ input: child.stdout }).on('line', (line) => this.answers.shift()?.(line));
  }

  static async start(databaseUrl: string): Promise<WorkerProcess> {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', join(__dirname, 'bench-page-watch-worker.ts')], {
      cwd: join(__dirname, '..'),
      env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const worker = new WorkerProcess(child);
    const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`a page-watch worker exited (${code})`))));
    await Promise.race([worker.next(), exited]);
    exited.catch(() => undefined);
    return worker;
  }

  ask<T>(command: WorkerCommand): Promise<T> {
    const answer = this.next();
    this.child.stdin.write(`${JSON.stringify(command)}\n`);
    return answer.then((line) => JSON.parse(line) as T);
  }

  /** Asks the worker to close its database connection and exit; ends it after 10 s otherwise. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.stdin.write(`${JSON.stringify({ kind: 'exit' })}\n`);
    const timer = setTimeout(() => this.child.kill(), 10_000);
    await exited;
    clearTimeout(timer);
  }

  private next(): Promise<string> {
    return new Promise((resolve) => this.answers.push(resolve));
  }
}

interface Phase {
  read: number;
  perSecond: number;
  cpuMsPerPage: number;
  /** Every page answered at most once in the phase: no two replicas took one page. */
  eachOnce: boolean;
  hosts: HostStats[];
}

/** What `passes` run side by side came to, as the retailer saw it too. */
function phaseOf(passes: RefreshPass[], retailer: FakeRetailer): Phase {
  const read = passes.reduce((sum, pass) => sum + pass.read, 0);
  const seconds = Math.max(...passes.map((pass) => pass.seconds));
  const cpuMs = passes.reduce((sum, pass) => sum + pass.cpuMs, 0);
  return { read, perSecond: read / seconds, cpuMsPerPage: cpuMs / Math.max(1, read), eachOnce: retailer.reads.every((reads) => reads <= 1), hosts: retailer.stats() };
}

const leastGapMs = (hosts: HostStats[]) => Math.min(...hosts.map((host) => host.minGapMs));
const busiestHostPerPace = (hosts: HostStats[], paceMs: number) => Math.max(...hosts.map((host) => requestsPerPace(host, paceMs)));
const mostInFlight = (hosts: HostStats[]) => Math.max(...hosts.map((host) => host.maxInFlight));
const progress = (what: string) => process.stdout.write(`Page watch: ${what}...\n`);
const whole = (value: number) => Math.round(value).toLocaleString('en');
const rate = (value: number) => `${value >= 100 ? whole(value) : value.toFixed(2)} pages/s`;

export async function benchPageWatch(): Promise<Array<[string, boolean]>> {
  Logger.overrideLogger(false);
  const pace = defaultPace();
  process.stdout.write(
    `\nPage watch refresh capacity: ${PAGES.toLocaleString('en')} product pages (${PAGE_KB} KB each) over ${HOSTS} hosts of a local retailer, PostgreSQL, 1 and ${REPLICAS} replicas\n`,
  );
  const database = await createTestDatabase('closetly_bench_pages');
  const connection = await openConnection({ mode: 'distributed', dataDir: ':memory:', databaseUrl: database.url, poolSize: 2 });
  const db = drizzleFor(connection);
  const retailer = await startFakeRetailer({ hosts: HOSTS, pages: PAGES, pageBytes: PAGE_KB * 1024 });
  const workers: WorkerProcess[] = [];
  try {
    await migrateService(connection, db, 'pages', MIGRATIONS);
    await seedRetailerPages(db, retailer);
    workers.push(...(await Promise.all(Array.from({ length: REPLICAS }, () => WorkerProcess.start(database.url)))));
    const [first] = workers;
    if (!first) throw new Error('no worker');

    // The reference: the retailer's ceiling, read as the fetcher is allowed to (one request at a time per host).
    const reference = async (conditional: boolean) => {
      progress(`the reference${conditional ? ', 304s' : ', full pages'}`);
      retailer.resetStats();
      const pass = await first.ask<ReferencePass>({ kind: 'reference', hosts: HOSTS, pages: PAGES, listeners: [...retailer.listeners], conditional, seconds: SECONDS });
      return (pass.pages + pass.notModified) / pass.seconds;
    };
    const referenceFull = await reference(false);
    const reference304 = await reference(true);

    /** `replicas` workers side by side, each until nothing is due or `seconds` have passed. */
    const pass = async (replicas: number, seconds: number, paceMs?: number) => {
      progress(`${replicas} replica${replicas > 1 ? 's' : ''}, ${paceMs === undefined ? `the default pace, ${seconds} s` : `no pace, up to ${seconds} s`}`);
      retailer.resetStats();
      const passes = await Promise.all(
        workers.slice(0, replicas).map((worker) => worker.ask<RefreshPass>({ kind: 'refresh', testHosts: retailer.testHosts, seconds, ...(paceMs === undefined ? {} : { paceMs }) })),
      );
      return phaseOf(passes, retailer);
    };
    const unpaced: Array<{ replicas: number; firstReads: Phase; rereads: Phase }> = [];
    for (const replicas of REPLICA_COUNTS) {
      await makeEveryPageDueUnread(db);
      const firstReads = await pass(replicas, SECONDS, 0);
      await makeEveryPageDueKnown(db, retailer);
      const rereads = await pass(replicas, SECONDS, 0);
      unpaced.push({ replicas, firstReads, rereads });
    }
    const paced: Array<{ replicas: number; phase: Phase }> = [];
    for (const replicas of REPLICA_COUNTS) {
      await makeEveryPageDueUnread(db);
      paced.push({ replicas, phase: await pass(replicas, PACED_SECONDS) });
    }

    const bound = paceBound(HOSTS, pace.paceMs);
    const schedule = scheduleBound(pace.batch, pace.intervalMs);
    const rows: Array<[string, string, string]> = [
      [`reference: plain keep-alive client, 1 request in flight per host, ${HOSTS} hosts, full pages`, rate(referenceFull), '1.00'],
      ['reference: the same, each page with its ETag (304)', rate(reference304), '1.00'],
    ];
    const [alone] = unpaced;
    for (const { replicas, firstReads, rereads } of unpaced) {
      const scale = alone && replicas > 1 ? ` (× ${(firstReads.perSecond / alone.firstReads.perSecond).toFixed(2)} of 1 replica)` : '';
      rows.push([
        `${replicas} replica${replicas > 1 ? 's' : ''}, no pace: first reads (${whole(firstReads.read)} read; CPU ${firstReads.cpuMsPerPage.toFixed(1)} ms a page)${scale}`,
        rate(firstReads.perSecond),
        (firstReads.perSecond / referenceFull).toFixed(2),
      ]);
      rows.push([
        `${replicas} replica${replicas > 1 ? 's' : ''}, no pace: re-reads answered 304 (${whole(rereads.read)} read; CPU ${rereads.cpuMsPerPage.toFixed(1)} ms a page)`,
        rate(rereads.perSecond),
        (rereads.perSecond / reference304).toFixed(2),
      ]);
    }
    rows.push([`what the default pace allows: ${HOSTS} hosts ÷ ${pace.paceMs / 1000} s (${whole(perHour(bound))} pages/h)`, rate(bound), '']);
    for (const { replicas, phase } of paced) {
      rows.push([
        `${replicas} replica${replicas > 1 ? 's' : ''} at the default pace, ${PACED_SECONDS} s (${phase.read} read): ${whole(perHour(phase.perSecond))} pages/h; busiest host ${busiestHostPerPace(phase.hosts, pace.paceMs).toFixed(2)} requests a pace, least gap ${leastGapMs(phase.hosts).toFixed(0)} ms, at most ${mostInFlight(phase.hosts)} in flight`,
        rate(phase.perSecond),
        `${(phase.perSecond / bound).toFixed(2)} of pace`,
      ]);
    }
    rows.push([`today's schedule: PAGE_WATCH_BATCH ${pace.batch} every ${pace.intervalMs / 1000} s (${whole(perHour(schedule))} pages/h a worker)`, rate(schedule), '']);
    process.stdout.write(`\n| measure | value | × reference |\n|---|---:|---:|\n${rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}\n`);
    const bytes = unpaced[0]?.firstReads.hosts.reduce((sum, host) => sum + host.bytes, 0) ?? 0;
    const served = unpaced[0]?.firstReads.hosts.reduce((sum, host) => sum + host.pages, 0) ?? 0;
    // The machine is shared: CPU time a page is what holds still when other work takes the cores.
    const perCpuSecond = 1000 / Math.max(0.001, alone?.firstReads.cpuMsPerPage ?? 0);
    const perCpuSecond304 = 1000 / Math.max(0.001, alone?.rereads.cpuMsPerPage ?? 0);
    process.stdout.write(
      `  A first read moves ${(bytes / Math.max(1, served) / 1024).toFixed(0)} KB and costs a replica ${alone?.firstReads.cpuMsPerPage.toFixed(1)} ms of CPU; a 304 moves no body and costs ${alone?.rereads.cpuMsPerPage.toFixed(1)} ms.\n` +
        `  One replica with a core of its own: about ${whole(perCpuSecond)} first reads or ${whole(perCpuSecond304)} re-reads a second, enough for ${whole(perCpuSecond * (pace.paceMs / 1000))} hosts (first reads) at the default pace; measured wall-clock here: ${whole((alone?.firstReads.perSecond ?? 0) * (pace.paceMs / 1000))} hosts.\n`,
    );

    const [pacedAlone, pacedReplicas] = paced;
    const targets: Array<[string, boolean]> = [
      ['page watch: no page read twice in a pass (claims keep replicas apart)', [...unpaced.flatMap((u) => [u.firstReads, u.rereads]), ...paced.map((p) => p.phase)].every((phase) => phase.eachOnce)],
      [`page watch: one replica at the default pace reads ≥ ${MIN_SHARE_OF_PACE} × hosts ÷ pace`, (pacedAlone?.phase.perSecond ?? 0) >= MIN_SHARE_OF_PACE * bound],
    ];
    if (pacedReplicas) {
      targets.push([
        `page watch: ${REPLICAS} replicas never read one host at once (no host gets more than one request a pace, none two in flight)`,
        busiestHostPerPace(pacedReplicas.phase.hosts, pace.paceMs) <= RATE_SLACK && mostInFlight(pacedReplicas.phase.hosts) <= 1,
      ]);
    }
    return targets;
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await retailer.close();
    await connection.close();
    await database.drop();
  }
}

if (require.main === module) {
  benchPageWatch()
    .then((targets) => {
      for (const [name, met] of targets) process.stdout.write(`  ${met ? 'met   ' : 'MISSED'} ${name}\n`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
