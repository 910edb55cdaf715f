// @vitest-environment node
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { demoWallets, wallets as fixtureWallets, HOSTILE_WALLET_IDS } from '../fixtures/wallets'
import { PROJECT_ROOT } from './static-server'

const SCRIPTS = join(PROJECT_ROOT, 'scripts')
const scratch = mkdtempSync(join(tmpdir(), 'wk-scripts-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** Writes an executable shell script. */
function script(path: string, body: string) {
  writeFileSync(path, `#!/bin/sh\n${body}\n`)
  chmodSync(path, 0o755)
}

/** Runs a plain-JS script with Node in `cwd` with exactly `env`. */
function runNode(file: string, cwd: string, env: Record<string, string>) {
  const result = spawnSync(process.execPath, [join(SCRIPTS, file)], { cwd, env, encoding: 'utf8' })
  return { code: result.status, out: `${result.stdout}${result.stderr}` }
}

describe('ensure-deps', () => {
  const lock = {
    name: 'demo',
    lockfileVersion: 3,
    packages: {
      '': { name: 'demo' },
      'node_modules/a': { version: '1.0.0' },
      'node_modules/opt': { version: '2.0.0', optional: true },
    },
  }
  const installed = { packages: { 'node_modules/a': { version: '1.0.0' } } }
  let dir: string
  let log: string
  let bin: string

  beforeEach(() => {
    dir = mkdtempSync(join(scratch, 'deps-'))
    bin = join(dir, '.bin')
    log = join(dir, 'npm.log')
    mkdirSync(bin)
    // Records its arguments and "installs" what the lockfile says.
    script(
      join(bin, 'npm'),
      [
        'echo "$*" >> "$NPM_LOG"',
        '[ -n "$NPM_FAIL" ] && exit 3',
        'mkdir -p node_modules && echo \'{"packages":{"node_modules/a":{"version":"1.0.0"}}}\' > node_modules/.package-lock.json',
      ].join('\n'),
    )
    writeFileSync(join(dir, 'package.json'), '{"name":"demo"}')
  })

  const writeLock = (value: unknown) =>
    writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(value))
  const install = (value: unknown) => {
    mkdirSync(join(dir, 'node_modules'), { recursive: true })
    writeFileSync(join(dir, 'node_modules/.package-lock.json'), JSON.stringify(value))
  }
  const run = (env: Record<string, string> = {}) =>
    runNode('ensure-deps.mjs', dir, { PATH: `${bin}:/usr/bin:/bin`, NPM_LOG: log, ...env })
  const calls = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [])
  const stamp = () => readFileSync(join(dir, 'node_modules/.walletkit-lock-hash'), 'utf8').trim()
  const hash = (file: string) =>
    createHash('sha256')
      .update(readFileSync(join(dir, file)))
      .digest('hex')

  test('default', () => {
    writeLock(lock)
    expect(run().code).toBe(0)
    expect(calls()).toEqual(['ci'])
    expect(stamp()).toBe(hash('package-lock.json'))
    expect(run().code).toBe(0)
    expect(calls()).toEqual(['ci'])
  })

  test('behavior: a fresh `npm ci` (no stamp) is trusted, also under CI', () => {
    writeLock(lock)
    install(installed)
    expect(run({ CI: 'true' }).code).toBe(0)
    expect(calls()).toEqual([])
    expect(stamp()).toBe(hash('package-lock.json'))
  })

  test('behavior: a changed lockfile reinstalls', () => {
    writeLock(lock)
    install(installed)
    expect(run().code).toBe(0)
    writeLock({ ...lock, packages: { ...lock.packages, 'node_modules/a': { version: '1.1.0' } } })
    expect(run().code).toBe(0)
    expect(calls()).toEqual(['ci'])
  })

  test('behavior: an extraneous or missing required package reinstalls', () => {
    writeLock(lock)
    install({ packages: { ...installed.packages, 'node_modules/extra': { version: '1.0.0' } } })
    run()
    install({ packages: {} })
    rmSync(join(dir, 'node_modules/.walletkit-lock-hash'))
    run()
    expect(calls()).toEqual(['ci', 'ci'])
  })

  test('behavior: without a lockfile it runs npm install', () => {
    expect(run().code).toBe(0)
    expect(calls()).toEqual(['install'])
    expect(stamp()).toBe(hash('package.json'))
  })

  test('error: a failing npm fails the script and leaves no stamp', () => {
    writeLock(lock)
    const { code } = run({ NPM_FAIL: '1' })
    expect(code).toBe(3)
    expect(existsSync(join(dir, 'node_modules/.walletkit-lock-hash'))).toBe(false)
  })
})

