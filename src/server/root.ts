import path from 'node:path';

/**
 * The repository's root folder, where the gateway finds what it reads at run time (fixtures/, public/,
 * dist/). This file sits in src/server and its compiled form in dist/server (the bundle of
 * `npm run build`): one level below either is the root, so the same line serves both.
 */
export const projectRoot = path.resolve(__dirname, '../..');
