#!/usr/bin/env node
// deploy/local/infra.mjs
//
// Starts and stops the two engines that Closetly's tests and its distributed
// mode need on a developer box or in CI:
//
//   kafka       Apache Kafka 3.9 in KRaft mode, one combined broker+controller,
//               PLAINTEXT on 127.0.0.1:9092, controller on 127.0.0.1:9093.
//   opensearch  OpenSearch 2.19, one node, plain HTTP on 127.0.0.1:9200.
//
// Both run from Maven Central jars with the machine's Java 17: the POMs in
// deploy/local/<engine>/pom.xml list the jars, Maven copies them once into
// deploy/local/.cache/<engine>/lib/, and this script starts `java -cp lib/*`.
// Everything an engine writes (data, configs, logs, pid files) lives under
// deploy/local/.run/. Both .cache/ and .run/ are gitignored.
//
// Usage:
//   node deploy/local/infra.mjs up     [kafka] [opensearch]   (no names = both)
//   node deploy/local/infra.mjs down   [kafka] [opensearch]
//   node deploy/local/infra.mjs status
//
// Human progress goes to stderr. `up` and `down` print one JSON object as the
// last line of stdout, e.g.
//   {"started":["kafka"],"alreadyRunning":["opensearch"],"seconds":{"kafka":12.3},"fetchSeconds":{}}
//
// The same operations are exported (up, down, status) for a test orchestrator
// that would rather `import` this file than spawn it.
//
// Rules this script keeps:
//   - An engine that already answers on its address is left alone: somebody
//     else started it, and `down` will not touch it.
//   - It only starts engines on 127.0.0.1. If KAFKA_BROKERS / OPENSEARCH_URL
//     point elsewhere, `up` only checks that they are healthy.
//   - `down` only stops a process whose pid file this script wrote AND whose
//     command line carries this script's marker (-Dclosetly.infra=<engine>),
//     so a recycled pid is never killed.
//
// Node builtins only, no npm dependencies.

import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// ---------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------

const HERE = path.dirname(fileURLToPath(import.meta.url));
// CLOSETLY_INFRA_RUN_DIR lets a test run a second, private engine (its own data, pid and log files).
const RUN_DIR = process.env.CLOSETLY_INFRA_RUN_DIR ? path.resolve(process.env.CLOSETLY_INFRA_RUN_DIR) : path.join(HERE, '.run');
const CACHE_DIR = path.join(HERE, '.cache');

const ENGINE_NAMES = ['kafka', 'opensearch'];

const DEFAULT_KAFKA_BROKERS = '127.0.0.1:9092';
const DEFAULT_OPENSEARCH_URL = 'http://127.0.0.1:9200';

const START_TIMEOUT_MS = 180_000; // from spawning java to "healthy"
const STOP_TIMEOUT_MS = 30_000; // from SIGTERM to SIGKILL
const POLL_MS = 500;

// Heap sizes. Small on purpose: these are test engines on a 2-core box.
const KAFKA_HEAP = ['-Xms256m', '-Xmx512m'];
const OPENSEARCH_HEAP = ['-Xms512m', '-Xmx1g'];

// Put on every java command line we start, so `down` can tell our processes
// apart from anything else that happens to reuse the pid.
const markerFor = (name) => `-Dclosetly.infra=${name}`;

// ---------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------

