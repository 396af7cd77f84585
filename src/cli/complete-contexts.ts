import { contextNames } from '../cluster/kubeconfig-contexts.js'
import { typedLineCluster, type TypedLine } from '../config/index.js'

/**
 * The kubeconfig's contexts for `--context`, read with the `--kubeconfig` typed on the line, as
 * kubectl's completion reads them: from the files alone, so without loading the cluster client
 * (complete-names.ts). Files that cannot be read offer nothing, without a word on stderr.
 */
export function contextNamesFor(
  line: TypedLine,
  env: Readonly<Record<string, string | undefined>>
): string[] {
  try {
    const cluster = typedLineCluster(line, env)
    return cluster === null ? [] : contextNames(cluster)
  } catch {
    return []
  }
}
