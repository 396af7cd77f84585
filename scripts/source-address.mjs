#!/usr/bin/env node
// The project's public source address, written into a release's artefacts by .ci/release: the
// chart's `home` and `sources`, the npm package's `repository` and `homepage` (the image gets it
// as its org.opencontainers.image.source label). The address is not written in the checkout:
// it is where the repository is published, which only the publishing checkout knows (its
// `origin`, or SOURCE_URL).
//
//   node scripts/source-address.mjs url ADDRESS          the https address, or exit 1 with why
//   node scripts/source-address.mjs chart DIR ADDRESS    stamps DIR/Chart.yaml
//   node scripts/source-address.mjs package DIR ADDRESS  stamps DIR/package.json
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A git remote as the https address people open: `https://host/path`, `git@host:path` and
 * `ssh://[user@]host[:port]/path` with or without `.git`. A local path, a file:// URL, plain
 * http or a host without a dot is nobody's public address, so it gives null. Credentials and a
 * port in the remote are dropped: the address goes into published files.
 */
function publicSourceUrl(remote) {
  const text = remote.trim()
  const scp = /^[\w.-]+@([^:/]+):(?!\/)(.+)$/.exec(text)
  const url = scp
    ? `https://${scp[1]}/${scp[2]}`
    : text.replace(/^ssh:\/\/(?:[^@/]+@)?/, 'https://')
  let parsed
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  const host = parsed.hostname
  if (parsed.protocol !== 'https:' || !host.includes('.') || host.endsWith('.localhost'))
    return null
  const path = parsed.pathname.replace(/\.git$/, '').replace(/\/+$/, '')
  if (!/^(\/[\w.~-]+){2,}$/.test(path)) return null
  return `https://${host}${path}`
}

/** Appends `home` and `sources` to a chart's Chart.yaml; refuses one that already has either. */
function stampChart(dir, address) {
  const file = join(dir, 'Chart.yaml')
  const text = readFileSync(file, 'utf8')
  if (/^(home|sources):/m.test(text)) throw new Error(`${file} already has home or sources`)
  const ending = text.endsWith('\n') ? '' : '\n'
  writeFileSync(file, `${text}${ending}home: ${address}\nsources:\n  - ${address}\n`)
}

/** Sets `repository` and `homepage` in a package folder's package.json. */
function stampPackage(dir, address) {
  const file = join(dir, 'package.json')
  const manifest = JSON.parse(readFileSync(file, 'utf8'))
  manifest.repository = { type: 'git', url: `git+${address}.git` }
  manifest.homepage = `${address}#readme`
  writeFileSync(file, JSON.stringify(manifest, null, 2) + '\n')
}

function main([command, ...args]) {
  const address = publicSourceUrl(args.at(-1) ?? '')
  if (address === null) {
    console.error(
      `not a public source address: "${args.at(-1) ?? ''}" (want https://HOST/OWNER/REPO)`
    )
    return 1
  }
  try {
    if (command === 'url' && args.length === 1) console.log(address)
    else if (command === 'chart' && args.length === 2) stampChart(args[0], address)
    else if (command === 'package' && args.length === 2) stampPackage(args[0], address)
    else {
      console.error(
        'usage: source-address.mjs url ADDRESS | chart DIR ADDRESS | package DIR ADDRESS'
      )
      return 2
    }
  } catch (error) {
    console.error(error.message)
    return 1
  }
  return 0
}

process.exitCode = main(process.argv.slice(2))
