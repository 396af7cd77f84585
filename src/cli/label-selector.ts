import { isLabelKey, isLabelValue } from '../core/index.js'
import { parseGoInt64 } from '../placement/index.js'
import { ProtocolError } from '../protocol/index.js'
import { labelSelectorTokens, type Token } from './label-selector-tokens.js'

/**
 * A label selector as `kubectl get -l` takes it, with the grammar, checks and matching of
 * apimachinery's `labels.Parse` (k8s.io/apimachinery/pkg/labels/selector.go): `a=b`, `a==b`,
 * `a!=b`, `a`, `!a`, `a in (x,y)`, `a notin (x,y)`, `a>1`, `a<1`, comma-separated, all of which
 * must hold.
 */
export function parseSelector(
  selector: string
): (labels: Readonly<Record<string, string>>) => boolean {
  let requirements: Requirement[]
  try {
    requirements = new SelectorParser(labelSelectorTokens(selector)).requirements()
  } catch (err) {
    if (!(err instanceof SelectorError)) throw err
    throw new ProtocolError(`--selector "${selector}": ${err.message}`)
  }
  return (labels) => requirements.every((r) => matches(r, labels))
}

type Requirement =
  | { readonly key: string; readonly operator: 'exists' | '!' }
  | { readonly key: string; readonly operator: '>' | '<'; readonly bound: bigint }
  | {
      readonly key: string
      readonly operator: '=' | '!=' | 'in' | 'notin'
      readonly values: readonly string[]
    }

class SelectorError extends Error {}

/**
 * apimachinery's Requirement.Matches: a node without the label fails `=`, `in`, `>` and `<`, and
 * passes `!=` and `notin`.
 */
function matches(r: Requirement, labels: Readonly<Record<string, string>>): boolean {
  const value = Object.hasOwn(labels, r.key) ? labels[r.key] : undefined
  switch (r.operator) {
    case 'exists':
      return value !== undefined
    case '!':
      return value === undefined
    case '=':
    case 'in':
      return value !== undefined && r.values.includes(value)
    case '!=':
    case 'notin':
      return value === undefined || !r.values.includes(value)
    case '>':
    case '<': {
      const label = value === undefined ? null : parseGoInt64(value)
      if (label === null) return false
      return r.operator === '>' ? label > r.bound : label < r.bound
    }
  }
}

function checkKey(key: string): void {
  if (!isLabelKey(key)) throw new SelectorError(`"${key}" is not a valid label key`)
}

function checkValue(value: string): void {
  if (!isLabelValue(value)) throw new SelectorError(`"${value}" is not a valid label value`)
}

/** apimachinery's Parser, production by production; its error texts where it has one. */
class SelectorParser {
  readonly #tokens: readonly Token[]
  #at = 0

  constructor(tokens: readonly Token[]) {
    this.#tokens = tokens
  }

  requirements(): Requirement[] {
    const found: Requirement[] = []
    for (;;) {
      const first = this.#peek()
      if (first.kind === 'end') return found
      if (first.kind !== 'identifier' && first.kind !== '!') {
        throw new SelectorError(
          `found '${first.text}', expected: !, identifier, or 'end of string'`
        )
      }
      found.push(this.#requirement())
      const next = this.#next()
      if (next.kind === 'end') return found
      if (next.kind !== ',') {
        throw new SelectorError(`found '${next.text}', expected: ',' or 'end of string'`)
      }
      const after = this.#peek()
      if (after.kind !== 'identifier' && after.kind !== '!') {
        throw new SelectorError(`found '${after.text}', expected: identifier after ','`)
      }
    }
  }

  #requirement(): Requirement {
    const negated = this.#peek().kind === '!'
    if (negated) this.#next()
    const key = this.#next()
    if (key.kind !== 'identifier') {
      throw new SelectorError(`found '${key.text}', expected: identifier`)
    }
    checkKey(key.text)
    const ahead = this.#peek().kind
    if (negated || ahead === 'end' || ahead === ',') {
      return { key: key.text, operator: negated ? '!' : 'exists' }
    }
    const operator = this.#operator()
    if (operator === '>' || operator === '<') {
      const value = this.#value()
      const bound = parseGoInt64(value)
      if (bound === null) {
        throw new SelectorError(`for 'Gt', 'Lt' operators, the value must be an integer`)
      }
      checkValue(value)
      return { key: key.text, operator, bound }
    }
    const values = operator === 'in' || operator === 'notin' ? this.#valueSet() : [this.#value()]
    values.forEach(checkValue)
    return { key: key.text, operator, values }
  }

  #operator(): '=' | '!=' | 'in' | 'notin' | '>' | '<' {
    const token = this.#next()
    const operator = OPERATORS.get(token.text)
    if (operator === undefined) {
      throw new SelectorError(`found '${token.text}', expected: in, notin, =, ==, !=, gt, lt`)
    }
    return operator
  }

  /** `=`, `!=`, `>`, `<` take one value; nothing before a comma or the end is the empty value. */
  #value(): string {
    const ahead = this.#peek().kind
    if (ahead === 'end' || ahead === ',') return ''
    const token = this.#next()
    if (token.kind !== 'identifier') {
      throw new SelectorError(`found '${token.text}', expected: identifier`)
    }
    return token.text
  }

  /** `(x,y)`; empty places (`()`, `(,x)`, `(x,,y)`) stand for the empty value, as upstream. */
  #valueSet(): string[] {
    const open = this.#next()
    if (open.kind !== '(') throw new SelectorError(`found '${open.text}' expected: '('`)
    const values = new Set<string>()
    let expectValue = true
    for (;;) {
      const token = this.#next()
      if (token.kind === ')') {
        if (expectValue) values.add('')
        return [...values]
      }
      if (token.kind === ',') {
        if (expectValue) values.add('')
        expectValue = true
      } else if (token.kind === 'identifier' && expectValue) {
        values.add(token.text)
        expectValue = false
      } else {
        throw new SelectorError(`found '${token.text}', expected: ',', ')' or identifier`)
      }
    }
  }

  #peek(): Token {
    return this.#tokens[this.#at] ?? END
  }

  #next(): Token {
    const token = this.#peek()
    this.#at++
    return token
  }
}

/** What each operator means; no other token's text is among them. */
const OPERATORS = new Map<string, '=' | '!=' | 'in' | 'notin' | '>' | '<'>([
  ['=', '='],
  ['==', '='],
  ['!=', '!='],
  ['in', 'in'],
  ['notin', 'notin'],
  ['>', '>'],
  ['<', '<'],
])

const END: Token = { kind: 'end', text: '' }
