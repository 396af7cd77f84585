/**
 * Cluster strings made safe for a terminal before any human output shows them: a node label,
 * a taint value or a Status message from a file or a hostile API server must not clear the
 * screen, move the cursor or forge a table row. kubectl escapes its printed tables the same way
 * (cli-runtime printers/terminal.go `EscapeTerminal`, kubernetes/kubernetes#101695): ESC as
 * `^[` and a carriage return as `\r`. Here also a line feed as `\n` and a tab as `\t`, since one
 * cell or one summary is one line, and every other control character (C0, DEL, C1) and the
 * bidirectional overrides, which reorder what is seen, as `\uXXXX`. -o json and -o yaml are
 * left as they are: their encoders escape them already.
 */

const NAMED: Readonly<Record<string, string>> = {
  '\x1b': '^[',
  '\r': '\\r',
  '\n': '\\n',
  '\t': '\\t',
}

// C0 controls, DEL, C1 controls, and the bidi embeddings, overrides and isolates.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g

/** `text` with every character a terminal would act on written out instead. */
export function escapeTerminal(text: string): string {
  return text.replace(
    UNSAFE,
    (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}

/** Each line of `text` escaped, the line breaks kept: for messages that are several lines. */
export function escapeLines(text: string): string {
  return text.split('\n').map(escapeTerminal).join('\n')
}
