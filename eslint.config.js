import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';

/**
 * The generator's folders from the bottom up: a folder imports only folders of earlier stages
 * (and its own), so data flows one way: read → analyse → validate → plan → render → write,
 * orchestrated by the pipeline, which the commands use. The first stage is what all share.
 */
const STAGES = [
  [
    'diagnostics.ts',
    'escape.ts',
    'text.ts',
    'progress.ts',
    'codeFrame.ts',
    'rules.ts',
    'diagnosticFormats.ts',
    'hash.ts',
    'config.ts',
    'runtime',
    'schemas',
    'yaml',
    'hosting',
    'routes',
    'islands',
    'model.ts',
  ],
  ['load'],
  ['markdown'],
  ['validate'],
  ['plan'],
  ['render'],
  ['bundle'],
  ['write'],
  ['pipeline'],
  ['diff'],
  ['serve', 'publish'],
  ['watch'],
  ['cli'],
];

/** The templates' API: theirs alone, not the generator's. */
const TEMPLATE_API = '(^|/)template-api\\.ts$';
/** The islands' runtime, which code the browser runs imports instead of the API (see src/template-api.ts). */
const ISLAND_RUNTIME = 'islands/(base\\.ts|images\\.tsx)';
/** `no-restricted-imports` for templates: of src/, only the modules `allowed` matches. */
const templateImports = (allowed, message) => ({ 'no-restricted-imports': ['error', { patterns: [{ regex: `^(\\.\\./)+src/(?!(${allowed})$)`, message }] }] });

const escape = (name) => name.replace(/\./g, '\\.');
/** `no-restricted-imports` for the files of one stage: every later stage is out of reach. */
function stageRule(index) {
  const later = STAGES.slice(index + 1).flat();
  const folders = STAGES[index].map((name) => (name.includes('.') ? `src/${name}` : `src/${name}/**`));
  const pattern = `^(\\.\\.?/)+(${later.map(escape).join('|')})(/|$)`;
  return {
    files: folders.map((f) => `${f}`.replace(/\/\*\*$/, '/**/*.{ts,tsx,mjs}')),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: pattern, message: `${STAGES[index].join(', ')} may not import a later stage of the pipeline (see STAGES in eslint.config.js)` },
            { regex: TEMPLATE_API, message: "the templates' API is theirs: the generator imports from where things live" },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['dist', '**/.*.sitegen/', 'node_modules/', '.sitegen-cache/', '.sitegen-watch/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx,mjs}', 'templates/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.mjs', '.js'] } },
      // Imported TypeScript modules must be parsed too, or the graph has no edges out of them.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.mjs'],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  ...STAGES.map((_, i) => stageRule(i)),
  {
    // The browser's code: it may use only what the server shares with it as types, and the base islands render under.
    files: ['src/client/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!islands/Island\\.tsx$|islands/base\\.ts$|diagnostics\\.ts$|codeFrame\\.ts$|problemDetails\\.ts$)',
              message: "browser code imports only shared types and the islands' base",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['templates/**/*.{ts,tsx}'],
    rules: templateImports('template-api\\.ts', 'templates import the generator only through src/template-api.ts'),
  },
  {
    // Shared by pages and islands: what an island renders imports the islands' runtime, not the API (see src/template-api.ts).
    files: ['templates/components/**/*.{ts,tsx}'],
    rules: templateImports(
      `template-api\\.ts|${ISLAND_RUNTIME}`,
      "components import the generator through src/template-api.ts, or the islands' runtime when an island renders them",
    ),
  },
  {
    files: ['templates/islands/**/*.{ts,tsx}'],
    rules: templateImports(
      ISLAND_RUNTIME,
      "islands run in the browser: of the generator they import only the islands' runtime (src/islands/base.ts, images.tsx)",
    ),
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
