import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProgressLine, progressWanted } from '../../src/cli/progress-line.js'
import { FakeApiServer, kubeconfigFor } from '../support/fake-apiserver.js'
import { CLI, cliAsync } from './run-cli.js'

/**
 * The progress line of a long read: shown on a terminal's stderr once reading has taken about a
 * second, rewritten in place, cleared at the end; never on a pipe, nor while -o json|yaml goes
 * to one. Seen for real in a pseudo-terminal (util-linux `script`).
 */

const CLEAR = '\r\x1b[K'

describe('ProgressLine', () => {
  function line(): { written: string[]; at: (ms: number) => void; progress: ProgressLine } {
    let now = 0
    const written: string[] = []
    const progress = new ProgressLine(
      (text) => written.push(text),
      () => now
    )
    return { written, at: (ms) => (now = ms), progress }
  }

  it('writes nothing for a read that ends within a second', () => {
    const { written, at, progress } = line()
    at(999)
    progress.objects('cluster pods', 10, 100)
    progress.end()
    expect(written).toEqual([])
  })

  it('rewrites one line with the objects read, of how many where known, at most ten times a second, and clears it at the end', () => {
    const { written, at, progress } = line()
    at(1000)
    progress.objects('cluster pods', 10, 100)
    at(1050)
    progress.objects('cluster pods', 20, 100)
    at(1100)
    progress.objects('cluster pods', 30, null)
    progress.end()
    expect(written).toEqual([
      `${CLEAR}reading cluster pods: 10 of 100 objects`,
      `${CLEAR}reading cluster pods: 30 objects`,
      CLEAR,
    ])
  })

  it.each([
    [true, true, 'json', true],
    [true, false, 'table', true],
    [true, false, 'wide', true],
    [true, false, 'json', false],
    [true, false, 'yaml', false],
    [false, true, 'table', false],
  ])(
    'is wanted with stderr a terminal %s, stdout a terminal %s, -o %s: %s',
    (stderrIsTerminal, stdoutIsTerminal, output, wanted) => {
      expect(progressWanted({ stderrIsTerminal, stdoutIsTerminal }, output)).toBe(wanted)
    }
  )
})

describe('the progress line of explain reading a slow cluster', () => {
  let api: FakeApiServer
  let kubeconfig: string
  const args = () => ['explain', '--pending', '-A', '--kubeconfig', kubeconfig]

  beforeAll(async () => {
    api = await FakeApiServer.start()
    api.addNode({ name: 'n1' })
    api.setPods([
      {
        metadata: { name: 'waiting', namespace: 'ns' },
        spec: { containers: [{ name: 'c' }], nodeSelector: { pool: 'none' } },
        status: { phase: 'Pending' },
      },
    ])
    kubeconfig = kubeconfigFor(api.url)
    // Every list answered after more than a second: the reads outlast the line's delay.
    api.faults.setDelay(1300)
  })
  afterAll(async () => {
    await api.close()
  })

  it('is seen in a pseudo-terminal, then cleared', async () => {
    const command = [process.execPath, CLI, ...args()].map((a) => `'${a}'`).join(' ')
    const { stdout } = await promisify(execFile)('script', ['-qfc', command, '/dev/null'], {
      env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', TERM: 'xterm' },
      timeout: 30_000,
    })
    expect(stdout).toContain(`${CLEAR}reading cluster `)
    expect(stdout).toMatch(/reading cluster (nodes|pods): 1 (of 1 )?objects/)
    expect(stdout).toContain(`objects${CLEAR}`)
    expect(stdout).toContain('waiting')
  }, 40_000)

  it('is absent when stderr is a pipe', async () => {
    const result = await cliAsync(args())
    expect(result.stdout).toContain('waiting')
    expect(result.stderr).not.toContain('reading')
    expect(result.stderr).not.toContain('\x1b')
  }, 40_000)
})
