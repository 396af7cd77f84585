import { buildInfo, parseStrict, VERSION_FLAGS, ConfigError, versionText } from '../config/index.js'
import { printDocument } from './output.js'
import type { ToolIo } from './tool-exit.js'

/**
 * `taint-extender version [-o json|yaml]` and `--version` on every command: the version in
 * package.json, the commit the build was made from (or "unknown") and the Node.js running it,
 * the same three that GET /version and taint_extender_build_info report.
 */

export function versionDocument(): { version: string; commit: string; node: string } {
  const { version, commit } = buildInfo()
  return { version, commit, node: process.version }
}

export function runVersion(argv: readonly string[], io: ToolIo): number {
  const { values } = parseStrict(argv, VERSION_FLAGS)
  const output = values.output
  if (output === undefined) io.stdout(versionText())
  else if (output === 'json' || output === 'yaml') printDocument(io, output, versionDocument())
  else throw new ConfigError(`-o ${String(output)}: not an output format (choose json or yaml)`)
  return 0
}
