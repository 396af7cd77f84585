/**
 * The text of the errors kube-scheduler reports when it cannot parse a node selector term, as
 * apimachinery v1.35 writes them: `field.Error.Error()` / `ErrorBody()`
 * (pkg/util/validation/field/errors.go), the aggregate's `Error()` (pkg/util/errors), the label
 * key and value messages of `content.IsLabelKey` / `content.IsLabelValue`
 * (pkg/api/validate/content), and the event note limit of schedule_one.go `truncateMessage`.
 */

/** A field error's bad value: a string, a []string (nil when absent), or none shown. */
export type BadValue =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'strings'; readonly values: readonly string[] }

export interface FieldError {
  readonly type: 'Invalid' | 'NotSupported' | 'Duplicate'
  /** The field path as `field.Path.String()` renders it. */
  readonly field: string
  readonly badValue: BadValue
  readonly detail: string
}

/** `ErrorType.String()` of the types the parse and the pod's validation report. */
const TYPE_TEXT = {
  Invalid: 'Invalid value',
  NotSupported: 'Unsupported value',
  Duplicate: 'Duplicate value',
} as const

const GO_ESCAPES: Readonly<Record<string, string>> = {
  '\u0007': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '"': '\\"',
  '\\': '\\\\',
}

/** Go's `unicode.IsPrint`: letters, marks, numbers, punctuation, symbols and the ASCII space. */
const GO_PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u

function hex(codePoint: number, digits: number): string {
  return codePoint.toString(16).padStart(digits, '0')
}

/** Go's `%q` of a string (`strconv.Quote`): printable runes kept, the rest escaped. */
export function goQuote(text: string): string {
  let out = '"'
  // Go reads the JSON into UTF-8, where a lone surrogate became U+FFFD.
  for (const ch of text.replace(/\p{Cs}/gu, '\ufffd')) {
    const cp = ch.codePointAt(0) as number
    const escape = GO_ESCAPES[ch]
    if (escape !== undefined) out += escape
    else if (GO_PRINTABLE.test(ch)) out += ch
    else if (cp < 0x80) out += `\\x${hex(cp, 2)}`
    else if (cp < 0x10000) out += `\\u${hex(cp, 4)}`
    else out += `\\U${hex(cp, 8)}`
  }
  return `${out}"`
}

/**
 * Go's `%#v` of a []string, ErrorBody's fallback for a value that is neither a simple type nor a
 * string. A requirement read from the API has no values as a nil slice.
 */
export function goStringSlice(values: readonly string[]): string {
  if (values.length === 0) return '[]string(nil)'
  return `[]string{${values.map(goQuote).join(', ')}}`
}

/** `field.Invalid(field, value, detail)` of a string value. */
export function invalidString(field: string, value: string, detail: string): FieldError {
  return { type: 'Invalid', field, badValue: { kind: 'string', value }, detail }
}

/** `field.Error.Error()`: the field, the type, the bad value, then the detail. */
export function fieldErrorText(e: FieldError): string {
  const value =
    e.badValue.kind === 'string' ? goQuote(e.badValue.value) : goStringSlice(e.badValue.values)
  const body = `${TYPE_TEXT[e.type]}: ${value}`
  return e.detail === '' ? `${e.field}: ${body}` : `${e.field}: ${body}: ${e.detail}`
}

/** `field.NotSupported`'s detail: the supported values, each quoted. */
export function supportedValuesDetail(values: readonly string[]): string {
  return `supported values: ${values.map(goQuote).join(', ')}`
}

/**
 * The aggregate's `Error()` over a flattened list (`errors.Flatten(errors.NewAggregate(…))`):
 * one message alone; several distinct ones, first seen first, in `[a, b]`.
 */
export function aggregateText(messages: readonly string[]): string {
  const distinct = [...new Set(messages)]
  if (messages.length === 1 || distinct.length === 1) return distinct[0] ?? ''
  return `[${distinct.join(', ')}]`
}