/** Progress for humans: always stderr, so stdout stays machine-readable. */
function say(message) {
  process.stderr.write(`[infra] ${message}\n`);
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A path for messages: relative to the current directory when inside it. */
function shown(file) {
  const rel = path.relative(process.cwd(), file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}

function seconds(sinceMs) {
  return Math.round((Date.now() - sinceMs) / 100) / 10;
}

/** `JAVA_HOME/bin/java` when JAVA_HOME is set, else `java` from PATH. */
function javaBin() {
  return process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
}

/** The last `lines` lines of a text file, or a note that it is missing. */
function tail(file, lines = 40) {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.split('\n').slice(-lines - 1).join('\n');
  } catch {
    return `(no log at ${file})`;
  }
}

/** True when a process with this pid exists (even if owned by someone else). */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** True when any process of this process group still exists. */
function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Is there a listener on host:port? (plain TCP connect) */
function portOpen(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const finish = (open) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/** Hosts this script is willing to start an engine for. */
function isLocalHost(host) {
  return host === '127.0.0.1' || host === 'localhost';
}

/** Run a command, collect its output; resolves { code, output }. */
function runCollect(command, args, options = {}) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', (err) => resolve({ code: -1, output: `${output}${err.message}\n` }));
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** Maven 3.8 prints stray colour resets even with -B; drop them. */
function stripAnsi(text) {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

// ---------------------------------------------------------------------------
// Where each engine is expected (from the environment)
// ---------------------------------------------------------------------------

/**
 * KAFKA_BROKERS is a comma-separated host:port list. We only start a broker
 * when it names exactly one broker on 127.0.0.1 (or localhost).
 */
function kafkaTarget() {
  const raw = process.env.KAFKA_BROKERS || DEFAULT_KAFKA_BROKERS;
  const brokers = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const first = brokers[0] ?? DEFAULT_KAFKA_BROKERS;
  const colon = first.lastIndexOf(':');
  const host = first.slice(0, colon).replace(/^\[|\]$/g, '');
  const port = Number(first.slice(colon + 1));
  if (colon < 0 || !Number.isInteger(port) || port <= 0) {
    throw new Error(`KAFKA_BROKERS: cannot read host:port from "${raw}"`);
  }
  const local = brokers.length === 1 && isLocalHost(host);
  // A broker we start binds 127.0.0.1 only, so check it there (on some boxes
  // "localhost" resolves to ::1 first).
  return { display: raw, host: local ? '127.0.0.1' : host, port, local };
}

/** OPENSEARCH_URL is a base URL. We only start a node for http://127.0.0.1:<port>. */
function opensearchTarget() {
  const raw = process.env.OPENSEARCH_URL || DEFAULT_OPENSEARCH_URL;
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`OPENSEARCH_URL: not a URL: "${raw}"`);
  }
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const local = url.protocol === 'http:' && isLocalHost(url.hostname);
  if (local) url.hostname = '127.0.0.1';
  // Never print a password from the URL.
  const shown = new URL(raw);
  if (shown.password) shown.password = '***';
  const display = shown.href.replace(/\/$/, '');
  return { display, url, host: url.hostname, port, local };
}

// ---------------------------------------------------------------------------
// Health checks
// ---------------------------------------------------------------------------

/**
 * One real Kafka Metadata round trip (API key 3, version 4, all topics),
 * written by hand so that no client library is needed. v4 is old enough for
 * every Kafka since 1.0 and still supported by Kafka 4.x.
 *
 * Resolves { brokers: [{ nodeId, host, port }], clusterId } or null when
 * nothing (or not Kafka) answered in time. A broker that lists at least one
 * broker has finished starting: the socket server only serves requests once
 * the broker has caught up with the metadata log and is unfenced.
 */
function kafkaMetadata(host, port, timeoutMs = 3000) {
  return new Promise((resolve) => {
    const clientId = Buffer.from('closetly-infra');
    const correlationId = 4242;

    // Request header v1 + MetadataRequest v4 body, then a 4-byte size prefix.
    const body = Buffer.alloc(2 + 2 + 4 + 2 + clientId.length + 4 + 1);
    let o = 0;
    o = body.writeInt16BE(3, o); // api_key = Metadata
    o = body.writeInt16BE(4, o); // api_version
    o = body.writeInt32BE(correlationId, o);
    o = body.writeInt16BE(clientId.length, o); // client_id (string)
    o += clientId.copy(body, o);
    o = body.writeInt32BE(-1, o); // topics = null: all topics
    body.writeInt8(0, o); // allow_auto_topic_creation = false
    const size = Buffer.alloc(4);
    size.writeInt32BE(body.length);

    let received = Buffer.alloc(0);
    const socket = net.connect({ host, port });
    const finish = (value) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(timeoutMs, () => finish(null));
    socket.once('error', () => finish(null));
    socket.once('close', () => finish(null));
    socket.once('connect', () => socket.write(Buffer.concat([size, body])));
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 4) return;
      const length = received.readInt32BE(0);
      // Something that is not Kafka (an HTTP server, say) answers with text,
      // which reads as an absurd length.
      if (length < 0 || length > 16 * 1024 * 1024) return finish(null);
      if (received.length < 4 + length) return;
      try {
        finish(parseMetadataV4(received.subarray(4, 4 + length), correlationId));
      } catch {
        finish(null);
      }
    });
  });
}

