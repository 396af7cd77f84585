import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runExplain } from '../../src/cli/explain-command.js'
import { runForecast } from '../../src/cli/forecast-command.js'
import { ConfigError } from '../../src/config/index.js'
import { ProtocolError } from '../../src/protocol/index.js'

export const FIXTURES = new URL('../fixtures/cluster/', import.meta.url).pathname

/** Writes `text` to a file of its own in a fresh temporary directory and returns its path. */
export function tempFile(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'taint-extender-tool-')), name)
  writeFileSync(path, text)
  return path
}

/**
 * Runs a tool in-process as src/cli.ts does, capturing output and the exit status. The
 * environment is empty unless given, so no KUBECONFIG or ~/.kube/config of the machine counts.
 */
export async function runTool(
  tool: 'explain' | 'forecast',
  argv: string[],
  env: NodeJS.ProcessEnv = {}
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const io = { stdout: (t: string) => (stdout += t), stderr: (t: string) => (stderr += t) }
  try {
    const code = await (tool === 'explain' ? runExplain : runForecast)(argv, io, env)
    return { code, stdout, stderr }
  } catch (err) {
    if (err instanceof ConfigError || err instanceof ProtocolError) {
      return { code: 2, stdout, stderr: stderr + err.message }
    }
    throw err
  }
}
