/**
 * The build's mode, which webpack writes in place of `process.env.NODE_ENV` ('production' or
 * 'development'); the portal has no other `process`. (The tests' configuration has Node's own.)
 */
declare const process: { env: { NODE_ENV?: string } };
