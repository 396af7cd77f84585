import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runTool, tempFile } from './run-tool.js'

/**
 * `forecast --drain` from files, as kubectl drain with the same flags would run on them: the
 * filters, a budget's refusal, the lines kubectl prints, the exit status, and the refusals of
 * bad combinations. The rules themselves: test/placement/drain-*.test.ts.
 */

const DRAIN = new URL('../fixtures/drain/', import.meta.url).pathname
const FILES = ['--nodes', `${DRAIN}nodes.yaml`, '--pods', `${DRAIN}pods.json`]
const PDBS = ['--pdbs', `${DRAIN}pdbs.json`]

interface DrainDocument {
  drain: {
    nodes: {
      node: string
      state: string
      alreadyCordoned: boolean
      startsAfterSeconds: number | null
      endsAfterSeconds: number | null
    }[]
    pods: {
      namespace: string
      name: string
      node: string
      state: string
      evictedAfterSeconds: number | null
      refusals: number
      blockedBy: string | null
    }[]
    kubectl: string[]
    failed: boolean
    waits: boolean
  }
  kubeVersion: string
  summary: string
}

async function drain(argv: string[]): Promise<{ code: number; doc: DrainDocument }> {
  const result = await runTool('forecast', ['--drain', ...argv, ...FILES, '-o', 'json'])
  expect(result.stderr).toBe('')
  return { code: result.code, doc: JSON.parse(result.stdout) as DrainDocument }
}

const states = (doc: DrainDocument): string[] =>
  doc.drain.pods.map((p) => `${p.node} ${p.namespace}/${p.name} ${p.state}`)

