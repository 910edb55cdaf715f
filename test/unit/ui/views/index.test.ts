import { expect, test } from 'vitest'
import { FEATURE_VIEWS } from '../../../../src/ui/views/features.js'
import { featureViews, VIEWS, viewComponent } from '../../../../src/ui/views/index.js'
import { Unavailable } from '../../../../src/ui/views/Unavailable.js'

test('a view of the first frame and a feature view each resolve to their component', () => {
  expect(viewComponent('Connect')).toBe(VIEWS.Connect)
  expect(viewComponent('Swap')).toBe(FEATURE_VIEWS.Swap)
  expect(viewComponent('ConnectingSiwe')).toBe(FEATURE_VIEWS.SIWXSignMessage)
  expect(featureViews().FEATURE_VIEWS).toBe(FEATURE_VIEWS)
})

test('no view is in both tables, and a view neither has says it is unavailable', () => {
  for (const view of Object.keys(FEATURE_VIEWS)) expect(VIEWS).not.toHaveProperty(view)
  expect(viewComponent('NoSuchView' as never)).toBe(Unavailable)
})
