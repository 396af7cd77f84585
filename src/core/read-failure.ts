/**
 * Why a file could not be read, in words: people read these, not errno names. Pure (it only
 * names a failure another layer met), so src/config, which reads the tools' input files, and
 * src/cluster, which loads kubeconfig files and the certificates they name, word it alike.
 */
const READ_FAILURES: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the name is too long',
}

/** The words for a failed read's errno code, else the error's own first line. */
export function readFailureText(err: unknown): string {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : ''
  const words = typeof code === 'string' ? READ_FAILURES[code] : undefined
  if (words !== undefined) return words
  const message = err instanceof Error ? err.message : String(err)
  return message.split('\n', 1)[0] ?? ''
}
