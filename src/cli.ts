#!/usr/bin/env node
import { runExplain } from './cli/explain-command.js'
import { runForecast } from './cli/forecast-command.js'
import { helpFor, type Command } from './cli/help.js'
import {
  ClusterReadError,
  EXIT_BAD_INPUT,
  EXIT_CLUSTER_FAILED,
  type ToolIo,
} from './cli/tool-io.js'
import { ConfigError, environmentVariables } from './config/index.js'
import { main as serve } from './main.js'
import { ProtocolError } from './protocol/index.js'

const io: ToolIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}

const TOOLS = { explain: runExplain, forecast: runForecast } as const
const COMMANDS: readonly Command[] = ['serve', 'explain', 'forecast', 'help']
const HELP_FLAGS = ['--help', '-h']

/** Runs a tool; bad usage exits 2, a cluster that cannot be read 3, each with one line. */
async function runTool(tool: keyof typeof TOOLS, argv: string[]): Promise<number> {
  try {
    return await TOOLS[tool](argv, io, environmentVariables())
  } catch (err) {
    io.stderr(`taint-extender ${tool}: ${err instanceof Error ? err.message : String(err)}\n`)
    if (err instanceof ClusterReadError) return EXIT_CLUSTER_FAILED
    if (err instanceof ConfigError || err instanceof ProtocolError) {
      io.stderr(`Run 'taint-extender ${tool} --help' for its flags.\n`)
    }
    return EXIT_BAD_INPUT
  }
}

function help(topic: string | undefined): number {
  if (topic === undefined || COMMANDS.includes(topic as Command)) {
    io.stdout(helpFor(topic as Command | undefined))
    return 0
  }
  io.stderr(`taint-extender help: no command "${topic}" (commands: ${COMMANDS.join(', ')})\n`)
  return EXIT_BAD_INPUT
}

/** A bare `taint-extender` serves; it says so, as a log line like the server's own. */
function noteBareInvocation(): void {
  const msg = 'no command given: serving the extender; taint-extender help lists the commands'
  io.stderr(JSON.stringify({ ts: Date.now() / 1000, level: 'info', msg }) + '\n')
}

const argv = process.argv.slice(2)
const [command, ...rest] = argv
if (command === 'explain' || command === 'forecast') {
  const wantsHelp = rest.some((a) => HELP_FLAGS.includes(a))
  process.exitCode = wantsHelp ? help(command) : await runTool(command, rest)
} else if (command === 'help') {
  process.exitCode = help(rest[0])
} else if (command === 'serve' || command === undefined || command.startsWith('-')) {
  const flags = command === 'serve' ? rest : argv
  if (flags.some((a) => HELP_FLAGS.includes(a))) process.exitCode = help('serve')
  else {
    if (command === undefined) noteBareInvocation()
    serve(flags)
  }
} else {
  io.stderr(`taint-extender: unknown command "${command}"; taint-extender help lists them\n`)
  process.exitCode = EXIT_BAD_INPUT
}
