// `npm run release:check`: what must hold before `npm publish` (docs/releasing.md).
//  1. Two builds from a clean cdn-dist/ are byte-identical, file by file: what the CDNs serve is
//     what anyone rebuilding this commit gets, so its integrity value can be checked by others.
//  2. `npm pack` would publish exactly the expected files (scripts/release-lib.mjs).
//  3. Prints the version, the sha384 and the pinned <script> tags (jsDelivr, unpkg).
//  4. README.md's first snippet is that tag (the README is in the package: it must work), and
//     CHANGELOG.md has an entry for the version. `--write` puts the tag into README.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import {
  builtIntegrity,
  cdnUrls,
  PACKAGE_FILES,
  packageInfo,
  packedFiles,
  readmeTag,
  scriptTag,
} from './release-lib.mjs'
import { buildTwice } from './reproducible-build.mjs'

const root = new URL('../', import.meta.url)
const write = process.argv.includes('--write')
const problems = []

// The same two clean builds `npm test` compares (scripts/reproducible-build.mjs); the second
// stays in cdn-dist/.
console.log('▶ two builds from a clean cdn-dist/')
const built = buildTwice()
for (const name of built.differing)
  problems.push(`cdn-dist/${name} differs between two builds, or exists after only one`)
if (!built.differing.length)
  console.log(`✓ two builds are byte-identical (${built.files.length} files)`)

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
const digest = built.integrity
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
      // Every snippet that loads the file shows the same tag: all of them change together.
      readme = readme.replaceAll(shown[0], opening)
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
