import { describe, expect, it } from 'vitest'
import { parseStealTicks, stolenCell } from '../../bench/cpu-steal.js'

// As this machine's kernel prints it (trimmed intr line): the aggregate `cpu` line first.
const PROC_STAT = `cpu  1836527 0 501827 2198406 28580 0 74846 26430 0 0
cpu0 653981 0 226243 1396249 5273 0 32098 15474 0 0
cpu1 1182545 0 275583 802157 23306 0 42747 10956 0 0
intr 43528207 0 0 0 0 0 0 0 0 0 0 0 0 0 0
ctxt 66723314
btime 1763700000
processes 10729
`

describe('parseStealTicks', () => {
  const cases: { name: string; procStat: string; ticks: number[] }[] = [
    {
      name: 'reads the eighth figure of each numbered cpu line and skips the aggregate line',
      procStat: PROC_STAT,
      ticks: [15474, 10956],
    },
    {
      name: 'reads steal from a kernel that prints no guest columns after it',
      procStat: 'cpu  5 0 5 5 0 0 0 7\ncpu0 5 0 5 5 0 0 0 7\n',
      ticks: [7],
    },
    {
      name: 'reads 0 for a CPU whose line is missing, so CPU numbers stay indexes',
      procStat: 'cpu0 1 0 1 1 0 0 0 3 0 0\ncpu2 1 0 1 1 0 0 0 9 0 0\n',
      ticks: [3, 0, 9],
    },
    {
      name: 'skips a line too short to hold steal (a kernel older than 2.6.11)',
      procStat: 'cpu0 1 0 1 1 0 0 0\ncpu1 1 0 1 1 0 0 0 4\n',
      ticks: [0, 4],
    },
    { name: 'gives nothing for a file with no numbered cpu line', procStat: 'intr 1\n', ticks: [] },
  ]
  it.each(cases)('$name', ({ procStat, ticks }) => {
    expect(parseStealTicks(procStat)).toEqual(ticks)
  })
})

describe('stolenCell', () => {
  it('gives the total first and each CPU after it, so a table shows which CPU lost the time', () => {
    expect(stolenCell({ totalMs: 50, byCpuMs: [30, 20] })).toBe('50 (30/20)')
  })
  it('gives a dash where steal is unknown, as the other tables do for a missing value', () => {
    expect(stolenCell(null)).toBe('-')
  })
})
