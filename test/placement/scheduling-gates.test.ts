import { describe, expect, it } from 'vitest'
import {
  schedulingGatesRejection,
  schedulingGateValidationErrors,
} from '../../src/placement/index.js'

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

const NAME_FORMAT =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"

/** validateSchedulingGates (pkg/apis/core/validation), in the words of kube-apiserver v1.28.7. */
describe('schedulingGateValidationErrors', () => {
  it.each([
    ['qualified names, each once: nothing to refuse', ['example.com/hold', 'quota'], []],
    [
      'a name that starts with a dash: its name part is refused at its index',
      ['example.com/hold', '-x'],
      [`spec.schedulingGates[1]: Invalid value: "-x": ${NAME_FORMAT}`],
    ],
    [
      'a name met before: a Duplicate value at the second',
      ['a', 'b', 'a'],
      ['spec.schedulingGates[2]: Duplicate value: "a"'],
    ],
    [
      'an empty name: empty, and so not of the format either, two problems at one index',
      [''],
      [
        'spec.schedulingGates[0]: Invalid value: "": name part must be non-empty',
        `spec.schedulingGates[0]: Invalid value: "": ${NAME_FORMAT}`,
      ],
    ],
    [
      'a prefix that is not a DNS subdomain',
      ['Example.com/hold'],
      [
        "spec.schedulingGates[0]: Invalid value: \"Example.com/hold\": prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      ],
    ],
  ])('%s', (_name, gates, want) => {
    expect(schedulingGateValidationErrors(gates)).toEqual(want)
  })
})
