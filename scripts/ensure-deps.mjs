// Installs dependencies when node_modules is missing or out of date with the lockfile; otherwise
// returns at once. Plain Node, no dependencies: it runs before node_modules exists.
// Works on the current directory (npm runs scripts from the project root).
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = process.cwd()
const lockPath = join(root, 'package-lock.json')
const modules = join(root, 'node_modules')
const stampPath = join(modules, '.walletkit-lock-hash')
const installedPath = join(modules, '.package-lock.json')

/** SHA-256 of a file's bytes. */
function hashOf(path) {
  return createHash('sha256').update(readFileSync(path)).digest('hex')
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return null
  }
}

/**
 * Whether npm's record of what it installed (node_modules/.package-lock.json) matches the
 * lockfile: same version of every package, nothing extra; optional packages may be absent
 * (npm skips those built for other platforms).
 */
function installedMatchesLock() {
  const lock = readJson(lockPath)?.packages
  const installed = readJson(installedPath)?.packages
  if (!lock || !installed) return false
  for (const [key, entry] of Object.entries(lock)) {
    if (key === '') continue
    const got = installed[key]
    if (!got) {
      if (entry.optional || entry.devOptional) continue
      return false
    }
    if (got.version !== entry.version || Boolean(got.link) !== Boolean(entry.link)) return false
  }
  return Object.keys(installed).every((key) => key in lock)
}

function npm(args) {
  console.log(`ensure-deps: npm ${args.join(' ')}`)
  const result = spawnSync('npm', args, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  if (result.error) throw result.error
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const hasLock = existsSync(lockPath)
// Without a lockfile, package.json is what the install followed.
const wanted = hashOf(hasLock ? lockPath : join(root, 'package.json'))
const stamp = existsSync(stampPath) ? readFileSync(stampPath, 'utf8').trim() : null

if (existsSync(modules) && stamp === wanted) process.exit(0)

if (!existsSync(modules) || !hasLock || !installedMatchesLock()) {
  npm(hasLock ? ['ci'] : ['install'])
}
writeFileSync(stampPath, `${wanted}\n`)
