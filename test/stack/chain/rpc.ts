/** A JSON-RPC error as a node or wallet returns it. */
export interface RpcErrorObject {
  code: number
  message: string
  data?: unknown
}

/** Either side of a JSON-RPC answer. */
export type RpcOutcome = { result: unknown } | { error: RpcErrorObject }

let nextId = 1

/**
 * Sends one JSON-RPC request over HTTP and returns the node's answer untouched.
 * Transport failures become `{ error: { code: -32603 } }`.
 */
export async function rpcCall(
  url: string,
  method: string,
  params: unknown = [],
): Promise<RpcOutcome> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    })
    const body = (await response.json()) as { result?: unknown; error?: RpcErrorObject }
    if (body.error) return { error: body.error }
    return { result: body.result ?? null }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return { error: { code: -32603, message: `RPC request to ${url} failed: ${reason}` } }
  }
}

/** Like {@link rpcCall} but returns the result and throws the JSON-RPC error. */
export async function rpc<T = unknown>(
  url: string,
  method: string,
  params: unknown = [],
): Promise<T> {
  const outcome = await rpcCall(url, method, params)
  if ('error' in outcome) {
    throw Object.assign(new Error(`${method}: ${outcome.error.message}`), outcome.error)
  }
  return outcome.result as T
}

/**
 * The receipt of a transaction sent to anvil. Automine answers `eth_sendTransaction` with the hash
 * before the receipt is always readable on a loaded machine, so this asks again every 50 ms.
 *
 * @throws when no receipt comes within `attempts` tries (5 s by default).
 */
export async function receiptOf(
  url: string,
  hash: string,
  attempts = 100,
): Promise<{ status: `0x${string}` }> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const receipt = await rpc<{ status: `0x${string}` } | null>(url, 'eth_getTransactionReceipt', [
      hash,
    ])
    if (receipt) return receipt
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`transaction ${hash} was not mined at ${url}`)
}

/**
 * Sends several JSON-RPC requests in one HTTP batch and returns their results in order.
 * @throws the first JSON-RPC error, or when the batch itself fails.
 */
export async function rpcBatch<T = unknown>(
  url: string,
  calls: readonly { method: string; params?: unknown }[],
): Promise<T[]> {
  if (calls.length === 0) return []
  const first = nextId
  nextId += calls.length
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(
      calls.map((c, i) => ({
        jsonrpc: '2.0',
        id: first + i,
        method: c.method,
        params: c.params ?? [],
      })),
    ),
  })
  const answers = (await response.json()) as {
    id: number
    result?: unknown
    error?: RpcErrorObject
  }[]
  if (!Array.isArray(answers)) throw new Error(`batch to ${url} was not answered with an array`)
  const byId = new Map(answers.map((a) => [a.id, a]))
  return calls.map((c, i) => {
    const answer = byId.get(first + i)
    if (!answer) throw new Error(`${c.method}: no answer in the batch`)
    if (answer.error)
      throw Object.assign(new Error(`${c.method}: ${answer.error.message}`), answer.error)
    return (answer.result ?? null) as T
  })
}
