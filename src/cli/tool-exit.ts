/**
 * What every command shares to report its outcome, kept apart from tool-io.ts's cluster reads so
 * that the executable loads no cluster client for a command that reads no cluster (`version`,
 * `completion`, the `__complete` a shell runs at each TAB).
 */

/** Where a tool writes its output and its error messages. */
export interface ToolIo {
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
  /** Which of the two are terminals (a person watching); absent where neither is. */
  readonly terminal?: Terminal
}

export interface Terminal {
  readonly stderrIsTerminal: boolean
  readonly stdoutIsTerminal: boolean
}

/** Exit statuses shared by the tools: 2 is always bad usage or input, 3 a cluster that failed. */
export const EXIT_BAD_INPUT = 2
export const EXIT_CLUSTER_FAILED = 3

/**
 * A read of the cluster that failed: the API server unreachable, the credentials refused, or the
 * list answered with an error. Not the user's typing, so not exit 2: scripts can tell the two.
 */
export class ClusterReadError extends Error {
  override readonly name = 'ClusterReadError'

  /** `statusCode`: the HTTP status the API server answered with, when it answered. */
  constructor(
    message: string,
    readonly statusCode?: number
  ) {
    super(message)
  }
}

/**
 * Ends the process once what was written to stdout has been flushed. `__complete` ends this way:
 * a cluster read given up at its deadline can leave work holding the event loop (a credential
 * plugin from the kubeconfig still running, a connection still opening), and the shell waits
 * for the process to end, not for the answer.
 */
export function exitOnceFlushed(code: number): void {
  process.stdout.write('', () => process.exit(code))
}
