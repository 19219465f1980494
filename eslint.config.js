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
  ['diagnostics.ts', 'escape.ts', 'text.ts', 'progress.ts', 'codeFrame.ts', 'rules.ts', 'diagnosticFormats.ts', 'hash.ts', 'config.ts', 'runtime', 'schemas', 'yaml', 'hosting', 'routes', 'islands', 'model.ts'],
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

const escape = (name) => name.replace(/\./g, '\\.');
/** `no-restricted-imports` for the files of one stage: every later stage is out of reach. */
function stageRule(index) {
  const later = STAGES.slice(index + 1).flat();
  const folders = STAGES[index].map((name) => (name.includes('.') ? `src/${name}` : `src/${name}/**`));
  const pattern = `^(\\.\\.?/)+(${later.map(escape).join('|')})(/|$)`;
  return {
    files: folders.map((f) => `${f}`.replace(/\/\*\*$/, '/**/*.{ts,tsx,mjs}')),
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: pattern, message: `${STAGES[index].join(', ')} may not import a later stage of the pipeline (see STAGES in eslint.config.js)` }] }],
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
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./(?!islands/Island\\.tsx$|islands/base\\.ts$|diagnostics\\.ts$|codeFrame\\.ts$)', message: 'browser code imports only shared types and the islands\' base' }] }] },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
