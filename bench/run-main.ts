/**
 * How each bench script ends: with the exit code its main resolves to (0 when none), or, when it
 * throws, its stack on stderr under `tag` and exit code 1. Exiting outright, because an API
 * server's watch or a keep-alive socket may still hold the event loop open.
 */
export function runMain(tag: string, main: () => Promise<number | undefined | void>): void {
  main().then(
    (code) => process.exit(code ?? 0),
    (err: unknown) => {
      process.stderr.write(
        `${tag} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`
      )
      process.exit(1)
    }
  )
}
