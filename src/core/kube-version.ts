/**
 * The Kubernetes release `explain` and `forecast` speak for: kube-scheduler's wording and a few of
 * its rules changed between v1.28 and v1.35 (docs/compatibility.md lists each change). Only
 * Kubernetes 1.x exists; a version is its minor and, when known, its patch.
 */
export interface KubeVersion {
  readonly minor: number
  /** null when not given: read as that minor's newest patch release. */
  readonly patch: number | null
}

export const OLDEST_KUBE_MINOR = 28
export const NEWEST_KUBE_MINOR = 35

/** What the tools speak for when nothing says otherwise: the newest supported release. */
export const NEWEST_KUBE_VERSION: KubeVersion = Object.freeze({
  minor: NEWEST_KUBE_MINOR,
  patch: null,
})

/** `1.28`, `1.28.7`, `v1.28.7`, and a provider's build of it (`v1.28.7-eks-1a2b3c`, `v1.30.2+k3s1`). */
const VERSION_PATTERN = /^v?1\.(0|[1-9]\d{0,3})(?:\.(0|[1-9]\d{0,3}))?(?:[-+][0-9A-Za-z.+-]*)?$/

/** The version a text names, or why it names none the tools speak for. */
export function parseKubeVersion(text: string): KubeVersion | { readonly problem: string } {
  const match = VERSION_PATTERN.exec(text)
  if (match === null)
    return { problem: `"${text}" is not a Kubernetes version (write it as 1.28 or 1.28.7)` }
  const minor = Number(match[1])
  const version = { minor, patch: match[2] === undefined ? null : Number(match[2]) }
  if (minor < OLDEST_KUBE_MINOR || minor > NEWEST_KUBE_MINOR)
    return {
      problem: `Kubernetes ${formatKubeVersion(version)} is not supported: explain and forecast speak for 1.${OLDEST_KUBE_MINOR} to 1.${NEWEST_KUBE_MINOR}`,
    }
  return version
}

export function formatKubeVersion(version: KubeVersion): string {
  return version.patch === null ? `1.${version.minor}` : `1.${version.minor}.${version.patch}`
}

/** Whether `version` is 1.minor.patch or later; a version without a patch is its newest patch. */
export function kubeVersionAtLeast(version: KubeVersion, minor: number, patch = 0): boolean {
  if (version.minor !== minor) return version.minor > minor
  return version.patch === null || version.patch >= patch
}
