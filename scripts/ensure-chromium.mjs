// Makes sure the Chromium the browser tests drive is installed: at $CHROMIUM, or /usr/bin/chromium.
// As root with apt-get it installs the distribution's package; otherwise it says how to. It also
// makes sure a Japanese font is there (the labels test and the gallery measure Japanese text;
// without one, Chromium draws boxes of other widths): installed the same way, else a warning.
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

const aptGet = which('apt-get')
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
let updated = false
/** Installs Debian packages as root; false when it cannot. */
function aptInstall(...packages) {
  if (!isRoot || !aptGet) return false
  if (!updated) updated = run(aptGet, ['update'], env)
  return updated && run(aptGet, ['install', '-y', ...packages], env)
}

/** True when fontconfig knows a font with Japanese glyphs (or cannot be asked). */
function hasJapaneseFont() {
  const fcList = which('fc-list')
  if (!fcList) return true
  const result = spawnSync(fcList, [':lang=ja', 'family'], { encoding: 'utf8' })
  return result.status !== 0 || result.stdout.trim() !== ''
}

if (!hasJapaneseFont() && !(aptInstall('fonts-ipafont-gothic') && hasJapaneseFont()))
  console.warn(
    'ensure-chromium: no Japanese font; install one (apt-get install fonts-ipafont-gothic)',
  )

if (isExecutable(browser)) process.exit(0)
if (aptInstall('chromium') && isExecutable(browser)) process.exit(0)

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
