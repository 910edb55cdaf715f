import { signal } from '@preact/signals-core'
import { act, type ComponentType } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { App } from '../../../src/ui/App.js'
import { useSignals } from '../../../src/ui/hooks/useSignals.js'
import { renderView } from './views/render.js'

// Nothing runs in idle time here: no warm-up, no rehearsal. The steps asked for are recorded.
const asked = vi.hoisted(() => ({ steps: [] as (readonly (() => void)[])[] }))
vi.mock('../../../src/ui/components/warm.js', () => ({
  whenIdle: () => () => {},
  idleSteps: (steps: readonly (() => void)[]) => {
    asked.steps.push(steps)
    return () => {}
  },
  warmLayout: () => {},
}))
/** The views' warm-up, recognisable among the steps asked for. */
const viewsWarmStep = vi.hoisted(() => () => {})
vi.mock('../../../src/ui/warm-views.js', () => ({ warmSteps: () => [viewsWarmStep] }))
const viewsWarmUps = () => asked.steps.filter((steps) => steps.includes(viewsWarmStep)).length

const renders: string[] = []
/** A view that names itself in the DOM and counts its renders. */
function Probe({ name }: { name: string }) {
  useSignals()
  renders.push(name)
  return <p data-testid={`wk-probe-${name}`}>{name}</p>
}
const ConnectProbe = () => <Probe name="Connect" />
const AllWalletsProbe = () => <Probe name="AllWallets" />
const OtherProbe = () => <Probe name="Other" />
const probes: Record<string, ComponentType> = { Connect: ConnectProbe, AllWallets: AllWalletsProbe }
vi.mock('../../../src/ui/views/index.js', () => ({
  viewComponent: (view: string) => probes[view] ?? OtherProbe,
}))

afterEach(() => {
  renders.length = 0
  asked.steps.length = 0
})

/** The modal over a kit that holds only what App reads: navigation, account, toast. */
function mount(warm = signal(false)) {
  const router = {
    isOpen: signal(false),
    view: signal('Connect'),
    history: signal(['Connect']),
    isShaking: signal(false),
    dataOf: () => undefined,
    close: () => {
      router.isOpen.value = false
    },
    back: () => {},
    go: (view: string) => {
      router.view.value = view
      router.history.value = [...router.history.value, view]
    },
  }
  const toasts = { current: signal<{ id: number; variant: string; key: string } | null>(null) }
  const kit = {
    navigation: router,
    toast: toasts.current,
    chain: { account: signal(undefined), isConnected: signal(false) },
    connect: { target: signal({ name: '' }) },
    warm,
    afterPaint: (task: () => void) => task(),
  }
  const host = renderView(<App />, kit, 'en')
  const find = (id: string) => host.querySelector(`[data-testid="wk-${id}"]`)
  return { router, toasts, find }
}

test("behavior: the views' idle warm-up waits for the visitor's sign (kit.warm), then runs while open too", () => {
  const warm = signal(false)
  const { router } = mount(warm)
  act(() => {
    router.isOpen.value = true
  })
  act(() => {
    router.isOpen.value = false
  })
  expect(viewsWarmUps()).toBe(0)
  act(() => {
    router.isOpen.value = true
  })
  act(() => {
    warm.value = true
  })
  expect(viewsWarmUps()).toBe(1)
  // Closing does not start it again: it is not tied to the dialog's state any more.
  act(() => {
    router.isOpen.value = false
  })
  expect(viewsWarmUps()).toBe(1)
})

test('behavior: opening shows the view the closed dialog holds without rendering it again', () => {
  const { router, find } = mount()
  expect(renders).toEqual(['Connect'])
  act(() => {
    router.isOpen.value = true
  })
  expect(find('dialog')?.hasAttribute('open')).toBe(true)
  expect(find('probe-Connect')).not.toBeNull()
  expect(renders).toEqual(['Connect'])
})

test('behavior: a toast or a shake renders the frame again, not the view', () => {
  const { router, toasts, find } = mount()
  act(() => {
    router.isOpen.value = true
  })
  act(() => {
    toasts.current.value = { id: 1, variant: 'success', key: 'account.copied' }
  })
  act(() => {
    router.isShaking.value = true
  })
  expect(find('probe-Connect')).not.toBeNull()
  expect(renders).toEqual(['Connect'])
})

test('behavior: another view is rendered when the router moves to it', () => {
  const { router, find } = mount()
  act(() => {
    router.isOpen.value = true
  })
  act(() => router.go('AllWallets'))
  expect(find('probe-AllWallets')).not.toBeNull()
  expect(find('probe-Connect')).toBeNull()
  expect(renders).toEqual(['Connect', 'AllWallets'])
})
