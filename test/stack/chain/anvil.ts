import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'

/** The mnemonic every local chain derives its funded accounts from. */
export const TEST_MNEMONIC = 'test test test test test test test test test test test junk'
/** Genesis timestamp, fixed so the genesis block hash is the same on every run. */
export const GENESIS_TIMESTAMP = 1_700_000_000

/** A running anvil process. */
export interface Anvil {
  chainId: number
  /** HTTP JSON-RPC endpoint, e.g. `http://127.0.0.1:40123`. */
  rpcUrl: string
  pid: number
  /** Milliseconds from spawn to the "Listening on" line. */
  startMs: number
  /** Kills the process and resolves once it has exited. Safe to call twice. */
  stop(): Promise<void>
}

/** Options of {@link startAnvil}. */
export interface StartAnvilOptions {
  chainId: number
  /** Give up when anvil has not printed its address after this many ms; default 10 000. */
  timeoutMs?: number
}

const live = new Set<ChildProcess>()
let hooksInstalled = false

/** Kills every anvil still running when the process exits or is interrupted. */
function installExitHooks(): void {
  if (hooksInstalled) return
  hooksInstalled = true
  const killAll = () => {
    for (const child of live) child.kill('SIGKILL')
    live.clear()
  }
  process.on('exit', killAll)
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      // When the program handles the signal itself, it stops its chains (and the exit hook
      // catches the rest); otherwise restore the default: kill the chains, then terminate.
      if (process.listenerCount(signal) > 0) return
      killAll()
      process.kill(process.pid, signal)
    })
  }
}

/** Path of the anvil binary from the platform package. */
export function anvilBinary(): string {
  return createRequire(import.meta.url).resolve('@foundry-rs/anvil-linux-amd64/bin/anvil')
}

/**
 * Starts anvil on 127.0.0.1 and a free port, with the test mnemonic and a fixed genesis time.
 * @throws when anvil exits or does not report its address in time.
 */
export function startAnvil(options: StartAnvilOptions): Promise<Anvil> {
  const { chainId, timeoutMs = 10_000 } = options
  installExitHooks()
  const started = performance.now()
  const args = [
    ['--host', '127.0.0.1'],
    ['--port', '0'],
    ['--chain-id', String(chainId)],
    ['--timestamp', String(GENESIS_TIMESTAMP)],
    ['--mnemonic', TEST_MNEMONIC],
  ].flat()
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] })
  live.add(child)
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    child.once('exit', () => {
      live.delete(child)
      resolve()
    })
  })
  // Keep a short tail of the output for error messages; anvil logs every RPC call, so the pipes
  // must be drained for the whole life of the process.
  let tail = ''
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000)
  }
  child.stderr?.on('data', keep)

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000)
      await exited
      clearTimeout(timer)
    }
    live.delete(child)
  }

  return new Promise<Anvil>((resolve, reject) => {
    let stdout = ''
    let settled = false
    const fail = (reason: string) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void stop()
      reject(new Error(`anvil (chain ${chainId}) ${reason}\n${tail}`))
    }
    const timer = setTimeout(() => fail(`did not start within ${timeoutMs} ms`), timeoutMs)
    child.once('error', (error) => fail(`could not be spawned: ${error.message}`))
    child.once('exit', (code, signal) => fail(`exited early (${signal ?? code})`))
    const onData = (chunk: Buffer) => {
      keep(chunk)
      if (settled) return
      stdout += chunk.toString('utf8')
      const match = /Listening on ([\d.]+):(\d+)/.exec(stdout)
      if (!match) return
      settled = true
      clearTimeout(timer)
      resolve({
        chainId,
        rpcUrl: `http://${match[1]}:${match[2]}`,
        pid: child.pid ?? 0,
        startMs: performance.now() - started,
        stop,
      })
    }
    child.stdout?.on('data', onData)
  })
}
