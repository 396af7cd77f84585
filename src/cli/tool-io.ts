import type * as ClusterLayer from '../cluster/index.js'
import type { ClusterSnapshot } from '../cluster/index.js'
import { NEWEST_KUBE_VERSION, parseKubeVersion, type KubeVersion } from '../core/index.js'
import type { ClusterConnection, NamespaceChoice, ObjectSource } from '../config/index.js'
import type { SpokenRelease } from './output.js'
import { ProtocolError } from '../protocol/index.js'
import { ClusterReadError } from './tool-exit.js'

/**
 * The cluster layer, loaded at the first read of the cluster and not before: importing it
 * imports @kubernetes/client-node, most of the executable's start-up, which a run from files
 * never uses (test/cli/start-up-modules.test.ts holds it).
 */
const clusterLayer = (): Promise<typeof ClusterLayer> => import('../cluster/index.js')

/** A snapshot of the cluster `connection` names, with the cluster layer loaded for it. */
async function snapshotOf(connection: ClusterConnection): Promise<ClusterSnapshot> {
  const { ClusterSnapshot } = await clusterLayer()
  return new ClusterSnapshot(connection)
}

/**
 * A failed read of the cluster as a ClusterReadError naming the server: one that got no answer
 * worded as kubectl words it (`cannot reach the API server at URL: connection refused`), one
 * the API server answered with its HTTP status (`cannot list nodes from URL: HTTP 403 ...`), a
 * refused credential as kubectl's own line (`error: You must be logged in to the server
 * (Unauthorized)`).
 */
async function clusterReadError(
  snapshot: ClusterSnapshot,
  what: string,
  err: unknown
): Promise<ClusterReadError> {
  const { connectionFailure, describeError, notLoggedIn } = await clusterLayer()
  const unreachable = connectionFailure(err)
  if (unreachable !== undefined)
    return new ClusterReadError(`cannot reach the API server at ${snapshot.server}: ${unreachable}`)
  const refused = notLoggedIn(err)
  if (refused !== undefined) return new ClusterReadError(`error: ${refused}`)
  return new ClusterReadError(`cannot ${what} from ${snapshot.server}: ${describeError(err)}`)
}

/** Runs a read of the cluster, turning its failure into a ClusterReadError. */
async function readCluster<T>(
  snapshot: ClusterSnapshot,
  what: string,
  read: () => Promise<T>
): Promise<T> {
  try {
    return await read()
  } catch (err) {
    throw await clusterReadError(snapshot, `list ${what}`, err)
  }
}

/** The nodes of a source as text: a file's (or stdin's), or the cluster's as a List. */
export async function nodesText(source: ObjectSource): Promise<{ text: string; origin: string }> {
  if (source.kind === 'text') return { text: source.text, origin: source.origin }
  const snapshot = await snapshotOf(source.cluster)
  const items = await readCluster(snapshot, 'nodes', () => snapshot.listNodes())
  return { text: JSON.stringify({ items }), origin: 'cluster nodes' }
}

/**
 * The pods of a source as text. From the cluster, only the pods forecast looks at: those bound to
 * `nodeNames` and those bound to none yet, one list each by field selector, as `kubectl drain`
 * lists a node's pods, rather than every pod of a cluster that may hold a hundred thousand.
 */
export async function podsText(
  source: ObjectSource,
  nodeNames: readonly string[]
): Promise<{ text: string; origin: string }> {
  if (source.kind === 'text') return { text: source.text, origin: source.origin }
  const snapshot = await snapshotOf(source.cluster)
  const items: unknown[] = []
  for (const nodeName of [...nodeNames, '']) {
    // Node names are DNS subdomains: nothing in them needs escaping in a field selector.
    const selector = `spec.nodeName=${nodeName}`
    items.push(...(await readCluster(snapshot, 'pods', () => snapshot.listPods(selector))))
  }
  return { text: JSON.stringify({ items }), origin: 'cluster pods' }
}

/**
 * The release the tools speak for: `--kube-version` when given; else, when some input comes from
 * the cluster, the API server's (kube-scheduler runs its control plane's release, within skew);
 * else the newest supported. A cluster on a release outside 1.28 to 1.35 is refused in words
 * (exit 2): its scheduler's wording is not known here, and --kube-version can name the nearest.
 */
