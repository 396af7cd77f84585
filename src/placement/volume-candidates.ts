import type { KubeVersion } from '../core/index.js'
import { volumeBindingMatchesAttributesClass } from './kube-releases.js'
import { LABEL_HOSTNAME, labelOf, labelSelectorMatches } from './label-requirements.js'
import { matchableTermMatches, matchableTerms, type NodeSelectorTerm } from './node-affinity.js'
import type { NodeInfo } from './node-info.js'
import type { ClaimFacts, PersistentVolumeFacts, VolumeStorage } from './volume-storage.js'

/**
 * pv_helpers.go `FindMatchingVolume` on the scheduler's path (v1.28.7, and the newest tree's
 * volume attributes class), split for speed: every check but the node affinity reads the claim
 * and the volume alone, so it runs once per claim, and a node then reads only the volumes that
 * passed, by hostname where a volume is pinned to hosts (a local volume: one node of thousands).
 * A volume pre-bound to the claim decides alone: upstream returns it, or nothing, on meeting it.
 * Otherwise the smallest free volume wins, the first by name among those of one size (upstream
 * walks its cache's order, which explain cannot know).
 */

interface Candidate {
  readonly volume: PersistentVolumeFacts
  /** The volume's terms that can match; null when it has no required node affinity. */
  readonly terms: readonly NodeSelectorTerm[] | null
  /** The hostnames it can fit alone (pinnedHosts); null: any node may fit. */
  readonly hosts: ReadonlySet<string> | null
}

interface ClaimCandidates {
  /** The first volume pre-bound to the claim that passes the checks before the node's. */
  readonly preBound: Candidate | null
  /** The free volumes pinned by hostname, by each hostname; every list smallest first. */
  readonly byHost: ReadonlyMap<string, readonly Candidate[]>
  readonly unpinned: readonly Candidate[]
}

const NONE: readonly Candidate[] = []
const NOTHING_ASSUMED: ReadonlySet<string> = new Set()

/**
 * The volume `FindMatchingVolume` gives the claim on `node`, none of `taken` (those the pod's
 * claims before it took) nor of those assumed bound to other pods' claims; null when it gives
 * none.
 */
export function matchingVolume(
  claim: ClaimFacts,
  storage: VolumeStorage,
  node: NodeInfo,
  taken: ReadonlySet<string>,
  release: KubeVersion
): PersistentVolumeFacts | null {
  const { preBound, byHost, unpinned } = candidatesOf(claim, storage, release)
  if (preBound !== null) return fits(preBound, node) ? preBound.volume : null
  const hostname = labelOf(node.node.labels, LABEL_HOSTNAME)
  const pinned = (hostname === undefined ? undefined : byHost.get(hostname)) ?? NONE
  const assumed = storage.assumed ?? NOTHING_ASSUMED
  const a = firstFitting(pinned, node, taken, assumed)
  const b = firstFitting(unpinned, node, taken, assumed)
  if (a === null || b === null) return (a ?? b)?.volume ?? null
  return smallerFirst(a, b) <= 0 ? a.volume : b.volume
}

function firstFitting(
  candidates: readonly Candidate[],
  node: NodeInfo,
  taken: ReadonlySet<string>,
  assumed: ReadonlySet<string>
): Candidate | null {
  for (const c of candidates) {
    const name = c.volume.name
    if (!taken.has(name) && !assumed.has(name) && fits(c, node)) return c
  }
  return null
}

/** volume.go `CheckNodeAffinity`: against a node of labels alone, so no name matches. */
function fits(candidate: Candidate, node: NodeInfo): boolean {
  if (candidate.terms === null) return true
  const labelled = { name: '', labels: node.node.labels }
  return candidate.terms.some((term) => matchableTermMatches(term, labelled))
}

/** Smallest first, then by name. */
function smallerFirst(a: Candidate, b: Candidate): number {
  const [x, y] = [a.volume.binding.capacity, b.volume.binding.capacity]
  if (x !== y) return x < y ? -1 : 1
  return a.volume.name < b.volume.name ? -1 : a.volume.name > b.volume.name ? 1 : 0
}

/** Built once per claim and release: every node of the run asks. */
const built = new WeakMap<
  ClaimFacts,
  { storage: VolumeStorage; minor: number; c: ClaimCandidates }
>()

function candidatesOf(
  claim: ClaimFacts,
  storage: VolumeStorage,
  release: KubeVersion
): ClaimCandidates {
  const known = built.get(claim)
  if (known !== undefined && known.storage === storage && known.minor === release.minor)
    return known.c
  const c = buildCandidates(claim, storage, release)
  built.set(claim, { storage, minor: release.minor, c })
  return c
}