describe('ensure-chromium', () => {
  const emptyBin = mkdtempSync(join(scratch, 'empty-'))

  test('default', () => {
    const { code, out } = runNode('ensure-chromium.mjs', scratch, {
      CHROMIUM: process.execPath,
      PATH: emptyBin,
    })
    expect(code).toBe(0)
    expect(out).toBe('')
  })

  test.runIf(process.getuid?.() === 0)('behavior: as root it installs with apt-get', () => {
    const bin = mkdtempSync(join(scratch, 'apt-'))
    const browser = join(bin, 'chromium')
    const log = join(bin, 'apt.log')
    script(
      join(bin, 'apt-get'),
      `echo "$DEBIAN_FRONTEND $*" >> ${log}\n[ "$1" = install ] && printf '#!/bin/sh\\n' > "$CHROMIUM" && /bin/chmod +x "$CHROMIUM"\nexit 0`,
    )
    const { code } = runNode('ensure-chromium.mjs', scratch, { CHROMIUM: browser, PATH: bin })
    expect(code).toBe(0)
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual([
      'noninteractive update',
      'noninteractive install -y chromium',
    ])
  })

  test('error: missing and not installable → how to install it, exit 1', () => {
    const { code, out } = runNode('ensure-chromium.mjs', scratch, {
      CHROMIUM: join(scratch, 'no-such-chrome'),
      PATH: emptyBin,
    })
    expect(code).toBe(1)
    expect(out).toContain('sudo apt-get install chromium')
    expect(out).toContain('CHROMIUM=/path/to/chrome')
  })
})

describe('start', () => {
  test('default', async () => {
    const child = spawn(join(PROJECT_ROOT, 'node_modules/.bin/tsx'), ['scripts/start.ts'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PORT: '0' },
    })
    let out = ''
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk
    })
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk
        if (out.includes('Press Ctrl+C')) resolve()
      })
      child.on('exit', () => reject(new Error(`start exited early:\n${out}`)))
    })
    const app = out.match(/WalletKit demo: (http:\/\/127\.0\.0\.1:\d+)\//)?.[1]
    const api = out.match(/Catalogue API +(http:\/\/127\.0\.0\.1:\d+)/)?.[1]
    expect(app).toBeDefined()
    // The on-ramp checkout is offered on an origin of its own.
    const checkout = out.match(/On-ramp checkout +(http:\/\/127\.0\.0\.1:\d+)/)?.[1]
    const blockchainApi = out.match(/Blockchain API +(http:\/\/127\.0\.0\.1:\d+)/)?.[1]
    expect(checkout).toBeDefined()
    expect(new Set([app, blockchainApi, checkout]).size).toBe(3)
    const wallets = await fetch(
      `${api}/getWallets?projectId=${'0123456789abcdef'.repeat(2)}&st=a&sv=1`,
    )
    expect(wallets.status).toBe(200)
    // The demo's catalogue is the tests' without their hostile entries.
    expect(((await wallets.json()) as { count: number }).count).toBe(demoWallets.length)
    expect(demoWallets.length).toBe(fixtureWallets.length - HOSTILE_WALLET_IDS.size)
    for (const search of ['Evil', 'Spoof']) {
      const found = await fetch(
        `${api}/getWallets?projectId=${'0123456789abcdef'.repeat(2)}&st=a&sv=1&search=${search}`,
      )
      expect(((await found.json()) as { count: number }).count).toBe(0)
    }
    // The mailbox of the login frame, on an origin of its own.
    const mailbox = out.match(/Mailbox +(http:\/\/127\.0\.0\.1:\d+\/mailbox)/)?.[1]
    expect(new URL(mailbox ?? 'http://x').origin).not.toBe(app)
    expect(await (await fetch(mailbox ?? '')).text()).toContain('<h1>Mailbox</h1>')

    child.kill('SIGINT')
    expect(await exited).toBe(0)
    await expect(fetch(`${app}/`)).rejects.toThrow()
    await expect(fetch(`${api}/getWallets`)).rejects.toThrow()
    // The whole stack starts and seeds the demo's history: well over a minute on a busy machine.
  }, 300_000)
})
