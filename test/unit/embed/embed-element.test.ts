import { afterEach, expect, test, vi } from 'vitest'
import { defineEmbed, EMBED_TAG, type EmbedRegistry } from '../../../src/embed/embed-element.js'

/** A registry whose live instance the test swaps; every instance records its mounts. */
function fakeRegistry() {
  const listeners = new Set<() => void>()
  let live: ReturnType<typeof instance> | undefined
  function instance(fail?: Error) {
    const unmount = vi.fn()
    const mount = vi.fn((_element: HTMLElement, _parameters?: unknown) => {
      if (fail) throw fail
      return unmount
    })
    return { mount, unmount }
  }
  const registry: EmbedRegistry = {
    current: () => live,
    onInstance(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const swap = (next: ReturnType<typeof instance> | undefined) => {
    live = next
    for (const listener of [...listeners]) listener()
  }
  return { registry, instance, swap, listeners }
}

const { registry, instance, swap, listeners } = fakeRegistry()
defineEmbed(registry)

afterEach(() => {
  document.body.replaceChildren()
  swap(undefined)
})

test('default', () => {
  const live = instance()
  swap(live)
  const element = document.createElement(EMBED_TAG)
  document.body.append(element)
  expect(live.mount).toHaveBeenCalledWith(element, {})
  element.remove()
  expect(live.unmount).toHaveBeenCalledTimes(1)
  expect(listeners.size).toBe(0)
})

test('args: view and namespace attributes are open()’s parameters', () => {
  const live = instance()
  swap(live)
  const element = document.createElement(EMBED_TAG)
  element.setAttribute('view', ' AllWallets ')
  element.setAttribute('namespace', 'solana')
  document.body.append(element)
  expect(live.mount).toHaveBeenCalledWith(element, { view: 'AllWallets', namespace: 'solana' })
})

test('behavior: it waits for the kit, and binds again to a new one after destroy()', () => {
  const element = document.createElement(EMBED_TAG)
  document.body.append(element)
  const first = instance()
  swap(first)
  expect(first.mount).toHaveBeenCalledTimes(1)
  swap(first)
  expect(first.mount).toHaveBeenCalledTimes(1)
  swap(undefined)
  expect(first.unmount).toHaveBeenCalledTimes(1)
  const second = instance()
  swap(second)
  expect(second.mount).toHaveBeenCalledWith(element, {})
})

test('error: a mount that throws is reported to the page, and the element stays empty', async () => {
  const failure = new Error('already embedded')
  swap(instance(failure))
  const reported = new Promise<unknown>((resolve) => {
    const original = globalThis.queueMicrotask
    vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((callback) =>
      original(() => {
        try {
          callback()
        } catch (error) {
          resolve(error)
        }
      }),
    )
  })
  document.body.append(document.createElement(EMBED_TAG))
  await expect(reported).resolves.toBe(failure)
})
