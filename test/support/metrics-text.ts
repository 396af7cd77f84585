/**
 * Reading Prometheus's text exposition in tests. A sample's value is after the line's last space:
 * label values may hold spaces (the rejection reasons do).
 */

/** Every sample, by its series as written: name and labels, e.g. `x_total{verb="filter"}`. */
export function seriesSamples(text: string): Map<string, number> {
  const found = new Map<string, number>()
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const space = line.lastIndexOf(' ')
    found.set(line.slice(0, space), Number(line.slice(space + 1)))
  }
  return found
}

/** The samples of one metric family, by label set as written (`{a="b"}`, or '' for none). */
export function familySamples(text: string, family: string): Map<string, number> {
  const found = new Map<string, number>()
  for (const [series, value] of seriesSamples(text)) {
    const labels = series.slice(family.length)
    if (series.startsWith(family) && (labels === '' || labels.startsWith('{'))) {
      found.set(labels, value)
    }
  }
  return found
}
