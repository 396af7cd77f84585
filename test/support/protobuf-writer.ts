/**
 * A small protobuf writer for tests: each field written as the wire format has it, so a test
 * builds exactly the bytes it means (fields out of order, unknown ones, negative varints), not
 * what some encoder chooses.
 */

const utf8 = new TextEncoder()

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/** A varint of a 64-bit two's complement value: a negative one takes ten bytes. */
export function varintBytes(value: number | bigint): Uint8Array {
  let rest = BigInt.asUintN(64, BigInt(value))
  const bytes: number[] = []
  do {
    const low = Number(rest & 0x7fn)
    rest >>= 7n
    bytes.push(rest === 0n ? low : low | 0x80)
  } while (rest !== 0n)
  return Uint8Array.from(bytes)
}

const key = (field: number, wire: number): Uint8Array => varintBytes(field * 8 + wire)

export const pb = {
  concat: (...parts: Uint8Array[]): Uint8Array => concat(parts),
  varint: (field: number, value: number | bigint | boolean): Uint8Array =>
    concat([key(field, 0), varintBytes(typeof value === 'boolean' ? Number(value) : value)]),
  bytes: (field: number, value: Uint8Array): Uint8Array =>
    concat([key(field, 2), varintBytes(value.length), value]),
  string: (field: number, value: string): Uint8Array => pb.bytes(field, utf8.encode(value)),
  message: (field: number, ...parts: Uint8Array[]): Uint8Array => pb.bytes(field, concat(parts)),
  fixed32: (field: number): Uint8Array => concat([key(field, 5), new Uint8Array(4)]),
  fixed64: (field: number): Uint8Array => concat([key(field, 1), new Uint8Array(8)]),
  group: (field: number, ...parts: Uint8Array[]): Uint8Array =>
    concat([key(field, 3), ...parts, key(field, 4)]),
  /** A map<string,string> entry {key=1, value=2}. */
  entry: (field: number, name: string, value: string): Uint8Array =>
    pb.message(field, pb.string(1, name), pb.string(2, value)),
  /** A map<string,Quantity> entry, the Quantity {string=1}. */
  quantity: (field: number, name: string, value: string): Uint8Array =>
    pb.message(field, pb.string(1, name), pb.message(2, pb.string(1, value))),
  /** metav1.Time {seconds=1, nanos=2}. */
  time: (field: number, seconds: number, nanos = 0): Uint8Array =>
    pb.message(field, pb.varint(1, seconds), ...(nanos === 0 ? [] : [pb.varint(2, nanos)])),
}

/** The API server's envelope: `k8s\0`, then runtime.Unknown {typeMeta=1, raw=2, ...=3, 4}. */
export function envelope(kind: string, raw: Uint8Array, apiVersion = 'v1'): Uint8Array {
  return concat([
    Uint8Array.from([0x6b, 0x38, 0x73, 0x00]),
    pb.message(1, pb.string(1, apiVersion), pb.string(2, kind)),
    pb.bytes(2, raw),
    pb.string(3, ''),
    pb.string(4, ''),
  ])
}
