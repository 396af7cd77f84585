#!/usr/bin/env node
import { runComplete } from './cli/complete-command.js'
import { exitOnceFlushed } from './cli/tool-exit.js'
import { environmentVariables } from './config/index.js'

/**
 * The `kubectl_complete-taint_extender` executable: kubectl (v1.26+) runs it with the words typed
 * after `kubectl taint-extender` to complete them (`lookupCompletionExec` in kubectl's
 * `plugin_completion.go` finds it on the PATH by that name). It answers as
 * `taint-extender __complete` does, from the same engine.
 */
exitOnceFlushed(
  await runComplete(
    process.argv.slice(2),
    { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) },
    environmentVariables()
  )
)