/** Reads the start of a MetadataResponse v4 (response header v0). Throws on garbage. */
function parseMetadataV4(buf, correlationId) {
  let o = 0;
  const int32 = () => {
    const v = buf.readInt32BE(o);
    o += 4;
    return v;
  };
  const nullableString = () => {
    const len = buf.readInt16BE(o);
    o += 2;
    if (len < 0) return null;
    const s = buf.toString('utf8', o, o + len);
    if (o + len > buf.length) throw new RangeError('short string');
    o += len;
    return s;
  };

  if (int32() !== correlationId) throw new Error('correlation id mismatch');
  int32(); // throttle_time_ms
  const count = int32();
  if (count < 0 || count > 10_000) throw new Error('bad broker count');
  const brokers = [];
  for (let i = 0; i < count; i++) {
    const nodeId = int32();
    const host = nullableString();
    const port = int32();
    nullableString(); // rack
    brokers.push({ nodeId, host, port });
  }
  const clusterId = nullableString();
  return { brokers, clusterId };
}

async function kafkaHealthy(target) {
  const meta = await kafkaMetadata(target.host, target.port);
  return Boolean(meta && meta.brokers.length > 0);
}

/**
 * GET <url>/<path> with a timeout. Credentials in the URL
 * (https://user:pass@host) are sent as basic auth, since fetch() refuses
 * URLs that carry them. Resolves the parsed JSON body or null.
 */
async function getJson(baseUrl, pathname, timeoutMs = 3000) {
  const url = new URL(baseUrl.href);
  const headers = {};
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const pass = decodeURIComponent(url.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  url.pathname = url.pathname.replace(/\/$/, '') + pathname;
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return null;
    return await res.json();
  } catch {
    return null;
  }
}

async function opensearchHealthy(target) {
  const health = await getJson(target.url, '/_cluster/health');
  return Boolean(health && (health.status === 'green' || health.status === 'yellow'));
}

/**
 * After we start a node: make sure the node answering on the port is the
 * process we started. (The runner quietly moves to the next free port when
 * its port is taken, so without this check someone else's node could look
 * like ours.)
 */
async function opensearchServedBy(target, pid) {
  const info = await getJson(target.url, '/_nodes/_local/process');
  const nodes = Object.values(info?.nodes ?? {});
  return nodes.some((node) => node.process?.id === pid);
}

// ---------------------------------------------------------------------------
// Fetching the jars (once) with Maven
// ---------------------------------------------------------------------------

let mavenQueue = Promise.resolve(); // one `mvn` at a time: they share ~/.m2

/**
 * Copies the runtime classpath of deploy/local/<name>/pom.xml into
 * .cache/<name>/lib/. Skipped when the folder was filled from the same POM
 * (a stamp file holds the POM's hash). Returns the seconds it took, or null
 * when skipped.
 */
function fetchJars(name) {
  const job = mavenQueue.then(() => fetchJarsNow(name));
  mavenQueue = job.catch(() => {});
  return job;
}

async function fetchJarsNow(name) {
  const pom = path.join(HERE, name, 'pom.xml');
  const lib = libDir(name);
  const stamp = path.join(lib, '.fetched');
  const pomHash = crypto.createHash('sha256').update(fs.readFileSync(pom)).digest('hex');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === pomHash) return null;

  say(`${name}: fetching jars with Maven into ${shown(lib)}/ ...`);
  const t0 = Date.now();
  fs.rmSync(lib, { recursive: true, force: true });
  // The POM configures outputDirectory (../.cache/<name>/lib) and the scope.
  const { code, output } = await runCollect('mvn', ['-B', '-q', '-f', pom, 'dependency:copy-dependencies']);
  const text = stripAnsi(output).trim();
  if (text) process.stderr.write(`${text}\n`);
  if (code !== 0) throw new Error(`${name}: "mvn dependency:copy-dependencies" failed (exit ${code}); see above`);
  fs.writeFileSync(stamp, `${pomHash}\n`);
  const took = seconds(t0);
  say(`${name}: jars fetched in ${took}s`);
  return took;
}

