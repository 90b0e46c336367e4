import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { serviceEntries } from '@closetly/local-deploy';

/**
 * The distributed processes (`npm run start:distributed`, every container)
 * have no key of their own: started without their secrets they exit at once
 * with an error naming each missing variable, whatever NODE_ENV says, before
 * opening any port or engine connection.
 */
const ROOT = join(__dirname, '..', '..');

interface Exit {
  code: number | null;
  stderr: string;
}

/** How the launcher runs each app: its bundle (built when stale), or its TypeScript with RUN_FROM_SOURCE=true. */
let entryArgs: (app: string) => string[];
beforeAll(() => {
  entryArgs = serviceEntries(ROOT);
}, 120_000);

/** Runs an app as the launcher does, with only these variables (no inherited secrets). */
function runApp(app: string, env: Record<string, string>): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, entryArgs(app), {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CLOSETLY_MODE: 'distributed', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

const SECRET = 'a-secret-of-at-least-32-characters-0123456789';

describe('distributed processes refuse to start without their secrets', () => {
  it.each([
    ['gateway', 'development', {}, ['BETA_TOKEN_SECRET', 'AUTH_JWT_SECRET']],
    ['gateway', 'test', { AUTH_JWT_SECRET: SECRET }, ['BETA_TOKEN_SECRET']],
    ['identity', 'development', {}, ['AUTH_JWT_SECRET']],
    // The internal-call keys: the gateway signs its calls, a service checks them (the catalogue search's too).
    ['gateway', 'production', { AUTH_JWT_SECRET: SECRET, BETA_TOKEN_SECRET: SECRET }, ['INTERNAL_CALLS_PRIVATE_KEY']],
    ['catalogue', 'production', {}, ['GATEWAY_CALLS_PUBLIC_KEY', 'SEARCH_CALLS_PUBLIC_KEY']],
    ['search', 'production', {}, ['INTERNAL_CALLS_PRIVATE_KEY', 'GATEWAY_CALLS_PUBLIC_KEY']],
    // The key of the price-alert digest's unsubscribe links (outside production a process makes its own).
    ['profile', 'production', {}, ['UNSUBSCRIBE_TOKEN_SECRET']],
  ] as const)('%s (NODE_ENV %s) exits 1 naming the missing variables', async (app, nodeEnv, given, missing) => {
    const { code, stderr } = await runApp(app, { NODE_ENV: nodeEnv, ...given });
    expect(code).toBe(1);
    for (const variable of missing) expect(stderr).toMatch(new RegExp(`${variable}: is required`));
    expect(stderr).toContain('Invalid configuration');
  }, 60_000);
});
