// Lint keeps the layer borders of ARCHITECTURE.md: import zones, no cycles, one env reader.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const zone = (target, from, message) => ({ target, from, message });

// Server areas (src/server/areas/<area>): one imports another only through its <area>.port.ts.
const serverAreas = [
  'system',
  'operator',
  'verification',
  'identity',
  'wallet',
  'messages',
  'deposit',
  'withdrawal',
  'agent',
  'games',
  'lottery',
  'engagement',
];
const areaBorders = serverAreas.flatMap((area) =>
  serverAreas
    .filter((other) => other !== area)
    .map((other) => ({
      target: `./src/server/areas/${area}`,
      from: `./src/server/areas/${other}`,
      except: [`./${other}.port.ts`],
      message: `an area imports another only through its port (areas/${other}/${other}.port.ts)`,
    })),
);

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-server',
      'data',
      'test-results',
      'playwright-report',
      'public',
      'src/server/platform/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver()],
      // Without these, import-x reads only .js/.mjs/.cjs files when it follows imports, so
      // no-cycle never saw a TypeScript cycle (tests/unit/lint-rules.test.ts proves it now does).
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/ignore': ['node_modules'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone(
              './src/contract',
              './src/!(contract)/**/*',
              'contract imports nothing else from src/',
            ),
            zone(
              './src/machines',
              './src/!(contract|machines)/**/*',
              'machines import only contract',
            ),
            zone(
              './src/services',
              './src/!(contract|services)/**/*',
              'services import only contract',
            ),
            zone(
              './src/realtime',
              './src/!(contract|realtime)/**/*',
              'realtime imports only contract',
            ),
            zone(
              './src/ui',
              './src/!(contract|machines|ui)/**/*',
              'ui imports machines and contract only',
            ),
            zone('./src/app', './src/server/**/*', 'the app never imports the server'),
            zone('./src/server', './src/!(contract|server)/**/*', 'server imports only contract'),
            zone(
              './src/server/platform',
              './src/server/areas',
              'the server platform imports no area',
            ),
            ...areaBorders,
            zone(
              './src/server/**/*.routes.ts',
              './src/server/**/*.repository.ts',
              'routes call services, never repositories',
            ),
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration in src/server/config.ts only.',
        },
      ],
    },
  },
  {
    files: [
      'src/server/config.ts',
      'tests/**',
      'bench/**',
      'scripts/**',
      '*.config.ts',
      '*.config.js',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
