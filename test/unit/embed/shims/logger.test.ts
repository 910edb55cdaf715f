import { afterEach, expect, test, vi } from 'vitest'
import {
  generateChildLogger,
  generatePlatformLogger,
  getDefaultLoggerOptions,
  getLoggerContext,
  type Logger,
} from '../../../../src/embed/shims/logger.js'
import { walletConnectCopy } from './walletconnect-copy.js'

/** The package as WalletConnect resolves it: what the shim replaces. */
const real = walletConnectCopy<typeof import('@walletconnect/logger')>('@walletconnect/logger')

afterEach(() => vi.restoreAllMocks())

test('default: options get the info level, as the package gives them', () => {
  expect(getDefaultLoggerOptions()).toEqual(real.getDefaultLoggerOptions())
  expect(getDefaultLoggerOptions({ level: 'error', name: 'core' })).toEqual(
    real.getDefaultLoggerOptions({ level: 'error', name: 'core' }),
  )
})

test('behavior: messages at or above the level reach the console, lower ones do not', () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const debug = vi.spyOn(console, 'debug').mockImplementation(() => {})
  const { logger, chunkLoggerController } = generatePlatformLogger({
    opts: { level: 'warn', name: 'core' },
  })
  expect(chunkLoggerController).toBeNull()
  logger.error({ code: 1 }, 'failed')
  logger.warn('careful')
  logger.info('hello')
  logger.debug('details')
  logger.trace('more details')
  expect(error).toHaveBeenCalledWith('[WalletConnect core]', { code: 1 }, 'failed')
  expect(warn).toHaveBeenCalledTimes(1)
  expect(debug).not.toHaveBeenCalled()
})

test('behavior: silent writes nothing, and the level can be changed afterwards', () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  const { logger } = generatePlatformLogger({ opts: { level: 'error' }, loggerOverride: 'silent' })
  logger.fatal('no')
  logger.error('no')
  expect(error).not.toHaveBeenCalled()
  logger.level = 'error'
  logger.error('yes')
  expect(error).toHaveBeenCalledTimes(1)
})

test('behavior: a child carries its parent level and a slash-joined context, as the package formats it', () => {
  const { logger } = generatePlatformLogger({ opts: { level: 'silent' } })
  const child = generateChildLogger(logger, 'core')
  const grandchild = generateChildLogger(child, 'relayer')
  expect(getLoggerContext(logger)).toBe('')
  expect(getLoggerContext(child)).toBe('core')
  expect(getLoggerContext(grandchild)).toBe('core/relayer')
  expect(grandchild.level).toBe('silent')
  const theirs = real.generateChildLogger(
    real.generateChildLogger(real.pino({ level: 'silent' }), 'core'),
    'relayer',
  )
  expect(real.getLoggerContext(theirs)).toBe(getLoggerContext(grandchild))
})

test('behavior: a logger passed in is used as it is', () => {
  const own = generatePlatformLogger({ opts: { level: 'info' } }).logger as Logger
  expect(generatePlatformLogger({ loggerOverride: own }).logger).toBe(own)
})
