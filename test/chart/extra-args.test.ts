import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../src/config/index.js'
import { FLAGS } from '../../src/config/flags.js'
import { configOf, extenderPod } from '../deploy/renderings.js'
import { helmRefusal, helmTemplate, type KubeObject } from '../support/kube-tools.js'
import { thrownMessage } from '../support/thrown-message.js'

/**
 * extraArgs beside the flags the chart renders itself: the extender refuses a flag given twice
 * (exit 2, so the pod would crash-loop), so the chart refuses at render what the extender would
 * refuse at start, naming the value to set instead.
 */

/** Every flag the chart renders, with the value that sets it and what the message says to set. */
const CHART_FLAGS: readonly (readonly [flag: string, value: string, setInstead: string])[] = [
  ['port', 'port', 'port'],
  ['evicting-nodes', 'evictingNodes', 'evictingNodes'],
  ['log-level', 'logLevel', 'logLevel'],
  ['max-body', 'maxBody', 'maxBody'],
  ['max-body-bytes-in-flight', 'maxBodyBytesInFlight', 'maxBodyBytesInFlight'],
  ['feature-gates', 'featureGates', 'featureGates'],
  ['disable-node-cache', 'mode', 'mode=full-node'],
  ['enable-explain-endpoint', 'enableExplainEndpoint', 'enableExplainEndpoint'],
  ['tls-cert-file', 'tls', 'tls.enabled with tls.secretName or tls.certManager'],
  ['tls-private-key-file', 'tls', 'tls.enabled with tls.secretName or tls.certManager'],
  ['client-ca-file', 'tls', 'tls.enabled with tls.secretName or tls.certManager'],
  ['client-name', 'tls.clientNames', 'tls.clientNames'],
  ['probe-port', 'probePort', 'probePort'],
  ['shutdown-delay-seconds', 'shutdownDelaySeconds', 'shutdownDelaySeconds'],
]

/** Values under which the chart renders every flag it can. */
const EVERY_FLAG_ON = {
  mode: 'full-node',
  tls: { enabled: true, secretName: 'serving', clientNames: ['kube-scheduler'] },
  featureGates: { TaintTolerationComparisonOperators: true },
  maxBodyBytesInFlight: '64mb',
  enableExplainEndpoint: true,
}

const argsOf = (objects: readonly KubeObject[]): string[] =>
  extenderPod(objects).containers[0]?.args ?? []

/** The message of a template's `fail`, without helm's "execution error at (file:line)" prefix. */
function failMessage(values: object): string | undefined {
  const refusal = helmRefusal(values) ?? ''
  return /execution error at \([^)]*\): (.*)/.exec(refusal)?.[1]
}

describe('extraArgs naming a flag the chart sets', () => {
  it('lists every flag the chart renders, with every value that renders one turned on', () => {
    const names = argsOf(helmTemplate(EVERY_FLAG_ON)).map((arg) => arg.split('=')[0])
    expect(names.sort()).toEqual(CHART_FLAGS.map(([flag]) => `--${flag}`).sort())
  })

  it.each(CHART_FLAGS)(
    'are refused for --%s, as --flag=value or as --flag and its value, naming the value %s to set instead',
    (flag, value, setInstead) => {
      const message = `extraArgs: --${flag} is the chart's ${value} value; set ${setInstead} instead (the extender refuses a flag given twice)`
      expect(failMessage({ extraArgs: [`--${flag}=1`] })).toBe(message)
      expect(failMessage({ extraArgs: ['--watchdog-seconds=600', `--${flag}`, '1'] })).toBe(message)
    }
  )

  it('are refused because the extender itself refuses the flag given twice, which crash-loops the pod', () => {
    const args = [...argsOf(helmTemplate()), '--log-level=debug']
    expect(thrownMessage(ConfigError, () => configOf({ args } as never))).toMatch(
      /^--log-level is given more than once/
    )
  })
})

