/**
 * Three projects: the portal in jsdom, the gateway in node, and the browser journeys (real Chromium); a
 * fourth, model-browser, only on a tester's command.
 */
const { compilerOptions } = require('./tsconfig.base.json');

/** The path aliases of tsconfig.base.json (`@client/...`), for Jest's resolver. */
const pathAliases = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias.replace(/\/\*$/, '')}/(.*)$`,
    `<rootDir>/${target.replace(/^\.\//, '').replace(/\*$/, '')}$1`,
  ]),
);
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
  },
];
const common = {
  rootDir: __dirname,
  transform: {
    '/node_modules/pdfkit/js/pdfkit\\.js$': '<rootDir>/jest/nodeModuleTransform.js',
    // TypeBox 1 ships ES modules only (.mjs): compiled to CommonJS like the tests themselves.
    '/node_modules/typebox/.+\\.mjs$': swc,
    '^.+\\.(t|j)sx?$': swc,
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(@ant-design/colors|content-disposition|cookie|typebox/|pdfkit/js/pdfkit\\.js$))',
  ],
  moduleNameMapper: {
    // The gateway runs inside the jsdom page tests too: give its font reader its Node build there.
    '^fontkit$': '<rootDir>/node_modules/fontkit/dist/main.cjs',
    // The components and icons the code names, one module each, instead of the packages' indexes of all of them.
    '^antd$': '<rootDir>/jest/antd.js',
    '^@ant-design/icons$': '<rootDir>/jest/icons.js',
    // antd's stylesheet: the rules that decide what is shown, on the page (the portal's own CSS decides nothing there).
    '^antd/dist/antd\\.css$': '<rootDir>/jest/antdStylesheet.ts',
    '\\.(css|less)$': '<rootDir>/jest/styleStub.js',
    '\\.(png|jpe?g|svg|gif)$': '<rootDir>/jest/fileStub.js',
    ...pathAliases,
  },
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'client',
      testEnvironment: '<rootDir>/jest/jsdomEnvironment.js',
      setupFilesAfterEnv: ['<rootDir>/jest/setupClient.ts'],
      testMatch: ['<rootDir>/__tests__/{client,machines}/**/*.test.{ts,tsx}'],
    },
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/{server,contract}/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/jest/setupServer.ts'],
      globalSetup: '<rootDir>/jest/postgresTemplate.setup.js',
      globalTeardown: '<rootDir>/jest/postgresTemplate.teardown.js',
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: '<rootDir>/jest/e2eEnvironment.js',
      testMatch: ['<rootDir>/__tests__/e2e/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/jest/setupE2e.ts'],
      globalSetup: '<rootDir>/jest/e2eBrowser.setup.js',
      globalTeardown: '<rootDir>/jest/e2eBrowser.teardown.js',
    },
    {
      // the machines' model paths in Chromium, with a report of screenshots: `npm run model -- correction --browser`
      // (scripts/model-browser.mjs); not part of `npm test`, which drives the same paths in jsdom
      ...common,
      displayName: 'model-browser',
      testEnvironment: '<rootDir>/jest/e2eEnvironment.js',
      testMatch: ['<rootDir>/__tests__/e2e/model/*.browser.ts'],
      setupFilesAfterEnv: ['<rootDir>/jest/setupE2e.ts'],
      globalSetup: '<rootDir>/jest/e2eBrowser.setup.js',
      globalTeardown: '<rootDir>/jest/e2eBrowser.teardown.js',
    },
  ],
};
