/** A small seeded generator, so that comparison tests are the same on every run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** `length` random bytes, the first `leadingZeros` of them zero. */
export function randomBytes(next: () => number, length: number, leadingZeros = 0): Uint8Array {
  const bytes = new Uint8Array(length)
  for (let i = leadingZeros; i < length; i++) bytes[i] = Math.floor(next() * 256)
  return bytes
}
