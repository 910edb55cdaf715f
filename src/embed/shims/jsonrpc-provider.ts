/**
 * `@walletconnect/jsonrpc-provider` 1.0.14 (the provider the relay's socket is driven through),
 * with two changes:
 * - the listener waiting for a request's answer is removed once it has the answer or the request
 *   could not be sent. The package adds it with `on` and never removes it, so every request to the
 *   relay (each proposal, subscribe, unsubscribe and publish) kept a listener, its closure and the
 *   request with its message for the page's life: about 1 KiB per QR code opened, and per signing
 *   request (issue 31 G4, docs/benchmarks.md);
 * - a publish still unanswered when its socket closes is sent again on the next socket opened,
 *   and answered there. The relayer makes a new provider for each socket, so with the package that
 *   publish waited for the publisher's 15 s time-out and its next 5 s pulse: a request sent as the
 *   relay dropped reached the wallet 17–20 s after the relay was back (docs/walletconnect-shims.md).
 *   The relay keeps one copy of a message sent twice.
 * Otherwise the same calls in the same order; test/unit/embed/shims/jsonrpc-provider.test.ts
 * drives both with the same scripted socket.
 */
import {
  formatJsonRpcRequest,
  getBigIntRpcId,
  type IJsonRpcConnection,
  IJsonRpcProvider,
  isJsonRpcError,
  isJsonRpcResponse,
  type JsonRpcPayload,
  type JsonRpcRequest,
  type RequestArguments,
} from '@walletconnect/jsonrpc-utils'
import { EventEmitter } from './events.js'

// biome-ignore lint/suspicious/noExplicitAny: listeners take whatever the emitter passes
type Listener = (...args: any[]) => void

/**
 * Publishes waiting for their answer, each with the provider whose socket it was sent on;
 * `undefined` once that socket closed: the next provider to connect sends it again.
 */
const waiting = new Map<
  string,
  {
    request: JsonRpcRequest
    answer: (response: JsonRpcPayload) => void
    on: JsonRpcProvider | undefined
  }
>()

/** The relay's JSON-RPC provider. */
export class JsonRpcProvider extends IJsonRpcProvider {
  // The interface names Node's emitter type; this is the kit's `events` shim, call for call.
  events = new EventEmitter() as unknown as IJsonRpcProvider['events']
  connection: IJsonRpcConnection
  private hasRegisteredEventListeners = false

  constructor(connection: IJsonRpcConnection) {
    super(connection)
    this.connection = this.setConnection(connection)
    if (this.connection.connected) this.registerEventListeners()
  }

  async connect(connection: string | IJsonRpcConnection = this.connection): Promise<void> {
    await this.open(connection)
  }

  async disconnect(): Promise<void> {
    await this.close()
  }

  on(event: string, listener: Listener): void {
    this.events.on(event, listener)
  }

  once(event: string, listener: Listener): void {
    this.events.once(event, listener)
  }

  off(event: string, listener: Listener): void {
    this.events.off(event, listener)
  }

  removeListener(event: string, listener: Listener): void {
    this.events.removeListener(event, listener)
  }

  async request<Result = unknown, Params = unknown>(
    request: RequestArguments<Params>,
    context?: unknown,
  ): Promise<Result> {
    return this.requestStrict(
      formatJsonRpcRequest(
        request.method,
        (request.params || []) as Params,
        (request.id || getBigIntRpcId().toString()) as number,
      ),
      context,
    )
  }

  protected async requestStrict<Result = unknown, Params = unknown>(
    request: JsonRpcRequest<Params>,
    context?: unknown,
  ): Promise<Result> {
    // biome-ignore lint/suspicious/noAsyncPromiseExecutor: the package's own order of steps
    return new Promise(async (resolve, reject) => {
      if (!this.connection.connected)
        try {
          await this.open()
        } catch (error) {
          reject(error)
        }
      const id = `${request.id}`
      const answer = (response: JsonRpcPayload) => {
        ;(waiting.get(id)?.on ?? this).events.removeListener(id, answer)
        waiting.delete(id)
        if (isJsonRpcError(response)) reject(response.error)
        else resolve((response as { result: Result }).result)
      }
      this.events.on(id, answer)
      // Publishing methods: `irn_publish`, and the `wc_*` ones that publish a proposal or approval.
      if (/^(irn_publish|wc_)/.test(request.method)) waiting.set(id, { request, answer, on: this })
      try {
        await this.connection.send(request, context)
      } catch (error) {
        this.events.removeListener(id, answer)
        waiting.delete(id)
        reject(error)
      }
    })
  }

  protected setConnection(connection: IJsonRpcConnection = this.connection): IJsonRpcConnection {
    return connection
  }

  protected onPayload(payload: JsonRpcPayload): void {
    this.events.emit('payload', payload)
    if (isJsonRpcResponse(payload)) this.events.emit(`${payload.id}`, payload)
    else this.events.emit('message', { type: payload.method, data: payload.params })
  }

  protected onClose(event?: CloseEvent): void {
    for (const [id, entry] of waiting)
      if (entry.on === this) {
        this.events.removeListener(id, entry.answer)
        entry.on = undefined
      }
    if (event && event.code === 3000)
      this.events.emit(
        'error',
        new Error(
          `WebSocket connection closed abnormally with code: ${event.code} ${event.reason ? `(${event.reason})` : ''}`,
        ),
      )
    this.events.emit('disconnect')
  }

  protected async open(connection: string | IJsonRpcConnection = this.connection): Promise<void> {
    if (this.connection === connection && this.connection.connected) return
    if (this.connection.connected) this.close()
    if (typeof connection === 'string') {
      await this.connection.open(connection)
      connection = this.connection
    }
    this.connection = this.setConnection(connection)
    await this.connection.open()
    this.registerEventListeners()
    this.resend()
    this.events.emit('connect')
  }

  protected async close(): Promise<void> {
    // Closed on purpose (the client stops): what it waited for is not sent again.
    for (const [id, entry] of waiting) if (entry.on === this) waiting.delete(id)
    await this.connection.close()
  }

  /** Sends, on this socket, the publishes a closed socket left unanswered. */
  private resend(): void {
    for (const [id, entry] of waiting)
      if (!entry.on) {
        entry.on = this
        this.events.on(id, entry.answer)
        this.connection.send(entry.request).catch(() => undefined)
      }
  }

  private registerEventListeners(): void {
    if (this.hasRegisteredEventListeners) return
    this.connection.on('payload', (payload: JsonRpcPayload) => this.onPayload(payload))
    this.connection.on('close', (event?: CloseEvent) => this.onClose(event))
    this.connection.on('error', (error: unknown) => this.events.emit('error', error))
    this.connection.on('register_error', () => this.onClose())
    this.hasRegisteredEventListeners = true
  }
}

export default JsonRpcProvider
