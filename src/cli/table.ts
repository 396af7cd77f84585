/** Renders rows as left-aligned columns separated by three spaces, as kubectl prints tables. */
export function renderTable(
  header: readonly string[],
  rows: readonly (readonly string[])[]
): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)))
  // The last column is padded too and the spaces trimmed, as kubectl leaves no trailing blanks.
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, c) => cell.padEnd(widths[c] ?? 0))
      .join('   ')
      .trimEnd()
  return [line(header), ...rows.map(line)].join('\n') + '\n'
}
