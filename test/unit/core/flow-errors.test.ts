import { signal } from '@preact/signals-core'
import { expect, test, vi } from 'vitest'
import { WalletKitError } from '../../../src/core/errors/base.js'
import { reportingFlowErrors } from '../../../src/core/flow-errors.js'

function flowAndEvents() {
  const error = signal<WalletKitError | undefined>(undefined)
  const destroy = vi.fn()
  const events = { emit: vi.fn() }
  return { flow: { error, destroy, name: 'flow' }, events }
}

test('default', () => {
  const { flow, events } = flowAndEvents()
  const originalDestroy = flow.destroy
  const reporting = reportingFlowErrors(flow, events)
  // The same flow, its other members as they were.
  expect(reporting).toBe(flow)
  expect(reporting.name).toBe('flow')
  flow.error.value = new WalletKitError('Purchase failed')
  expect(events.emit).toHaveBeenCalledExactlyOnceWith('error', {
    code: 'WalletKitError',
    message: 'Purchase failed',
  })
  reporting.destroy()
  expect(originalDestroy).toHaveBeenCalledOnce()
})

test('behavior: no error shown, nothing reported; after destroy(), nothing either', () => {
  const { flow, events } = flowAndEvents()
  const reporting = reportingFlowErrors(flow, events)
  flow.error.value = undefined
  expect(events.emit).not.toHaveBeenCalled()
  reporting.destroy()
  flow.error.value = new WalletKitError('Registration failed')
  expect(events.emit).not.toHaveBeenCalled()
})
