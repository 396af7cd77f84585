/**
 * The bench scripts' command-line flags, all of the form `--name` or `--name=value`, read
 * straight from process.argv: the scripts take a handful each, and a parser would be one more
 * dependency for that.
 */

/** The values of every `--name=value`, in order. */
export function flagValues(name: string): string[] {
  const prefix = `--${name}=`
  return process.argv.filter((a) => a.startsWith(prefix)).map((a) => a.slice(prefix.length))
}

/** The value of the first `--name=value`, or undefined. */
export function flagValue(name: string): string | undefined {
  return flagValues(name)[0]
}

/** Whether the bare flag `--name` is given. */
export function hasFlag(name: string): boolean {
  return process.argv.includes(`--${name}`)
}

/** `--<name>=<positive number>` from the command line, or `fallback`. */
export function option(name: string, fallback: number): number {
  const raw = flagValue(name)
  const value = raw === undefined ? fallback : Number(raw)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`)
  return value
}
