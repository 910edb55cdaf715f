import { expect, test, vi } from 'vitest'
import { EventEmitter } from '../../../../src/embed/shims/events.js'
import { seeded } from './random.js'
import { walletConnectCopy } from './walletconnect-copy.js'

/** The package as WalletConnect resolves it: what the shim replaces. */
const Real = walletConnectCopy<typeof import('events')>('events')

type Emitter = InstanceType<typeof Real>
const TYPES = ['message', 'close', 'error', 'newListener', 'removeListener', Symbol.for('s')]

/**
 * Runs the same random calls on an emitter and logs every observable result: return values, which
 * listener ran with what `this` and arguments, thrown errors, listener lists and warnings.
 */
function run(emitter: Emitter, seed: number): unknown[] {
  const next = seeded(seed)
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T
  const log: unknown[] = []
  const listeners = Array.from({ length: 6 }, (_, id) => {
    const listener = function (this: unknown, ...args: unknown[]) {
      log.push(['ran', id, this === emitter, args.map((a) => (typeof a === 'function' ? 'fn' : a))])
      // Listeners that change the emitter while it emits, as WalletConnect's `once` cleanups do.
      if (id === 4) emitter.removeListener(String(args[0] ?? 'message'), listeners[1] as never)
      if (id === 5 && args[0] !== 'message' && next() < 0.3)
        emitter.on('message', listeners[0] as never)
    }
    return listener
  })
  const id = (l: unknown) => listeners.indexOf(l as never)
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  try {
    for (let step = 0; step < 150; step++) {
      const type = pick(TYPES) as string
      const listener = pick(listeners)
      const op = Math.floor(next() * 12)
      log.push(['op', op, String(type), id(listener)])
      try {
        if (op === 0) log.push(emitter.on(type, listener) === emitter)
        else if (op === 1) log.push(emitter.once(type, listener) === emitter)
        else if (op === 2) emitter.prependListener(type, listener)
        else if (op === 3) emitter.prependOnceListener(type, listener)
        else if (op === 4) emitter.off(type, listener)
        else if (op === 5) log.push(emitter.emit(type, step, 'x'))
        else if (op === 6) log.push(emitter.emit(type, next() < 0.5 ? new Error('e') : 'text'))
        else if (op === 7) emitter.removeAllListeners(next() < 0.3 ? undefined : type)
        else if (op === 8) emitter.setMaxListeners(Math.floor(next() * 4))
        else if (op === 9) emitter.addListener(type, listener)
        else if (op === 10) emitter.removeListener(type, listener)
        else emitter.once(type, 7 as never)
      } catch (error) {
        log.push(['threw', (error as Error).message, (error as { context?: unknown }).context])
      }
      log.push(
        TYPES.map((t) => [
          emitter.listenerCount(t),
          emitter.listeners(t).map(id),
          emitter.rawListeners(t).map(id),
        ]),
        emitter.eventNames(),
        emitter.getMaxListeners(),
      )
    }
    log.push(['warnings', warn.mock.calls.map(([w]) => (w as Error).message)])
  } finally {
    warn.mockRestore()
  }
  return log
}

test('default: a listener hears an event once with once, every time with on', () => {
  const emitter = new EventEmitter()
  const heard: string[] = []
  emitter.once('a', (v: string) => heard.push(`once ${v}`))
  emitter.on('a', (v: string) => heard.push(`on ${v}`))
  emitter.emit('a', 1)
  emitter.emit('a', 2)
  expect(heard).toEqual(['once 1', 'on 1', 'on 2'])
})

test('behavior: random calls give what the events package gives, step by step', () => {
  for (let seed = 1; seed <= 60; seed++) {
    const ours = run(new EventEmitter() as unknown as Emitter, seed)
    const theirs = run(new Real(), seed)
    const at = theirs.findIndex((entry, i) => JSON.stringify(entry) !== JSON.stringify(ours[i]))
    expect(
      at === -1
        ? 'same'
        : JSON.stringify([seed, at, theirs.slice(at - 6, at + 1), ours.slice(at - 6, at + 1)]),
    ).toBe('same')
    expect(ours.length).toBe(theirs.length)
  }
})

test('behavior: a subclass, as WalletConnect writes them, keeps its own fields and the emitter', () => {
  class Relayer extends EventEmitter {
    events = new EventEmitter()
    name = 'relayer'
  }
  const relayer = new Relayer()
  let heard = 0
  relayer.on('x', () => heard++)
  relayer.events.emit('x')
  relayer.emit('x')
  expect([heard, relayer.name, EventEmitter.defaultMaxListeners]).toEqual([1, 'relayer', 10])
})

test('error: the same refusals as the events package', () => {
  const ours = new EventEmitter()
  const theirs = new Real()
  const message = (run: () => unknown) => {
    try {
      run()
      return 'no error'
    } catch (error) {
      return `${(error as Error).name}: ${(error as Error).message}`
    }
  }
  expect(message(() => ours.on('a', null as never))).toBe(
    message(() => theirs.on('a', null as never)),
  )
  expect(message(() => ours.setMaxListeners(-1))).toBe(message(() => theirs.setMaxListeners(-1)))
  expect(message(() => ours.emit('error'))).toBe(message(() => theirs.emit('error')))
  expect(message(() => ours.emit('error', { message: 'm' }))).toBe(
    message(() => theirs.emit('error', { message: 'm' })),
  )
})
