import type { CDPSession } from 'playwright-core'

/**
 * Bytes of V8's compiled code and its metadata in the page's heap: the self size of every node of
 * type `code` in a heap snapshot (machine code, bytecode, function infos). A function the engine
 * optimises after enough calls adds its code once, so a run of cycles can grow by it without
 * holding anything per cycle (docs/benchmarks.md, "V8's code is not a leak").
 */
export async function codeBytes(cdp: CDPSession): Promise<number> {
  const chunks: string[] = []
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk)
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk)
  }
  return codeBytesOf(JSON.parse(chunks.join('')))
}

/** The same sum over a parsed snapshot (`.heapsnapshot` JSON). */
export function codeBytesOf(snapshot: {
  snapshot: { meta: { node_fields: string[]; node_types: unknown[] } }
  nodes: number[]
}): number {
  const { node_fields: fields, node_types: types } = snapshot.snapshot.meta
  const code = (types[0] as string[]).indexOf('code')
  const type = fields.indexOf('type')
  const size = fields.indexOf('self_size')
  const width = fields.length
  let sum = 0
  for (let i = 0; i < snapshot.nodes.length; i += width)
    if (snapshot.nodes[i + type] === code) sum += snapshot.nodes[i + size] ?? 0
  return sum
}
