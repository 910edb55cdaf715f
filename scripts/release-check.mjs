// `npm run release:check`: what must hold before `npm publish` (docs/releasing.md).
//  1. Two builds from a clean cdn-dist/ are byte-identical, file by file: what the CDNs serve is
//     what anyone rebuilding this commit gets, so its integrity value can be checked by others.
//  2. `npm pack` would publish exactly the expected files (scripts/release-lib.mjs).
//  3. Prints the version, the sha384 and the pinned <script> tags (jsDelivr, unpkg).
//  4. README.md's first snippet is that tag (the README is in the package: it must work), and
//     CHANGELOG.md has an entry for the version. `--write` puts the tag into README.md.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import {
  builtIntegrity,
  cdnUrls,
  PACKAGE_FILES,
  packageInfo,
  packedFiles,
  readmeTag,
  scriptTag,
} from './release-lib.mjs'

const root = new URL('../', import.meta.url)
const out = new URL('cdn-dist/', root)
const write = process.argv.includes('--write')
const problems = []

/** Removes cdn-dist/, builds, and returns every output file's bytes by name. */
function cleanBuild(round) {
  console.log(`▶ build ${round} of 2 from a clean cdn-dist/`)
  rmSync(out, { recursive: true, force: true })
  execFileSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return new Map(readdirSync(out).map((name) => [name, readFileSync(new URL(name, out))]))
}

const first = cleanBuild(1)
const second = cleanBuild(2)
for (const name of new Set([...first.keys(), ...second.keys()])) {
  const a = first.get(name)
  const b = second.get(name)
  if (!a || !b) problems.push(`cdn-dist/${name} exists after only one of the two builds`)
  else if (!a.equals(b)) {
    let at = 0
    while (at < a.length && a[at] === b[at]) at++
    problems.push(`cdn-dist/${name} differs between two builds (first difference at byte ${at})`)
  }
}
if (!problems.length) console.log(`✓ two builds are byte-identical (${first.size} files)`)

const packed = packedFiles()
const unexpected = packed.filter((file) => !PACKAGE_FILES.includes(file))
const missing = PACKAGE_FILES.filter((file) => !packed.includes(file))
if (unexpected.length)
  problems.push(`npm pack would publish unexpected files: ${unexpected.join(', ')}`)
if (missing.length) problems.push(`npm pack would leave out: ${missing.join(', ')}`)
if (!unexpected.length && !missing.length)
  console.log(`✓ npm pack holds exactly: ${packed.join(', ')}`)

const { name, version } = packageInfo()
const integrity = builtIntegrity()
const bundle = first.get('walletkit.js')
const digest = bundle ? `sha384-${createHash('sha384').update(bundle).digest('base64')}` : ''
if (digest !== integrity)
  problems.push(`walletkit.sri.json says ${integrity}, the file is ${digest}`)
const urls = cdnUrls(name, version)
const tag = scriptTag(urls.jsdelivr, integrity)

console.log(`\n${name} ${version}`)
console.log(`sha384: ${integrity}`)
console.log(`\njsDelivr:\n${tag}`)
console.log(`\nunpkg:\n${scriptTag(urls.unpkg, integrity)}\n`)

// The README's snippet is the tag above, with the no-code attributes after crossorigin.
const readmePath = new URL('README.md', root)
let readme = readFileSync(readmePath, 'utf8')
const opening = tag.replace(/\n><\/script>$/, '')
const current = readmeTag(readme)
if (!current.block.startsWith(opening)) {
  if (write) {
    const shown = current.block.match(
      /^<script\n {2}src="[^"]*"\n {2}integrity="[^"]*"\n {2}crossorigin="anonymous"/,
    )
    if (!shown)
      problems.push('README.md: the first snippet does not start with src, integrity, crossorigin')
    else {
      readme = readme.replace(shown[0], opening)
      writeFileSync(readmePath, readme)
      console.log('✓ README.md: the first snippet now shows this tag')
    }
  } else
    problems.push(
      'README.md: the first snippet is not this tag (run npm run release:check -- --write)',
    )
} else console.log('✓ README.md: the first snippet is this tag')

const changelog = existsSync(new URL('CHANGELOG.md', root))
  ? readFileSync(new URL('CHANGELOG.md', root), 'utf8')
  : ''
if (!new RegExp(`^## ${version.replaceAll('.', '\\.')}\\b`, 'm').test(changelog))
  problems.push(`CHANGELOG.md has no "## ${version}" entry`)

if (problems.length) {
  for (const problem of problems) console.error(`✗ ${problem}`)
  process.exit(1)
}
console.log(`✓ ${name}@${version} is ready to publish`)
