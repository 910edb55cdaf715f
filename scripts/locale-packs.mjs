// The locale packs: each `src/ui/i18n/locales/<tag>.ts` becomes `cdn-dist/locales/<tag>.json`, the
// JSON array of its texts in the key order of English (`src/ui/i18n/en.ts`); the sha384 of each
// file is listed in `cdn-dist/locales/index.json`, whose own sha384 is built into walletkit.js, which
// refuses any other bytes (docs/i18n.md). Used by
// vite.config.ts, the release file list and the tests.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const LOCALES = join(ROOT, 'src/ui/i18n/locales')
const TAG = /^[a-z]{2,3}(-[A-Z]{2}|-[A-Z][a-z]{3})?$/

/** Tags of the locale sources, sorted (`de`, `zh-CN`, …). */
export function localeTags() {
  return readdirSync(LOCALES)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => name.slice(0, -3))
    .filter((tag) => TAG.test(tag))
    .sort()
}

/** The default export of a TypeScript module holding only data (a locale, English). */
async function loadData(path) {
  const source = readFileSync(path, 'utf8')
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  })
  const module = await import(
    `data:text/javascript;base64,${Buffer.from(outputText).toString('base64')}`
  )
  return module.default ?? module.en
}

/**
 * Builds every pack.
 *
 * @returns {Promise<{ tag: string, json: string, integrity: string }[]>} Sorted by tag.
 */
export async function buildLocalePacks() {
  const en = await loadData(join(ROOT, 'src/ui/i18n/en.ts'))
  const keys = Object.keys(en)
  const packs = []
  for (const tag of localeTags()) {
    const messages = await loadData(join(LOCALES, `${tag}.ts`))
    const extra = Object.keys(messages).filter((key) => !Object.hasOwn(en, key))
    const missing = keys.filter((key) => !Object.hasOwn(messages, key))
    if (extra.length || missing.length)
      throw new Error(`locale ${tag}: missing [${missing}] extra [${extra}] (npm run typecheck)`)
    const json = JSON.stringify(keys.map((key) => messages[key]))
    const integrity = `sha384-${createHash('sha384').update(json).digest('base64')}`
    packs.push({ tag, json, integrity })
  }
  return packs
}

/**
 * The packs' manifest, `cdn-dist/locales/index.json`: the sha384 of each pack by tag. The bundle
 * carries the tags and the manifest's own sha384 only (one hash instead of one per language).
 *
 * @param {{ tag: string, integrity: string }[]} packs - From {@link buildLocalePacks}.
 * @returns {{ json: string, integrity: string }}
 */
export function localeManifest(packs) {
  const json = JSON.stringify(Object.fromEntries(packs.map((p) => [p.tag, p.integrity])))
  return { json, integrity: `sha384-${createHash('sha384').update(json).digest('base64')}` }
}