export async function speakingRelease(
  given: KubeVersion | null,
  cluster: ClusterConnection | null
): Promise<SpokenRelease> {
  if (given !== null) return { version: given, from: '--kube-version' }
  if (cluster === null) return { version: NEWEST_KUBE_VERSION, from: 'newest supported' }
  const snapshot = await snapshotOf(cluster)
  let gitVersion: string
  try {
    gitVersion = await snapshot.serverVersion()
  } catch (err) {
    throw await clusterReadError(snapshot, 'read the version', err)
  }
  const parsed = parseKubeVersion(gitVersion)
  if ('problem' in parsed)
    throw new ProtocolError(
      `the API server at ${snapshot.server} runs ${gitVersion}: ${parsed.problem}; give --kube-version to speak for one of those`
    )
  return { version: parsed, from: 'API server' }
}

/** The namespace -n names, or none for -A, or the current context's, as kubectl takes it. */
export async function namespaceOf(
  choice: NamespaceChoice,
  cluster: ClusterConnection | null
): Promise<string | null> {
  if (choice.kind === 'all') return null
  if (choice.kind === 'named') return choice.name
  return cluster === null ? 'default' : (await clusterLayer()).defaultNamespace(cluster)
}

/** One pod read by name, as `kubectl get pod NAME -n NAMESPACE -o json` prints it. */
export async function namedPodText(
  cluster: ClusterConnection,
  namespace: string,
  name: string
): Promise<{ text: string; origin: string }> {
  const snapshot = await snapshotOf(cluster)
  const origin = `pod ${namespace}/${name}`
  try {
    return { text: JSON.stringify(await snapshot.readPod(namespace, name)), origin }
  } catch (err) {
    // A name that is not there is the user's typing (exit 2), not a cluster that failed.
    if ((await clusterLayer()).statusCodeOf(err) === 404)
      throw new ProtocolError(
        `pod "${name}" not found in namespace "${namespace}" on ${snapshot.server}`
      )
    throw await clusterReadError(snapshot, `read ${origin}`, err)
  }
}

/**
 * Pending pods as kube-scheduler's queue holds them: bound to no node and not finished, in one
 * namespace or all (null). From a file, the same filter applies to its pods.
 */
export async function pendingPodsText(
  source: ObjectSource,
  namespace: string | null
): Promise<{ text: string; origin: string }> {
  if (source.kind === 'text') return source
  const snapshot = await snapshotOf(source.cluster)
  const items = await readCluster(snapshot, 'pods', () =>
    snapshot.listPodsIn(namespace, `spec.nodeName=,${UNFINISHED}`)
  )
  return { text: JSON.stringify({ items }), origin: 'cluster pods' }
}

/** Unfinished pods: kube-scheduler's pod informer (scheduler.go `newPodInformer`) leaves the rest out. */
const UNFINISHED = 'status.phase!=Succeeded,status.phase!=Failed'

/**
 * The pods explain judges against, as kube-scheduler sees them: every unfinished pod bound to a
 * node, and every unfinished pod bound to none with `status.nominatedNodeName` set (the nominated
 * pods Filter adds to their node), one list each by field selector.
 */
export async function explainPodsText(
  source: ObjectSource
): Promise<{ text: string; origin: string }> {
  if (source.kind === 'text') return source
  const snapshot = await snapshotOf(source.cluster)
  const list = (selector: string): Promise<unknown[]> =>
    readCluster(snapshot, 'pods', () => snapshot.listPods(selector))
  const items = [
    ...(await list(`spec.nodeName!=,${UNFINISHED}`)),
    ...(await list(`spec.nodeName=,status.nominatedNodeName!=,${UNFINISHED}`)),
  ]
  return { text: JSON.stringify({ items }), origin: 'cluster pods' }
}

export async function namespacesText(
  source: ObjectSource
): Promise<{ text: string; origin: string }> {
  if (source.kind === 'text') return source
  const snapshot = await snapshotOf(source.cluster)
  const items = await readCluster(snapshot, 'namespaces', () => snapshot.listNamespaces())
  return { text: JSON.stringify({ items }), origin: 'cluster namespaces' }
}

/** PodDisruptionBudgets as text: a file's, or the cluster's policy/v1 list. */
export async function pdbsText(source: ObjectSource): Promise<{ text: string; origin: string }> {
  if (source.kind === 'text') return source
  const snapshot = await snapshotOf(source.cluster)
  const items = await readCluster(snapshot, 'poddisruptionbudgets', () =>
    snapshot.listPodDisruptionBudgets()
  )
  return { text: JSON.stringify({ items }), origin: 'cluster poddisruptionbudgets' }
}
