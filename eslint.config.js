import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', '.tmp', 'bench/results', 'dev-dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Screens compose src/ui (DESIGN "Look and feel"): no hand-styled native controls in src/features.
    files: ['src/features/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXOpeningElement[name.name=/^(button|input|select|textarea)$/]',
          message:
            'Use the src/ui components (Button, IconButton, TextField, Select, Checkbox, FileDrop…) instead of a raw control.',
        },
      ],
    },
  },
  {
    // Every date on a screen goes through src/ui/format.ts (date-fns): no locale-dependent formats elsewhere.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/ui/format.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'Write dates (and numbers) with the helpers of src/ui/format.ts.',
        })),
        {
          object: 'Intl',
          property: 'DateTimeFormat',
          message: 'Write dates with formatDate/formatDateTime of src/ui/format.ts.',
        },
      ],
    },
  },
  {
    // Only src/data may open IndexedDB through Dexie (DESIGN.md: one module owns IndexedDB).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/data/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'dexie', message: 'Only src/data touches IndexedDB.' }] }],
    },
  },
);
