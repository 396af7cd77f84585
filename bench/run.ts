/**
 * The scenario runner: `node dist-bench/bench/run.js [--quick] [--only=full|names]` (after
 * `npm run build`; `npm run bench` and `npm run bench:quick` build both). Starts the floor
 * server and the real extender as processes, runs the HTTP scenarios of one mode (`--only`) or
 * both, and the memory checks; prints tables and saves JSON under bench/results/. Exits 1 only
 * when something was wrong (non-200s, wrong replies), never because of a timing.
 */
import { flagValue, hasFlag } from './command-line.js'
import { progress, runHttp } from './http-phase.js'
import { FULL_PLAN, QUICK_PLAN, type Plan } from './plan.js'
import {
  codeInfo,
  httpTable,
  machineInfo,
  memoryTable,
  saveResults,
  streamSummary,
} from './report.js'
import { runMain } from './run-main.js'

function planFromFlags(): Plan {
  const base = hasFlag('quick') ? QUICK_PLAN : FULL_PLAN
  const only = flagValue('only')
  if (only === undefined) return base
  if (only !== 'full' && only !== 'names')
    throw new Error(`--only takes full or names, not ${only}`)
  return {
    ...base,
    full: only === 'full' ? base.full : [],
    names: only === 'names' ? base.names : [],
  }
}

async function main(): Promise<number> {
  const plan = planFromFlags()
  const machine = machineInfo()
  const code = codeInfo()
  const started = performance.now()
  progress(
    `${plan.quick ? 'quick' : 'full'} run on ${String(machine.cpuModel)} ×${String(machine.cores)}, Node ${process.version}`
  )
  const http = await runHttp(plan)
  const stream = http.stream
  const problems = [...http.problems, ...http.scenarios.flatMap((s) => s.problems)]
  if (stream !== null && stream.non200 + stream.wrong > 0) {
    problems.push(
      `distinct-pod stream: ${stream.non200} non-200, ${stream.wrong} wrong; first: ${stream.firstProblem}`
    )
  }
  const out = process.stdout
  out.write('\nSequential keep-alive client, one request at a time; ratios: extender / floor\n\n')
  out.write(httpTable(http.scenarios) + '\n\nMemory\n\n' + memoryTable(http.memory) + '\n')
  if (stream !== null) out.write('\n' + streamSummary(stream) + '\n')
  if (http.notes.length > 0) out.write(`\nprocess log warnings:\n  ${http.notes.join('\n  ')}\n`)
  const wallSeconds = Math.round((performance.now() - started) / 100) / 10
  out.write(`\nmachine: ${JSON.stringify(machine)}\ncode: ${JSON.stringify(code)}\n`)
  const path = saveResults(
    {
      machine,
      code,
      plan,
      wallSeconds,
      http: http.scenarios,
      memory: http.memory,
      distinctPodStream: stream,
      notes: http.notes,
      problems,
    },
    plan.quick ? '-quick' : ''
  )
  out.write(`\nresults saved to ${path} (${wallSeconds} s)\n`)
  if (problems.length === 0) return 0
  out.write(`\n${problems.length} PROBLEM(S):\n  ${problems.join('\n  ')}\n`)
  return 1
}

runMain('[bench]', main)