describe('extraArgs of their own', () => {
  it.each([
    [
      'a flag given twice, once with = and once with its value as the next entry',
      ['--watchdog-seconds=600', '--watchdog-seconds', '900'],
      'extraArgs: --watchdog-seconds is given more than once (the extender refuses a flag given twice)',
    ],
    [
      'a value that follows no flag',
      ['--watchdog-seconds=600', '900'],
      'extraArgs: "900" follows no flag waiting for a value; give a flag as --flag=value, or --flag and its value as the next entry',
    ],
    [
      'a flag at the end whose value never comes',
      ['--watchdog-seconds'],
      'extraArgs: --watchdog-seconds ends the list without its value; give it as --watchdog-seconds=value, or its value as the next entry',
    ],
  ])('are refused when there is %s', (_name, extraArgs, message) => {
    expect(failMessage({ extraArgs })).toBe(message)
  })

  it.each([
    ['a single dash', ['-port=1']],
    ['a bare --', ['--']],
  ])('are refused by the schema when an entry starts with %s', (_name, extraArgs) => {
    expect(helmRefusal({ extraArgs })).toContain("at '/extraArgs/0'")
  })

  it('are passed after the chart’s flags in both forms, and the extender reads them', () => {
    const extraArgs = ['--watchdog-seconds', '600', '--max-connections=64']
    const args = argsOf(helmTemplate({ extraArgs }))
    expect(args.slice(-3)).toEqual(extraArgs)
    expect(configOf({ args } as never)).toMatchObject({ watchdogSeconds: 600, maxConnections: 64 })
  })
})

describe('extraEnv naming the variable of a flag the chart sets', () => {
  /** The variable the extender reads for `flag`, from its own flag table. */
  const variableOf = (flag: string): string => {
    const env = FLAGS.find((f) => f.name === flag)?.env
    if (env === undefined || env === null) throw new Error(`--${flag} has no variable`)
    return env
  }

  // Flags the extender's table names (--client-name comes with the server's allowed client names).
  const withVariables = CHART_FLAGS.filter(([flag]) => FLAGS.some((f) => f.name === flag))
  it.each(withVariables)(
    'is refused for --%s’s variable, naming the value %s to set instead',
    (flag, value, setInstead) => {
      const name = variableOf(flag)
      expect(failMessage({ extraEnv: [{ name, value: '1' }] })).toBe(
        `extraEnv: ${name} is the variable of --${flag}, the chart's ${value} value; set ${setInstead} instead (the flag the chart renders beats the variable)`
      )
    }
  )

  it('is refused because the flag beats the variable: LOG_LEVEL beside --log-level changes nothing', () => {
    const args = argsOf(helmTemplate({ logLevel: 'info' }))
    const loaded = loadConfig({ argv: args, env: { LOG_LEVEL: 'debug' }, fileExists: () => true })
    expect(loaded).toMatchObject({ kind: 'config', config: { logLevel: 'info' } })
  })

  it('passes a variable of its own to the container, after NODE_OPTIONS', () => {
    const extraEnv = [{ name: 'WATCHDOG_SECONDS', value: '600' }]
    const env = extenderPod(helmTemplate({ extraEnv })).containers[0]?.env ?? []
    expect(env.map((e) => e.name)).toEqual(['NODE_OPTIONS', 'WATCHDOG_SECONDS'])
  })
})

describe('shutdownDelaySeconds', () => {
  const pod = (values: object): { args: string[]; grace: number } => {
    const spec = extenderPod(helmTemplate(values))
    const { terminationGracePeriodSeconds } = spec as unknown as {
      terminationGracePeriodSeconds: number
    }
    return { args: spec.containers[0]?.args ?? [], grace: terminationGracePeriodSeconds }
  }

  it.each([
    [{}, 5],
    [{ shutdownDelaySeconds: 0 }, 0],
    [{ shutdownDelaySeconds: 20 }, 20],
  ])(
    'with %j sets --shutdown-delay-seconds to %i, and the grace period holds it and the shutdown timeout with time to spare',
    (values, delay) => {
      const { args, grace } = pod(values)
      const config = configOf({ args } as never)
      expect(config.shutdownDelaySeconds).toBe(delay)
      expect(grace).toBeGreaterThan(config.shutdownDelaySeconds + config.shutdownTimeoutSeconds)
    }
  )

  it.each([-1, 3601, 1.5])('refuses %s, which the extender would refuse', (delay) => {
    expect(helmRefusal({ shutdownDelaySeconds: delay })).toContain("at '/shutdownDelaySeconds'")
  })
})
