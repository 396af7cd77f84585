import js from '@eslint/js'
import tseslint from 'typescript-eslint'

// Dependencies point inward. Each layer lists everything it may not import; the lists are
// complete per folder because a later flat-config entry replaces, not merges, a rule.
const FRAMEWORKS = ['express', 'express/*', '@kubernetes/client-node', 'prom-client']
const layers = [
  {
    files: ['src/core/**/*.ts'],
    forbidden: [...FRAMEWORKS, 'lru-cache', 'node:*', '../*'],
    message: 'src/core is pure rules: no I/O, no frameworks, no other layer.',
  },
  {
    files: ['src/placement/**/*.ts'],
    forbidden: [
      ...FRAMEWORKS,
      'lru-cache',
      'node:*',
      '../json/*',
      '../protocol/*',
      '../extender/*',
      '../cluster/*',
      '../server/*',
      '../config/*',
      '../cli/*',
      '../node-index/*',
      '../*.js',
    ],
    message: 'src/placement is the scheduling simulation over src/core: no I/O, no frameworks.',
  },
  {
    files: ['src/node-index/**/*.ts'],
    forbidden: [
      ...FRAMEWORKS,
      'lru-cache',
      'node:*',
      '../placement/*',
      '../protocol/*',
      '../extender/*',
      '../cluster/*',
      '../server/*',
      '../config/*',
      '../cli/*',
      '../*.js',
    ],
    message: 'src/node-index is built on src/core only: no I/O, no frameworks, no other layer.',
  },
  {
    files: ['src/json/**/*.ts'],
    forbidden: [...FRAMEWORKS, 'lru-cache', 'node:*', '../*'],
    message:
      'src/json is the general JSON byte layer: nothing of the wire, of Kubernetes or of any other layer.',
  },
  {
    files: ['src/protocol/**/*.ts'],
    forbidden: [
      ...FRAMEWORKS,
      'lru-cache',
      'node:*',
      '../extender/*',
      '../cluster/*',
      '../server/*',
      '../config/*',
    ],
    message: 'src/protocol depends on src/json, src/core, src/placement and src/node-index only.',
  },
  {
    files: ['src/extender/**/*.ts'],
    forbidden: [...FRAMEWORKS, '../cluster/*', '../server/*', '../config/*'],
    message: 'src/extender speaks to ports, never to express, client-node or prom-client.',
  },
  {
    files: ['src/cluster/**/*.ts'],
    forbidden: [
      'express',
      'express/*',
      'prom-client',
      '../server/*',
      '../config/*',
      '../placement/*',
    ],
    message: 'src/cluster is the only importer of @kubernetes/client-node and knows no server.',
  },
  {
    files: ['src/server/**/*.ts'],
    forbidden: [
      '@kubernetes/client-node',
      '../cluster/*',
      '../config/*',
      '../node-index/*',
      '../placement/*',
    ],
    message: 'src/server is the only importer of express and knows no cluster.',
  },
  {
    files: ['src/cli/**/*.ts'],
    forbidden: [...FRAMEWORKS, '../server/*', '../node-index/*'],
    message: 'src/cli reaches the cluster through src/cluster and never serves HTTP.',
  },
  {
    files: ['src/config/**/*.ts'],
    forbidden: [
      ...FRAMEWORKS,
      '../server/*',
      '../cluster/*',
      '../extender/*',
      '../node-index/*',
      '../placement/*',
    ],
    message: 'src/config reads flags, env and files only.',
  },
]

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-bench/',
      'node_modules/',
      'coverage/',
      'bench/results/',
      'reports/',
      '.stryker-tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setImmediate: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        TextDecoder: 'readonly',
        TextEncoder: 'readonly',
        AbortController: 'readonly',
        structuredClone: 'readonly',
        queueMicrotask: 'readonly',
        performance: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  ...layers.map(({ files, forbidden, message }) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }] }] },
  })),
  // src/config is the only reader of the environment: the rest receives values, so what a part
  // does never depends on a variable it reads behind its caller's back.
  {
    files: ['src/**/*.ts'],
    ignores: ['src/config/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Only src/config reads the environment; take the value as a parameter.',
        },
      ],
    },
  }
)
