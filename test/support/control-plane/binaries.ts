import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The control-plane binaries (kube-apiserver, kube-scheduler, etcd) that `../shared/kube/` beside
 * the repository holds as one archive. They are unpacked once into a cache folder per user and
 * archive, checked against the archive's SHA256SUMS, and reused by every later run.
 */

/**
 * The repository's root: the first folder above this file with a package.json. Walked up to,
 * rather than counted, because the benchmarks run this file compiled into dist-bench/, a level
 * deeper than the tests read it.
 */
export function repositoryRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir
    if (dirname(dir) === dir) throw new Error('no package.json above the control-plane fixture')
  }
}

export const KUBE_VERSION = 'v1.28.7'
const ARCHIVE_NAME = `kube-${KUBE_VERSION}-linux-amd64.tar.xz`
const BINARY_NAMES = ['etcd', 'kube-apiserver', 'kube-scheduler'] as const

export interface KubeBinaries {
  readonly etcd: string
  readonly kubeApiserver: string
  readonly kubeScheduler: string
}

export type BinariesLookup =
  | { readonly found: true; readonly binaries: KubeBinaries }
  | { readonly found: false; readonly reason: string }

/**
 * The folder holding the archive: TAINT_EXTENDER_KUBE_DIR; else `../shared/kube` beside the
 * repository; else beside the main checkout when this is a linked git worktree.
 */
function archiveFolder(): string {
  const root = repositoryRoot()
  if (process.env.TAINT_EXTENDER_KUBE_DIR !== undefined) return process.env.TAINT_EXTENDER_KUBE_DIR
  const besideRepository = join(root, '..', 'shared', 'kube')
  if (existsSync(besideRepository)) return besideRepository
  try {
    const common = execFileSync(
      'git',
      ['rev-parse', '--path-format=absolute', '--git-common-dir'],
      {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }
    ).trim()
    const besideMainCheckout = join(dirname(dirname(common)), 'shared', 'kube')
    if (existsSync(besideMainCheckout)) return besideMainCheckout
  } catch {
    // Not a git checkout: only the folder beside it counts.
  }
  return besideRepository
}

function cacheFolder(name: string): string {
  const base = process.env.XDG_CACHE_HOME ?? join(process.env.HOME ?? homedir(), '.cache')
  return join(base, 'taint-extender', name)
}

/** SHA256SUMS as a map from file name to hex digest. */
function expectedSums(folder: string): Map<string, string> {
  const sums = new Map<string, string>()
  for (const line of readFileSync(join(folder, 'SHA256SUMS'), 'utf8').split('\n')) {
    const match = /^([0-9a-f]{64})\s+\*?(\S+)$/.exec(line.trim())
    if (match?.[1] !== undefined && match[2] !== undefined) sums.set(match[2], match[1])
  }
  return sums
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex')
}

/**
 * Unpacks the archive next to the cache folder and renames it into place at once, so that test
 * files asking at the same moment never see half a binary; when another got there first, its
 * folder is kept.
 */
function unpack(
  archive: string,
  sums: Map<string, string>,
  target: string,
  names: readonly string[]
): void {
  mkdirSync(dirname(target), { recursive: true })
  const work = mkdtempSync(`${target}.unpacking-`)
  try {
    execFileSync('tar', ['-xJf', archive, '-C', work], { stdio: 'pipe' })
    for (const name of names) {
      const want = sums.get(name)
      if (want !== undefined && sha256(join(work, name)) !== want) {
        throw new Error(`${name} from ${archive} does not match its SHA256SUMS line`)
      }
    }
    try {
      renameSync(work, target)
    } catch {
      // Another test file unpacked it first: theirs is as good.
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/** The binaries, unpacked on first use; or why there are none. */
export function findKubeBinaries(): BinariesLookup {
  const folder = archiveFolder()
  const archive = join(folder, ARCHIVE_NAME)
  if (!existsSync(archive)) {
    return {
      found: false,
      reason: `no ${ARCHIVE_NAME} in ${folder} (kube-apiserver, kube-scheduler and etcd)`,
    }
  }
  const target = cacheFolder(`kube-${KUBE_VERSION}`)
  if (!BINARY_NAMES.every((name) => existsSync(join(target, name)))) {
    unpack(archive, expectedSums(folder), target, BINARY_NAMES)
  }
  return {
    found: true,
    binaries: {
      etcd: join(target, 'etcd'),
      kubeApiserver: join(target, 'kube-apiserver'),
      kubeScheduler: join(target, 'kube-scheduler'),
    },
  }
}

const CONTROLLER_MANAGER_ARCHIVE = `kube-controller-manager-${KUBE_VERSION}-linux-amd64.tar.xz`

/**
 * kube-controller-manager, from its own archive beside the others (the taint manager, the
 * workload and disruption controllers), unpacked on first use into a cache folder of its own;
 * or why there is none.
 */
export function findControllerManager():
  | { readonly found: true; readonly binary: string }
  | { readonly found: false; readonly reason: string } {
  const folder = archiveFolder()
  const archive = join(folder, CONTROLLER_MANAGER_ARCHIVE)
  if (!existsSync(archive)) {
    return { found: false, reason: `no ${CONTROLLER_MANAGER_ARCHIVE} in ${folder}` }
  }
  const target = cacheFolder(`kube-controller-manager-${KUBE_VERSION}`)
  const binary = join(target, 'kube-controller-manager')
  if (!existsSync(binary))
    unpack(archive, expectedSums(folder), target, ['kube-controller-manager'])
  return { found: true, binary }
}
