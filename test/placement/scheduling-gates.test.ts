import { describe, expect, it } from 'vitest'
import { schedulingGatesRejection } from '../../src/placement/index.js'

/** SchedulingGates' PreEnqueue status (scheduling_gates.go): the gate names as Go's %v prints them. */
describe('schedulingGatesRejection', () => {
  it.each([
    ['a pod with no gates enters the queue: no refusal', [], null],
    [
      'one gate: its name in brackets',
      ['example.com/hold'],
      'waiting for scheduling gates: [example.com/hold]',
    ],
    [
      'several gates: every name, in the pod’s order, separated by a space',
      ['b.example/quota', 'a.example/hold', 'c'],
      'waiting for scheduling gates: [b.example/quota a.example/hold c]',
    ],
  ])('%s', (_name, gates, want) => {
    expect(schedulingGatesRejection(gates)).toBe(want)
  })
})
