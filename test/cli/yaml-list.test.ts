import { describe, expect, it } from 'vitest'
import { readYamlListItems } from '../../src/cli/yaml-list.js'
import { ProtocolError } from '../../src/protocol/index.js'

/** What readYamlListItems gives each item, and whether it read the text item by item. */
function read(text: string): { read: boolean; items: unknown[]; kinds: (string | null)[] } {
  const items: unknown[] = []
  const kinds: (string | null)[] = []
  const done = readYamlListItems(text, (object, index, _of, listKind) => {
    items[index] = object
    kinds.push(listKind)
  })
  return { read: done, items, kinds }
}

const KUBECTL = `apiVersion: v1
items:
- apiVersion: v1
  kind: Pod
  metadata:
    name: a
  spec:
    containers:
    - name: c
      args: |
        - not an entry
        # not a comment
# a comment between entries

- kind: Pod
  metadata: {name: b}
kind: List
metadata:
  resourceVersion: ""
`

describe('reading a YAML list item by item', () => {
  it("reads each entry of a list printed as kubectl prints it (entries at column 0), with the list's kind", () => {
    const { read: done, items, kinds } = read(KUBECTL)
    expect(done).toBe(true)
    expect(items).toEqual([
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'a' },
        spec: { containers: [{ name: 'c', args: '- not an entry\n# not a comment\n' }] },
      },
      { kind: 'Pod', metadata: { name: 'b' } },
    ])
    expect(kinds).toEqual(['List', 'List'])
  })

  it('reads each entry of a list printed with its entries indented, as js-yaml and yq print it', () => {
    const text =
      'kind: PodList\nitems:\n  - metadata:\n      name: a\n  - metadata:\n      name: b\n'
    expect(read(text)).toEqual({
      read: true,
      items: [{ metadata: { name: 'a' } }, { metadata: { name: 'b' } }],
      kinds: ['PodList', 'PodList'],
    })
  })

  it('reads the entries of items beside a key Items, another field to the API server, which it passes over', () => {
    const { read: done, items } = read(`Items: [{kind: Node}]\n${KUBECTL}`)
    expect(done).toBe(true)
    expect(items).toHaveLength(2)
  })

  it.each([
    ['several documents', `${KUBECTL}---\nkind: List\nitems: []\n`],
    ['a directive', `%YAML 1.2\n---\n${KUBECTL}`],
    ['an alias to an anchor in another entry', 'items:\n- &p {kind: Pod}\n- *p\n'],
    ['items named twice', `${KUBECTL}items: []\n`],
    ['no entries', 'kind: List\nitems: []\n'],
    ['entries less indented than the first', 'items:\n  - a: 1\n - b: 2\n'],
    ['a tab at the start of a line', 'items:\n- a: 1\n\t- b\n'],
    ['an entry that is not YAML on its own', 'items:\n- a: "unclosed\n- b: 2\n'],
  ])('leaves to the whole parse a text with %s', (_, text) => {
    expect(read(text).read).toBe(false)
  })

  it('refuses an item only once the rest of the text is known to parse, as the whole parse would', () => {
    const refuse = () => {
      throw new ProtocolError('item refused')
    }
    expect(() => readYamlListItems('items:\n- a: 1\n- b: 2\n', refuse)).toThrow('item refused')
    expect(readYamlListItems('items:\n- a: 1\n- b: "unclosed\n', refuse)).toBe(false)
  })
})
