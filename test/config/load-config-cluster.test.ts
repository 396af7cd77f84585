import { delimiter } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Config } from '../../src/config/index.js'
import { IN_POD_ENV, load, TOKEN, type Start } from './load-config-start.js'

/**
 * Which cluster the node cache watches, if any: a kubeconfig as client-go loads one for a
 * cluster component (never ~/.kube/config on its own), else the pod's service account, else
 * none (nodes in the request).
 */
describe('loadConfig: the cluster source', () => {
  const CLUSTER_SOURCES: readonly [string, Start, Partial<Config>][] = [
    [
      'a kubeconfig that exists selects node-cache mode, ahead of the pod’s service account',
      {
        argv: ['--kubeconfig', '/etc/kube/config'],
        env: IN_POD_ENV,
        files: ['/etc/kube/config', TOKEN],
      },
      { cluster: { kind: 'kubeconfig', paths: ['/etc/kube/config'] } },
    ],
    [
      'a KUBECONFIG listing several files selects node-cache mode with those that exist, in their order, skipped ones aside as client-go skips them',
      {
        env: {
          ...IN_POD_ENV,
          KUBECONFIG: ['/a/config', '', '/missing', '/b/config'].join(delimiter),
        },
        files: ['/a/config', '/b/config', TOKEN],
      },
      { cluster: { kind: 'kubeconfig', paths: ['/a/config', '/b/config'] } },
    ],
    [
      '--kubeconfig is one file and wins over KUBECONFIG',
      {
        argv: ['--kubeconfig', '/etc/kube/config'],
        env: { KUBECONFIG: '/a/config' },
        files: ['/etc/kube/config', '/a/config'],
      },
      { cluster: { kind: 'kubeconfig', paths: ['/etc/kube/config'] } },
    ],
    [
      'an empty --kubeconfig is no kubeconfig: KUBECONFIG is used',
      { argv: ['--kubeconfig='], env: { KUBECONFIG: '/a/config' }, files: ['/a/config'] },
      { cluster: { kind: 'kubeconfig', paths: ['/a/config'] } },
    ],
    [
      'the server never reads ~/.kube/config on its own, as no cluster component does',
      { env: { HOME: '/srv/operator' }, files: ['/srv/operator/.kube/config'] },
      { cluster: null },
    ],
    [
      'in a pod, with the service host, port and token, the service account is used',
      { env: IN_POD_ENV, files: [TOKEN] },
      { cluster: { kind: 'in-cluster' } },
    ],
    [
      'an empty KUBECONFIG is no kubeconfig: in a pod, the service account is used',
      { env: { ...IN_POD_ENV, KUBECONFIG: '' }, files: [TOKEN] },
      { cluster: { kind: 'in-cluster' } },
    ],
    [
      'in a pod without a service account token there is no cluster',
      { env: IN_POD_ENV },
      { cluster: null },
    ],
    [
      'with the token but no service port there is no cluster',
      { env: { KUBERNETES_SERVICE_HOST: '10.0.0.1' }, files: [TOKEN] },
      { cluster: null },
    ],
    [
      'with the token but no service host there is no cluster',
      { env: { KUBERNETES_SERVICE_PORT: '443' }, files: [TOKEN] },
      { cluster: null },
    ],
    [
      '--disable-node-cache wins over a kubeconfig and over the service account',
      {
        argv: ['--disable-node-cache', '--kubeconfig', '/etc/kube/config'],
        env: IN_POD_ENV,
        files: ['/etc/kube/config', TOKEN],
      },
      { cluster: null },
    ],
  ]

  it.each(CLUSTER_SOURCES)('%s', (_name, start, expected) => {
    expect(load(start)).toMatchObject(expected)
  })
})
