/** The environment read through its schema: a wrong variable stops the gateway, named, at start. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ConfigError, loadConfig } from '@server/config';

/** The sentence a configuration is refused with. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('accepted');
}

describe('the configuration', () => {
  it('takes the defaults for what is unset or empty', () => {
    const config = loadConfig({ PORT: '', SESSION_IDLE_MINUTES: '' });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      seedDemo: true,
      secureCookies: false,
      trustProxy: false,
      sessionIdleMinutes: 120,
      logLevel: 'info',
      apiDocs: false,
      portal: { routerBase: '/legal/', gatewayPrefix: '/gateway', defaultLocale: 'en-US', showChrome: true },
    });
  });

  it('reads numbers, flags, lists and words from their text', () => {
    const config = loadConfig({
      PORT: '0',
      SESSION_IDLE_MINUTES: '30',
      SEED_DEMO: 'off',
      SECURE_COOKIES: 'Yes',
      TRUST_PROXY: '10.0.0.5, 10.1.0.0/16',
      DEFAULT_LOCALE: 'zh-CN',
      LOG_LEVEL: 'warn',
      API_DOCS: '1',
      DATABASE_URL: 'postgres://member:secret@db.internal:5432/membercenter',
      GATEWAY_PREFIX: 'api',
    });
    expect(config).toMatchObject({
      port: 0,
      sessionIdleMinutes: 30,
      seedDemo: false,
      secureCookies: true,
      trustProxy: ['10.0.0.5', '10.1.0.0/16'],
      logLevel: 'warn',
      apiDocs: true,
      databaseUrl: 'postgres://member:secret@db.internal:5432/membercenter',
      portal: { defaultLocale: 'zh-CN', gatewayPrefix: '/api' },
    });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it.each([
    ['PORT', 'abc', 'a whole number from 0 to 65535'],
    ['PORT', '70000', 'a whole number from 0 to 65535'],
    ['PORT', '80.5', 'a whole number from 0 to 65535'],
    ['SESSION_IDLE_MINUTES', '-1', 'a whole number from 1 to 525600'],
    ['SESSION_IDLE_MINUTES', '0', 'a whole number from 1 to 525600'],
    ['DEFAULT_LOCALE', 'fr', 'en-US or zh-CN'],
    ['LOG_LEVEL', 'verbose', 'one of fatal, error, warn, info, debug, trace, silent'],
    ['SEED_DEMO', 'maybe', 'true or false'],
    ['TRUST_PROXY', '10.0.0.300', 'addresses and CIDR ranges'],
    ['TRUST_PROXY', '10.0.0.0/40', 'addresses and CIDR ranges'],
    ['DATABASE_URL', 'mysql://db/membercenter', 'a PostgreSQL address'],
    ['LINK_PRIVACY', 'privacy.html', 'a path on this site'],
    ['ROUTER_BASE', '/legal portal/', "the portal's path"],
  ])('refuses %s=%s, naming it', (name, value, says) => {
    const message = refusal({ [name]: value });
    expect(message).toContain(`${name}=${JSON.stringify(value)} is not valid`);
    expect(message).toContain(says);
  });

  it('names every variable that is wrong at once', () => {
    const message = refusal({ PORT: 'abc', SESSION_IDLE_MINUTES: '-1', DEFAULT_LOCALE: 'fr', HOST: '0.0.0.0' });
    expect(message.split('\n').slice(1)).toEqual([
      expect.stringMatching(/^ {2}PORT="abc"/),
      expect.stringMatching(/^ {2}DEFAULT_LOCALE="fr"/),
      expect.stringMatching(/^ {2}SESSION_IDLE_MINUTES="-1"/),
    ]);
  });

  it('stops the gateway at start with the sentence, before it opens anything', async () => {
    const root = path.join(__dirname, '../..');
    const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'src/server/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, PORT: 'abc', DEFAULT_LOCALE: 'fr', DATA_DIR: '/nonexistent/never-made' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('The gateway could not start: The environment cannot be used:');
    expect(stderr).toContain('PORT="abc" is not valid: the port to listen on, a whole number from 0 to 65535.');
    expect(stderr).toContain('DEFAULT_LOCALE="fr" is not valid: the default language, en-US or zh-CN.');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