/** validation.NoteLengthLimit: the longest note an event may carry, in bytes. */
const NOTE_LENGTH_LIMIT = 1024
const TRUNCATED_SUFFIX = ' ...'

/** schedule_one.go `truncateMessage`, applied to the FailedScheduling event's message. */
export function truncateEventMessage(message: string): string {
  const bytes = Buffer.from(message, 'utf8')
  if (bytes.length <= NOTE_LENGTH_LIMIT) return message
  const head = bytes.subarray(0, NOTE_LENGTH_LIMIT - TRUNCATED_SUFFIX.length).toString('utf8')
  return head + TRUNCATED_SUFFIX
}

/** content `RegexError`: the message, its examples, and the expression it was checked with. */
function regexError(message: string, expression: string, ...examples: string[]): string {
  const shown = examples.map((e) => `'${e}', `).join(' or ')
  return `${message} (e.g. ${shown}regex used for validation is '${expression}')`
}

const maxLenError = (length: number): string => `must be no more than ${length} bytes`
const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8')

const LABEL_KEY_FORMAT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'
const LABEL_KEY = new RegExp(`^${LABEL_KEY_FORMAT}$`)
const LABEL_KEY_MESSAGE =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
const LABEL_VALUE_FORMAT = `(${LABEL_KEY_FORMAT})?`
const LABEL_VALUE = new RegExp(`^${LABEL_VALUE_FORMAT}$`)
const LABEL_VALUE_MESSAGE =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
const DNS_LABEL = '[a-z0-9]([-a-z0-9]*[a-z0-9])?'
const DNS_SUBDOMAIN_FORMAT = `${DNS_LABEL}(\\.${DNS_LABEL})*`
const DNS_SUBDOMAIN = new RegExp(`^${DNS_SUBDOMAIN_FORMAT}$`)
const DNS_SUBDOMAIN_MESSAGE =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"

const nameRegexError = (): string =>
  regexError(LABEL_KEY_MESSAGE, LABEL_KEY_FORMAT, 'MyName', 'my.name', '123-abc')

/** content `IsDNS1123Subdomain`, for a label key's prefix. */
function dnsSubdomainErrors(prefix: string): string[] {
  const errors: string[] = []
  if (byteLength(prefix) > 253) errors.push(maxLenError(253))
  if (!DNS_SUBDOMAIN.test(prefix))
    errors.push(regexError(DNS_SUBDOMAIN_MESSAGE, DNS_SUBDOMAIN_FORMAT, 'example.com'))
  return errors
}

/** content `IsLabelKey` (validation's `IsQualifiedName`): every problem, in upstream's order. */
export function labelKeyErrors(key: string): string[] {
  const parts = key.split('/')
  if (parts.length > 2)
    return [
      `a valid label key ${nameRegexError()} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ]
  const errors: string[] = []
  const name = parts.at(-1) as string
  if (parts.length === 2) {
    const prefix = parts[0] as string
    if (prefix === '') errors.push('prefix part must be non-empty')
    else errors.push(...dnsSubdomainErrors(prefix).map((m) => `prefix part ${m}`))
  }
  if (name === '') errors.push('name part must be non-empty')
  else if (byteLength(name) > 63) errors.push(`name part ${maxLenError(63)}`)
  if (!LABEL_KEY.test(name)) errors.push(`name part ${nameRegexError()}`)
  return errors
}

/** content `IsLabelValue` (validation's `IsValidLabelValue`). */
export function labelValueErrors(value: string): string[] {
  const errors: string[] = []
  if (byteLength(value) > 63) errors.push(maxLenError(63))
  if (!LABEL_VALUE.test(value))
    errors.push(regexError(LABEL_VALUE_MESSAGE, LABEL_VALUE_FORMAT, 'MyValue', 'my_value', '12345'))
  return errors
}
