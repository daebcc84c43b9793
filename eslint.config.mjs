// The house rules, checked on every submission (`npm run lint`, in .ci/run before the tests).
// The architecture is enforced here, not only described: see "zones" below and the README.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const client = './src/client';
const server = './src/server';

/** Who may not import whom (import-x/no-restricted-paths): each zone says why. */
const zones = [
  // A feature is one business area: it never reaches into another area or into the app that composes them.
  ...features.map((f) => ({
    target: `${client}/features/${f}`,
    from: `${client}/features`,
    except: [`./${f}`],
    message: 'A feature never imports another feature: move what both need to shared/, or compose them in app/.',
  })),
  {
    target: `${client}/features`,
    from: `${client}/app`,
    message: 'Features never import app/: the app composes features, not the reverse.',
  },
  {
    target: [`${client}/shared`, `${client}/state`, `${client}/api`],
    from: [`${client}/features`, `${client}/app`],
    message: 'shared/, state/ and api/ sit below the features and the app.',
  },
  {
    target: `${client}/shared`,
    from: [`${client}/state`, `${client}/api`],
    message: 'shared/ is the lowest layer of the portal: it never imports state/ or api/.',
  },
  {
    target: `${client}/state`,
    from: `${client}/api`,
    message: 'state/ holds plain slices: the request policy (api/) builds on it, not the reverse.',
  },
  // The gateway's layers: routes (and http/) over services over db.
  {
    target: `${server}/services`,
    from: [`${server}/http`, `${server}/routes`, `${server}/pages`, `${server}/app.ts`],
    message:
      'Services never import http/ or routes/: throw a DomainError (services/errors.ts); http/ turns it into the envelope.',
  },
  {
    target: `${server}/db`,
    from: [`${server}/services`, `${server}/http`, `${server}/routes`, `${server}/pages`],
    message: 'db/ (migrations, tables, seeds) never imports services or the HTTP layer.',
  },
  {
    target: `${server}/messages`,
    from: [`${server}/services`, `${server}/http`, `${server}/routes`, `${server}/pages`, `${server}/db`],
    message: 'The message catalogue is plain data every layer may read: it imports none of them.',
  },
  // Client and server meet only in the contract and the pure helpers both use.
  {
    target: client,
    from: server,
    message: 'The portal never imports the gateway: share through src/contract or src/common.',
  },
  {
    target: server,
    from: client,
    message: 'The gateway never imports the portal: share through src/contract or src/common.',
  },
  {
    target: ['./src/contract', './src/common'],
    from: [client, server],
    message: 'contract/ and common/ are shared by both ends and import neither.',
  },
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'data/**', 'coverage/**', '.tmp/**', 'node_modules/**', 'public/help/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Dependencies are parsed as TypeScript too. Import cycles, type-only ones included, are
      // `npm run lint:cycles` (dpdm): import-x's no-cycle does not count type imports.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // The path aliases (`@client/...`) of tsconfig.base.json, the same for every side.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.base.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', '__tests__/client/**/*.{ts,tsx}', '__tests__/machines/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // The contract's schemas are TypeBox values: the portal reads their types only, so that TypeBox
    // stays out of its bundle (the words and limits it needs at run time are in *.codes.ts files).
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(typebox|@contract/(io(/(?!.*\\.codes$).*)?|requests|answers|fields|answerFields|person))$',
              allowTypeImports: true,
              message: "The portal imports the contract's schemas as types only (TypeBox stays on the gateway).",
            },
          ],
        },
      ],
    },
  },
  {
    // Command-line programs and benchmarks print their results.
    files: ['scripts/**', 'bench/**', 'src/server/main.ts', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests may reach into any layer to set up the world they check; jest.mock factories load
    // modules with require(); a model test prints the coverage it reached.
    files: ['__tests__/**', 'jest/**', 'bench/**'],
    rules: {
      'import-x/no-restricted-paths': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      'no-console': 'off',
    },
  },
  {
    // Kysely's migrations take Kysely<any>: a migration must not depend on the schema types of today.
    files: ['src/server/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
