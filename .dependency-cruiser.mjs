// No import cycles under src/: a cycle ties together files that a layer or a reader should be
// able to take one at a time, and a cycle of value imports makes what a module sees at load
// depend on which file was loaded first. ESLint's layers table (see
// eslint.config.js) says which folder may import which; this says nothing imports itself back.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'This module imports, directly or through others, a module that imports it back.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'json-layer-stands-alone',
      severity: 'error',
      comment:
        'src/json is the general JSON byte layer: it reads and writes JSON bytes for any caller ' +
        'and imports nothing of the extender wire, of Kubernetes or of any other layer.',
      from: { path: '^src/json/' },
      to: { pathNot: '^src/json/' },
    },
    {
      name: 'placement-rests-on-core-only',
      severity: 'error',
      comment:
        'src/placement is the scheduling simulation explain runs: pure rules over src/core, ' +
        'with no wire, cluster, server or configuration under it.',
      from: { path: '^src/placement/' },
      to: { pathNot: '^src/(placement|core)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: they tie files together as much as value imports do.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
}
