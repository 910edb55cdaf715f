import { signal } from '@preact/signals-core'
import { act, useEffect, useLayoutEffect } from 'react'
import { beforeEach, expect, test, vi } from 'vitest'
import type { UiKit } from '../../../src/core/ui-kit.js'
import { useSignals } from '../../../src/ui/hooks/useSignals.js'
import { createTranslate } from '../../../src/ui/i18n/index.js'
import { rehearseViews } from '../../../src/ui/rehearse.js'

/** Idle periods, run by the test one at a time. */
const idle: { task: () => void; live: boolean }[] = []
vi.mock('../../../src/ui/components/warm.js', () => ({
  whenIdle(task: () => void) {
    const entry = { task, live: true }
    idle.push(entry)
    return () => {
      entry.live = false
    }
  },
}))
async function runIdle(): Promise<boolean> {
  const entry = idle.shift()
  if (!entry) return false
  await act(async () => {
    if (entry.live) entry.task()
  })
  return entry.live
}
async function runAllIdle() {
  while (idle.length) await runIdle()
}

const probe = {
  renders: [] as string[],
  effects: 0,
  watched: 0,
  unwatched: 0,
}
const value = signal(1, {
  watched: () => void probe.watched++,
  unwatched: () => void probe.unwatched++,
})

/** A view that reads a signal, has effects, and names itself in the DOM. */
function Probe({ name }: { name: string }) {
  useSignals()
  probe.renders.push(name)
  useEffect(() => void probe.effects++, [])
  useLayoutEffect(() => void probe.effects++, [])
  return <p data-testid={`wk-probe-${name}`}>{value.value}</p>
}
const SendProbe = () => <Probe name="Send" />
const ReceiveProbe = () => <Probe name="Receive" />
function Broken(): never {
  throw new Error('cannot render here')
}
vi.mock('../../../src/ui/views/index.js', () => ({
  viewComponent: (view: string) =>
    ({ Swap: Broken, Send: SendProbe, Receive: ReceiveProbe })[view] ?? Broken,
}))

const uiFor = (kit: object) => ({ kit: kit as UiKit, t: createTranslate('en'), locale: 'en' })

beforeEach(() => {
  idle.length = 0
  Object.assign(probe, { renders: [], effects: 0, watched: 0, unwatched: 0 })
})

test('default: each view renders once, one per idle period, hidden and off the page, without its effects', async () => {
  rehearseViews(uiFor({}), ['Send', 'Receive'])
  expect(probe.renders).toEqual([])
  await runIdle()
  expect(probe.renders).toEqual(['Send'])
  expect(document.querySelector('[data-testid^="wk-probe"]')).toBeNull()
  await runIdle() // unmounts Send, schedules Receive
  expect(probe.renders).toEqual(['Send'])
  await runAllIdle()
  expect(probe.renders).toEqual(['Send', 'Receive'])
  expect(probe.effects).toBe(0)
})

test('default: a view is rehearsed once per kit', async () => {
  const kit = {}
  rehearseViews(uiFor(kit), ['Send'])
  await runAllIdle()
  rehearseViews(uiFor(kit), ['Send', 'Receive'])
  await runAllIdle()
  expect(probe.renders).toEqual(['Send', 'Receive'])
  rehearseViews(uiFor({}), ['Send'])
  await runAllIdle()
  expect(probe.renders).toEqual(['Send', 'Receive', 'Send'])
})

test('default: the signals a rehearsal read are released when it ends', async () => {
  rehearseViews(uiFor({}), ['Send', 'Receive'])
  await runIdle()
  expect(probe.watched).toBe(1)
  await runIdle()
  expect(probe.unwatched).toBe(1)
  await runAllIdle()
  expect(probe.watched).toBe(2)
  expect(probe.unwatched).toBe(2)
})

test('stop: the rehearsal in progress is unmounted and the next one never starts', async () => {
  const ui = uiFor({})
  const stop = rehearseViews(ui, ['Send', 'Receive'])
  await runIdle()
  act(() => stop())
  expect(probe.unwatched).toBe(1)
  await runAllIdle()
  expect(probe.renders).toEqual(['Send'])
  // Receive was never rehearsed: the next call does it, and only it.
  rehearseViews(ui, ['Send', 'Receive'])
  await runAllIdle()
  expect(probe.renders).toEqual(['Send', 'Receive'])
})

test('error: a view that cannot render there says nothing to the page, and the next still runs', async () => {
  const onError = vi.fn()
  window.addEventListener('error', onError)
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    rehearseViews(uiFor({}), ['Swap', 'Send'])
    await runAllIdle()
    expect(onError).not.toHaveBeenCalled()
    expect(logged).not.toHaveBeenCalled()
    expect(probe.renders).toEqual(['Send'])
  } finally {
    window.removeEventListener('error', onError)
    logged.mockRestore()
  }
})
