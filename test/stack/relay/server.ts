import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type WebSocket, WebSocketServer } from 'ws'
import { authenticate } from './auth'
import { createHub, type Peer } from './hub'
import { errorFrame, parseFrame, RpcError, RpcErrorCode, resultFrame } from './jsonrpc'
import { createMailbox } from './mailbox'
import { callMethod } from './methods'

/** One logged event on the relay's wire. */
export interface RelayFrame {
  /** Milliseconds since the epoch. */
  at: number
  /** `in`/`out` are text frames; `open`/`close` are sockets (with the upgrade URL on `open`). */
  direction: 'in' | 'out' | 'open' | 'close'
  clientId: string
  text: string
}

/** Options of {@link startRelay}. */
export interface RelayOptions {
  /** `true` keeps every frame in `frames`; a function also receives each frame as it happens. Default: off. */
  log?: boolean | ((frame: RelayFrame) => void)
  /** Interval of WebSocket pings to every socket, in milliseconds. Default: 15 000 (clients drop a socket silent for 35 s). */
  pingIntervalMs?: number
  /** Port on 127.0.0.1. Default: 0 (a free port). */
  port?: number
  /** Clock in milliseconds, for message ttl and JWT expiry. Default: `Date.now`. */
  now?: () => number
}

/** A running relay stand-in. */
export interface Relay {
  /** The `relayUrl` to give WalletConnect clients, e.g. `ws://127.0.0.1:41234`. */
  url: string
  /** Readiness probe answering 200, e.g. `http://127.0.0.1:41234/health`. */
  healthUrl: string
  /** Logged frames when `log` is on; empty otherwise. */
  frames: RelayFrame[]
  /** Topics a client id is subscribed to (subscriptions outlive sockets). */
  topicsOf(clientId: string): string[]
  /** Terminates every open socket, as a network drop would; subscriptions and mailbox stay. */
  dropAllSockets(): void
  /** Sends a frame that is not JSON to every socket, or to those of one client. @returns How many got it. */
  sendGarbage(clientId?: string): number
  /** Closes every socket and the server. */
  stop(): Promise<void>
}

/**
 * Starts a WalletConnect relay stand-in on 127.0.0.1: the relay JSON-RPC over WebSocket, JWT auth, a per-topic mailbox.
 * @example
 * const relay = await startRelay({ log: true })
 * const provider = await UniversalProvider.init({ relayUrl: relay.url, projectId, customStoragePrefix: 'dapp' })
 * await relay.stop()
 */
export async function startRelay(options: RelayOptions = {}): Promise<Relay> {
  const now = options.now ?? Date.now
  const hub = createHub(createMailbox(now))
  const frames: RelayFrame[] = []
  const sockets = new Map<WebSocket, Peer>()
  let stopped = false
  const record = (direction: RelayFrame['direction'], clientId: string, text: string): void => {
    if (!options.log) return
    const frame = { at: now(), direction, clientId, text }
    frames.push(frame)
    if (typeof options.log === 'function') options.log(frame)
  }

  const server = createServer((req, res) => {
    const ok = req.method === 'GET' && req.url?.split('?')[0] === '/health'
    res.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' })
    res.end(JSON.stringify(ok ? { status: 'ok' } : { error: 'not found' }))
  })
  const wss = new WebSocketServer({ noServer: true })

  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy())
    void authenticate(req.url, Math.floor(now() / 1000)).then((clientId) => {
      if (stopped) {
        socket.destroy()
        return
      }
      if (!clientId) {
        socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
        return
      }
      wss.handleUpgrade(req, socket, head, (ws) => onSocket(ws, clientId, req.url ?? '/'))
    })
  })

  const onSocket = (ws: WebSocket, clientId: string, url: string): void => {
    const peer: Peer = {
      clientId,
      send(text) {
        if (ws.readyState !== ws.OPEN) return
        record('out', clientId, text)
        ws.send(text)
      },
    }
    sockets.set(ws, peer)
    hub.attach(peer)
    record('open', clientId, url)
    ws.on('message', (data, isBinary) => {
      const text = isBinary ? '' : data.toString()
      record('in', clientId, text)
      onFrame(peer, text)
    })
    ws.on('close', () => {
      sockets.delete(ws)
      hub.detach(peer)
      record('close', clientId, '')
    })
    ws.on('error', () => ws.terminate())
  }

  const onFrame = (peer: Peer, text: string): void => {
    const frame = parseFrame(text)
    switch (frame.kind) {
      case 'garbage':
        peer.send(errorFrame(null, RpcErrorCode.parse, 'Parse error'))
        return
      case 'invalid':
        peer.send(errorFrame(frame.id, RpcErrorCode.invalidRequest, frame.reason))
        return
      case 'response':
        if (typeof frame.id === 'number') hub.acknowledge(peer, frame.id, frame.ok)
        return
      case 'request':
        try {
          peer.send(
            resultFrame(frame.id, callMethod(hub, peer.clientId, frame.method, frame.params)),
          )
        } catch (error) {
          const code = error instanceof RpcError ? error.code : -32603
          peer.send(errorFrame(frame.id, code, (error as Error).message))
        }
    }
  }

  const pinger = setInterval(() => {
    for (const ws of sockets.keys()) ws.ping()
  }, options.pingIntervalMs ?? 15_000)
  pinger.unref()

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo

  return {
    url: `ws://127.0.0.1:${port}`,
    healthUrl: `http://127.0.0.1:${port}/health`,
    frames,
    topicsOf: (clientId) => hub.topicsOf(clientId),
    dropAllSockets() {
      for (const ws of sockets.keys()) ws.terminate()
    },
    sendGarbage(clientId) {
      let sent = 0
      for (const [ws, peer] of sockets) {
        if (clientId !== undefined && peer.clientId !== clientId) continue
        record('out', peer.clientId, 'garbage{')
        ws.send('garbage{')
        sent += 1
      }
      return sent
    },
    async stop() {
      stopped = true
      clearInterval(pinger)
      for (const ws of sockets.keys()) ws.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      await closed
    },
  }
}
