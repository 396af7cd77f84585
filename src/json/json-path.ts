import { ProtocolError } from './protocol-error.js'

/**
 * The places a decoder's errors name (`spec.containers[0].ports`), built only when an error is
 * to name one. A cluster's pods are all read and all but a few are well-formed, yet building
 * each pod's places as it is read made a tenth of the reading's time and most of what it
 * allocated. So a pod is first decoded with no place built (`member` and `element` give ""),
 * and a pod whose decoding fails is decoded again with its places built: the second decoding
 * meets the same first error, now naming its place. This module's one flag is the only state;
 * the decoders stay pure functions of their input.
 */

let naming = true

/** `${at}.${name}`, when places are named. */
export function member(at: string, name: string): string {
  return naming ? `${at}.${name}` : ''
}

/** `${at}[${i}]`, when places are named. */
export function element(at: string, i: number): string {
  return naming ? `${at}[${i}]` : ''
}

/**
 * `decode()` with no place built, or, when it throws a ProtocolError, `decode()` again with
 * every place built, so that the error it throws names its place. `decode` must give the same
 * result or the same first error however often it runs.
 */
export function decodeNamingOnError<T>(decode: () => T): T {
  if (!naming) return decode()
  naming = false
  try {
    return decode()
  } catch (err) {
    if (!(err instanceof ProtocolError)) throw err
  } finally {
    naming = true
  }
  return decode()
}
