/**
 * The benchmark driver: `node dist-bench/bench/run.js [--quick] [--only=full|names] [--no-pin]
 * [--node-flag=<flag>]... [--extender-stdout=<file>]` (after `npm run build`); `--only` runs one
 * mode's HTTP scenarios and skips the micro-benchmarks and the heap-per-call count; `--no-pin`
 * leaves CPU placement to the OS (see cpu-placement.ts); each `--node-flag` goes on the
 * extender's command line after NODE_FLAGS, to try a flag (the run's JSON keeps them, and
 * bench:targets leaves such runs out unless named); `--extender-stdout` appends each extender's
 * stdout to a file, e.g. the lines of `--node-flag=--trace-gc`, each headed by its process id.
 * Starts the floor server and the real extender as processes, runs the HTTP
 * scenarios, the memory checks, the core micro-benchmarks and the heap allocated per call,
 * prints tables and saves JSON. Exits 1 only when something was wrong (non-200s, wrong replies,
 * a process failing), never because of a timing.
 */
import { loadavg } from 'node:os'
import { flagValue, flagValues, hasFlag } from './command-line.js'
import { placeClient } from './cpu-placement.js'
import { runHeapPerCall, type HeapPerCall } from './heap-per-call.js'
import { progress, runHttp } from './http-phase.js'
import { runMicro } from './micro.js'
import { runWireMicro } from './micro-wire.js'
import { FULL_PLAN, QUICK_PLAN, type Plan } from './plan.js'
import {
  concurrentLatencyTable,
  httpTable,
  codeInfo,
  heapPerCallTable,
  machineInfo,
  memoryTable,
  microTable,
  saveResults,
  steadinessTable,
  streamSummary,
} from './report.js'
import { runMain } from './run-main.js'

async function main(): Promise<number> {
  const quick = hasFlag('quick')
  const only = flagValue('only')
  if (only !== undefined && only !== 'full' && only !== 'names') {
    throw new Error(`--only takes full or names, not ${only}`)
  }
  const base = quick ? QUICK_PLAN : FULL_PLAN
  const plan: Plan =
    only === undefined
      ? base
      : {
          ...base,
          full: only === 'full' ? base.full : [],
          names: only === 'names' ? base.names : [],
        }
  const { placement, why } = placeClient(!hasFlag('no-pin'))
  const machine = machineInfo()
  machine.placement = why
  const code = codeInfo()
  const started = performance.now()
  progress(
    `${quick ? 'quick' : 'full'} run on ${machine.cpuModel} ×${machine.cores}, Node ${machine.node}; ${why}`
  )

  const extraNodeFlags = flagValues('node-flag')
  if (extraNodeFlags.length > 0) progress(`extender flags added: ${extraNodeFlags.join(' ')}`)
  const stdoutFile = flagValue('extender-stdout')
  if (stdoutFile !== undefined) progress(`the extenders' stdout appended to ${stdoutFile}`)
  const http = await runHttp(plan, placement, { extraNodeFlags, stdoutFile })
  progress('micro-benchmarks of the core')
  const core = only === undefined ? runMicro(plan.micro) : { results: [], problems: [] }
  const wire = only === undefined ? runWireMicro(plan.micro) : { results: [], problems: [] }
  const micro = {
    results: [...core.results, ...wire.results],
    problems: [...core.problems, ...wire.problems],
  }
  let heapPerCall: HeapPerCall[] = []
  if (only === undefined) {
    progress('heap allocated per node-cache call')
    heapPerCall = await runHeapPerCall(plan.micro.sizes, plan.micro.heapCalls)
  }

  const problems = [
    ...http.problems,
    ...http.scenarios.flatMap((s) => s.problems),
    ...micro.problems,
    ...(http.stream === null || (http.stream.non200 === 0 && http.stream.wrong === 0)
      ? []
      : [
          `distinct-pod stream: ${http.stream.non200} non-200, ${http.stream.wrong} wrong; first: ${http.stream.firstProblem}`,
        ]),
  ]
  const out = process.stdout
  out.write(
    '\nHTTP, sequential keep-alive client (one request at a time) and autocannon concurrent run\n'
  )
  out.write(
    'ratios: extender / floor (bare node:http + JSON.parse + same-shaped reply, same run)\n\n'
  )
  out.write(httpTable(http.scenarios) + '\n\n')
  out.write(`Concurrent runs (${plan.connections} connections): latency\n\n`)
  out.write(concurrentLatencyTable(http.scenarios) + '\n\n')
  out.write('Micro-benchmarks (in-process, no HTTP): the rules, then the node-cache wire work\n\n')
  out.write(microTable(micro.results) + '\n\n')
  if (heapPerCall.length > 0) {
    out.write('Heap allocated per node-cache call, whole server (in-process, real HTTP)\n\n')
    out.write(heapPerCallTable(heapPerCall) + '\n\n')
  }
  out.write(
    "Machine steadiness: fixed work timed 400 times, around each size's sequential scenarios\n\n"
  )
  out.write(steadinessTable(http.steadiness) + '\n\n')
  out.write('Memory\n\n' + memoryTable(http.memory) + '\n')
  if (http.stream !== null) out.write('\n' + streamSummary(http.stream) + '\n')
  out.write(`\nstartup: ${JSON.stringify(http.startup)}\n`)
  if (http.notes.length > 0) out.write(`\nprocess log warnings:\n  ${http.notes.join('\n  ')}\n`)

  const wallSeconds = Math.round((performance.now() - started) / 100) / 10
  machine.loadAverageAtEnd = loadavg().map((l) => Math.round(l * 100) / 100)
  out.write(`\nmachine: ${JSON.stringify(machine)}\ncode: ${JSON.stringify(code)}\n`)
  const path = saveResults(
    {
      machine,
      code,
      quick,
      extraNodeFlags,
      wallSeconds,
      plan,
      http: http.scenarios,
      micro: micro.results,
      heapPerCall,
      steadiness: http.steadiness,
      memory: http.memory,
      distinctPodStream: http.stream,
      startup: http.startup,
      notes: http.notes,
      problems,
    },
    quick ? '-quick' : ''
  )
  out.write(`\nresults saved to ${path} (${wallSeconds} s)\n`)
  if (problems.length > 0) {
    out.write(`\n${problems.length} PROBLEM(S):\n  ${problems.join('\n  ')}\n`)
    return 1
  }
  return 0
}

runMain('[bench]', main)
