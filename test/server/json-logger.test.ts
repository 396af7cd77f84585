import { describe, expect, it } from 'vitest'
import type { LogLevel } from '../../src/extender/index.js'
import { JsonLogger } from '../../src/server/index.js'

/**
 * The log format operators parse: one JSON object per line, `ts` in Unix seconds, `level` and
 * `msg` first, then the logger's bindings and the line's fields; lines below the level dropped.
 */

function capture(level: LogLevel): { logger: JsonLogger; lines: string[] } {
  const lines: string[] = []
  return { logger: new JsonLogger(level, (line) => lines.push(line)), lines }
}

const parsed = (line: string | undefined): Record<string, unknown> =>
  JSON.parse(line ?? 'null') as Record<string, unknown>

describe('JsonLogger', () => {
  it('writes one JSON object per line, with ts in seconds, level, msg, then the fields', () => {
    const { logger, lines } = capture('debug')
    const before = Date.now() / 1000
    logger.info('node cache synced', { nodes: 3 })
    const after = Date.now() / 1000
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /^\{"ts":[\d.]+,"level":"info","msg":"node cache synced","nodes":3\}\n$/
    )
    const ts = parsed(lines[0]).ts as number
    expect(ts).toBeGreaterThanOrEqual(before)
    expect(ts).toBeLessThanOrEqual(after)
  })

  it.each([
    ['debug', ['debug', 'info', 'warn', 'error']],
    ['info', ['info', 'warn', 'error']],
    ['warn', ['warn', 'error']],
    ['error', ['error']],
  ] as const)('at level %s writes and enables only %j', (level, written) => {
    const { logger, lines } = capture(level)
    logger.debug('d')
    logger.info('i')
    logger.warn('w')
    logger.error('e')
    expect(lines.map((line) => parsed(line).level)).toEqual(written)
    const enabled = (['debug', 'info', 'warn', 'error'] as const).filter((l) => logger.isEnabled(l))
    expect(enabled).toEqual(written)
  })

  it('gives a child its parent’s level and both sets of bindings, the child’s winning', () => {
    const { logger, lines } = capture('warn')
    const child = logger.child({ component: 'node-cache', shard: 1 }).child({ shard: 2 })
    child.info('dropped')
    child.warn('kept', { nodes: 5 })
    expect(lines.map(parsed)).toEqual([
      {
        ts: expect.any(Number),
        level: 'warn',
        msg: 'kept',
        component: 'node-cache',
        shard: 2,
        nodes: 5,
      },
    ])
  })

  it('writes an Error field as its message and a bigint as its digits', () => {
    const { logger, lines } = capture('info')
    logger.error('request failed unexpectedly', { err: new Error('boom'), bytes: 2n ** 70n })
    expect(parsed(lines[0])).toMatchObject({ err: 'boom', bytes: '1180591620717411303424' })
  })

  it('still writes the line, saying so, when its fields cannot be serialised', () => {
    const { logger, lines } = capture('info')
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    logger.warn('odd fields', { cycle })
    expect(parsed(lines[0])).toEqual({
      ts: expect.any(Number),
      level: 'warn',
      msg: 'odd fields',
      err: 'log fields could not be serialised',
    })
    expect(lines[0]?.endsWith('\n')).toBe(true)
  })
})
