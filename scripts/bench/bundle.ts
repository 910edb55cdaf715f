// What is measured: the bundle's sizes and hash, and the sources it was built from.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib'
import { BUNDLE, ROOT } from './settings'

/** Raw, gzip -9 and brotli q11 sizes of a file, and its sha256. */
export function bundleSizes(file: string) {
  const code = readFileSync(file)
  return {
    raw: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    brotli: brotliCompressSync(code, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: code.length,
      },
    }).length,
    sha256: createHash('sha256').update(code).digest('hex'),
  }
}

/** A bundle's sizes and hash, as bundleSizes() gives them. */
export type BundleSizes = ReturnType<typeof bundleSizes>

/** A path relative to the project when it is inside it, else absolute. */
export function shownPath(file: string): string {
  const rel = relative(ROOT, file)
  return rel.startsWith('..') ? resolve(file) : rel
}

/** Which sources the bundle was built from, as far as git can tell (for cdn-dist/walletkit.js). */
export function describeSource(
  bundleFile: string,
): { gitHead: string | null; uncommittedSrcFiles: number | null } | null {
  if (resolve(bundleFile) !== BUNDLE) return null
  const git = (...a: string[]) => spawnSync('git', a, { cwd: ROOT, encoding: 'utf8' })
  const head = git('rev-parse', '--short', 'HEAD')
  const status = git('status', '--porcelain', '--', 'src')
  return {
    gitHead: head.status === 0 ? head.stdout.trim() : null,
    uncommittedSrcFiles:
      status.status === 0 ? status.stdout.split('\n').filter(Boolean).length : null,
  }
}