function libDir(name) {
  return path.join(CACHE_DIR, name, 'lib');
}

function classpath(name) {
  // Java expands "dir/*" to every jar in dir.
  return path.join(libDir(name), '*');
}

// ---------------------------------------------------------------------------
// Kafka
// ---------------------------------------------------------------------------

const KAFKA_HOME = path.join(RUN_DIR, 'kafka');
const KAFKA_DATA = path.join(KAFKA_HOME, 'data');
const KAFKA_PROPERTIES = path.join(KAFKA_HOME, 'server.properties');
const KAFKA_LOG4J = path.join(HERE, 'kafka', 'log4j.properties');

/** server.properties for one combined broker+controller on a test box. */
function kafkaServerProperties(port) {
  const controllerPort = port + 1;
  return [
    '# Written by deploy/local/infra.mjs on every start: edit the script, not this file.',
    '',
    '# KRaft: this one process is both broker and controller.',
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
    `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
    'controller.listener.names=CONTROLLER',
    'inter.broker.listener.name=PLAINTEXT',
    'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
    '',
    `log.dirs=${KAFKA_DATA}`,
    '',
    '# One broker: nothing can be replicated.',
    'offsets.topic.replication.factor=1',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'default.replication.factor=1',
    'min.insync.replicas=1',
    '',
    '# Test friendly: consumer groups start at once, topics appear on first use.',
    'group.initial.rebalance.delay.ms=0',
    '# Created on the first group join; 50 partitions by default, which a fresh broker under load takes a while to make.',
    'offsets.topic.num.partitions=5',
    'auto.create.topics.enable=true',
    'num.partitions=3',
    '',
  ].join('\n');
}

/** A Kafka cluster id: 16 random bytes, base64url without padding (Kafka's Uuid format). */
function newKafkaClusterId() {
  for (;;) {
    const id = crypto.randomBytes(16).toString('base64url');
    // Kafka avoids ids starting with "-" because command lines misread them.
    if (!id.startsWith('-')) return id;
  }
}

const kafka = {
  name: 'kafka',
  target: kafkaTarget,
  healthy: kafkaHealthy,

  /** Ports that must be free before we start (broker and controller). */
  ports: (target) => [target.port, target.port + 1],

  /** Writes the config and, on first start, formats the storage directory. */
  async prepare(target) {
    fs.mkdirSync(KAFKA_DATA, { recursive: true });
    fs.writeFileSync(KAFKA_PROPERTIES, kafkaServerProperties(target.port));
    if (fs.existsSync(path.join(KAFKA_DATA, 'meta.properties'))) return;

    const clusterId = newKafkaClusterId();
    say(`kafka: formatting ${shown(KAFKA_DATA)}/ (cluster id ${clusterId})`);
    const { code, output } = await runCollect(javaBin(), [
      `-Dlog4j.configuration=file:${KAFKA_LOG4J}`,
      '-cp',
      classpath('kafka'),
      'kafka.tools.StorageTool',
      'format',
      '--cluster-id',
      clusterId,
      '--config',
      KAFKA_PROPERTIES,
      '--ignore-formatted',
    ]);
    if (code !== 0) throw new Error(`kafka: StorageTool format failed (exit ${code}):\n${output.trim()}`);
  },

  javaArgs: () => [
    markerFor('kafka'),
    ...KAFKA_HEAP,
    '-XX:+UseG1GC',
    '-XX:MaxGCPauseMillis=20',
    '-XX:+ExitOnOutOfMemoryError',
    '-Djava.awt.headless=true',
    `-Dlog4j.configuration=file:${KAFKA_LOG4J}`,
    '-cp',
    classpath('kafka'),
    'kafka.Kafka',
    KAFKA_PROPERTIES,
  ],

  /** Nothing extra to confirm: a second broker could not bind the same port. */
  confirmOwn: async () => true,

  /** Nothing to set up once it runs. */
  afterStart: async () => {},
};

// ---------------------------------------------------------------------------
// OpenSearch
// ---------------------------------------------------------------------------

const OPENSEARCH_HOME = path.join(RUN_DIR, 'opensearch');
const OPENSEARCH_CONF = path.join(OPENSEARCH_HOME, 'config');
const OPENSEARCH_CLUSTER = 'closetly-local';

/**
 * opensearch.yml. OpenSearchRunner reads it from -confPath, but its own
 * settings (http.port, path.*, cluster.name, node.name, node.roles) win over
 * this file, so those are passed as runner flags instead.
 */
function opensearchYml() {
  return [
    '# Written by deploy/local/infra.mjs on every start: edit the script, not this file.',
    '',
    '# Loopback only, plain HTTP (no security plugin is on the classpath).',
    'network.host: 127.0.0.1',
    '# One node that elects itself; no discovery.',
    'discovery.type: single-node',
    '# A test box: do not stop allocating shards when the disk gets full-ish.',
    'cluster.routing.allocation.disk.threshold_enabled: false',
    '',
  ].join('\n');
}

const opensearch = {
  name: 'opensearch',
  target: opensearchTarget,
  healthy: opensearchHealthy,
  ports: (target) => [target.port],

  async prepare() {
    fs.mkdirSync(OPENSEARCH_CONF, { recursive: true });
    fs.writeFileSync(path.join(OPENSEARCH_CONF, 'opensearch.yml'), opensearchYml());
    fs.copyFileSync(path.join(HERE, 'opensearch', 'log4j2.properties'), path.join(OPENSEARCH_CONF, 'log4j2.properties'));
  },

  // OpenSearchRunner's own main (args4j flags, read from its source):
  //   -numOfNode 1       one node (default 3)
  //   -baseHttpPort N    node i listens on N + i, so N = port - 1
  //   -basePath/-confPath/-dataPath/-logsPath   where things go
  //   -clusterName       cluster.name
  javaArgs: (target) => [
    markerFor('opensearch'),
    ...OPENSEARCH_HEAP,
    '-XX:+UseG1GC',
    '-XX:+ExitOnOutOfMemoryError',
    '-Djava.awt.headless=true',
    '-Dfile.encoding=UTF-8',
    '-Dlog4j2.formatMsgNoLookups=true',
    // As OpenSearch's own jvm.options: let the node log its own shutdown.
    '-Dlog4j.shutdownHookEnabled=false',
    '-Dlog4j2.disable.jmx=true',
    `-Djava.io.tmpdir=${path.join(OPENSEARCH_HOME, 'tmp')}`,
    '-cp',
    classpath('opensearch'),
    'org.codelibs.opensearch.runner.OpenSearchRunner',
    '-numOfNode',
    '1',
    '-baseHttpPort',
    String(target.port - 1),
    '-clusterName',
    OPENSEARCH_CLUSTER,
    '-basePath',
    OPENSEARCH_HOME,
    '-confPath',
    OPENSEARCH_CONF,
    '-dataPath',
    path.join(OPENSEARCH_HOME, 'data'),
    '-logsPath',
    path.join(OPENSEARCH_HOME, 'logs'),
  ],

  confirmOwn: opensearchServedBy,

  /**
   * One node cannot hold replicas, so new indices get none and stay green.
   * This is a cluster setting (opensearch.yml cannot set it); it is stored
   * with the data, and setting it again is harmless.
   */
  async afterStart(target) {
    const url = new URL(target.url.href);
    url.pathname = url.pathname.replace(/\/$/, '') + '/_cluster/settings';
    const res = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ persistent: { 'cluster.default_number_of_replicas': 0 } }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`opensearch: PUT /_cluster/settings answered ${res.status}: ${await res.text()}`);
  },
};

const ENGINES = { kafka, opensearch };

// ---------------------------------------------------------------------------
// Pid files and the start lock
// ---------------------------------------------------------------------------

const pidFile = (name) => path.join(RUN_DIR, `${name}.pid`);
const logFile = (name) => path.join(RUN_DIR, `${name}.log`);

/** Is `pid` a live java process that we started for engine `name`? */
function isOurs(pid, name) {
  if (!pid || !isAlive(pid)) return false;
  // `ps -ww` prints the whole command line on Linux and macOS alike.
  const ps = spawnSync('ps', ['-ww', '-p', String(pid), '-o', 'args='], { encoding: 'utf8' });
  return ps.status === 0 && ps.stdout.split(/\s+/).includes(markerFor(name));
}

/**
 * The pid from .run/<name>.pid if that process is still ours, else null.
 * A stale pid file (process gone, or pid reused by something else) is removed.
 */
function ourPid(name) {
  let pid;
  try {
    pid = Number(fs.readFileSync(pidFile(name), 'utf8').trim());
  } catch {
    return null;
  }
  if (isOurs(pid, name)) return pid;
  fs.rmSync(pidFile(name), { force: true });
  return null;
}

/**
 * Runs `fn` while holding .run/<name>.lock, so that two `up`s at the same time
 * (two test runs, say) do not both start an engine. A lock left behind by a
 * process that died is taken over.
 */
async function withStartLock(name, fn) {
  const lock = path.join(RUN_DIR, `${name}.lock`);
  const deadline = Date.now() + START_TIMEOUT_MS + STOP_TIMEOUT_MS;
  let told = false;
  for (;;) {
    try {
      fs.writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    let holder;
    try {
      holder = Number(fs.readFileSync(lock, 'utf8').trim());
    } catch {
      continue; // released between our two calls: try again
    }
    // (An empty lock file is one that its owner has not finished writing.)
    if (Number.isInteger(holder) && holder > 0 && !isAlive(holder)) {
      fs.rmSync(lock, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`${name}: ${lock} is still held by pid ${holder}`);
    if (!told) say(`${name}: another "infra up" (pid ${holder}) is starting it; waiting`);
    told = true;
    await sleep(POLL_MS);
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

// ---------------------------------------------------------------------------
// up
// ---------------------------------------------------------------------------

/**
 * Waits until the engine answers as healthy. Fails early when the process
 * exits, and after START_TIMEOUT_MS. `exitInfo.exited` is filled in by the
 * child's 'exit' listener (it stays null when this process did not spawn it).
 */
async function waitHealthy(engine, target, pid, exitInfo) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exitInfo.exited || !isAlive(pid)) {
      const how = exitInfo.exited ? ` (${exitInfo.exited})` : '';
      throw new Error(`${engine.name}: java exited before becoming healthy${how}. Last lines of ${logFile(engine.name)}:\n${tail(logFile(engine.name))}`);
    }
    if (await engine.healthy(target)) {
      if (await engine.confirmOwn(target, pid)) return;
      throw new Error(`${engine.name}: ${target.display} is answering, but not from pid ${pid}, the process this script started`);
    }
    if (Date.now() > deadline) {
      throw new Error(`${engine.name}: not healthy after ${START_TIMEOUT_MS / 1000}s. Last lines of ${logFile(engine.name)}:\n${tail(logFile(engine.name))}`);
    }
    await sleep(POLL_MS);
  }
}

/** Starts the engine's java process detached, in its own process group. */
async function spawnEngine(engine, target) {
  const log = logFile(engine.name);
  if (fs.existsSync(log)) fs.renameSync(log, `${log}.1`); // keep the previous run's log
  const out = fs.openSync(log, 'w');
  const args = engine.javaArgs(target);
  fs.writeSync(out, `# ${new Date().toISOString()} ${javaBin()} ${args.join(' ')}\n`);

  // detached: the child calls setsid(), so it leads its own process group and
  // lives on after this script exits. Its output goes straight to the log.
  const child = spawn(javaBin(), args, { cwd: RUN_DIR, detached: true, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  await new Promise((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (err) => reject(new Error(`${engine.name}: cannot run ${javaBin()}: ${err.message}`)));
  });
  const exitInfo = { exited: null };
  child.once('exit', (code, signal) => (exitInfo.exited = signal ? `signal ${signal}` : `exit code ${code}`));
  child.unref();
  fs.writeFileSync(pidFile(engine.name), `${child.pid}\n`);
  return { pid: child.pid, exitInfo };
}

/** Says who runs a healthy engine and returns upOne's "already running" answer. */
function alreadyRunning(name, target) {
  const pid = target.local ? ourPid(name) : null;
  say(
    pid
      ? `${name}: already running (pid ${pid}, started by this script)`
      : `${name}: already healthy at ${target.display} (not started by this script); leaving it alone`,
  );
  return { name, state: 'alreadyRunning' };
}

/**
 * Brings one engine up. Resolves
 *   { name, state: 'started' | 'alreadyRunning', seconds?, fetchSeconds? }.
 */
async function upOne(name) {
  const engine = ENGINES[name];
  const target = engine.target();

  if (await engine.healthy(target)) return alreadyRunning(name, target);
  if (!target.local) {
    throw new Error(`${name}: ${target.display} is not healthy, and this script only starts engines on 127.0.0.1`);
  }

  return withStartLock(name, async () => {
    // Someone may have finished starting it while we waited for the lock.
    if (await engine.healthy(target)) return alreadyRunning(name, target);

    // Ours, still alive, not healthy yet (an earlier start still warming up,
    // or a node that is stuck): wait for it rather than start a second one.
    const existing = ourPid(name);
    if (existing) {
      say(`${name}: our pid ${existing} is running but not healthy yet; waiting`);
      await waitHealthy(engine, target, existing, { exited: null });
      return { name, state: 'alreadyRunning' };
    }

    for (const port of engine.ports(target)) {
      if (await portOpen('127.0.0.1', port)) {
        throw new Error(`${name}: port ${port} on 127.0.0.1 is taken by something that is not a healthy ${name}; not starting`);
      }
    }

    const fetchSeconds = await fetchJars(name);

    const t0 = Date.now();
    await engine.prepare(target);
    const { pid, exitInfo } = await spawnEngine(engine, target);
    say(`${name}: started java (pid ${pid}), log in ${shown(logFile(name))}; waiting until healthy`);
    try {
      await waitHealthy(engine, target, pid, exitInfo);
      await engine.afterStart(target);
    } catch (err) {
      // Do not leave a half-started engine behind.
      say(`${name}: stopping the engine that did not come up (pid ${pid})`);
      await stopGroup(name, pid);
      fs.rmSync(pidFile(name), { force: true });
      throw err;
    }
    const took = seconds(t0);
    say(`${name}: healthy at ${target.display} after ${took}s`);
    return { name, state: 'started', seconds: took, fetchSeconds };
  });
}

/**
 * Starts the named engines (all when `names` is empty) and waits until they
 * are healthy. Engines start side by side; Maven fetches run one at a time.
 *
 * Resolves { started, alreadyRunning, seconds, fetchSeconds }. When an engine
 * fails, rejects with an Error whose `result` holds the same object plus
 * `failed` (engines that did start are left running).
 */
export async function up(names = []) {
  const list = pickEngines(names);
  fs.mkdirSync(RUN_DIR, { recursive: true });

  const outcomes = await Promise.allSettled(list.map((name) => upOne(name)));

  const result = { started: [], alreadyRunning: [], seconds: {}, fetchSeconds: {} };
  const errors = [];
  outcomes.forEach((outcome, i) => {
    if (outcome.status === 'rejected') {
      errors.push({ name: list[i], error: outcome.reason });
      return;
    }
    const { name, state, seconds: took, fetchSeconds } = outcome.value;
    result[state].push(name);
    if (took !== undefined) result.seconds[name] = took;
    if (fetchSeconds) result.fetchSeconds[name] = fetchSeconds;
  });

  if (errors.length) {
    result.failed = errors.map((e) => e.name);
    const err = new Error(errors.map((e) => e.error.message).join('\n\n'));
    err.result = result;
    throw err;
  }
  return result;
}

// ---------------------------------------------------------------------------
// down
// ---------------------------------------------------------------------------

/** SIGTERM to the whole process group, up to STOP_TIMEOUT_MS, then SIGKILL. */
async function stopGroup(name, pgid) {
  const signal = (sig) => {
    try {
      process.kill(-pgid, sig);
    } catch (err) {
      if (err.code !== 'ESRCH') throw err;
    }
  };

  signal('SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (groupAlive(pgid) && Date.now() < deadline) await sleep(250);
  if (!groupAlive(pgid)) return 'stopped';

  say(`${name}: still running ${STOP_TIMEOUT_MS / 1000}s after SIGTERM; sending SIGKILL`);
  signal('SIGKILL');
  const killDeadline = Date.now() + 5000;
  while (groupAlive(pgid) && Date.now() < killDeadline) await sleep(100);
  return 'killed';
}

/**
 * Stops the named engines (all when `names` is empty), but only those whose
 * pid file this script wrote. Resolves { stopped, notRunning, notOurs }.
 */
export async function down(names = []) {
  const list = pickEngines(names);
  const result = { stopped: [], notRunning: [], notOurs: [] };

  await Promise.all(
    list.map(async (name) => {
      const pid = ourPid(name);
      if (!pid) {
        const engine = ENGINES[name];
        const target = engine.target();
        if (await engine.healthy(target)) {
          say(`${name}: running at ${target.display} but not started by this script; leaving it alone`);
          result.notOurs.push(name);
        } else {
          say(`${name}: not running`);
          result.notRunning.push(name);
        }
        return;
      }
      say(`${name}: stopping pid ${pid} (SIGTERM to its process group)`);
      const t0 = Date.now();
      const how = await stopGroup(name, pid);
      fs.rmSync(pidFile(name), { force: true });
      say(`${name}: ${how} after ${seconds(t0)}s`);
      result.stopped.push(name);
    }),
  );
  return result;
}

// ---------------------------------------------------------------------------
// status
// ---------------------------------------------------------------------------

/**
 * One entry per engine:
 *   { name, state: 'running' | 'notRunning' | 'notOurs' | 'starting', pid?, address, portTaken? }
 * 'starting' is our process, alive, but not healthy (yet). `portTaken` marks
 * a 'notRunning' engine whose port is held by something else.
 */
export async function status() {
  return Promise.all(
    ENGINE_NAMES.map(async (name) => {
      const engine = ENGINES[name];
      const target = engine.target();
      const pid = ourPid(name);
      const healthy = await engine.healthy(target);
      if (pid) return { name, state: healthy ? 'running' : 'starting', pid, address: target.display };
      if (healthy) return { name, state: 'notOurs', address: target.display };
      // Not an engine, but maybe something else sits on the port (and would stop `up`).
      const portTaken = target.local && (await portOpen('127.0.0.1', target.port));
      return { name, state: 'notRunning', address: target.display, portTaken };
    }),
  );
}

function describe(entry) {
  const port = entry.address;
  switch (entry.state) {
    case 'running':
      return `${entry.name}: running (pid ${entry.pid}, ${port})`;
    case 'starting':
      return `${entry.name}: started by us (pid ${entry.pid}, ${port}) but not healthy (yet)`;
    case 'notOurs':
      return `${entry.name}: running but not started by us (${port})`;
    default:
      return `${entry.name}: not running (${port}${entry.portTaken ? '; but something else is listening on that port' : ''})`;
  }
}

// ---------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------

function pickEngines(names) {
  const list = names.length ? names : ENGINE_NAMES;
  for (const name of list) {
    if (!ENGINE_NAMES.includes(name)) {
      throw new Error(`unknown engine "${name}" (known: ${ENGINE_NAMES.join(', ')})`);
    }
  }
  return [...new Set(list)];
}

const USAGE = `usage: node deploy/local/infra.mjs up|down [kafka] [opensearch]
       node deploy/local/infra.mjs status

env: KAFKA_BROKERS (default ${DEFAULT_KAFKA_BROKERS}), OPENSEARCH_URL (default ${DEFAULT_OPENSEARCH_URL}), JAVA_HOME`;

async function main(argv) {
  const [command, ...names] = argv;
  switch (command) {
    case 'up': {
      try {
        const result = await up(names);
        process.stdout.write(`${JSON.stringify(result)}\n`);
      } catch (err) {
        process.stderr.write(`[infra] ERROR: ${err.message}\n`);
        if (err.result) process.stdout.write(`${JSON.stringify(err.result)}\n`);
        process.exitCode = 1;
      }
      return;
    }
    case 'down': {
      const result = await down(names);
      process.stdout.write(`${JSON.stringify(result)}\n`);
      return;
    }
    case 'status': {
      for (const entry of await status()) process.stdout.write(`${describe(entry)}\n`);
      return;
    }
    default:
      process.stderr.write(`${USAGE}\n`);
      process.exitCode = command === '-h' || command === '--help' ? 0 : 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((err) => {
    process.stderr.write(`[infra] ERROR: ${err.message}\n`);
    process.exitCode = 1;
  });
}
