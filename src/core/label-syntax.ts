/**
 * apimachinery's validation of label keys and values (`IsQualifiedName`, `IsValidLabelValue`),
 * which kubectl applies to `-l` selectors and to the taints `kubectl taint` is given.
 */

const NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/

/** An optional DNS-subdomain prefix (at most 253 characters) and `/`, then a name (at most 63). */
export function isLabelKey(key: string): boolean {
  const parts = key.split('/')
  if (parts.length > 2) return false
  const name = parts.at(-1) ?? ''
  const prefix = parts.length === 2 ? (parts[0] ?? '') : null
  return (
    name.length <= 63 &&
    NAME.test(name) &&
    (prefix === null || (prefix.length <= 253 && DNS1123_SUBDOMAIN.test(prefix)))
  )
}

/** Empty, or a name of at most 63 characters. */
export function isLabelValue(value: string): boolean {
  return value === '' || (value.length <= 63 && NAME.test(value))
}
