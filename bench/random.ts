/** Deterministic pseudo-random helpers for the generated fleet. */

/** A small deterministic PRNG (mulberry32), seeded per node and purpose. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function hex(random: () => number, length: number): string {
  let out = ''
  while (out.length < length) out += Math.floor(random() * 0x100000000).toString(16)
  return out.slice(0, length)
}
