import { dump } from 'js-yaml'
import { formatKubeVersion, type KubeVersion } from '../core/index.js'
import type { PlacementDiagnosis } from '../placement/index.js'
import type { OutputFormat } from '../config/index.js'
import type { ToolIo } from './tool-exit.js'

/** What -o json and -o yaml print: the same document, int64 values as numbers. */
export function printDocument(io: ToolIo, format: 'json' | 'yaml', document: unknown): void {
  const plain: unknown = JSON.parse(
    JSON.stringify(document, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v))
  )
  io.stdout(
    format === 'json' ? JSON.stringify(plain, null, 2) + '\n' : dump(plain, { noRefs: true })
  )
}

export function isDocumentFormat(format: OutputFormat): format is 'json' | 'yaml' {
  return format === 'json' || format === 'yaml'
}

/**
 * The one-line summary of a diagnosis. kube-scheduler writes "0/5 nodes are available: …" only
 * when a pod fits nowhere (FitError); for a pod that fits it writes nothing, so a fit is worded
 * here, in a form of its own that cannot be taken for kube-scheduler's: "fits on 2 of 5
 * node(s); the other 3: <its reasons, counted as FitError counts them>."
 */
export function summaryOf(diagnosis: PlacementDiagnosis): string {
  if (diagnosis.available === 0 || diagnosis.schedulingError !== null) return diagnosis.summary
  const counts = new Map<string, number>()
  for (const node of diagnosis.nodes) {
    if (node.verdict === 'fits' || node.reason === null) continue
    counts.set(node.reason, (counts.get(node.reason) ?? 0) + 1)
  }
  const parts = [...counts].map(([reason, count]) => `${count} ${reason}`).sort()
  const head = `fits on ${diagnosis.available} of ${diagnosis.total} node(s)`
  const rejected = diagnosis.total - diagnosis.available
  return parts.length === 0 ? `${head}.` : `${head}; the other ${rejected}: ${parts.join(', ')}.`
}

/** The release the tools speak for, and what chose it. */
export interface SpokenRelease {
  readonly version: KubeVersion
  readonly from: '--kube-version' | 'API server' | 'newest supported'
}

/** The line that names the release a table speaks for. */
export function releaseLine(release: SpokenRelease): string {
  return `Judged as kube-scheduler ${formatKubeVersion(release.version)} judges (${release.from}).`
}

/** What -o json and -o yaml name it by: `"kubeVersion": "1.28.7"`. */
export function releaseField(release: SpokenRelease): { kubeVersion: string } {
  return { kubeVersion: formatKubeVersion(release.version) }
}
