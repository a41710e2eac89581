import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A forbidden import: the module patterns (gitignore style, as written in the import) and why. */
const forbid = (group, message) => ({ group, message, allowTypeImports: true });

const SERVER = forbid(['@/server/**'], 'The web app and the domain never import the server.');
const WEB = forbid(['@/src/**'], 'The server and the domain never import the web app.');
const TESTS = forbid(['@/tests/**', '@/bench/**'], 'Production code never imports tests or benchmarks.');
const AREAS = forbid(
  ['@/src/areas/**', '**/areas/**', '@/src/screens', '**/screens'],
  'Shared kits and providers import no area: the screen list is handed in by App.',
);
const MODULES = forbid(['@/server/modules/**', '**/modules/**'], 'Transport and engines import no module: modules sit on top of them.');
const ENGINES = forbid(['@/server/engines/**', '**/engines/**'], 'Transport knows nothing of the query engines.');

/**
 * The import boundaries (docs/decisions: one area, one name): each block lists everything its
 * files may not import, since a later block's options replace an earlier one's for the same file.
 * Type-only imports may cross (a type derived from the screen list is no runtime circle).
 */
const BOUNDARIES = [
  { files: ['domain/**'], forbidden: [SERVER, WEB, TESTS] },
  { files: ['src/**'], forbidden: [SERVER, TESTS] },
  { files: ['src/common/**', 'src/authProvider/**', 'src/dataProvider/**', 'src/i18n/**'], forbidden: [SERVER, TESTS, AREAS] },
  { files: ['server/**'], forbidden: [WEB, TESTS] },
  { files: ['server/engines/**'], forbidden: [WEB, TESTS, MODULES] },
  { files: ['server/http/**'], forbidden: [WEB, TESTS, MODULES, ENGINES] },
];

/** Flock's lint rules: ESLint's and typescript-eslint's recommended sets, the rules of hooks and the import boundaries. */
export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'coverage/**', '**/node_modules/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Tests read JSON answers of any shape.
    files: ['tests/**', '**/*.test.ts', '**/*.test.tsx', '**/testKit.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts', 'tests/support/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...BOUNDARIES.map(({ files, forbidden }) => ({
    files,
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/testKit.tsx'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: forbidden }] },
  })),
);
