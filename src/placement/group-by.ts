/** Items by a key, each list in the items' order: pods by the node they name. */
export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const key = keyOf(item)
    const list = groups.get(key)
    if (list === undefined) groups.set(key, [item])
    else list.push(item)
  }
  return groups
}
