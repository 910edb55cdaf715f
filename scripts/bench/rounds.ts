// The measuring rounds of `npm run bench`: each round takes one sample of every variant asked for,
// then (unless --skip-plain) one load without a protocol client, and prints a line for each.
import type { Stack } from '../../test/stack/index'
import type { Args } from './args'
import { type PlainSample, samplePlain } from './plain'
import { type Sample, sample } from './sample'
import { VARIANTS, type VariantId } from './settings'
import { mib } from './stats'

/** Takes `args.samples` rounds of samples. */
export async function runRounds(
  stack: Stack,
  args: Pick<Args, 'samples' | 'variants' | 'plain'>,
  nextReport: () => Promise<string>,
): Promise<{ samples: Record<VariantId, Sample[]>; plainSamples: PlainSample[] }> {
  const samples: Record<VariantId, Sample[]> = { off: [], on: [] }
  const plainSamples: PlainSample[] = []
  // Rounds interleave the variants, so a burst of noise on the machine hits both alike.
  for (let round = 1; round <= args.samples; round++) {
    for (const variant of args.variants) {
      const s = await sample(stack, variant)
      samples[variant].push(s)
      console.log(
        `[${round}/${args.samples}] ${VARIANTS[variant].label}: ${
          s.ok
            ? `ready ${s.readyMs.toFixed(0)} ms, long tasks ${s.longTaskLoadCount} (max ${s.longTaskLoadMaxMs.toFixed(0)} ms), open ${s.openMs.toFixed(1)} ms (${s.openRafCallbacks} rAF), heap ${mib(s.heapUsedAfterOpenBytes)} MB, requests ${s.requestsBeforeOpen} before / ${s.requestsAfterOpen} after open`
            : `FAILED: ${s.reason}`
        }`,
      )
    }
    if (args.plain) {
      const s = await samplePlain(stack, nextReport)
      plainSamples.push(s)
      console.log(
        `[${round}/${args.samples}] no protocol client (diagnostic): ${
          s.ok
            ? `ready ${s.readyMs.toFixed(0)} ms, long tasks ${s.longTaskLoadCount} (max ${s.longTaskLoadMaxMs.toFixed(0)} ms)`
            : `FAILED: ${s.reason}`
        }`,
      )
    }
  }
  return { samples, plainSamples }
}
