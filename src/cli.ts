#!/usr/bin/env node
import { runExplain } from './cli/explain-command.js'
import { runForecast } from './cli/forecast-command.js'
import { EXIT_BAD_INPUT, type ToolIo } from './cli/tool-io.js'
import { ConfigError } from './config/index.js'
import { main as serve } from './main.js'
import { ProtocolError } from './protocol/index.js'

const USAGE = `Usage:
  taint-extender [serve] [flags]     run the extender (see --help)
  taint-extender explain --pod FILE|- [--nodes FILE|-] [--kubeconfig FILE] [-o json] [--feature-gates …]
  taint-extender forecast --taint key=value:Effect (--node NAME | --selector LABELS)
                          [--nodes FILE] [--pods FILE] [--kubeconfig FILE] [-o json]
`

const io: ToolIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}

async function runTool(tool: typeof runExplain, argv: string[]): Promise<number> {
  try {
    return await tool(argv, io, process.env)
  } catch (err) {
    if (err instanceof ConfigError || err instanceof ProtocolError) {
      io.stderr(`taint-extender: ${err.message}\n`)
      return EXIT_BAD_INPUT
    }
    io.stderr(`taint-extender: ${err instanceof Error ? err.message : String(err)}\n`)
    return EXIT_BAD_INPUT
  }
}

const [command, ...rest] = process.argv.slice(2)
if (command === 'explain' || command === 'forecast') {
  process.exitCode = await runTool(command === 'explain' ? runExplain : runForecast, rest)
} else if (command === 'serve') {
  serve(rest)
} else if (command === undefined || command.startsWith('-')) {
  serve(process.argv.slice(2))
} else {
  process.stderr.write(`taint-extender: unknown command "${command}"\n${USAGE}`)
  process.exitCode = EXIT_BAD_INPUT
}
