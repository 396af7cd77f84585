/**
 * The bare client of the live benchmark, in a process of its own: one plain `GET /api/v1/pods`
 * and then one `GET /api/v1/nodes` as JSON, with the kubeconfig's CA and token, each body read
 * to its end and dropped. What any tool that reads the whole cluster must at least spend. Prints
 * the bytes of each as JSON.
 */
import { request } from 'node:https'
import { credentialsOf } from './kubeconfig.js'

const { server, ca, token } = credentialsOf(process.argv[2] ?? '')

function bytesOf(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${server}${path}`, {
      ca,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    })
    req.on('error', reject)
    req.on('response', (res) => {
      if (res.statusCode !== 200) reject(new Error(`GET ${path}: HTTP ${res.statusCode ?? 0}`))
      let bytes = 0
      res.on('data', (chunk: Buffer) => (bytes += chunk.length))
      res.on('end', () => resolve(bytes))
      res.on('error', reject)
    })
    req.end()
  })
}

const pods = await bytesOf('/api/v1/pods')
const nodes = await bytesOf('/api/v1/nodes')
console.log(JSON.stringify({ podsBytes: pods, nodesBytes: nodes }))
