// Makes sure the Chromium the browser tests drive is installed: at $CHROMIUM, or /usr/bin/chromium.
// As root with apt-get it installs the distribution's package; otherwise it says how to.
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'

const browser = process.env.CHROMIUM || '/usr/bin/chromium'

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The full path of `command` on PATH, or null. */
function which(command) {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean)
  return dirs.map((dir) => join(dir, command)).find(isExecutable) ?? null
}

function run(command, args, env = process.env) {
  console.log(`ensure-chromium: ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  return result.status === 0
}

if (isExecutable(browser)) process.exit(0)

const aptGet = which('apt-get')
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
if (isRoot && aptGet) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  if (run(aptGet, ['update'], env) && run(aptGet, ['install', '-y', 'chromium'], env)) {
    if (isExecutable(browser)) process.exit(0)
  }
}

console.error(
  [
    `ensure-chromium: no Chromium at ${browser}.`,
    'The browser tests need it. Install it with:',
    '  sudo apt-get install chromium',
    'or point CHROMIUM at an existing Chrome or Chromium binary:',
    '  CHROMIUM=/path/to/chrome npm run test:e2e',
  ].join('\n'),
)
process.exit(1)
