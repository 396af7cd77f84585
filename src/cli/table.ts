/** Renders rows as left-aligned columns separated by three spaces, as kubectl prints tables. */
export function renderTable(
  header: readonly string[],
  rows: readonly (readonly string[])[]
): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)))
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, c) => (c === cells.length - 1 ? cell : cell.padEnd(widths[c] ?? 0)))
      .join('   ')
      .trimEnd()
  return [line(header), ...rows.map(line)].join('\n') + '\n'
}
