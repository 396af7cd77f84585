/**
 * The bench scripts' flags, all `--name` or `--name=value`, read straight from process.argv:
 * each script takes a handful.
 */

/** The value of the first `--name=value`, or undefined. */
export function flagValue(name: string): string | undefined {
  const prefix = `--${name}=`
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length)
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