function buildCandidates(
  claim: ClaimFacts,
  storage: VolumeStorage,
  release: KubeVersion
): ClaimCandidates {
  const volumes = classVolumes(storage, claim.className).filter((c) =>
    passesFirstChecks(claim, c.volume, release)
  )
  // The first pre-bound volume by name: upstream's walk meets it and returns.
  let preBound: Candidate | null = null
  for (const c of volumes) {
    if (c.volume.binding.claimRef === null) continue
    if (preBound === null || c.volume.name < preBound.volume.name) preBound = c
  }
  if (preBound !== null) return { preBound, byHost: new Map(), unpinned: NONE }
  const free = volumes.filter((c) => isFreeFor(claim, c.volume))
  const byHost = new Map<string, Candidate[]>()
  const unpinned: Candidate[] = []
  for (const c of free) {
    if (c.hosts === null) unpinned.push(c)
    for (const host of c.hosts ?? []) {
      const list = byHost.get(host)
      if (list === undefined) byHost.set(host, [c])
      else list.push(c)
    }
  }
  return { preBound: null, byHost, unpinned }
}

/**
 * The candidates of the volumes of a class (the PV cache's `ListPVs`), smallest first, then by
 * name: grouped and sorted once per storage read, which each claim's candidates keep in order.
 */
function classVolumes(storage: VolumeStorage, className: string): readonly Candidate[] {
  let byClass = classes.get(storage)
  if (byClass === undefined) {
    byClass = new Map()
    for (const volume of storage.volumes?.values() ?? []) {
      const list = byClass.get(volume.binding.className)
      if (list === undefined) byClass.set(volume.binding.className, [candidate(volume)])
      else list.push(candidate(volume))
    }
    for (const list of byClass.values()) list.sort(smallerFirst)
    classes.set(storage, byClass)
  }
  return byClass.get(className) ?? NONE
}

const classes = new WeakMap<VolumeStorage, Map<string, Candidate[]>>()

/** Each volume's candidate, its terms checked and its hosts found once for all claims. */
function candidate(volume: PersistentVolumeFacts): Candidate {
  let known = candidates.get(volume)
  if (known === undefined) {
    const terms = volume.nodeAffinity === null ? null : matchableTerms(volume.nodeAffinity)
    known = { volume, terms, hosts: terms === null ? null : pinnedHosts(terms) }
    candidates.set(volume, known)
  }
  return known
}

const candidates = new WeakMap<PersistentVolumeFacts, Candidate>()

/**
 * What `FindMatchingVolume` checks before the node: a volume claimed by another claim (a
 * claimRef naming this one, with its uid when given, pre-binds it), smaller than the request,
 * of another volume mode or attributes class, or being deleted is passed over.
 */
function passesFirstChecks(
  claim: ClaimFacts,
  volume: PersistentVolumeFacts,
  release: KubeVersion
): boolean {
  const facts = volume.binding
  const ref = facts.claimRef
  if (ref !== null) {
    if (ref.name !== claim.name || ref.namespace !== claim.namespace) return false
    if (ref.uid !== '' && ref.uid !== claim.uid) return false
  }
  if (facts.capacity < (claim.storageRequest ?? 0n) || facts.volumeMode !== claim.volumeMode)
    return false
  const attributes = volumeBindingMatchesAttributesClass(release)
  if (attributes && facts.attributesClass !== claim.attributesClass) return false
  return !facts.deleting
}

/** Then, of a volume not pre-bound: Available, selected by the claim, of its access modes. */
function isFreeFor(claim: ClaimFacts, volume: PersistentVolumeFacts): boolean {
  const facts = volume.binding
  if (!facts.available) return false
  if (claim.selector !== null && !labelSelectorMatches(claim.selector, volume.labels)) return false
  return claim.accessModes.every((mode) => facts.accessModes.includes(mode))
}

/**
 * The hostnames a volume can fit: when every term it can match requires `kubernetes.io/hostname
 * In` some values, those of each term (all its hostname expressions' common values); null when
 * a term does not, and any node may fit.
 */
function pinnedHosts(terms: readonly NodeSelectorTerm[]): Set<string> | null {
  const hosts = new Set<string>()
  for (const term of terms) {
    const lists = term.matchExpressions
      .filter((r) => r.key === LABEL_HOSTNAME && r.operator === 'In')
      .map((r) => r.values)
    const [first] = lists
    if (first === undefined) return null
    for (const host of first) if (lists.every((values) => values.includes(host))) hosts.add(host)
  }
  return hosts
}
