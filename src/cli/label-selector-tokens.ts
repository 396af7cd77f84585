/**
 * The tokens of a label selector, cut as apimachinery's `labels` Lexer cuts them: whitespace
 * separates, the characters `=!(),><` form the longest operator they can (`!=`, `==`, then one
 * character), and anything else up to whitespace or one of them is an identifier. `in` and
 * `notin` stay identifiers here: the parser reads them as operators only where one is expected.
 */

export type TokenKind = 'identifier' | 'operator' | '!' | '(' | ')' | ',' | 'end'

export interface Token {
  readonly kind: TokenKind
  readonly text: string
}

const SPECIAL = new Set(['=', '!', '(', ')', ',', '>', '<'])
const WHITESPACE = new Set([' ', '\t', '\r', '\n'])
const TWO_CHARACTER = new Set(['!=', '=='])

function kindOfSymbol(text: string): TokenKind {
  if (text === '!' || text === '(' || text === ')' || text === ',') return text
  return 'operator'
}

export function labelSelectorTokens(selector: string): Token[] {
  const tokens: Token[] = []
  let at = 0
  while (at < selector.length) {
    const ch = selector[at] as string
    if (WHITESPACE.has(ch)) {
      at++
    } else if (SPECIAL.has(ch)) {
      const pair = selector.slice(at, at + 2)
      const text = TWO_CHARACTER.has(pair) ? pair : ch
      tokens.push({ kind: kindOfSymbol(text), text })
      at += text.length
    } else {
      const start = at
      while (at < selector.length) {
        const c = selector[at] as string
        if (WHITESPACE.has(c) || SPECIAL.has(c)) break
        at++
      }
      tokens.push({ kind: 'identifier', text: selector.slice(start, at) })
    }
  }
  tokens.push({ kind: 'end', text: '' })
  return tokens
}
