import { describe, expect, it } from 'vitest'
import { cli } from './run-cli.js'
import { FIXTURES, tempFile } from './run-tool.js'

/**
 * The pod's tolerations, checked as the API server checks them (pkg/apis/core/validation
 * `ValidateTolerations`): a pod it would refuse gets its field path and wording, exit 2, rather
 * than an explanation of a pod that cannot exist. One row per rule, through the executable.
 */
const NODES = `${FIXTURES}nodes.yaml`

function podWith(tolerations: unknown[]): string {
  const pod = {
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'ns' },
    spec: { containers: [{ name: 'c', image: 'i' }], tolerations },
  }
  return tempFile('pod.json', JSON.stringify(pod))
}

const LABEL_VALUE =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"

const REFUSED: readonly [string, unknown[], string][] = [
  [
    'tolerationSeconds with an effect other than NoExecute',
    [{ key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 30 }],
    'spec.tolerations[0].effect: Invalid value: "NoSchedule": effect must be \'NoExecute\' when `tolerationSeconds` is set',
  ],
  [
    'tolerationSeconds with no effect (all effects)',
    [{ key: 'k', operator: 'Exists', tolerationSeconds: 0 }],
    'spec.tolerations[0].effect: Invalid value: "": effect must be \'NoExecute\' when `tolerationSeconds` is set',
  ],
  [
    'Exists with a value',
    [{ key: 'k', operator: 'Exists', value: 'v' }],
    'spec.tolerations[0].operator: Invalid value: "v": value must be empty when `operator` is \'Exists\'',
  ],
  [
    'an empty key with Equal',
    [{ operator: 'Equal', value: 'v' }],
    'spec.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"',
  ],
  [
    'an empty key with no operator (Equal by default)',
    [{ effect: 'NoSchedule' }],
    'spec.tolerations[0].operator: Invalid value: "": operator must be Exists when `key` is empty, which means "match all values and all keys"',
  ],
  [
    'an operator the API does not have (lower case)',
    [{ key: 'k', operator: 'exists' }],
    'spec.tolerations[0].operator: Unsupported value: "exists": supported values: "Equal", "Exists"',
  ],
  [
    'an effect the API does not have',
    [{ key: 'k', operator: 'Exists', effect: 'NoScheduleNoAdmit' }],
    'spec.tolerations[0].effect: Unsupported value: "NoScheduleNoAdmit": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
  ],
  [
    'a key that is not a qualified name',
    [{ key: 'bad key', operator: 'Exists' }],
    "spec.tolerations[0].key: Invalid value: \"bad key\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
  ],
  [
    'an Equal value that is not a label value',
    [{ key: 'k', operator: 'Equal', value: 'a b' }],
    `spec.tolerations[0].operator: Invalid value: "a b": ${LABEL_VALUE}`,
  ],
  [
    'two problems in two tolerations, both reported as the API server aggregates them',
    [
      { key: 'ok', operator: 'Exists' },
      { key: 'k', operator: 'Exists', value: 'v', effect: 'NoSchedule', tolerationSeconds: 5 },
    ],
    '[spec.tolerations[1].effect: Invalid value: "NoSchedule": effect must be \'NoExecute\' when `tolerationSeconds` is set, spec.tolerations[1].operator: Invalid value: "v": value must be empty when `operator` is \'Exists\']',
  ],
]

describe('explain --pod with tolerations the API server would refuse', () => {
  it.each(REFUSED)(
    'refuses %s with exit 2 and the API server’s words',
    (_name, tolerations, message) => {
      const file = podWith(tolerations)
      const result = cli(['explain', '--pod', file, '--nodes', NODES])
      expect(result.code).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr.split('\n')[0]).toBe(
        `taint-extender explain: ${file}: pod "p": the API server would refuse this pod: ${message}`
      )
    }
  )
})

describe('the pod a refusal names', () => {
  it('is named by its place in the file when it has no name', () => {
    const pod = {
      kind: 'Pod',
      spec: { containers: [{ name: 'c', image: 'i' }], tolerations: [{ operator: 'Equal' }] },
    }
    const file = tempFile('pod.json', JSON.stringify(pod))
    const result = cli(['explain', '--pod', file, '--nodes', NODES])
    expect(result.code).toBe(2)
    expect(result.stderr.split('\n')[0]).toMatch(
      `taint-extender explain: ${file}: pod 0: the API server would refuse this pod: spec.tolerations[0].operator`
    )
  })
})

describe('explain --pod with tolerations the API server accepts', () => {
  it.each([
    ['Exists with an empty key: every taint', [{ operator: 'Exists' }]],
    [
      'tolerationSeconds with NoExecute',
      [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 }],
    ],
    ['Equal by default with a label value', [{ key: 'example.com/k', value: 'v1.2_3' }]],
    [
      'Gt and Lt, as with TaintTolerationComparisonOperators on',
      [
        { key: 'k', operator: 'Gt', value: '5' },
        { key: 'k', operator: 'Lt', value: '9' },
      ],
    ],
  ])('explains a pod with %s', (_name, tolerations) => {
    const result = cli(['explain', '--pod', podWith(tolerations), '--nodes', NODES])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
  })
})
