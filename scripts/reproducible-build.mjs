// Release integrity: two clean builds must give byte-identical files (walletkit.js, its map, its
// types and its integrity file), so anyone can rebuild a release and check its sha384. Builds
// twice from scratch (cdn-dist and the bundler cache removed), compares every file, prints the
// sha384 of walletkit.js, and leaves the second build in cdn-dist. Exits 1 on any difference.
//
//   node scripts/reproducible-build.mjs
//
// `buildTwice()` is exported for other release checks.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const OUT = 'cdn-dist'

function cleanBuild(into) {
  rmSync(OUT, { recursive: true, force: true })
  rmSync('node_modules/.vite', { recursive: true, force: true })
  const result = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'pipe', encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`)
  cpSync(OUT, into, { recursive: true })
}

/** sha384 integrity value of a file, as the `integrity=` attribute takes it. */
export const integrityOf = (bytes) =>
  `sha384-${createHash('sha384').update(bytes).digest('base64')}`

/**
 * Builds twice from scratch and compares the outputs.
 *
 * @returns {{ files: string[], differing: string[], integrity: string }}
 */
export function buildTwice() {
  const dir = mkdtempSync(join(tmpdir(), 'walletkit-reproducible-'))
  try {
    const [a, b] = [join(dir, 'a'), join(dir, 'b')]
    cleanBuild(a)
    cleanBuild(b)
    const files = [...new Set([...readdirSync(a), ...readdirSync(b)])].sort()
    const differing = files.filter((name) => {
      try {
        return !readFileSync(join(a, name)).equals(readFileSync(join(b, name)))
      } catch {
        return true
      }
    })
    return { files, differing, integrity: integrityOf(readFileSync(join(b, 'walletkit.js'))) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, differing, integrity } = buildTwice()
  if (differing.length) {
    console.error(`✗ two clean builds differ in: ${differing.join(', ')}`)
    process.exit(1)
  }
  console.log(`two clean builds are byte-identical (${files.join(', ')})`)
  console.log(`walletkit.js ${integrity}`)
}
