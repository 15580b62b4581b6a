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
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Where components and hooks live: the React compiler's rules are most of the lint's time, and the
    // server, the scripts and the non-React tests hold none.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
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
  // The rooms of src/data, lowest first (ARCHITECTURE.md): a room imports only the rooms below it,
  // through their index.ts. The four core rooms are shared with the service worker: no React and no
  // window-only globals there (a hook or a page listener belongs to a room above them).
  ...dataRooms(),
);

function dataRooms() {
  const order = ['local', 'device', 'pull', 'outbox', 'sync', 'people', 'catalog', 'imagery', 'review', 'live'];
  const core = new Set(['local', 'device', 'pull', 'outbox']);
  const below = {
    local: [],
    device: ['local'],
    pull: ['local'],
    outbox: ['local', 'pull'],
    sync: ['local', 'pull', 'outbox'],
    people: ['local', 'outbox'],
    catalog: ['local', 'device', 'pull', 'outbox'],
    imagery: ['local', 'pull', 'outbox', 'catalog'],
    review: ['local', 'pull', 'outbox', 'people', 'catalog'],
    live: ['local', 'pull', 'outbox', 'sync', 'people', 'review'],
  };
  return order.map((room) => ({
    files: [`src/data/${room}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: core.has(room)
            ? ['react', 'react-dom', 'dexie-react-hooks'].map((name) => ({
                name,
                message: `src/data/${room} is shared with the service worker: no React here.`,
              }))
            : [],
          patterns: [
            {
              group: order.filter((r) => r !== room && !below[room].includes(r)).map((r) => `../${r}/*`),
              message: `src/data/${room} may import only ${below[room].join(', ') || 'no other room'}.`,
            },
            {
              group: below[room].map((r) => `../${r}/*`).concat(['!../*/index.ts']),
              message: 'Another room is imported through its index.ts.',
            },
          ],
        },
      ],
      ...(core.has(room) && {
        'no-restricted-globals': [
          'error',
          ...['window', 'document', 'localStorage', 'sessionStorage'].map((name) => ({
            name,
            message: `src/data/${room} also runs in the service worker.`,
          })),
        ],
      }),
    },
  }));
}
