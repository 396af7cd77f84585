import { builtinModules } from 'node:module'
import { defineConfig } from 'rolldown'
import packageJson from './package.json' with { type: 'json' }

/**
 * The build's three executables (package.json's bin and main), each bundled from src/ with what
 * it imports. Node.js loads an ES module graph file by file, resolving and reading each one: the
 * few hundred small files of src/ made most of a short run's time (`explain` of a small
 * cluster, `version`). The dependencies stay in node_modules, loaded as they are. Code shared
 * by the entries, and what a command loads only when it runs (cli.ts's dynamic imports), go to
 * chunks beside them in dist/, so each command still loads only what it runs. Every output file
 * sits directly in dist/, which src/config/build-info.ts counts on.
 */
const dependencies = Object.keys(packageJson.dependencies)
const isExternal = (id) =>
  id.startsWith('node:') ||
  builtinModules.includes(id) ||
  dependencies.some((name) => id === name || id.startsWith(`${name}/`))

export default defineConfig({
  input: {
    cli: 'src/cli.ts',
    main: 'src/main.ts',
    'kubectl-complete': 'src/kubectl-complete.ts',
  },
  platform: 'node',
  external: isExternal,
  output: {
    dir: 'dist',
    format: 'esm',
    sourcemap: true,
    cleanDir: true,
    chunkFileNames: '[name]-[hash].js',
  },
})
