import { readFileSync } from 'node:fs'

/** The server, CA and token of a kubeconfig the control-plane fixture wrote (one cluster, one user). */
export interface Credentials {
  readonly server: string
  readonly ca: Buffer
  readonly token: string
}

interface Kubeconfig {
  clusters: { cluster: { server: string; 'certificate-authority-data': string } }[]
  users: { user: { token: string } }[]
}

export function credentialsOf(path: string): Credentials {
  const config = JSON.parse(readFileSync(path, 'utf8')) as Kubeconfig
  const { server, 'certificate-authority-data': caData } = config.clusters[0]?.cluster ?? {}
  const token = config.users[0]?.user.token
  if (server === undefined || caData === undefined || token === undefined)
    throw new Error(`kubeconfig ${path} has no server, CA or token`)
  return { server, ca: Buffer.from(caData, 'base64'), token }
}