describe('taint-extender forecast --drain', () => {
  it('cordons both nodes, drains the first, and refuses the second for its emptyDir pod, exit 1', async () => {
    const { code, doc } = await drain([
      '--node',
      'a',
      '--node',
      'b',
      '--ignore-daemonsets',
      ...PDBS,
    ])
    expect(code).toBe(1)
    expect(states(doc)).toEqual([
      'a kube-system/etcd-a left',
      'a kube-system/proxy-a left',
      'a shop/web-1 evicted',
      'a shop/web-2 evicted',
      'b shop/cache-0 error',
      'b shop/web-3 kept',
    ])
    expect(doc.drain.kubectl).toEqual([
      'node/a cordoned',
      'node/b already cordoned',
      'Warning: ignoring DaemonSet-managed Pods: kube-system/proxy-a',
      'node/a drained',
      'error: unable to drain node "b" due to error: cannot delete Pods with local storage (use --delete-emptydir-data to override): shop/cache-0, continuing command...',
      'There are pending nodes to be drained:',
      ' b',
    ])
  })

  it('names the budget that refuses an eviction, where kubectl drain would wait retrying, exit 1', async () => {
    const { code, doc } = await drain([
      '--node',
      'a,b,c',
      '--ignore-daemonsets',
      '--delete-emptydir-data',
      ...PDBS,
    ])
    expect(code).toBe(1)
    const web3 = doc.drain.pods.find((p) => p.name === 'web-3')
    expect(web3).toMatchObject({
      state: 'refused',
      evictedAfterSeconds: null,
      blockedBy: 'shop/web',
    })
    // Node b is drained once node a's pods are gone, their 30 s grace periods used in full.
    expect(doc.drain.pods.find((p) => p.name === 'cache-0')).toMatchObject({
      state: 'evicted',
      evictedAfterSeconds: 30,
      blockedBy: null,
    })
    expect(doc.drain.nodes.map((n) => `${n.node} ${n.state}`)).toEqual([
      'a drained',
      'b waiting',
      'c not-reached',
    ])
    expect(doc.drain.kubectl).toContain(
      `error when evicting pods/"web-3" -n "shop" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`
    )
  })

  it('words a bare pod as the release’s kubectl does: "cannot delete" twice from 1.30, once in 1.28, where no space follows "due to error:"', async () => {
    const newest = await drain(['--node', 'c', ...PDBS])
    expect(newest.doc.drain.kubectl).toContain(
      'error: unable to drain node "c" due to error: cannot delete cannot delete Pods that declare no controller (use --force to override): dev/debug, continuing command...'
    )
    const old = await drain(['--node', 'c', '--kube-version', '1.28', ...PDBS])
    expect(old.doc.drain.kubectl).toContain(
      'error: unable to drain node "c" due to error:cannot delete Pods declare no controller (use --force to override): dev/debug, continuing command...'
    )
  })

  it('refuses a node for its DaemonSet pod without --ignore-daemonsets', async () => {
    const { code, doc } = await drain(['--node', 'a', ...PDBS])
    expect(code).toBe(1)
    expect(doc.drain.nodes[0]?.state).toBe('refused')
    expect(doc.drain.kubectl[1]).toBe(
      'error: unable to drain node "a" due to error: cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/proxy-a, continuing command...'
    )
  })

  it('refuses a DaemonSet pod whose DaemonSet the workloads read do not hold, in the words of the GET’s NotFound', async () => {
    const daemonSet = (name: string): object => ({
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name, namespace: 'kube-system', uid: `${name}-uid` },
      spec: { selector: { matchLabels: { app: name } }, template: { spec: { containers: [] } } },
    })
    const workloads = (name: string): string =>
      tempFile('workloads.json', JSON.stringify({ kind: 'List', items: [daemonSet(name)] }))
    const held = await drain([
      '--node',
      'a',
      '--ignore-daemonsets',
      '--workloads',
      workloads('proxy'),
    ])
    expect(held.code).toBe(0)
    const gone = await drain([
      '--node',
      'a',
      '--ignore-daemonsets',
      '--workloads',
      workloads('other'),
    ])
    expect(gone.code).toBe(1)
    expect(gone.doc.drain.kubectl[1]).toBe(
      'error: unable to drain node "a" due to error: cannot delete daemonsets.apps "proxy" not found: kube-system/proxy-a, continuing command...'
    )
  })

  it('follows the evicted pods: their ReplicaSet’s replacements land on the one node neither cordoned nor drained', async () => {
    const result = await runTool('forecast', [
      '--drain',
      '--node',
      'a',
      '--ignore-daemonsets',
      '--workloads',
      `${DRAIN}workloads.json`,
      ...FILES,
      ...PDBS,
      '-o',
      'json',
    ])
    expect(result.code).toBe(0)
    const doc = JSON.parse(result.stdout) as {
      evicted: { name: string; evictedAfterSeconds: number; replacement: { node: string } | null }[]
    }
    expect(doc.evicted.map((e) => [e.name, e.evictedAfterSeconds, e.replacement?.node])).toEqual([
      ['web-1', 0, 'c'],
      ['web-2', 0, 'c'],
    ])
  })

  it('retries a refused eviction until a replacement is Ready: web-3 goes at the 5 s retry after node a’s pods are replaced, with --grace-period 0', async () => {
    const result = await runTool('forecast', [
      ...['--drain', '--node', 'a,b', '--ignore-daemonsets', '--delete-emptydir-data'],
      ...['--grace-period', '0', '--workloads', `${DRAIN}workloads.json`],
      ...[...FILES, ...PDBS, '-o', 'json'],
    ])
    expect(result.code).toBe(0)
    const doc = JSON.parse(result.stdout) as DrainDocument & {
      evicted: { name: string; evictedAfterSeconds: number; replacement: { node: string } | null }[]
    }
    // Budget web allows 2: web-1 and web-2 take them at +0; node b starts at once (their
    // grace period 0), web-3 is refused there and goes at the next try, their replacements
    // Ready before it.
    expect(doc.drain.pods.find((p) => p.name === 'web-3')).toMatchObject({
      state: 'evicted',
      evictedAfterSeconds: 5,
      goneAfterSeconds: 5,
      refusals: 1,
      blockedBy: 'shop/web',
    })
    expect(doc.drain.nodes.map((n) => [n.node, n.startsAfterSeconds, n.endsAfterSeconds])).toEqual([
      ['a', 0, 0],
      ['b', 0, 5],
    ])
    expect(doc.evicted.map((e) => [e.name, e.evictedAfterSeconds, e.replacement?.node])).toEqual([
      ['web-1', 0, 'c'],
      ['web-2', 0, 'c'],
      ['cache-0', 0, undefined],
      ['web-3', 5, 'c'],
    ])
    expect(doc.summary).toMatch(
      /\(1 after a PodDisruptionBudget's refusals\).*drain completes at \+5 s\.$/
    )
  })

  it('chains the retries: web-2 goes once web-1’s replacement is Ready, web-3 on node b once web-2’s is', async () => {
    const pdbs = JSON.parse(readFileSync(`${DRAIN}pdbs.json`, 'utf8')) as {
      items: { status: Record<string, number> }[]
    }
    for (const item of pdbs.items)
      Object.assign(item.status, { currentHealthy: 3, desiredHealthy: 2, disruptionsAllowed: 1 })
    const result = await runTool('forecast', [
      ...['--drain', '--node', 'a,b', '--ignore-daemonsets', '--delete-emptydir-data'],
      ...['--grace-period', '0', '--workloads', `${DRAIN}workloads.json`],
      ...['--pdbs', tempFile('pdbs.json', JSON.stringify(pdbs)), ...FILES, '-o', 'json'],
    ])
    expect(result.code).toBe(0)
    const doc = JSON.parse(result.stdout) as DrainDocument
    const web = doc.drain.pods.filter((p) => p.name.startsWith('web-'))
    expect(web.map((p) => [p.name, p.evictedAfterSeconds, p.refusals])).toEqual([
      ['web-1', 0, 0],
      ['web-2', 5, 1],
      // Tried when node b starts at +5, with web-2's replacement made that second: refused once.
      ['web-3', 10, 1],
    ])
    expect(doc.drain.nodes.map((n) => [n.node, n.startsAfterSeconds, n.endsAfterSeconds])).toEqual([
      ['a', 0, 5],
      ['b', 5, 10],
    ])
  })

  it('gives a refused eviction up at --timeout with kubectl’s error, its node failing and drain going on, exit 1', async () => {
    const { code, doc } = await drain([
      ...['--node', 'a,b', '--ignore-daemonsets', '--delete-emptydir-data'],
      ...['--grace-period', '0', '--timeout', '12s', ...PDBS],
    ])
    expect(code).toBe(1)
    expect(doc.drain.pods.find((p) => p.name === 'web-3')).toMatchObject({
      state: 'timed-out',
      evictedAfterSeconds: null,
      refusals: 3,
      blockedBy: 'shop/web',
    })
    const retry = `error when evicting pods/"web-3" -n "shop" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`
    expect(doc.drain.kubectl.slice(4)).toEqual([
      retry,
      retry,
      retry,
      'error: unable to drain node "b" due to error: error when evicting pods/"web-3" -n "shop": global timeout reached: 12s, continuing command...',
      'There are pending nodes to be drained:',
      ' b',
    ])
  })

  it('deletes through every budget with --disable-eviction, and with --force a bare pod too, exit 0', async () => {
    const { code, doc } = await drain([
      '--node',
      'b,c',
      '--delete-emptydir-data',
      '--force',
      '--disable-eviction',
      ...PDBS,
    ])
    expect(code).toBe(0)
    expect(states(doc)).toEqual([
      'b shop/cache-0 deleted',
      'b shop/web-3 deleted',
      'c dev/debug deleted',
      'c shop/web-4 deleted',
    ])
    // Node c starts once node b's pods are gone, 30 s each (terminationGracePeriodSeconds unset).
    expect(doc.summary).toMatch(/drain completes at \+60 s\.$/)
  })

  it('lists only the pods --pod-selector matches, so the node’s DaemonSet pod refuses nothing', async () => {
    const { code, doc } = await drain(['--node', 'a', '--pod-selector', 'app=web', ...PDBS])
    expect(code).toBe(0)
    expect(states(doc)).toEqual(['a shop/web-1 evicted', 'a shop/web-2 evicted'])
  })

  it('prints the table, kubectl’s lines and the summary, and says when no budgets were read', async () => {
    const result = await runTool('forecast', [
      '--drain',
      '--node',
      'a',
      '--ignore-daemonsets',
      ...FILES,
    ])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(
      [
        'NODE   POD                   DRAIN                       BLOCKED BY',
        'a      kube-system/etcd-a    stays (mirror pod)',
        'a      kube-system/proxy-a   stays (DaemonSet-managed)',
        'a      shop/web-1            evicted at +0 s',
        'a      shop/web-2            evicted at +0 s',
        '',
        'Node by node (kubectl drains one after another):',
        '  a: starts at +0 s, ends at +30 s (drained)',
        '',
        'POD          EVICTED AT   REPLACED BY                                 LANDS ON',
        'shop/web-1   +0 s         its ReplicaSet shop/web-7d9f was not read   -',
        'shop/web-2   +0 s         its ReplicaSet shop/web-7d9f was not read   -',
        '',
        "kubectl drain's cordon, warning and error lines:",
        '  node/a cordoned',
        '  Warning: ignoring DaemonSet-managed Pods: kube-system/proxy-a',
        '  node/a drained',
        '',
        'No PodDisruptionBudgets read (--pdbs FILE): every eviction is taken as allowed.',
        'drain of 1 node(s): 2 pod(s) evicted, 0 refused by a PodDisruptionBudget, 0 failing, 2 left in place; drain completes at +30 s.',
        '2 pods evicted: 0 re-placed, 2 not recreated',
        'Judged as kube-scheduler 1.35 judges (newest supported).',
        '',
      ].join('\n')
    )
  })
})
