// React's act() needs this flag outside a test renderer; every unit test that renders runs with it.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
