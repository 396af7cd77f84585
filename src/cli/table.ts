import { escapeTerminal } from './terminal-text.js'

/**
 * Renders rows as left-aligned columns separated by three spaces, as kubectl prints tables; each
 * cell escaped for the terminal (terminal-text.ts), as kubectl's table printer escapes them.
 */
export function renderTable(
  header: readonly string[],
  cells: readonly (readonly string[])[]
): string {
  const rows = cells.map((row) => row.map(escapeTerminal))
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)))
  // The last column is padded too and the spaces trimmed, as kubectl leaves no trailing blanks.
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, c) => cell.padEnd(widths[c] ?? 0))
      .join('   ')
      .trimEnd()
  return [line(header), ...rows.map(line)].join('\n') + '\n'
}
