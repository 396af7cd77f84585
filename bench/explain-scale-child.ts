import { readFileSync } from 'node:fs'
import { runExplain } from '../src/cli/explain-command.js'

/**
 * One measurement of explain-scale.ts in a process of its own, so that its peak RSS is its own:
 * `parse` reads the files with JSON.parse alone, `explain` runs the tool on them. Prints the
 * wall time and peak RSS as JSON on its last line.
 */

const [mode, filesJson] = process.argv.slice(2)
const files = JSON.parse(filesJson ?? '{}') as Record<'pod' | 'nodes' | 'pods' | 'pdbs', string>
const started = performance.now()
if (mode === 'parse') {
  for (const path of [files.pod, files.nodes, files.pods, files.pdbs])
    JSON.parse(readFileSync(path, 'utf8'))
} else {
  let bytes = 0
  const code = await runExplain(
    [
      '--pod',
      files.pod,
      '--nodes',
      files.nodes,
      '--pods',
      files.pods,
      '--pdbs',
      files.pdbs,
      '-o',
      'json',
    ],
    { stdout: (text) => (bytes += text.length), stderr: (text) => process.stderr.write(text) },
    {}
  )
  if (code === 2) throw new Error('explain refused the generated files')
}
const wallMs = Math.round(performance.now() - started)
const maxRssMiB = Math.round(process.resourceUsage().maxRSS / 1024)
console.log(JSON.stringify({ wallMs, maxRssMiB }))
