/**
 * The part of `@walletconnect/logger` that WalletConnect's client uses, writing to the console at
 * or above the level asked for. The package wraps pino and, in a browser, keeps every message down
 * to `trace` in memory for a log download the kit never offers; this logger keeps nothing.
 */

/** Pino's level names; `silent` writes nothing. */
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

type LogMethod = (...args: unknown[]) => void

/** The pino subset WalletConnect calls. */
export interface Logger {
  level: string
  child(bindings: { context?: string }): Logger
  fatal: LogMethod
  error: LogMethod
  warn: LogMethod
  info: LogMethod
  debug: LogMethod
  trace: LogMethod
  [contextKey: string]: unknown
}

/** Options as WalletConnect passes them. */
export interface LoggerOptions {
  level?: string
  name?: string
}

/** The property a logger's context string is kept in. */
export const PINO_CUSTOM_CONTEXT_KEY = 'custom_context'

const RANK: Record<LogLevel, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
}
const DEFAULT_LEVEL: LogLevel = 'info'
/** Writing to the console is this logger's job; the kit asks for any level but `silent` only with `debug` on. */
const sink = console

class ConsoleLogger implements Logger {
  [contextKey: string]: unknown
  level: string
  readonly #name: string

  constructor(level: string, name: string) {
    this.level = level
    this.#name = name
  }

  child(bindings: { context?: string }): Logger {
    return new ConsoleLogger(this.level, bindings.context ?? this.#name)
  }

  #write(level: Exclude<LogLevel, 'silent'>, args: unknown[]): void {
    const threshold = Object.hasOwn(RANK, this.level)
      ? RANK[this.level as LogLevel]
      : RANK[DEFAULT_LEVEL]
    if (RANK[level] < threshold) return
    const write =
      level === 'fatal' || level === 'error'
        ? sink.error
        : level === 'warn'
          ? sink.warn
          : level === 'info'
            ? sink.info
            : sink.debug
    write(`[WalletConnect${this.#name ? ` ${this.#name}` : ''}]`, ...args)
  }

  fatal: LogMethod = (...args) => this.#write('fatal', args)
  error: LogMethod = (...args) => this.#write('error', args)
  warn: LogMethod = (...args) => this.#write('warn', args)
  info: LogMethod = (...args) => this.#write('info', args)
  debug: LogMethod = (...args) => this.#write('debug', args)
  trace: LogMethod = (...args) => this.#write('trace', args)
}

/** The options with a level filled in. */
export function getDefaultLoggerOptions(options?: LoggerOptions): LoggerOptions {
  return { ...options, level: options?.level || DEFAULT_LEVEL }
}

/** The context string kept on a logger ('' when none). */
export function getLoggerContext(logger: Logger, key = PINO_CUSTOM_CONTEXT_KEY): string {
  return (logger[key] as string | undefined) || ''
}

/** Keeps a context string on a logger. */
export function setLoggerContext(
  logger: Logger,
  context: string,
  key = PINO_CUSTOM_CONTEXT_KEY,
): Logger {
  logger[key] = context
  return logger
}

/** The context of a child: the parent's context, a slash, the child's name. */
export function formatChildLoggerContext(
  logger: Logger,
  context: string,
  key = PINO_CUSTOM_CONTEXT_KEY,
): string {
  const parent = getLoggerContext(logger, key)
  return parent.trim() ? `${parent}/${context}` : context
}

/** A child logger whose context extends the parent's. */
export function generateChildLogger(
  logger: Logger,
  context: string,
  key = PINO_CUSTOM_CONTEXT_KEY,
): Logger {
  const childContext = formatChildLoggerContext(logger, context, key)
  return setLoggerContext(logger.child({ context: childContext }), childContext, key)
}

/**
 * The client's logger: the override when it is a logger, otherwise a console logger at the
 * override's level (or the options' level). There is no log store, so no chunk controller.
 */
export function generatePlatformLogger(params: {
  opts?: LoggerOptions
  maxSizeInBytes?: number
  loggerOverride?: string | Logger
}): { logger: Logger; chunkLoggerController: null } {
  const { opts, loggerOverride } = params
  if (loggerOverride !== undefined && typeof loggerOverride !== 'string')
    return { logger: loggerOverride, chunkLoggerController: null }
  const level = loggerOverride ?? opts?.level ?? DEFAULT_LEVEL
  return { logger: new ConsoleLogger(level, opts?.name ?? ''), chunkLoggerController: null }
}
