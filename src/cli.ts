#!/usr/bin/env node
import { COMMAND_NAMES, helpFor, type Command } from './cli/help.js'
import {
  ClusterReadError,
  EXIT_BAD_INPUT,
  EXIT_CLUSTER_FAILED,
  exitOnceFlushed,
  type ToolIo,
} from './cli/tool-exit.js'
import { asCalled, programName } from './cli/program-name.js'
import { escapeLines } from './cli/terminal-text.js'
import { runVersion } from './cli/version-command.js'
import {
  ConfigError,
  didYouMean,
  environmentVariables,
  InputError,
  processMissingNodeFlags,
  suggestionsFor,
  versionText,
} from './config/index.js'

/**
 * The `taint-extender` executable (also installed as `kubectl-taint_extender`, which kubectl
 * runs for `kubectl taint-extender`): a command, then its flags. With no command it prints the
 * overview and exits 2, as a usage error, rather than start a server. Flags with no command
 * before them are serve's, so a Deployment's `args:` of flags alone (the image's command is
 * `serve`, replaced by them) still serves.
 */

const io: ToolIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  terminal: {
    stderrIsTerminal: process.stderr.isTTY === true,
    stdoutIsTerminal: process.stdout.isTTY === true,
  },
}

type Tool = (
  argv: readonly string[],
  io: ToolIo,
  env: NodeJS.ProcessEnv
) => Promise<number> | number

/**
 * Each command's module is loaded only when it runs: the server's (express, prom-client) and the
 * cluster client's are most of the start-up time, and `version` or `completion` needs neither.
 */
const TOOLS: Readonly<Record<string, () => Promise<Tool>>> = {
  explain: async () => (await import('./cli/explain-command.js')).runExplain,
  forecast: async () => (await import('./cli/forecast-command.js')).runForecast,
  version: () => Promise.resolve(runVersion),
  completion: async () => (await import('./cli/completion-command.js')).runCompletion,
}

const HELP_FLAGS = ['--help', '-h']

/** `taint-extender`, or `kubectl taint-extender` when kubectl ran it as a plugin. */
const PROGRAM = programName(process.argv[1])

// Output piped into `head` that closes early: stop quietly, as kubectl does, not with a stack.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') throw err
  process.exit(0)
})

/**
 * Runs a tool; bad usage exits 2, a cluster that cannot be read 3, each with one line. Only a
 * command line that is wrong points at the command's help (not a node or file that is not
 * there, which the help cannot answer).
 */
async function runTool(command: string, tool: Tool, argv: string[]): Promise<number> {
  try {
    return await tool(argv, io, environmentVariables())
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    // The command line's own words aside, a message quotes files and the API server: escaped.
    const said = err instanceof ConfigError ? message : escapeLines(message)
    io.stderr(`taint-extender ${command}: ${said}\n`)
    if (err instanceof ClusterReadError) return EXIT_CLUSTER_FAILED
    if (err instanceof ConfigError && !(err instanceof InputError)) {
      io.stderr(`Run '${PROGRAM} ${command} --help' for its flags.\n`)
    }
    return EXIT_BAD_INPUT
  }
}

function help(topic: string | undefined): number {
  // `help --help` is help's own help, which is the overview; `help --version` as any command's.
  if (topic === '--version') {
    io.stdout(versionText())
    return 0
  }
  if (topic === undefined || HELP_FLAGS.includes(topic)) topic = 'help'
  if (COMMAND_NAMES.includes(topic as Command)) {
    io.stdout(asCalled(helpFor(topic as Command), PROGRAM))
    return 0
  }
  io.stderr(
    `taint-extender help: no command "${topic}" (commands: ${COMMAND_NAMES.join(', ')})${didYouMean(suggestionsFor(topic, COMMAND_NAMES))}\n`
  )
  return EXIT_BAD_INPUT
}

async function run(argv: string[]): Promise<number | null> {
  const [command, ...rest] = argv
  // Before --help and --version are looked for: they are words to complete here.
  if (command === '__complete') {
    const { runComplete } = await import('./cli/complete-command.js')
    exitOnceFlushed(await runComplete(rest, io, environmentVariables()))
    return null
  }
  if (command === undefined) {
    io.stderr(asCalled(helpFor(undefined), PROGRAM))
    io.stderr(`taint-extender: no command given (to run the extender: ${PROGRAM} serve)\n`)
    return EXIT_BAD_INPUT
  }
  if (command === 'help') return help(rest[0])
  if (HELP_FLAGS.includes(command)) return help(undefined)
  const serving = command === 'serve' || command.startsWith('-')
  const flags = command === 'serve' || !serving ? rest : argv
  if (flags.includes('--version')) {
    io.stdout(versionText())
    return 0
  }
  if (flags.some((a) => HELP_FLAGS.includes(a))) return help(serving ? 'serve' : command)
  if (serving) {
    const missing = processMissingNodeFlags()
    const { relaunchWithNodeFlags, stopWhenLauncherGoes } = await import('./serve-relaunch.js')
    if (missing.length > 0) {
      relaunchWithNodeFlags(missing)
    } else {
      stopWhenLauncherGoes()
      ;(await import('./main.js')).main(flags)
    }
    return null
  }
  const tool = TOOLS[command]
  if (tool !== undefined) return runTool(command, await tool(), rest)
  // cobra's suggestions, over the commands it would offer (help is not among them).
  const close = suggestionsFor(
    command,
    COMMAND_NAMES.filter((name) => name !== 'help')
  )
  io.stderr(
    `taint-extender: unknown command "${command}"; ${PROGRAM} help lists them${didYouMean(close)}\n`
  )
  return EXIT_BAD_INPUT
}

const code = await run(process.argv.slice(2))
if (code !== null) process.exitCode = code
