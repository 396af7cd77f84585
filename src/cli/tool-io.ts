import type * as ClusterLayer from '../cluster/index.js'
import type { ClusterSnapshot } from '../cluster/index.js'
import { NEWEST_KUBE_VERSION, parseKubeVersion, type KubeVersion } from '../core/index.js'
import type {
  ClusterConnection,
  InputFile,
  NamespaceChoice,
  ObjectSource,
  SourceProgress,
} from '../config/index.js'
import { ProtocolError } from '../protocol/index.js'
import type * as ClusterLists from './cluster-lists.js'
import type { ManifestSource } from './manifest-stream.js'
import type { SpokenRelease } from './output.js'

/**
 * The cluster layer, loaded at the first read of the cluster and not before: importing it
 * imports @kubernetes/client-node, most of the executable's start-up, which a run from files
 * never uses (test/cli/start-up-modules.test.ts holds it). cluster-lists.ts rests on it.
 */
const clusterLayer = (): Promise<typeof ClusterLayer> => import('../cluster/index.js')
const clusterLists = (): Promise<typeof ClusterLists> => import('./cluster-lists.js')

/** A snapshot of the cluster `connection` names, with the cluster layer loaded for it. */
async function snapshotOf(connection: ClusterConnection): Promise<ClusterSnapshot> {
  const { ClusterSnapshot } = await clusterLayer()
  return new ClusterSnapshot(connection)
}

/** The lists, one after another, read from the cluster as one source (cluster-lists.ts). */
export async function listsSource(
  connection: ClusterConnection,
  what: string,
  lists: (layer: typeof ClusterLayer) => readonly ClusterLayer.ListQuery[],
  origin: string,
  progress: SourceProgress | undefined
): Promise<ManifestSource> {
  const [layer, { clusterListSource }] = await Promise.all([clusterLayer(), clusterLists()])
  const snapshot = new layer.ClusterSnapshot(connection)
  return clusterListSource(snapshot, what, lists(layer), origin, progress)
}

/** A file's bytes as they are read, and its whole text for a document that is not JSON. */
export function fileSource(
  file: InputFile & { readonly progress?: SourceProgress }
): ManifestSource {
  return {
    origin: file.origin,
    progress: file.progress,
    read(sink) {
      for (const chunk of file.chunks()) sink.chunk(chunk)
      sink.endDocument()
      return Promise.resolve()
    },
    text() {
      const parts: Buffer[] = []
      for (const chunk of file.chunks()) parts.push(Buffer.from(chunk))
      return Buffer.concat(parts).toString('utf8')
    },
  }
}

/** Objects read from the cluster, as one list. */
function listSource(items: readonly unknown[], origin: string): ManifestSource {
  const text = JSON.stringify({ items })
  return {
    origin,
    read(sink) {
      sink.chunk(Buffer.from(text))
      sink.endDocument()
      return Promise.resolve()
    },
    text: () => text,
  }
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
    throw (await clusterLists()).clusterReadError(snapshot, `list ${what}`, err)
  }
}

/** The nodes of a source: a file's (or stdin's), or the cluster's as a List. */
export async function nodesSource(source: ObjectSource): Promise<ManifestSource> {
  if (source.kind === 'file') return fileSource(source)
  const lists = (layer: typeof ClusterLayer) => [layer.NODE_LIST]
  return listsSource(source.cluster, 'nodes', lists, 'cluster nodes', source.progress)
}

/**
 * The pods of a source. From the cluster, only the pods forecast looks at: those bound to
 * `nodeNames` and those bound to none yet, one list each by field selector, as `kubectl drain`
 * lists a node's pods; and, when it follows a NoExecute taint's evictions (`follows`), every
 * unfinished pod bound to a node, as kube-scheduler counts them where the replacements land.
 */
export async function podsSource(
  source: ObjectSource,
  nodeNames: readonly string[],
  follows = false
): Promise<ManifestSource> {
  if (source.kind === 'file') return fileSource(source)
  // Node names are DNS subdomains: nothing in them needs escaping in a field selector.
  // Following evictions needs the unfinished pods of every other node too: one more list, whose
  // selector leaves out the chosen nodes so that no pod is read twice.
  const elsewhere = ['', ...nodeNames].map((nodeName) => `spec.nodeName!=${nodeName}`).join(',')
  const lists = ({ podList }: typeof ClusterLayer) => [
    ...[...nodeNames, ''].map((nodeName) => podList(null, `spec.nodeName=${nodeName}`)),
    ...(follows ? [podList(null, `${elsewhere},${UNFINISHED}`)] : []),
  ]
  return listsSource(source.cluster, 'pods', lists, 'cluster pods', source.progress)
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
    throw (await clusterLists()).clusterReadError(snapshot, 'read the version', err)
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
    throw (await clusterLists()).clusterReadError(snapshot, `read ${origin}`, err)
  }
}

/**
 * Pending pods as kube-scheduler's queue holds them: bound to no node and not finished, in one
 * namespace or all (null). From a file, the same filter applies to its pods.
 */
export async function pendingPodsSource(
  source: ObjectSource,
  namespace: string | null
): Promise<ManifestSource> {
  if (source.kind === 'file') return fileSource(source)
  const lists = ({ podList }: typeof ClusterLayer) => [
    podList(namespace, `spec.nodeName=,${UNFINISHED}`),
  ]
  return listsSource(source.cluster, 'pods', lists, 'cluster pods', source.progress)
}

/** Unfinished pods: kube-scheduler's pod informer (scheduler.go `newPodInformer`) leaves the rest out. */
const UNFINISHED = 'status.phase!=Succeeded,status.phase!=Failed'

/**
 * The pods explain judges against, as kube-scheduler sees them: every unfinished pod, of which
 * the reader keeps those bound to a node and those bound to none with `status.nominatedNodeName`
 * set (the nominated pods Filter adds to their node). One list, not one per kind: a field
 * selector does not narrow what kube-apiserver reads (every pod of its watch cache, or of
 * etcd), so a second list of the few nominated pods would cost it a second pass over them all.
 */
export async function explainPodsSource(source: ObjectSource): Promise<ManifestSource> {
  if (source.kind === 'file') return fileSource(source)
  const lists = ({ podList }: typeof ClusterLayer) => [podList(null, UNFINISHED)]
  return listsSource(source.cluster, 'pods', lists, 'cluster pods', source.progress)
}

export async function namespacesSource(source: ObjectSource): Promise<ManifestSource> {
  if (source.kind === 'file') return fileSource(source)
  const snapshot = await snapshotOf(source.cluster)
  const items = await readCluster(snapshot, 'namespaces', () => snapshot.listNamespaces())
  return listSource(items, 'cluster namespaces')
}

/** PodDisruptionBudgets: a file's, or the cluster's policy/v1 list. */
export async function pdbsSource(source: ObjectSource): Promise<ManifestSource> {
  if (source.kind === 'file') return fileSource(source)
  const snapshot = await snapshotOf(source.cluster)
  const items = await readCluster(snapshot, 'poddisruptionbudgets', () =>
    snapshot.listPodDisruptionBudgets()
  )
  return listSource(items, 'cluster poddisruptionbudgets')
}
