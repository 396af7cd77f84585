/**
 * "Did you mean this?" for a mistyped command or flag, by cobra's rule (command.go
 * `SuggestionsFor`, which kubectl's commands use): a candidate is offered when its Levenshtein
 * distance from what was typed, case ignored, is at most 2 (`SuggestionsMinimumDistance`'s
 * default), or when it starts with what was typed; in the candidates' order. cobra offers them
 * for commands only; the tools offer them for flags too, by the same rule.
 */

const MINIMUM_DISTANCE = 2

/** The candidates close to `typed`, as cobra's `SuggestionsFor` picks them. */
export function suggestionsFor(typed: string, candidates: readonly string[]): string[] {
  const lower = typed.toLowerCase()
  return candidates.filter((candidate) => {
    const name = candidate.toLowerCase()
    return levenshtein(lower, name) <= MINIMUM_DISTANCE || name.startsWith(lower)
  })
}

/**
 * cobra's wording after the error (`findSuggestions`): a blank line, `Did you mean this?`, then
 * each suggestion on its own line after a tab; "" when there is none.
 */
export function didYouMean(suggestions: readonly string[]): string {
  if (suggestions.length === 0) return ''
  return `\n\nDid you mean this?\n${suggestions.map((s) => `\t${s}\n`).join('')}`
}

/** Edit distance by insertions, deletions and substitutions (cobra's `ld`), one row at a time. */
function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution))
    }
    previous = current
  }
  return previous[b.length] ?? 0
}
