import { describe, expect, it } from 'vitest'
import { extenderPod } from '../deploy/renderings.js'
import { helmRefusal, helmTemplate, type KubeObject } from '../support/kube-tools.js'

/**
 * tls.clientNames: the client names the extender answers under mutual TLS (--client-name), so
 * that a certificate the shared CA signed for something else is refused; the names of the
 * client certificates the chart issues are the ones its README says to list.
 */
const CERT_MANAGER = { enabled: true, issuerRef: { name: 'cluster-ca', kind: 'ClusterIssuer' } }

const argsOf = (objects: readonly KubeObject[]): string[] =>
  extenderPod(objects).containers[0]?.args ?? []

/** The common names of the client certificates the chart asks cert-manager for. */
function clientCertificateNames(objects: readonly KubeObject[]): string[] {
  return objects
    .filter((o) => o.kind === 'Certificate')
    .map((o) => o.spec as { commonName: string; usages: string[] })
    .filter((spec) => spec.usages.includes('client auth'))
    .map((spec) => spec.commonName)
}

describe('the chart’s tls.clientNames', () => {
  it('passes the names as one comma-separated --client-name after the TLS files', () => {
    const args = argsOf(
      helmTemplate({
        tls: { enabled: true, secretName: 'mine', clientNames: ['kube-scheduler', 'other'] },
      })
    )
    const at = args.indexOf('--client-name=kube-scheduler,other')
    expect(at).toBe(args.indexOf('--client-ca-file=/etc/taint-extender/tls/ca.crt') + 1)
  })

  it.each([
    ['TLS off', {}],
    [
      'TLS on with no names (any certificate the CA signed)',
      { tls: { enabled: true, secretName: 'mine' } },
    ],
  ])('renders no --client-name with %s', (_name, values) => {
    expect(argsOf(helmTemplate(values)).filter((a) => a.startsWith('--client-name'))).toEqual([])
  })

  it.each([
    [
      'the cluster’s own kube-scheduler',
      { tls: { enabled: true, certManager: CERT_MANAGER, clientNames: ['kube-scheduler'] } },
      ['kube-scheduler'],
    ],
    [
      'the second scheduler',
      {
        tls: {
          enabled: true,
          certManager: CERT_MANAGER,
          clientNames: ['taint-extender-scheduler'],
        },
        secondScheduler: { enabled: true },
      },
      ['taint-extender-scheduler'],
    ],
  ])(
    'names as the README says the client certificate cert-manager issues for %s',
    (_n, values, names) => {
      const objects = helmTemplate(values)
      expect(clientCertificateNames(objects)).toEqual(names)
      expect(argsOf(objects)).toContain(`--client-name=${names.join(',')}`)
    }
  )

  it.each([
    [
      'names without TLS, where no client certificate is asked for',
      { tls: { clientNames: ['kube-scheduler'] } },
      'tls.clientNames needs tls.enabled: true',
    ],
    [
      'a name with a comma, the flag’s separator',
      { tls: { enabled: true, secretName: 'mine', clientNames: ['a,b'] } },
      "at '/tls/clientNames/0'",
    ],
    [
      'a name with a space',
      { tls: { enabled: true, secretName: 'mine', clientNames: ['kube scheduler'] } },
      "at '/tls/clientNames/0'",
    ],
    [
      'a name given twice',
      { tls: { enabled: true, secretName: 'mine', clientNames: ['a', 'a'] } },
      "at '/tls/clientNames'",
    ],
  ])('refuses %s', (_name, values, named) => {
    expect(helmRefusal(values)).toContain(named)
  })

  it('refuses names without TLS even when the schema is skipped', () => {
    const refusal = helmRefusal({ tls: { clientNames: ['kube-scheduler'] } }, [
      '--skip-schema-validation',
    ])
    expect(refusal).toContain(
      'tls.clientNames needs tls.enabled: true (the names are matched against the client certificate, which only mutual TLS asks for)'
    )
  })
})
