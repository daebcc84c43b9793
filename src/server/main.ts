import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { buildApp } from './app';

async function main() {
  const config = loadConfig();
  const database = openDatabase(config);
  const app = await buildApp({ config, database });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // the address listened on: with PORT=0 the system picks the port
  const address = await app.listen({ host: config.host, port: config.port });
  // Since the process started: loading the code, migrating and seeding, registering the routes.
  const startupMs = Math.round(performance.now());
  app.log.info({ startupMs, compiled: __filename.endsWith('.js') }, 'listening');
  const url = `${address}${config.portal.routerBase}`;
  const lines = [
    '',
    `  Member Center is running at ${url}`,
    `  Database: ${database.dialect} (${database.location})`,
    `  Started in ${startupMs} ms (${__filename.endsWith('.js') ? 'compiled' : 'from the TypeScript sources'})`,
    '',
    '  Demo accounts (password Demo@2026):',
    '    corp-hr         corporate HR administrator   (corporate tab)',
    '    corp-closing    second corporate account     (corporate tab)',
    '    member-senior   individual senior member     (personal tab)',
    '    member-basic    individual non-senior member (personal tab)',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  // A wrong variable is said as it is; anything else with where it happened.
  const why = error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error);
  process.stderr.write(`The gateway could not start: ${why}\n`);
  process.exit(1);
});
